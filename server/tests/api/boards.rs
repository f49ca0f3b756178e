//! Boards: creation with slugs, the board state and its defaults, settings, duplication, rights,
//! and the spec's board calls (`update-metadata`, `board/workspace`, `GET /api/blocks`).

use serde_json::{json, Value};

use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;

/// Creates a board as `client` and answers its state.
pub async fn board(client: &Client, workspace_id: &str, name: &str) -> Value {
    client.post("/api/boards", json!({"workspace_id": workspace_id, "name": name})).await.expect(201).clone()
}

/// Ada with a workspace and a board in it, and the board's state.
async fn ada_with_board(server: &TestServer) -> (Client, Value) {
    let ada = server.user("Ada", "ada@example.com").await;
    let workspace_id = workspace(&ada, "acme").await;
    let state = board(&ada, &workspace_id, "Sales Q3").await;
    (ada, state)
}

fn id_of(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

both_databases! {
    async fn a_new_board_has_the_spec_defaults(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let id = id_of(&state);
        let expected = json!({
            "id": id, "slug": "sales-q3", "name": "Sales Q3", "workspace_id": state["workspace_id"],
            "hide_filters": true, "hide_hero": false, "hide_search": false, "search": "", "filters": [],
            "title": "", "hero": "", "logo": "", "hero_image": "", "page": "view", "palette": [],
            "nav_background": "#161819", "hero_background": "#161819", "sign_in_method": "",
            "active_section_text_color": "#FFFFFF", "inactive_section_text_color": "#161819",
            "active_section_background_color": "#161819", "board_background": "#FAFAFA",
            "block_border": "#e7ebf3", "block_shadow": "#ebeff3", "public": false, "spreadsheetId": null,
            "sheets": [], "users": [], "blocks": [], "sections": "", "current_section": "",
            "footer": {"logo": "", "socialMediaIcons": [], "copyrightText": ""},
            "event": {"logo": "", "socialMediaIcons": [], "copyrightText": ""}, "embed_origins": [],
            "accent_color": "#4f46E5", "look": "light",
            "owner_email": "ada@example.com", "can_edit": true, "user_role": "owner", "type": "board"
        });
        assert_eq!(state, expected);
        assert_eq!(ada.get(&format!("/api/boards/{id}")).await.expect(200), &expected);
    }

    async fn slugs_are_made_unique_and_chosen_slugs_are_checked(backend) {
        let server = TestServer::start(backend).await;
        let (ada, first) = ada_with_board(&server).await;
        let workspace_id = first["workspace_id"].as_str().unwrap();
        assert_eq!(board(&ada, workspace_id, "Sales Q3").await["slug"], "sales-q3-2");
        assert_eq!(board(&ada, workspace_id, "sales q3!").await["slug"], "sales-q3-3");
        let chosen = ada.post("/api/boards", json!({"workspace_id": workspace_id, "name": "X", "slug": "my-board"})).await;
        assert_eq!(chosen.expect(201)["slug"], "my-board");
        let taken = ada.post("/api/boards", json!({"workspace_id": workspace_id, "name": "Y", "slug": "sales-q3"})).await;
        assert_eq!(taken.status, 409, "{}", taken.text);
        for slug in ["Has Spaces", "UPPER", "a--b", "dashboard", ""] {
            let bad = ada.post("/api/boards", json!({"workspace_id": workspace_id, "name": "Z", "slug": slug})).await;
            assert_eq!(bad.status, 422, "{slug}: {}", bad.text);
            assert_eq!(bad.json["field"], "slug");
        }
        let renamed = ada.put(&format!("/api/boards/{}", id_of(&first)), json!({"slug": "my-board"})).await;
        assert_eq!(renamed.status, 409);
        let nameless = ada.post("/api/boards", json!({"workspace_id": workspace_id, "name": " "})).await;
        assert_eq!(nameless.json["field"], "name");
        let nowhere = ada.post("/api/boards", json!({"workspace_id": "no-such-workspace", "name": "A"})).await;
        assert_eq!(nowhere.status, 422);
        assert_eq!(nowhere.json["field"], "workspace_id");
    }

    async fn my_boards_span_my_workspaces_and_name_them(backend) {
        let server = TestServer::start(backend).await;
        let (ada, first) = ada_with_board(&server).await;
        let second_workspace = workspace(&ada, "second").await;
        board(&ada, &second_workspace, "Stock").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let bobs_workspace = workspace(&bob, "bobs").await;
        board(&bob, &bobs_workspace, "Bob's board").await;

        let listed = ada.get("/api/boards").await;
        let listed = listed.expect(200).as_array().unwrap().clone();
        let mut names: Vec<(&str, &str)> = listed.iter().map(|b| (b["name"].as_str().unwrap(), b["workspace_name"].as_str().unwrap())).collect();
        names.sort();
        assert_eq!(names, [("Sales Q3", "Workspace acme"), ("Stock", "Workspace second")]);
        assert!(listed.iter().any(|b| b["id"] == first["id"] && b["slug"] == "sales-q3" && b["public"] == false));
        assert_eq!(server.guest().get("/api/boards").await.status, 401);
        assert_eq!(server.admin().await.get("/api/boards").await.expect(200), &json!([]));
    }

    async fn settings_change_in_any_subset_and_are_checked(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let path = format!("/api/boards/{}", id_of(&state));
        let change = json!({
            "name": "Sales", "public": true, "hide_filters": false, "title": "Quarter", "board_background": "#fff",
            "block_shadow": "#00000080", "sections": "North, South", "palette": ["#d81f52"], "sign_in_method": "link",
            "footer": {"logo": "l.png", "socialMediaIcons": [{"icon": "x"}], "copyrightText": "(c) Acme"},
            "filters": [{"name": "Open", "active": true, "condition": "=", "sheet_column": {"sheet": "S", "column": "C"}, "value": "1"}]
        });
        let changed = ada.put(&path, change).await;
        let changed = changed.expect(200).clone();
        assert_eq!(changed["name"], "Sales");
        assert_eq!(changed["public"], true);
        assert_eq!(changed["hide_filters"], false);
        assert_eq!(changed["board_background"], "#fff");
        assert_eq!(changed["footer"]["copyrightText"], "(c) Acme");
        assert_eq!(changed["filters"][0]["name"], "Open");
        // What was not sent keeps its value.
        assert_eq!(changed["nav_background"], "#161819");
        assert_eq!(changed["slug"], "sales-q3");
        let again = ada.put(&path, json!({"title": "Year"})).await;
        assert_eq!(again.expect(200)["board_background"], "#fff");
        assert_eq!(again.json["public"], true);

        for (body, field) in [
            (json!({"nav_background": "black"}), "nav_background"),
            (json!({"block_border": "#12345"}), "block_border"),
            (json!({"hide_heroes": true}), "hide_heroes"),
            (json!({"spreadsheetId": "not-in-this-workspace"}), "spreadsheetId"),
            (json!({"filters": [{"name": "Open", "condition": "like", "sheet_column": {"sheet": "S", "column": "C"}}]}), "filters"),
            (json!({"filters": [{"name": "Recent", "condition": "past_days"}, {"name": "No condition"}]}), "filters"),
            (json!({"palette": ["#d81f52", "red"]}), "palette"),
            (json!({"sign_in_method": "carrier pigeon"}), "sign_in_method"),
        ] {
            let reply = ada.put(&path, body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.json["field"], field, "{body}");
        }
        assert_eq!(ada.get(&path).await.expect(200)["nav_background"], "#161819");
    }

    async fn a_board_shows_the_sheets_of_a_spreadsheet_of_its_workspace(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let pool = &server.db().pool;
        let workspace_id = state["workspace_id"].as_str().unwrap();
        let bob = server.user("Bob", "bob@example.com").await;
        let bobs_workspace = workspace(&bob, "bobs").await;
        for (id, owner) in [("sheet-ada", workspace_id), ("sheet-bob", bobs_workspace.as_str())] {
            sqlx::query("INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, 'S', 'upload', 1, 1)")
                .bind(id).bind(owner).execute(pool).await.unwrap();
        }
        for (title, position) in [("Orders", 1_i64), ("Customers", 0)] {
            sqlx::query("INSERT INTO sheets (id, spreadsheet_id, title, position, columns, updated_at) VALUES ($1, 'sheet-ada', $2, $3, '[]', 1)")
                .bind(format!("s-{title}")).bind(title).bind(position).execute(pool).await.unwrap();
        }
        let path = format!("/api/boards/{}", id_of(&state));
        let other = ada.put(&path, json!({"spreadsheetId": "sheet-bob"})).await;
        assert_eq!(other.status, 422);
        let connected = ada.put(&path, json!({"spreadsheetId": "sheet-ada"})).await;
        assert_eq!(connected.expect(200)["spreadsheetId"], "sheet-ada");
        assert_eq!(connected.json["sheets"], json!(["Customers", "Orders"]));
        let disconnected = ada.put(&path, json!({"spreadsheetId": null})).await;
        assert_eq!(disconnected.expect(200)["spreadsheetId"], Value::Null);
        assert_eq!(disconnected.json["sheets"], json!([]));
    }

    async fn private_boards_are_for_their_owner_and_admins(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let bob = server.user("Bob", "bob@example.com").await;
        workspace(&bob, "bobs").await;
        let admin = server.admin().await;
        let guest = server.guest();
        let path = format!("/api/boards/{}", id_of(&state));

        for reply in [guest.get(&path).await, bob.get(&path).await, bob.get(&format!("{path}?_email=ada@example.com")).await] {
            assert_eq!(reply.status, 403);
            assert!(reply.error().contains("Access denied"), "{}", reply.text);
            assert!(!reply.text.contains("Sales"), "{}", reply.text);
        }
        let seen = admin.get(&path).await;
        assert_eq!(seen.expect(200)["can_edit"], true);
        assert_eq!(seen.json["user_role"], "admin");

        assert_eq!(guest.put(&path, json!({"title": "x"})).await.status, 401);
        assert_eq!(bob.put(&path, json!({"title": "x"})).await.status, 403);
        assert_eq!(bob.delete(&path, None).await.status, 403);
        assert_eq!(guest.delete(&path, None).await.status, 401);
        assert_eq!(bob.post(&format!("{path}/duplicate"), json!({})).await.status, 403);
        assert_eq!(admin.put(&path, json!({"public": true})).await.expect(200)["public"], true);

        let public = guest.get(&path).await;
        assert_eq!(public.expect(200)["can_edit"], false);
        assert_eq!(public.json["user_role"], "guest");
        let as_bob = bob.get(&path).await;
        assert_eq!(as_bob.expect(200)["user_role"], "user");
        assert_eq!(bob.put(&path, json!({"title": "x"})).await.status, 403);

        assert_eq!(ada.get("/api/boards/no-such-board").await.status, 404);
        // A board cannot be made in someone else's workspace.
        let into_adas = bob.post("/api/boards", json!({"workspace_id": state["workspace_id"], "name": "Mine"})).await;
        assert_eq!(into_adas.status, 403);
        assert_eq!(guest.post("/api/boards", json!({"workspace_id": state["workspace_id"], "name": "Mine"})).await.status, 401);

        ada.delete(&path, None).await.expect(204);
        assert_eq!(ada.get(&path).await.status, 404);
    }

    async fn a_duplicate_copies_settings_and_blocks_as_a_private_board(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let id = id_of(&state);
        ada.put(&format!("/api/boards/{id}"), json!({"public": true, "title": "Quarter", "hero_background": "#000"})).await.expect(200);
        let chart = ada.post(&format!("/api/boards/{id}/blocks"), json!({"type": "chart", "temp_block": true, "section": "North"})).await.expect(201).clone();
        ada.post(&format!("/api/boards/{id}/blocks"), json!({"type": "table"})).await.expect(201);

        let copy = ada.post(&format!("/api/boards/{id}/duplicate"), json!({})).await;
        let copy = copy.expect(201).clone();
        assert_ne!(copy["id"], state["id"]);
        assert_eq!(copy["name"], "Copy of Sales Q3");
        assert_eq!(copy["slug"], "copy-of-sales-q3");
        assert_eq!(copy["public"], false);
        assert_eq!(copy["title"], "Quarter");
        assert_eq!(copy["hero_background"], "#000");
        let types: Vec<&str> = copy["blocks"].as_array().unwrap().iter().map(|b| b["type"].as_str().unwrap()).collect();
        assert_eq!(types, ["chart", "table"]);
        assert_eq!(copy["blocks"][0]["section"], "North");
        assert_ne!(copy["blocks"][0]["id"], chart["id"]);
        let again = ada.post(&format!("/api/boards/{id}/duplicate"), json!({})).await;
        assert_eq!(again.expect(201)["slug"], "copy-of-sales-q3-2");
        // The original keeps its blocks.
        assert_eq!(ada.get(&format!("/api/boards/{id}")).await.expect(200)["blocks"][0]["id"], chart["id"]);
    }

    async fn update_metadata_answers_the_board_state_for_the_session(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let guest = server.guest();
        let bob = server.user("Bob", "bob@example.com").await;
        let call = "/api/board/update-metadata?board=sales-q3&referer=x&_id=1&_filters=a:b";

        let private = guest.post(call, json!(null)).await;
        assert_eq!(private.status, 403);
        assert!(private.text.contains("Access denied"), "{}", private.text);
        let impostor = bob.post(&format!("{call}&_email=ada@example.com"), json!(null)).await;
        assert_eq!(impostor.status, 403);
        assert!(impostor.text.contains("Access denied"));

        let own = ada.post(call, json!(null)).await;
        assert_eq!(own.expect(200)["id"], state["id"]);
        assert_eq!(own.json["can_edit"], true);
        assert_eq!(own.json["user_role"], "owner");
        assert_eq!(own.json["owner_email"], "ada@example.com");

        ada.put(&format!("/api/boards/{}", id_of(&state)), json!({"public": true})).await.expect(200);
        let seen = guest.post(&format!("{call}&_email=ada@example.com"), json!(null)).await;
        assert_eq!(seen.expect(200)["can_edit"], false);
        assert_eq!(seen.json["user_role"], "guest");
        assert_eq!(seen.json["name"], "Sales Q3");
        assert_eq!(seen.json["owner_email"], "", "visitors do not learn the owner's address");
        // The browser path may carry more than the slug.
        assert_eq!(guest.post("/api/board/update-metadata?board=sales-q3/extra", json!(null)).await.expect(200)["id"], state["id"]);

        for missing in ["/api/board/update-metadata?board=nope", "/api/board/update-metadata", "/api/board/update-metadata?board="] {
            let reply = guest.post(missing, json!(null)).await;
            assert_eq!(reply.status, 404, "{missing}");
            assert!(reply.error().contains("Page not found"), "{}", reply.text);
        }
    }

    async fn a_guest_preview_is_answered_as_a_guest_whatever_session_it_carries(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let path = format!("/api/boards/{}", id_of(&state));
        let call = "/api/board/update-metadata?board=sales-q3";
        let preview = format!("{call}&as=guest");

        // Share's 'Open as a guest' sets the owner's session aside: a private board is refused.
        let private = ada.post(&preview, json!(null)).await;
        assert_eq!(private.status, 403);
        assert!(private.text.contains("Access denied"), "{}", private.text);
        assert_eq!(ada.get("/api/auth?as=guest").await.status, 401, "nobody is signed in on a guest preview");

        ada.put(&path, json!({"public": true})).await.expect(200);
        let seen = ada.post(&preview, json!(null)).await.expect(200).clone();
        assert_eq!((&seen["can_edit"], &seen["user_role"], &seen["owner_email"]), (&json!(false), &json!("guest"), &json!("")));
        assert_eq!(ada.put(&format!("{path}?as=guest"), json!({"title": "x"})).await.status, 401, "nor may it change anything");
        // Without the flag the session counts again; and no other value gives anyone more.
        assert_eq!(ada.post(call, json!(null)).await.expect(200)["user_role"], "owner");
        for more in ["owner", "admin", "ada@example.com"] {
            let guest = server.guest().post(&format!("{call}&as={more}"), json!(null)).await;
            assert_eq!(guest.expect(200)["user_role"], "guest", "{more}");
        }
    }

    async fn the_page_of_an_address_no_board_has_says_so_and_a_boards_page_does_not(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        // The app reads the tag and shows its 404 without asking update-metadata (a failing request).
        let missing = server.guest().get("/No-Such-Board").await;
        assert_eq!(missing.status, 200, "on an app's host the same address is a page");
        assert!(missing.text.contains(r#"<meta name="tessera-missing-board" content="no-such-board"/>"#), "{}", missing.text);
        assert!(missing.text.contains("<title>Tessera test</title>"), "the page keeps its own title: {}", missing.text);
        // A private board exists: its page says nothing of it either way.
        let slug = state["slug"].as_str().unwrap();
        let private = server.guest().get(&format!("/{slug}")).await;
        assert_eq!(private.status, 200);
        assert!(!private.text.contains("tessera-missing-board"), "{}", private.text);
        assert!(!server.guest().get("/dashboard").await.text.contains("tessera-missing-board"));
        // Without a session a private board refuses for certain: its page says so, and the app
        // shows the 403 (with Log in) without a refused request in the visitor's console.
        assert!(private.text.contains(&format!(r#"<meta name="tessera-private-board" content="{slug}"/>"#)), "{}", private.text);
        // With a session the app asks: the visitor may be the owner.
        let owners = ada.get(&format!("/{slug}")).await;
        assert!(!owners.text.contains("tessera-private-board"), "{}", owners.text);
        ada.put(&format!("/api/boards/{}", id_of(&state)), json!({"public": true})).await.expect(200);
        let public = server.guest().get(&format!("/{slug}")).await;
        assert!(!public.text.contains("tessera-private-board"), "{}", public.text);
    }

    async fn board_workspace_answers_the_plan_of_the_board_owner_or_the_caller(backend) {
        let server = TestServer::start(backend).await;
        let (ada, state) = ada_with_board(&server).await;
        let guest = server.guest();
        let bob = server.user("Bob", "bob@example.com").await;
        ada.put(&format!("/api/boards/{}", id_of(&state)), json!({"public": true})).await.expect(200);
        assert_eq!(guest.get("/api/board/workspace?board=sales-q3").await.expect(200), &json!({"is_free_plan": true}));
        sqlx::query("UPDATE users SET plan_id = 'paid' WHERE email = 'ada@example.com'").execute(&server.db().pool).await.unwrap();
        assert_eq!(guest.get("/api/board/workspace?board=sales-q3").await.expect(200), &json!({"is_free_plan": false}));
        assert_eq!(bob.get("/api/board/workspace").await.expect(200), &json!({"is_free_plan": true}));
        assert_eq!(guest.get("/api/board/workspace").await.status, 401);
        assert_eq!(guest.get("/api/board/workspace?board=nope").await.status, 404);
        ada.put(&format!("/api/boards/{}", id_of(&state)), json!({"public": false})).await.expect(200);
        assert_eq!(guest.get("/api/board/workspace?board=sales-q3").await.status, 403);
    }

    async fn board_workspace_answers_the_app_owners_plan_on_any_page_of_an_app(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let bob = server.user("Bob", "bob@example.com").await;
        let app = crate::apps::app(&ada, "plan-app").await;
        let app_id = app["id"].as_str().unwrap();
        crate::apps::invite(&ada, app_id, "Bob", "bob@example.com", "read-write").await;
        sqlx::query("UPDATE users SET plan_id = 'paid' WHERE email = 'ada@example.com'").execute(&server.db().pool).await.unwrap();
        // The page path is not a board slug; the app decides, and its owner's plan counts.
        let path = format!("/api/board/workspace?board=prices&app_id={app_id}");
        assert_eq!(bob.get(&path).await.expect(200), &json!({"is_free_plan": false}));
        assert_eq!(bob.get("/api/board/workspace?board=&app=plan-app").await.expect(200), &json!({"is_free_plan": false}));
        assert_eq!(server.guest().get(&path).await.status, 403, "a private app's plan is not a guest's business");
    }

    async fn get_blocks_answers_the_block_picker_to_anyone(backend) {
        let server = TestServer::start(backend).await;
        // Every call carries the spec's query parameters; the picker is the same for every board.
        let listed = server.guest().get("/api/blocks?board=sales-q3&referer=x").await;
        let entries = listed.expect(200).as_array().unwrap().clone();
        let types: Vec<&str> = entries.iter().map(|b| b["type"].as_str().unwrap()).collect();
        assert_eq!(types.len(), 20);
        assert_eq!(&types[..3], ["chart", "list", "imageGallery"]);
        assert!(types.contains(&"scorecard") && !types.contains(&"score_card"));
        let chart = &entries[0];
        assert_eq!(chart["name"], "Chart");
        assert!(chart["description"].as_str().is_some_and(|d| !d.is_empty()));
        assert!(chart["icon"].as_str().is_some_and(|i| !i.is_empty()));
        assert_eq!(chart.get("fields"), None, "the picker carries no settings; the catalogue does");
    }
}
