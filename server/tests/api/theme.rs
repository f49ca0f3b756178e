//! One theme per board and per app (issue 47): an accent colour and a light or dark look, checked
//! on the server, stored with the settings, kept by revisions and answered to guests.

use serde_json::{json, Value};

use crate::apps::{id, public_app};
use crate::boards::board;
use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;

async fn revision_ids(client: &Client, path: &str) -> Vec<String> {
    let answer = client.get(&format!("{path}/revisions")).await.expect(200).clone();
    answer["revisions"].as_array().unwrap().iter().map(|revision| revision["id"].as_str().unwrap().to_owned()).collect()
}

fn theme_of(state: &Value) -> (&str, &str) {
    (state["accent_color"].as_str().unwrap(), state["look"].as_str().unwrap())
}

both_databases! {
    async fn a_boards_theme_is_checked_stored_kept_by_revisions_and_given_to_guests(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let created = board(&ada, &workspace_id, "Sales").await;
        assert_eq!(theme_of(&created), ("#4f46E5", "light"), "the spec's button colour is the default accent");
        let path = format!("/api/boards/{}", id(&created));

        for (change, field, message) in [
            (json!({"accent_color": "#4f46e580"}), "accent_color", "`accent_color` must be a colour such as #4f46E5 (#RGB or #RRGGBB); got `#4f46e580`."),
            (json!({"accent_color": "teal"}), "accent_color", "`accent_color` must be a colour such as #4f46E5 (#RGB or #RRGGBB); got `teal`."),
            (json!({"look": "sepia"}), "look", "`look` must be `light` or `dark`; got `sepia`."),
        ] {
            let refused = ada.put(&path, change).await;
            assert_eq!((refused.status, refused.json["field"].as_str(), refused.error()), (422, Some(field), message));
        }
        assert_eq!(theme_of(ada.get(&path).await.expect(200)), ("#4f46E5", "light"), "nothing refused is stored");

        ada.put(&path, json!({"public": true})).await.expect(200);
        let before = revision_ids(&ada, &path).await[0].clone();
        ada.put(&path, json!({"accent_color": "#0f766e", "look": "dark"})).await.expect(200);
        let guest = server.guest();
        assert_eq!(theme_of(guest.post("/api/board/update-metadata?board=sales", json!(null)).await.expect(200)), ("#0f766e", "dark"));

        // The server-drawn embed wears the same theme: the accent, white text on it (the core's
        // contrast rule), the accent for links (readable on the dark look? #0f766e is dark, so no).
        let embed = guest.get("/embed?board=sales").await;
        assert_eq!(embed.status, 200);
        assert!(embed.text.contains(r#"class="ssr-dark" style="--accent:#0f766e;--accent-text:#FFFFFF;--link:inherit;"#), "{}", embed.text);

        // Who does not own the board cannot change its theme.
        assert_eq!(guest.put(&path, json!({"accent_color": "#000"})).await.status, 401);
        let bob = server.user("Bob", "bob@example.com").await;
        assert!(matches!(bob.put(&path, json!({"accent_color": "#000"})).await.status, 403 | 404));
        assert_eq!(theme_of(ada.get(&path).await.expect(200)), ("#0f766e", "dark"));

        // The theme is a setting like the others: restoring the version before it brings the old one back.
        ada.post(&format!("{path}/revisions/{before}/restore"), json!({})).await.expect(200);
        assert_eq!(theme_of(guest.post("/api/board/update-metadata?board=sales", json!(null)).await.expect(200)), ("#4f46E5", "light"));
    }

    async fn an_apps_theme_is_checked_and_every_page_answers_it_to_guests(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app_id = id(&public_app(&ada, "sales-app").await);
        let home = format!("/api/page/?app_id={app_id}");
        let guest = server.guest();
        assert_eq!(theme_of(guest.get(&home).await.expect(200)), ("#4f46E5", "light"));

        let app = format!("/api/apps/{app_id}");
        let refused = ada.put(&app, json!({"settings": {"accent_color": "#12345"}})).await;
        assert_eq!((refused.status, refused.json["field"].as_str()), (422, Some("accent_color")));
        let refused = ada.put(&app, json!({"settings": {"look": true}})).await;
        assert_eq!((refused.status, refused.error()), (422, "`look` must be text."));

        let saved = ada.put(&app, json!({"settings": {"accent_color": "#facc15", "look": "dark"}})).await;
        assert_eq!(saved.expect(200)["app"]["settings"]["accent_color"], "#facc15");
        assert_eq!(theme_of(guest.get(&home).await.expect(200)), ("#facc15", "dark"));
        let viewed = guest.get(&app).await.expect(200).clone();
        assert_eq!((viewed["app"]["settings"]["accent_color"].as_str(), viewed["app"]["settings"]["look"].as_str()), (Some("#facc15"), Some("dark")));
    }
}
