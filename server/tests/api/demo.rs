//! The demo workspace of the first start: an owner who can log in with the printed password, a
//! sample spreadsheet and a public sample board that a guest can open.

use serde_json::json;
use tessera_server::boards::demo::{seed_if_empty, BOARD_SLUG, OWNER_EMAIL};

use crate::both_databases;
use crate::support::TestServer;

both_databases! {
    async fn the_first_start_makes_a_demo_owner_and_a_public_sample_board(backend) {
        let server = TestServer::start(backend).await;
        let told = seed_if_empty(&server.state).await.unwrap().expect("an empty database gets the demo");
        let password = told.lines().find_map(|line| line.strip_prefix(&format!("Demo owner: {OWNER_EMAIL} / "))).unwrap();
        assert!(told.contains(&format!("{}/{BOARD_SLUG}", server.base)), "{told}");

        let logged_in = server.guest().post("/api/auth/login", json!({ "email": OWNER_EMAIL, "password": password })).await;
        assert_eq!(logged_in.expect(200)["user"]["email"], OWNER_EMAIL);

        let board = server.guest().post(&format!("/api/board/update-metadata?board={BOARD_SLUG}"), json!({})).await;
        let board = board.expect(200);
        assert_eq!(board["public"], true);
        assert_eq!(board["can_edit"], false);
        assert_eq!(board["sheets"], json!(["Sales"]));
        let types: Vec<&str> = board["blocks"].as_array().unwrap().iter().map(|block| block["type"].as_str().unwrap()).collect();
        assert_eq!(types, ["scorecard", "chart", "table", "markdown"]);

        // Later starts leave the data alone and never print the password again.
        let again = seed_if_empty(&server.state).await.unwrap().unwrap();
        assert!(!again.contains(password), "{again}");
        let (users,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(users, 1);
    }

    async fn a_database_with_users_gets_no_demo(backend) {
        let server = TestServer::start(backend).await;
        server.user("Ada", "ada@example.com").await;
        assert_eq!(seed_if_empty(&server.state).await.unwrap(), None);
    }
}
