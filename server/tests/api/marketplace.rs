//! The marketplace: publishing, changing and unpublishing a board's listing, its checks and
//! rights, and the public list that guests search and filter.

use serde_json::{json, Value};

use crate::boards::board;
use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;
use tessera_server::accounts::roles as access;

/// Ada with a workspace, and the states of her boards with these names.
async fn ada_with_boards(server: &TestServer, names: &[&str]) -> (Client, Vec<Value>) {
    let ada = server.user("Ada Lovelace", "ada@example.com").await;
    let workspace_id = workspace(&ada, "acme").await;
    let mut boards = Vec::new();
    for name in names {
        boards.push(board(&ada, &workspace_id, name).await);
    }
    (ada, boards)
}

fn listing_path(board: &Value) -> String {
    format!("/api/boards/{}/listing", board["id"].as_str().unwrap())
}

/// Sets when a listing was published, so "newest first" does not hang on the clock.
async fn published_at(server: &TestServer, board: &Value, at: i64) {
    sqlx::query("UPDATE marketplace_listings SET published_at = $1 WHERE board_id = $2")
        .bind(at)
        .bind(board["id"].as_str().unwrap())
        .execute(&server.db().pool)
        .await
        .unwrap();
}

fn titles(page: &Value) -> Vec<&str> {
    page["listings"].as_array().unwrap().iter().map(|listing| listing["title"].as_str().unwrap()).collect()
}

