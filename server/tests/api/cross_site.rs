//! Changes sent with the session cookie from another site, or from another sub-domain of this
//! one, are refused; the app's own host, this site and clients that name no origin are not.

use reqwest::Method;
use serde_json::json;

use crate::both_databases;
use crate::support::*;

/// `POST /api/workspaces` with the session as a cookie (as a browser sends it, never Bearer),
/// addressed to `host` (the server's own address when None) with the `extra` headers.
async fn create(server: &TestServer, owner: &Client, subdomain: &str, host: Option<&str>, extra: &[(&str, &str)]) -> Reply {
    let mut request = owner
        .http
        .request(Method::POST, format!("{}/api/workspaces", server.base))
        .header("cookie", format!("tessera_session={}", owner.token.as_deref().unwrap()))
        .json(&json!({"name": subdomain, "subdomain": subdomain}));
    if let Some(host) = host {
        request = request.header("host", host);
    }
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    Client::finish(request).await
}

both_databases! {
    async fn changes_with_the_cookie_come_only_from_this_site_or_the_host_they_are_sent_to(backend) {
        let server = TestServer::start(backend).await;
        let owner = server.user("Olga", "olga@example.com").await;
        let port = server.base.rsplit(':').next().unwrap().to_owned();
        let (app_host, other_app_host) = (format!("sales.localhost:{port}"), format!("hr.localhost:{port}"));
        let app_origin = format!("http://{app_host}");

        let forged = create(&server, &owner, "forged-one", None, &[("origin", "https://evil.example")]).await;
        assert_eq!(forged.status, 403, "{}", forged.text);
        assert!(forged.error().contains("sent from another site (https://evil.example)"), "{}", forged.text);
        let by_referer = create(&server, &owner, "forged-two", None, &[("referer", "https://evil.example/page")]).await;
        assert_eq!(by_referer.status, 403);
        let to_main_host = create(&server, &owner, "forged-three", None, &[("origin", &app_origin)]).await;
        assert_eq!(to_main_host.status, 403, "an app's sub-domain is same-site but not this site's own pages");
        let to_sibling = create(&server, &owner, "forged-four", Some(&other_app_host), &[("origin", &app_origin)]).await;
        assert_eq!(to_sibling.status, 403, "nor another app's host");
        let as_text = owner
            .http
            .request(Method::POST, format!("{}/api/workspaces", server.base))
            .header("cookie", format!("tessera_session={}", owner.token.as_deref().unwrap()))
            .header("content-type", "text/plain")
            .body(r#"{"name": "forged-five", "subdomain": "forged-five"}"#);
        let as_text = Client::finish(as_text).await;
        assert_eq!((as_text.status, as_text.error()), (400, "Send the request body as JSON with the header Content-Type: application/json"));
        let listed = owner.get("/api/workspaces").await.expect(200).clone();
        assert_eq!(listed.as_array().unwrap().len(), 0, "nothing was made: {listed}");

        create(&server, &owner, "from-the-site", None, &[("origin", &server.base)]).await.expect(201);
        create(&server, &owner, "from-the-app", Some(&app_host), &[("origin", &app_origin)]).await.expect(201);
        create(&server, &owner, "no-origin", None, &[]).await.expect(201);
        // The same forged origin with a Bearer session (no browser adds one by itself) is not checked.
        let bearer = owner.request(Method::POST, "/api/workspaces").header("origin", "https://evil.example");
        Client::finish(bearer.json(&json!({"name": "Script", "subdomain": "by-script"}))).await.expect(201);
    }
}
