//! The shared-answer cache (issue 31, `server/src/sheets/answer_cache.rs`): answers are reused only
//! by callers whose effective query is the same. Callers whose row-level rules differ (the
//! session e-mail, the session `_id`, the URL filters, the role a block's rights depend on)
//! never see each other's rows however often and in whatever order they ask, a write shows on
//! the next read, and a reused answer is byte for byte the one first computed.

use serde_json::{json, Value};
use tessera_server::sheets::rows;
use tessera_server::sheets::store;
use tessera_server::sheets::ImportedSheet;

use crate::apps::id;
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::workspaces::workspace;

fn sales() -> ImportedSheet {
    let rows = [
        ["1", "Alice", "North", "120", "ann@x.io"],
        ["2", "Bob", "South", "80", "bob@example.com"],
        ["3", "Carol", "North", "200", "ann@x.io"],
        ["4", "Dan", "East", "50", "bob@example.com"],
    ];
    ImportedSheet {
        title: "Sales".into(),
        columns: ["_id", "Name", "Region", "Amount", "Owner"].map(String::from).to_vec(),
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

/// Ada's public board `sales` whose one active filter keeps the caller's own rows
/// (`Owner = [(current_user)]`), with a table of Sales (so its rows are the board's to show).
struct Fixture {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
}

impl Fixture {
    async fn new(backend: Backend) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Sales").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, vec![sales()]).await;
        let mine = json!({"name": "Mine", "active": true, "condition": "=",
            "sheet_column": {"sheet": "Sales", "column": "Owner"}, "value": "[(current_user)]"});
        let settings = json!({"spreadsheetId": spreadsheet_id, "public": true, "filters": [mine]});
        ada.put(&format!("/api/boards/{board_id}"), settings).await.expect(200);
        ada.post(&format!("/api/boards/{board_id}/blocks"), json!({"type": "table", "sheet_title": "Sales"})).await.expect(201);
        Self { server, ada, board_id, spreadsheet_id }
    }

    fn rows(&self, query: &str) -> String {
        format!("/api/board/{}/sheet/Sales?board=sales&referer=x&{query}", self.spreadsheet_id)
    }

    fn view(&self, block_id: &str) -> String {
        format!("/api/board/{}/view/{block_id}?board=sales&referer=x", self.spreadsheet_id)
    }

    async fn block(&self, config: Value) -> String {
        id(self.ada.post(&format!("/api/boards/{}/blocks", self.board_id), config).await.expect(201))
    }

    /// Adds a row through the row store, as a form submission does (the tab's version moves).
    async fn append(&self, name: &str, owner: &str) {
        let sheet = store::find(self.server.db(), &self.spreadsheet_id, "Sales").await.unwrap().unwrap();
        let values = [("Name", name), ("Region", "West"), ("Amount", "10"), ("Owner", owner)];
        let values = values.into_iter().map(|(column, value)| (column.to_owned(), value.to_owned())).collect();
        rows::append(self.server.db(), &sheet, &values, None).await.unwrap();
    }
}

fn names(answer: &Value) -> Vec<&str> {
    answer["rows"].as_array().unwrap().iter().map(|row| row["Name"].as_str().unwrap()).collect()
}

both_databases! {
    async fn viewers_with_different_row_rules_never_get_each_others_answer_however_often_they_alternate(backend) {
        let f = Fixture::new(backend).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        let bob = f.server.user("Bob", "bob@example.com").await;
        let guest = f.server.guest();
        for _ in 0..10 {
            assert_eq!(names(ann.get(&f.rows("")).await.expect(200)), ["Alice", "Carol"]);
            assert_eq!(names(bob.get(&f.rows("")).await.expect(200)), ["Bob", "Dan"]);
            assert!(names(guest.get(&f.rows("")).await.expect(200)).is_empty(), "a guest has no e-mail to match");
            // The e-mail parameter is a hint, never the rule's value.
            assert_eq!(names(bob.get(&f.rows("_email=ann@x.io")).await.expect(200)), ["Bob", "Dan"]);
        }
        // The session `_id` and the URL filters narrow per caller too, on top of the e-mail rule.
        for _ in 0..5 {
            assert_eq!(names(ann.get(&f.rows("_id=3")).await.expect(200)), ["Carol"]);
            assert_eq!(names(ann.get(&f.rows("_id=1")).await.expect(200)), ["Alice"]);
            assert!(names(ann.get(&f.rows("_id=2")).await.expect(200)).is_empty(), "Bob's row is not Ann's");
        }
        // Every answer given from the cache equals the one computed afresh for the same caller.
        for (caller, query) in [(&ann, ""), (&bob, ""), (&guest, ""), (&ann, "_id=3")] {
            let cached = caller.get(&f.rows(query)).await.expect(200).clone();
            let fresh = caller.get(&f.rows(&format!("{query}&_vercel_no_cache=1"))).await.expect(200).clone();
            assert_eq!(cached, fresh, "{query}");
        }
    }

    async fn a_blocks_rights_are_the_callers_own_in_a_shared_answer(backend) {
        let f = Fixture::new(backend).await;
        let table = f.block(json!({"type": "table", "sheet_title": "Sales", "add_new_row": "Admins",
            "conditional_filter": {"select_column": "Owner", "condition": "Is", "filter_by": "Logged in user"}})).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        let guest = f.server.guest();
        let query = format!("block={table}");
        let fresh = format!("{query}&_vercel_no_cache=1");
        for _ in 0..5 {
            let owner = f.ada.get(&f.rows(&query)).await.expect(200).clone();
            let anonymous = guest.get(&f.rows(&query)).await.expect(200).clone();
            assert_eq!(owner["permissions"], f.ada.get(&f.rows(&fresh)).await.expect(200)["permissions"]);
            assert_eq!(anonymous["permissions"], guest.get(&f.rows(&fresh)).await.expect(200)["permissions"]);
            assert_eq!((&owner["permissions"]["append"], &anonymous["permissions"]["append"]), (&json!(true), &json!(false)));
            assert_eq!(names(ann.get(&f.rows(&query)).await.expect(200)), ["Alice", "Carol"]);
        }
    }

    async fn a_chart_counts_only_the_callers_rows_whoever_asked_before(backend) {
        let f = Fixture::new(backend).await;
        let chart = f.block(json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Region", "axis": [{"column": "Amount"}]})).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        let bob = f.server.user("Bob", "bob@example.com").await;
        for _ in 0..5 {
            let ann_chart = ann.get(&f.view(&chart)).await.expect(200).clone();
            assert_eq!(ann_chart["chart"]["labels"], json!(["North"]));
            assert_eq!(ann_chart["chart"]["series"][0]["data"], json!([320.0]));
            let bob_chart = bob.get(&f.view(&chart)).await.expect(200).clone();
            assert_eq!(bob_chart["chart"]["labels"], json!(["South", "East"]));
            assert_eq!(bob_chart["chart"]["series"][0]["data"], json!([80.0, 50.0]));
        }
        // A write shows in the next view at once.
        f.append("Eve", "ann@x.io").await;
        let after = ann.get(&f.view(&chart)).await.expect(200).clone();
        assert_eq!(after["chart"]["labels"], json!(["North", "West"]));
        assert_eq!(bob.get(&f.view(&chart)).await.expect(200)["chart"]["labels"], json!(["South", "East"]));
    }

    async fn a_write_changes_the_next_answer_at_once(backend) {
        let f = Fixture::new(backend).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        let before = ann.get(&f.rows("")).await.expect(200).clone();
        assert_eq!(names(&before), ["Alice", "Carol"]);
        assert_eq!(ann.get(&f.rows("")).await.text, serde_json::to_string(&before).unwrap(), "asked twice, one answer");
        f.append("Eve", "ann@x.io").await;
        let after = ann.get(&f.rows("")).await.expect(200).clone();
        assert_eq!(names(&after), ["Alice", "Carol", "Eve"]);
        assert_ne!(after["version"], before["version"]);
        // A change of the board's filters is seen at once too: they are part of every key.
        f.ada.put(&format!("/api/boards/{}", f.board_id), json!({"filters": []})).await.expect(200);
        assert_eq!(ann.get(&f.rows("")).await.expect(200)["total"], 5);
    }

    async fn every_tab_at_once_is_shared_only_by_callers_of_the_same_rules(backend) {
        let f = Fixture::new(backend).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        let bob = f.server.user("Bob", "bob@example.com").await;
        let every_tab = json!({"params": {"board": "sales"}});
        let kept = f.server.state.answers.len();
        let first = ann.post("/v3/getSpreadsheetData", every_tab.clone()).await;
        assert_eq!(first.status, 200, "{}", first.text);
        assert_eq!(names(&first.json["sheets"]["Sales"]), ["Alice", "Carol"]);
        assert_eq!(f.server.state.answers.len(), kept + 1, "the tab's answer is kept");
        let again = ann.post("/v3/getSpreadsheetData", every_tab.clone()).await;
        assert_eq!((again.text.as_str(), f.server.state.answers.len()), (first.text.as_str(), kept + 1), "and given again");
        let bobs = bob.post("/v3/getSpreadsheetData", every_tab.clone()).await;
        assert_eq!(names(&bobs.json["sheets"]["Sales"]), ["Bob", "Dan"], "another e-mail rule is another answer");
        assert_eq!(f.server.state.answers.len(), kept + 2);
        f.append("Eve", "ann@x.io").await;
        let after = ann.post("/v3/getSpreadsheetData", every_tab).await;
        assert_eq!(names(&after.json["sheets"]["Sales"]), ["Alice", "Carol", "Eve"], "a write shows at once");
    }

    async fn a_reused_answer_is_byte_for_byte_the_first_one_with_the_same_headers(backend) {
        let f = Fixture::new(backend).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        let query = "search=a&sort_column=Amount&sort_direction=desc&rows_per_page=1&page=2";
        let kept = f.server.state.answers.len();
        let miss = ann.get(&f.rows(query)).await;
        assert_eq!(miss.status, 200, "{}", miss.text);
        assert_eq!(f.server.state.answers.len(), kept + 1, "the first answer is kept");
        let hit = ann.get(&f.rows(query)).await;
        assert_eq!(f.server.state.answers.len(), kept + 1, "the second is the kept one");
        assert_eq!(hit.text, miss.text);
        assert_eq!(names(&hit.json), ["Alice"]);
        assert_eq!(hit.header("content-type"), Some("application/json"));
        assert_eq!(hit.header("content-type"), miss.header("content-type"));
        // The same query for another caller is another answer.
        f.server.user("Bob", "bob@example.com").await.get(&f.rows(query)).await.expect(200);
        assert_eq!(f.server.state.answers.len(), kept + 2);
    }
}