both_databases! {
    async fn publishing_lists_the_board_and_makes_it_public_and_unpublishing_keeps_it_public(backend) {
        let server = TestServer::start(backend).await;
        let (ada, boards) = ada_with_boards(&server, &["Sales Q3"]).await;
        let sales = &boards[0];
        assert_eq!(sales["public"], false);
        let path = listing_path(sales);
        assert_eq!(ada.get(&path).await.expect(200), &Value::Null, "a board not yet published has no listing, which is no error");
        assert_eq!(ada.get("/api/boards/no-such-board/listing").await.status, 404, "a board that does not exist is still a 404");

        let body = json!({"title": "  Sales pipeline ", "description": "Deals by stage.", "category": "Sales", "tags": ["CRM", " crm ", "Deals"]});
        let published = ada.put(&path, body).await.expect(200).clone();
        assert_eq!(published["board_id"], sales["id"]);
        assert_eq!(published["slug"], "sales-q3");
        assert_eq!(published["title"], "Sales pipeline");
        assert_eq!(published["tags"], json!(["crm", "deals"]));
        assert_eq!(published["owner_name"], "Ada Lovelace");
        assert_eq!(published["published_at"], published["updated_at"]);
        assert!(published.get("owner_email").is_none());
        let board_path = format!("/api/boards/{}", sales["id"].as_str().unwrap());
        assert_eq!(ada.get(&board_path).await.expect(200)["public"], true, "publishing makes the board public");
        assert_eq!(ada.get(&path).await.expect(200), &published);
        // Visitors of the now public board may read its listing too.
        assert_eq!(server.guest().get(&path).await.expect(200)["title"], "Sales pipeline");

        let changed = ada.put(&path, json!({"title": "Pipeline", "category": "Operations"})).await.expect(200).clone();
        assert_eq!(changed["title"], "Pipeline");
        assert_eq!(changed["description"], "");
        assert_eq!(changed["tags"], json!([]));
        assert_eq!(changed["published_at"], published["published_at"], "a change keeps the first publication time");
        let market = server.guest().get("/api/marketplace").await.expect(200).clone();
        assert_eq!(titles(&market), ["Pipeline"]);
        assert_eq!(market["total"], 1);

        assert_eq!(ada.delete(&path, None).await.status, 204);
        assert_eq!(ada.get(&path).await.expect(200), &Value::Null);
        assert_eq!(ada.delete(&path, None).await.status, 404);
        assert_eq!(server.guest().get("/api/marketplace").await.expect(200)["total"], 0);
        assert_eq!(ada.get(&board_path).await.expect(200)["public"], true, "unpublishing leaves the board as it is");
    }

    async fn each_listing_field_is_checked_and_named(backend) {
        let server = TestServer::start(backend).await;
        let (ada, boards) = ada_with_boards(&server, &["Sales Q3"]).await;
        let path = listing_path(&boards[0]);
        let eleven: Vec<String> = (0..11).map(|n| format!("tag{n}")).collect();
        for (body, field) in [
            (json!({"title": "   ", "category": "Sales"}), "title"),
            (json!({"title": "x".repeat(121), "category": "Sales"}), "title"),
            (json!({"title": "T", "description": "d".repeat(2001), "category": "Sales"}), "description"),
            (json!({"title": "T", "category": "Gardening"}), "category"),
            (json!({"title": "T"}), "category"),
            (json!({"title": "T", "category": "Sales", "tags": eleven}), "tags"),
            (json!({"title": "T", "category": "Sales", "tags": ["x".repeat(31)]}), "tags"),
            (json!({"title": "T", "category": "Sales", "tags": [" "]}), "tags"),
            (json!({"title": "T", "category": "Sales", "price": 3}), "price"),
        ] {
            let reply = ada.put(&path, body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.json["field"], field, "{body}");
        }
        assert_eq!(ada.get(&path).await.expect(200), &Value::Null, "nothing refused was stored");
        assert_eq!(ada.get(&format!("/api/boards/{}", boards[0]["id"].as_str().unwrap())).await.expect(200)["public"], false);
        let at_the_limits = json!({"title": "x".repeat(120), "description": "d".repeat(2000), "category": "Other", "tags": ["y".repeat(30)]});
        ada.put(&path, at_the_limits).await.expect(200);
    }

    async fn only_the_owner_or_an_admin_publishes_and_unpublishes(backend) {
        let server = TestServer::start(backend).await;
        let (ada, boards) = ada_with_boards(&server, &["Sales Q3"]).await;
        let path = listing_path(&boards[0]);
        let body = json!({"title": "Sales", "category": "Sales"});
        let bob = server.user("Bob", "bob@example.com").await;
        let refused = bob.put(&path, body.clone()).await;
        assert_eq!(refused.status, 403, "{}", refused.text);
        assert_eq!(refused.error(), access::ONLY_THE_OWNER);
        assert_eq!(server.guest().put(&path, body.clone()).await.status, 401);
        assert_eq!(bob.get(&path).await.status, 403, "a private board's listing is not shown to others");

        ada.put(&path, body.clone()).await.expect(200);
        assert_eq!(bob.delete(&path, None).await.status, 403);
        assert_eq!(server.guest().delete(&path, None).await.status, 401);
        assert_eq!(ada.get(&path).await.status, 200);
        let admin = server.admin().await;
        admin.put(&path, json!({"title": "Checked", "category": "Other"})).await.expect(200);
        assert_eq!(admin.delete(&path, None).await.status, 204);
        assert_eq!(bob.put("/api/boards/no-such-board/listing", body).await.status, 404);
    }

    async fn guests_list_search_and_filter_the_marketplace_newest_first(backend) {
        let server = TestServer::start(backend).await;
        let (ada, boards) = ada_with_boards(&server, &["Pipeline", "Budget", "Hiring", "Campaigns"]).await;
        let listings = [
            json!({"title": "Sales pipeline", "description": "Deals by stage.", "category": "Sales", "tags": ["crm"]}),
            json!({"title": "Household budget", "description": "Spending per MONTH, with ÉPARGNE.", "category": "Finance", "tags": ["money", "100%_real"]}),
            json!({"title": "Hiring tracker", "description": "Candidates and interviews.", "category": "HR", "tags": ["recruiting", "crm"]}),
            json!({"title": "Campaign calendar", "description": "Posts per channel.", "category": "Marketing", "tags": []}),
        ];
        for (at, (board, listing)) in boards.iter().zip(listings).enumerate() {
            ada.put(&listing_path(board), listing).await.expect(200);
            published_at(&server, board, 1_000 + at as i64).await;
        }
        let guest = server.guest();

        let all = guest.get("/api/marketplace").await.expect(200).clone();
        assert_eq!(titles(&all), ["Campaign calendar", "Hiring tracker", "Household budget", "Sales pipeline"]);
        assert_eq!(all["total"], 4);
        assert_eq!(all["categories"], json!(["Sales", "Marketing", "Finance", "Operations", "HR", "Projects", "Education", "Events", "Personal", "Other"]));
        let first = &all["listings"][3];
        assert_eq!(first["slug"], "pipeline");
        assert_eq!(first["owner_name"], "Ada Lovelace");
        assert!(!all.to_string().contains("ada@example.com"), "no owner e-mail: {all}");

        for (query, expected) in [
            ("q=CRM", vec!["Hiring tracker", "Sales pipeline"]),
            ("q=month", vec!["Household budget"]),
            ("q=%C3%A9pargne", vec!["Household budget"]),
            ("q=interviews", vec!["Hiring tracker"]),
            ("q=%25_", vec!["Household budget"]),
            ("q=%25", vec!["Household budget"]),
            ("q=nothing-like-this", vec![]),
            ("category=HR", vec!["Hiring tracker"]),
            ("category=Sales&q=crm", vec!["Sales pipeline"]),
            ("category=Events", vec![]),
            ("limit=2", vec!["Campaign calendar", "Hiring tracker"]),
            ("limit=2&offset=2", vec!["Household budget", "Sales pipeline"]),
            ("offset=4", vec![]),
        ] {
            let page = guest.get(&format!("/api/marketplace?{query}")).await.expect(200).clone();
            assert_eq!(titles(&page), expected, "{query}");
        }
        let paged = guest.get("/api/marketplace?limit=1&q=crm").await.expect(200).clone();
        assert_eq!(paged["total"], 2, "the total counts every page");

        for (query, field) in [("category=Gardening", "category"), ("limit=0", "limit"), ("limit=101", "limit"), ("offset=-1", "offset")] {
            let reply = guest.get(&format!("/api/marketplace?{query}")).await;
            assert_eq!(reply.status, 422, "{query}: {}", reply.text);
            assert_eq!(reply.json["field"], field, "{query}");
        }
        assert_eq!(guest.get("/api/marketplace?limit=ten").await.status, 400);
    }

    async fn a_board_made_private_again_is_hidden_and_a_deleted_board_takes_its_listing(backend) {
        let server = TestServer::start(backend).await;
        let (ada, boards) = ada_with_boards(&server, &["Pipeline", "Budget"]).await;
        for board in &boards {
            ada.put(&listing_path(board), json!({"title": board["name"], "category": "Sales"})).await.expect(200);
        }
        let pipeline_path = format!("/api/boards/{}", boards[0]["id"].as_str().unwrap());
        ada.put(&pipeline_path, json!({"public": false})).await.expect(200);
        let market = server.guest().get("/api/marketplace").await.expect(200).clone();
        assert_eq!(titles(&market), ["Budget"]);
        assert_eq!(market["total"], 1);
        // The owner still has the listing, and making the board public lists it again.
        assert_eq!(ada.get(&listing_path(&boards[0])).await.expect(200)["title"], "Pipeline");
        ada.put(&pipeline_path, json!({"public": true})).await.expect(200);
        assert_eq!(server.guest().get("/api/marketplace").await.expect(200)["total"], 2);

        assert_eq!(ada.delete(&pipeline_path, None).await.status, 204);
        let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM marketplace_listings").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(left, 1);
        assert_eq!(titles(server.guest().get("/api/marketplace").await.expect(200)), ["Budget"]);
    }
}

