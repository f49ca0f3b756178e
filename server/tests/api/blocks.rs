//! Editing blocks of boards and app pages: add, replace, delete, duplicate, reorder, the
//! validation before storing, and who may do it.

use serde_json::{json, Value};

use crate::boards::board;
use crate::both_databases;
use crate::support::*;
use crate::workspaces::{app_in, workspace};

fn id_of(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

fn types_of(blocks: &Value) -> Vec<String> {
    blocks.as_array().unwrap().iter().map(|b| b["type"].as_str().unwrap().to_owned()).collect()
}

/// Ada, and the id of a board of hers.
async fn ada_with_board(server: &TestServer) -> (Client, String) {
    let ada = server.user("Ada", "ada@example.com").await;
    let workspace_id = workspace(&ada, "acme").await;
    let id = id_of(&board(&ada, &workspace_id, "Sales").await);
    (ada, id)
}

/// Ada, her app and its home page.
async fn ada_with_page(server: &TestServer) -> (Client, String, String) {
    let ada = server.user("Ada", "ada@example.com").await;
    let workspace_id = workspace(&ada, "acme").await;
    let app = app_in(&ada, &workspace_id, "shop").await;
    let pages = ada.get(&format!("/api/pages/{app}")).await;
    let page = pages.expect(200)["home_page_id"].as_str().unwrap().to_owned();
    (ada, app, page)
}

/// `block` as the server answers it: every catalogue default filled in.
fn normalised(block: &Value) -> Value {
    tessera_blocks::normalise(block).unwrap()
}

async fn board_blocks(client: &Client, board: &str) -> Value {
    client.get(&format!("/api/boards/{board}")).await.expect(200)["blocks"].clone()
}

both_databases! {
    async fn a_create_sent_again_with_its_client_key_makes_no_second_block(backend) {
        let server = TestServer::start(backend).await;
        let (ada, sales) = ada_with_board(&server).await;
        let add = format!("/api/boards/{sales}/blocks?client_key=local-7f3a&board=sales");
        let first = ada.post(&add, json!({"type": "markdown", "text": "# Hello"})).await.expect(201).clone();
        // The answer was lost on the way back; the editor sends the same create again.
        let again = ada.post(&add, json!({"type": "markdown", "text": "# Hello"})).await.expect(201).clone();
        assert_eq!(again, first);
        assert_eq!(types_of(&board_blocks(&ada, &sales).await), ["markdown"]);

        let workspace_id = workspace(&ada, "other").await;
        let elsewhere = id_of(&board(&ada, &workspace_id, "Costs").await);
        let reused = ada.post(&format!("/api/boards/{elsewhere}/blocks?client_key=local-7f3a"), json!({"type": "markdown"})).await;
        assert_eq!((reused.status, reused.json["field"].as_str()), (422, Some("client_key")));
        let bad = ada.post(&format!("/api/boards/{sales}/blocks?client_key=no%20spaces"), json!({"type": "markdown"})).await;
        assert_eq!((bad.status, bad.json["field"].as_str()), (422, Some("client_key")));
        // Without a key every create is a new block.
        ada.post(&format!("/api/boards/{sales}/blocks"), json!({"type": "markdown"})).await.expect(201);
        ada.post(&format!("/api/boards/{sales}/blocks"), json!({"type": "markdown"})).await.expect(201);
        assert_eq!(board_blocks(&ada, &sales).await.as_array().unwrap().len(), 3);
    }

    async fn an_owner_adds_changes_copies_moves_and_deletes_board_blocks(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board) = ada_with_board(&server).await;
        let add = format!("/api/boards/{board}/blocks");
        let chart = ada.post(&add, json!({"type": "chart", "id": "temp-1", "temp_block": true, "section": "North", "axis": [{"column": "Total"}]})).await;
        let chart = chart.expect(201).clone();
        assert_ne!(chart["id"], "temp-1");
        // Without its x axis the stored block is still a draft, and is answered as one, with
        // every default filled in as renderers read it (tessera_blocks::normalise).
        let sent = json!({"id": chart["id"], "type": "chart", "section": "North", "axis": [{"column": "Total"}], "temp_block": true});
        assert_eq!(chart, normalised(&sent));
        assert_eq!((&chart["legendPosition"], &chart["pdf_download"], &chart["stackAxis"]), (&json!("top"), &json!(true), &json!(false)));
        assert_eq!((&chart["axis"][0]["type"], &chart["axis"][0]["borderWidth"]), (&json!("bar"), &json!(1)));
        let table = ada.post(&add, json!({"type": "table"})).await.expect(201).clone();
        assert_eq!(types_of(&board_blocks(&ada, &board).await), ["chart", "table"]);

        let changed = ada.put(&format!("/api/blocks/{}", id_of(&chart)), json!({"type": "chart", "x_axis": "Month", "title": "Totals", "full_width": true})).await;
        let sent = json!({"id": chart["id"], "type": "chart", "x_axis": "Month", "title": "Totals", "full_width": true});
        assert_eq!(changed.expect(200), &normalised(&sent));
        assert_eq!(changed.json["axis"], json!([]), "a list without a default is empty");
        let copy = ada.post(&format!("/api/blocks/{}/duplicate", id_of(&chart)), json!({})).await.expect(201).clone();
        assert_ne!(copy["id"], chart["id"]);
        assert_eq!(copy["title"], "Totals");
        let ids: Vec<Value> = board_blocks(&ada, &board).await.as_array().unwrap().iter().map(|b| b["id"].clone()).collect();
        assert_eq!(ids, [chart["id"].clone(), copy["id"].clone(), table["id"].clone()]);

        let order = format!("/api/boards/{board}/blocks/order");
        let reordered = ada.put(&order, json!({"ids": [table["id"], chart["id"], copy["id"]]})).await;
        let reordered: Vec<Value> = reordered.expect(200).as_array().unwrap().iter().map(|b| b["id"].clone()).collect();
        assert_eq!(reordered, [table["id"].clone(), chart["id"].clone(), copy["id"].clone()]);
        for bad in [json!({"ids": [table["id"], chart["id"]]}), json!({"ids": [table["id"], chart["id"], chart["id"]]}), json!({"ids": [table["id"], chart["id"], "other"]})] {
            let reply = ada.put(&order, bad.clone()).await;
            assert_eq!(reply.status, 422, "{bad}");
            assert_eq!(reply.json["field"], "ids");
        }

        ada.delete(&format!("/api/blocks/{}", id_of(&chart)), None).await.expect(204);
        assert_eq!(types_of(&board_blocks(&ada, &board).await), ["table", "chart"]);
        assert_eq!(ada.delete(&format!("/api/blocks/{}", id_of(&chart)), None).await.status, 404);
    }

    async fn blocks_are_validated_before_they_are_stored(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board) = ada_with_board(&server).await;
        let add = format!("/api/boards/{board}/blocks");
        let scorecard = ada.post(&add, json!({"type": "score_card", "axis": []})).await;
        assert_eq!(scorecard.expect(201)["type"], "scorecard");
        for (body, field) in [
            (json!({"type": "pie"}), "type"),
            (json!({"section": "North"}), "type"),
            (json!({"type": 3}), "type"),
            (json!(["chart"]), "block"),
            (json!({"type": "chart", "x_axis": "Month", "section": 1}), "section"),
            (json!({"type": "chart", "x_axis": "Month", "sheet_title": {}}), "sheet_title"),
            (json!({"type": "chart", "x_axis": "Month", "full_width": "yes"}), "full_width"),
            (json!({"type": "table", "axis": "Total"}), "axis"),
            (json!({"type": "table", "actions": {}}), "actions"),
            (json!({"type": "markdown", "text": "x".repeat(300 * 1024)}), "block"),
        ] {
            let reply = ada.post(&add, body.clone()).await;
            assert_eq!(reply.status, 422, "{}", reply.text);
            assert_eq!(reply.json["field"], field, "{}", reply.text);
        }
        let block = id_of(&scorecard.json);
        let retyped = ada.put(&format!("/api/blocks/{block}"), json!({"type": "chart", "x_axis": "Month"})).await;
        assert_eq!(retyped.status, 422);
        assert_eq!(retyped.json["field"], "type");
        // The older spelling of the same type is the same type.
        assert_eq!(ada.put(&format!("/api/blocks/{block}"), json!({"type": "score_card", "axis": [{"label": "Total"}]})).await.expect(200)["type"], "scorecard");
        let not_json = ada.request(reqwest::Method::POST, &add).header("content-type", "application/json").body("{type").send().await.unwrap();
        assert_eq!(not_json.status(), 400);
        assert_eq!(types_of(&board_blocks(&ada, &board).await), ["scorecard"]);
    }

    async fn only_owners_and_admins_edit_board_blocks(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board) = ada_with_board(&server).await;
        let bob = server.user("Bob", "bob@example.com").await;
        let bobs_board = id_of(&crate::boards::board(&bob, &workspace(&bob, "bobs").await, "Bob's").await);
        let admin = server.admin().await;
        let guest = server.guest();
        ada.put(&format!("/api/boards/{board}"), json!({"public": true})).await.expect(200);
        let block = id_of(ada.post(&format!("/api/boards/{board}/blocks"), json!({"type": "list", "title": "Secret"})).await.expect(201));
        let add = format!("/api/boards/{board}/blocks");
        let one = format!("/api/blocks/{block}");
        let order = format!("/api/boards/{board}/blocks/order");

        for (client, status) in [(&guest, 401), (&bob, 403)] {
            assert_eq!(client.post(&add, json!({"type": "chart"})).await.status, status);
            assert_eq!(client.post(&format!("{add}?_email=ada@example.com"), json!({"type": "chart"})).await.status, status);
            let changed = client.put(&one, json!({"type": "list"})).await;
            assert_eq!(changed.status, status);
            assert!(!changed.text.contains("Secret"));
            assert_eq!(client.delete(&one, None).await.status, status);
            assert_eq!(client.post(&format!("{one}/duplicate"), json!({})).await.status, status);
            assert_eq!(client.put(&order, json!({"ids": [block]})).await.status, status);
        }
        // Ada cannot touch Bob's board either.
        assert_eq!(ada.post(&format!("/api/boards/{bobs_board}/blocks"), json!({"type": "chart"})).await.status, 403);
        assert_eq!(ada.post("/api/boards/no-such-board/blocks", json!({"type": "chart"})).await.status, 404);
        assert_eq!(ada.put("/api/blocks/no-such-block", json!({"type": "chart"})).await.status, 404);
        assert_eq!(board_blocks(&ada, &board).await.as_array().unwrap().len(), 1);

        admin.put(&one, json!({"type": "list", "title": "Checked"})).await.expect(200);
        admin.post(&add, json!({"type": "grid"})).await.expect(201);
        assert_eq!(types_of(&board_blocks(&ada, &board).await), ["list", "grid"]);
        assert_eq!(board_blocks(&ada, &board).await[0]["title"], "Checked");
    }

    async fn page_blocks_go_before_the_last_block(backend) {
        let server = TestServer::start(backend).await;
        let (ada, app, page) = ada_with_page(&server).await;
        let add = format!("/api/apps/{app}/pages/{page}/blocks");
        let header = ada.post(&add, json!({"type": "header"})).await.expect(201).clone();
        ada.post(&add, json!({"type": "footer"})).await.expect(201);
        ada.post(&add, json!({"type": "table"})).await.expect(201);
        let chart = ada.post(&add, json!({"type": "chart", "temp_block": true})).await.expect(201).clone();
        let rows: Vec<(String,)> = sqlx::query_as("SELECT block_type FROM blocks WHERE page_id = $1 ORDER BY position")
            .bind(&page).fetch_all(&server.db().pool).await.unwrap();
        let types: Vec<&str> = rows.iter().map(|(t,)| t.as_str()).collect();
        // An empty page takes the first block; each later one goes before whichever block is last.
        assert_eq!(types, ["footer", "table", "chart", "header"]);
        let listed = tessera_server::boards::blocks::list(server.db(), tessera_server::boards::blocks::Parent::Page(&page)).await.unwrap();
        assert_eq!(types_of(&Value::Array(listed.clone())), ["footer", "table", "chart", "header"]);

        let copy = ada.post(&format!("/api/blocks/{}/duplicate", id_of(&chart)), json!({})).await.expect(201).clone();
        let ids: Vec<Value> = listed.iter().map(|b| b["id"].clone()).collect();
        let order = format!("/api/apps/{app}/pages/{page}/blocks/order");
        let mut wanted = vec![header["id"].clone(), copy["id"].clone()];
        wanted.extend(ids.iter().filter(|id| **id != header["id"]).cloned());
        let reordered = ada.put(&order, json!({ "ids": wanted })).await;
        let got: Vec<Value> = reordered.expect(200).as_array().unwrap().iter().map(|b| b["id"].clone()).collect();
        assert_eq!(got, wanted);
        assert_eq!(ada.put(&order, json!({"ids": ids})).await.status, 422);
        assert_eq!(ada.delete(&format!("/api/blocks/{}", id_of(&copy)), None).await.status, 204);
    }

    async fn app_users_and_strangers_cannot_edit_page_blocks(backend) {
        let server = TestServer::start(backend).await;
        let (ada, app, page) = ada_with_page(&server).await;
        let add = format!("/api/apps/{app}/pages/{page}/blocks");
        let block = id_of(ada.post(&add, json!({"type": "form"})).await.expect(201));
        let writer = server.user("Wren", "wren@example.com").await;
        let reader = server.user("Rae", "rae@example.com").await;
        for (email, permissions) in [("wren@example.com", "read-write"), ("rae@example.com", "read")] {
            sqlx::query("INSERT INTO app_users (id, app_id, name, email, permissions, created_at) VALUES ($1, $2, 'U', $3, $4, 1)")
                .bind(email).bind(&app).bind(email).bind(permissions).execute(&server.db().pool).await.unwrap();
        }
        let bob = server.user("Bob", "bob@example.com").await;
        let bobs_workspace = workspace(&bob, "bobs").await;
        let guest = server.guest();
        let order = format!("/api/apps/{app}/pages/{page}/blocks/order");
        for (client, status) in [(&guest, 401), (&bob, 403), (&writer, 403), (&reader, 403)] {
            assert_eq!(client.post(&add, json!({"type": "chart"})).await.status, status);
            assert_eq!(client.put(&format!("/api/blocks/{block}"), json!({"type": "form"})).await.status, status);
            assert_eq!(client.delete(&format!("/api/blocks/{block}"), None).await.status, status);
            assert_eq!(client.post(&format!("/api/blocks/{block}/duplicate"), json!({})).await.status, status);
            assert_eq!(client.put(&order, json!({"ids": [block]})).await.status, status);
        }
        // A page addressed through another app does not exist.
        let bobs_app = app_in(&bob, &bobs_workspace, "bobs-shop").await;
        assert_eq!(bob.post(&format!("/api/apps/{bobs_app}/pages/{page}/blocks"), json!({"type": "chart"})).await.status, 404);
        assert_eq!(ada.post(&format!("/api/apps/{app}/pages/no-such-page/blocks"), json!({"type": "chart"})).await.status, 404);
        let admin = server.admin().await;
        admin.post(&add, json!({"type": "markdown"})).await.expect(201);
        let listed = tessera_server::boards::blocks::list(server.db(), tessera_server::boards::blocks::Parent::Page(&page)).await.unwrap();
        assert_eq!(types_of(&Value::Array(listed)), ["markdown", "form"]);
    }

    async fn a_saved_block_must_meet_the_catalogue_and_the_error_names_the_setting(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board) = ada_with_board(&server).await;
        let add = format!("/api/boards/{board}/blocks");
        for (body, field, message) in [
            (json!({"type": "chart", "x_axis": "Month", "axis": [{"column": "Total", "borderWidth": 9}]}), "axis[0].borderWidth", "`axis[0].borderWidth` must be from 0 to 5; got `9`"),
            (json!({"type": "chart", "x_axis": "Month", "axis": [{"type": "line"}]}), "axis[0].column", "`axis[0].column` is required"),
            (json!({"type": "table", "paginate": true, "rows_per_page": 0}), "rows_per_page", "`rows_per_page` must be at least 1; got `0`"),
            (json!({"type": "grid", "columns": 6}), "columns", "`columns` must be from 1 to 4; got `6`"),
            (json!({"type": "footer", "socialItems": [{"type": "instagram", "link": "instagram.com/acme"}]}), "socialItems[0].link", "`socialItems[0].link` must be a link starting with http:// or https://; got `instagram.com/acme`"),
            (json!({"type": "footer", "footerLayoutType": "Classic Footer Bar", "simpleLinks": vec![json!({"text": "a"}); 6]}), "simpleLinks", "`simpleLinks` takes at most 5 items; got 6"),
            (json!({"type": "map", "title_column": "Name"}), "description_column", "`description_column` is required"),
        ] {
            let reply = ada.post(&add, body.clone()).await;
            assert_eq!(reply.status, 422, "{}", reply.text);
            assert_eq!(reply.json, json!({"error": message, "field": field}), "{body}");
        }
        assert_eq!(board_blocks(&ada, &board).await, json!([]));

        // 'Choose Your Block' stores the picked type at once as a draft; saving it from the
        // settings needs the required settings.
        let picked = ada.post(&add, json!({"type": "chart", "id": "tmp", "temp_block": true, "title": "Sales"})).await.expect(201).clone();
        assert_eq!(picked, normalised(&json!({"id": picked["id"], "type": "chart", "title": "Sales", "temp_block": true})));
        let one = format!("/api/blocks/{}", id_of(&picked));
        let unsaved = ada.put(&one, json!({"type": "chart", "title": "Sales"})).await;
        assert_eq!(unsaved.status, 422);
        assert_eq!(unsaved.json, json!({"error": "`x_axis` is required", "field": "x_axis"}));
        let saved = ada.put(&one, json!({"type": "chart", "title": "Sales", "x_axis": "Month", "axis": [{"column": "Total"}], "future": 1})).await;
        assert_eq!(saved.expect(200)["future"], 1, "settings the catalogue does not know are kept");
    }

    async fn anyone_reads_the_block_catalogue(backend) {
        let server = TestServer::start(backend).await;
        let catalogue = server.guest().get("/api/blocks/catalogue").await;
        let blocks = catalogue.expect(200)["blocks"].as_array().unwrap().clone();
        assert_eq!(blocks.len(), 20);
        let types: Vec<&str> = blocks.iter().map(|b| b["type"].as_str().unwrap()).collect();
        assert_eq!(types, tessera_server::boards::blocks::TYPES);
        let chart = &blocks[0];
        assert_eq!((chart["name"].as_str(), chart["group"].as_str()), (Some("Chart"), Some("data")));
        let x_axis = chart["fields"].as_array().unwrap().iter().find(|f| f["key"] == "x_axis").unwrap();
        assert_eq!(x_axis["required"], true);
        let document = server.guest().get("/api/openapi.json").await;
        assert!(document.expect(200)["paths"]["/api/blocks/catalogue"]["get"].is_object());
    }
}
