//! `GET /api/getENV/{name}`: exactly three names, plain-text values from configuration.

use crate::both_databases;
use crate::support::*;

both_databases! {
    async fn the_three_names_answer_their_configured_values_as_plain_text(backend) {
        let server = TestServer::start_with(backend, |config| {
            config.beanstalk_endpoint = Some("https://queue.example.com".to_owned());
            config.board_base_url = Some("https://boards.example.com".to_owned());
            config.mapbox_token = Some("pk.test-token".to_owned());
        })
        .await;
        let guest = server.guest();
        for (name, value) in [
            ("BEANSTALK_ENDPOINT", "https://queue.example.com"),
            ("CHARTMAT_BOARD_BASE_URL", "https://boards.example.com"),
            ("CHARTMAT_MAPBOX_AUTH_TOKEN", "pk.test-token"),
        ] {
            let reply = guest.get(&format!("/api/getENV/{name}?board=x&_email=a@b.co")).await;
            assert_eq!(reply.status, 200, "{name}");
            assert_eq!(reply.text, value);
            assert!(reply.header("content-type").unwrap().starts_with("text/plain"), "{name}");
        }
    }

    async fn unset_values_fall_back_or_answer_404(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        assert_eq!(guest.get("/api/getENV/BEANSTALK_ENDPOINT").await.text, server.base);
        assert_eq!(guest.get("/api/getENV/CHARTMAT_BOARD_BASE_URL").await.text, server.base);
        let token = guest.get("/api/getENV/CHARTMAT_MAPBOX_AUTH_TOKEN").await;
        assert_eq!(token.status, 404);
        assert!(token.error().contains("map token"), "{}", token.text);
    }

    async fn no_other_name_is_answered(backend) {
        let server = TestServer::start_with(backend, |config| config.jwt_secret = Some("s".repeat(40))).await;
        let admin = server.admin().await;
        for name in ["DATABASE_URL", "TESSERA_JWT_SECRET", "beanstalk_endpoint", "PATH", "CHARTMAT_MAPBOX_AUTH_TOKEN_X"] {
            let reply = admin.get(&format!("/api/getENV/{name}")).await;
            assert_eq!(reply.status, 404, "{name}");
            assert!(!reply.text.contains("ssss"), "{name}");
        }
    }
}

both_databases! {
    async fn the_openapi_document_describes_the_board_routes(backend) {
        let server = TestServer::start(backend).await;
        let document = server.guest().get("/api/openapi.json").await;
        let paths = &document.expect(200)["paths"];
        for path in [
            "/api/getENV/{name}",
            "/api/workspaces/{workspaceId}",
            "/api/boards/{boardId}/duplicate",
            "/api/board/update-metadata",
            "/api/board/workspace",
            "/api/blocks",
            "/api/apps/{appId}/pages/{pageId}/blocks/order",
            "/api/blocks/{blockId}/duplicate",
        ] {
            assert!(paths.get(path).is_some(), "{path} is not documented");
        }
        assert!(paths["/api/boards/{boardId}"]["put"]["requestBody"].is_object());
    }
}
