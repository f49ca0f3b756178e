//! The first-run guide (`/api/account/onboarding`): steps ticked from what the account owns,
//! and a dismissal kept per account.

use serde_json::{json, Value};

use crate::auth::signed_up;
use crate::boards::board;
use crate::both_databases;
use crate::spreadsheet_files::upload;
use crate::support::*;
use crate::workspaces::workspace;

const GUIDE: &str = "/api/account/onboarding";

/// The three steps as (data connected, board made, block added).
fn steps(guide: &Value) -> (bool, bool, bool) {
    (guide["data_connected"] == true, guide["board_made"] == true, guide["block_added"] == true)
}

both_databases! {
    async fn a_new_account_ticks_each_step_as_it_connects_data_makes_a_board_and_adds_a_block(backend) {
        let server = TestServer::start(backend).await;
        let ada = signed_up(&server, "Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let fresh = ada.get(GUIDE).await.expect(200).clone();
        assert_eq!(
            fresh,
            json!({"dismissed": false, "has_workspace": false, "data_connected": false, "board_made": false, "block_added": false, "newest_board": null})
        );

        let workspace_id = workspace(&ada, "ada-space").await;
        assert_eq!(ada.get(GUIDE).await.expect(200)["has_workspace"], true);
        upload(&ada, &workspace_id, "sales.csv", b"Name,Amount\nAda,10\n").await.expect(201);
        assert_eq!(steps(ada.get(GUIDE).await.expect(200)), (true, false, false));

        board(&ada, &workspace_id, "First board").await;
        // Made a minute before the next one: boards made within one second have no order.
        sqlx::query("UPDATE boards SET created_at = created_at - 60 WHERE slug = 'first-board'").execute(&server.db().pool).await.unwrap();
        let newest = board(&ada, &workspace_id, "Sales Q3").await;
        let guide = ada.get(GUIDE).await.expect(200).clone();
        assert_eq!(steps(&guide), (true, true, false));
        assert_eq!(guide["newest_board"], json!({"slug": "sales-q3", "name": "Sales Q3"}));

        ada.post(&format!("/api/boards/{}/blocks", newest["id"].as_str().unwrap()), json!({"type": "markdown", "text": "# Hello"})).await.expect(201);
        assert_eq!(steps(ada.get(GUIDE).await.expect(200)), (true, true, true));

        // Another account's data ticks nothing of Bob's.
        let bobs = bob.get(GUIDE).await.expect(200).clone();
        assert_eq!((steps(&bobs), &bobs["has_workspace"], &bobs["newest_board"]), ((false, false, false), &json!(false), &Value::Null));
    }

    async fn a_dismissed_guide_stays_dismissed_for_that_account_until_shown_again(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        assert_eq!(ada.put(GUIDE, json!({"dismissed": true})).await.expect(200)["dismissed"], true);
        let other_device = server.session_for(ada.user().clone()).await;
        assert_eq!(other_device.get(GUIDE).await.expect(200)["dismissed"], true);
        assert_eq!(bob.get(GUIDE).await.expect(200)["dismissed"], false);

        assert_eq!(other_device.put(GUIDE, json!({"dismissed": false})).await.expect(200)["dismissed"], false);
        assert_eq!(ada.get(GUIDE).await.expect(200)["dismissed"], false);
    }

    async fn the_guide_needs_a_session_and_a_boolean(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let guest = server.guest();
        assert_eq!(guest.get(GUIDE).await.expect(401)["error"], "Please login to do this!");
        guest.put(GUIDE, json!({"dismissed": true})).await.expect(401);
        assert_eq!(ada.put(GUIDE, json!({"dismissed": "yes"})).await.expect(422)["field"], "dismissed");
        assert_eq!(ada.put(GUIDE, json!({})).await.expect(422)["field"], "dismissed");
        assert_eq!(ada.put(GUIDE, json!({"dismissed": true, "hidden": true})).await.expect(422)["field"], "hidden");
        assert_eq!(ada.get(GUIDE).await.expect(200)["dismissed"], false);
    }
}