both_databases! {
    async fn a_public_boards_page_carries_its_link_preview_and_a_private_ones_nothing(backend) {
        let server = TestServer::start(backend).await;
        let (ada, boards) = ada_with_boards(&server, &["Harbour <b>moorings</b>"]).await;
        let harbour = &boards[0];
        let page_path = format!("/{}", harbour["slug"].as_str().unwrap());
        let private = server.guest().get(&page_path).await;
        assert_eq!(private.status, 200);
        // Only the address the visitor typed comes back (the 403 tag names the slug), never the board's name.
        assert!(!private.text.contains("og:title") && !private.text.contains("Harbour"), "a private board's page tells nothing");

        let body = json!({"title": "Harbour", "description": "Every mooring, \"live\".", "category": "Operations"});
        ada.put(&listing_path(harbour), body).await.expect(200);
        let page = server.guest().get(&page_path).await;
        assert_eq!(page.status, 200);
        let board_id = harbour["id"].as_str().unwrap();
        for tag in [
            r#"<meta property="og:title" content="Harbour &lt;b&gt;moorings&lt;/b&gt;"/>"#,
            r#"<meta name="description" content="Every mooring, &quot;live&quot;."/>"#,
            r#"<meta name="twitter:card" content="summary_large_image"/>"#,
        ] {
            assert!(page.text.contains(tag), "{tag} not in {}", page.text);
        }
        assert!(page.text.contains(&format!(r#"/api/boards/{board_id}/preview.svg"/>"#)), "{}", page.text);
        assert!(page.text.contains("<title>Harbour &lt;b&gt;moorings&lt;/b&gt;</title>"), "{}", page.text);
        assert!(!page.text.contains("<b>moorings"));
    }
}
