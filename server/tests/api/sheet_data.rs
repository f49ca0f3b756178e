//! Sheet data (platform §7): board and page sheet calls, `getSpreadsheetData` and CSV export,
//! filtered on the server: stored filters, URL filters, `[(current_user)]` from the session,
//! `_id`, conditional filters, search, sort, paging, rights, caching, and the core's golden vectors.

use reqwest::Method;
use serde_json::{json, Value};
use tessera_server::sheets::incoming::Incoming;
use tessera_server::sheets::store::{self, SheetInfo};
use tessera_server::sheets::{rows, ImportedSheet};

use crate::apps::{app, id, invite};
use crate::boards::board;
use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;

const RECORD_ID: &str = "ChartApps Record ID";

fn sales() -> ImportedSheet {
    let rows = [
        ["1", "Alice", "North", "120", "ann@x.io"],
        ["2", "Bob", "South", "80", "bob@example.com"],
        ["3", "Carol", "North", "200", "ann@x.io"],
        ["4", "Dan, Jr.", "East", "50", "dan@x.io"],
    ];
    ImportedSheet {
        title: "Sales".into(),
        columns: ["_id", "Name", "Region", "Amount", "Owner"].map(String::from).to_vec(),
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

fn costs() -> ImportedSheet {
    ImportedSheet { title: "Costs".into(), columns: vec!["Item".into(), "Cost".into()], rows: vec![vec!["Rent".into(), "900".into()]] }
}

/// A spreadsheet of `workspace_id` holding `tabs`; answers its id.
pub async fn spreadsheet(server: &TestServer, workspace_id: &str, tabs: Vec<ImportedSheet>) -> String {
    let spreadsheet_id = format!("ss-{}", rand::random::<u32>());
    sqlx::query(
        "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, 'Sales', 'upload', 1, 1)",
    )
    .bind(&spreadsheet_id)
    .bind(workspace_id)
    .execute(&server.db().pool)
    .await
    .unwrap();
    Incoming::Whole(tabs).store(server.db(), &spreadsheet_id).await.unwrap();
    spreadsheet_id
}

/// Ada's board `sales` over a fresh spreadsheet, with `filters`, public or not, and a table of
/// each tab that shows it whole (a tab no block reads is not served to visitors, `scope.rs`).
struct Fixture {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
}

impl Fixture {
    async fn new(backend: Backend, public: bool, filters: Value) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let state = board(&ada, &workspace_id, "Sales").await;
        let spreadsheet_id = spreadsheet(&server, &workspace_id, vec![sales(), costs()]).await;
        let board_id = id(&state);
        sqlx::query("UPDATE boards SET spreadsheet_id = $1, public = $2 WHERE id = $3")
            .bind(&spreadsheet_id)
            .bind(i64::from(public))
            .bind(&board_id)
            .execute(&server.db().pool)
            .await
            .unwrap();
        let fixture = Self { server, ada, board_id, spreadsheet_id };
        fixture.set_filters(filters).await;
        fixture.block(json!({"sheet_title": "Sales"})).await;
        fixture.block(json!({"sheet_title": "Costs"})).await;
        fixture
    }

    async fn set_filters(&self, filters: Value) {
        sqlx::query("UPDATE boards SET settings = $1 WHERE id = $2")
            .bind(json!({"filters": filters}).to_string())
            .bind(&self.board_id)
            .execute(&self.server.db().pool)
            .await
            .unwrap();
    }

    fn url(&self, tab: &str, query: &str) -> String {
        format!("/api/board/{}/sheet/{tab}?board=sales&referer=x&{query}", self.spreadsheet_id)
    }

    async fn sheet(&self, tab: &str) -> SheetInfo {
        store::find(self.server.db(), &self.spreadsheet_id, tab).await.unwrap().unwrap()
    }

    /// A block of this board: a table unless `config` names its `type`.
    async fn block(&self, config: Value) -> String {
        let block_id = format!("blk-{}", rand::random::<u32>());
        let block_type = config["type"].as_str().unwrap_or("table").to_owned();
        sqlx::query(
            "INSERT INTO blocks (id, board_id, position, block_type, config, created_at, updated_at) VALUES ($1, $2, 0, $3, $4, 1, 1)",
        )
        .bind(&block_id)
        .bind(&self.board_id)
        .bind(block_type)
        .bind(config.to_string())
        .execute(&self.server.db().pool)
        .await
        .unwrap();
        block_id
    }
}

fn filter(name: &str, active: bool, condition: &str, column: &str, value: &str) -> Value {
    json!({"name": name, "active": active, "condition": condition, "sheet_column": {"sheet": "Sales", "column": column}, "value": value})
}

fn names(answer: &Value) -> Vec<&str> {
    answer["rows"].as_array().unwrap().iter().map(|row| row["Name"].as_str().unwrap()).collect()
}

both_databases! {
    async fn a_board_tab_answers_columns_rows_and_paging(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let guest = f.server.guest();
        let answer = guest.get(&f.url("Sales", "_id=&_email=&_filters=")).await.expect(200).clone();
        assert_eq!(answer["columns"], json!(["_id", "Name", "Region", "Amount", "Owner", RECORD_ID]));
        assert_eq!((&answer["total"], &answer["page"], &answer["page_count"]), (&json!(4), &json!(1), &json!(1)));
        assert_eq!(names(&answer), ["Alice", "Bob", "Carol", "Dan, Jr."]);
        let first = answer["rows"][0].as_object().unwrap();
        assert_eq!(first.keys().collect::<Vec<_>>(), ["_id", "Name", "Region", "Amount", "Owner", RECORD_ID]);
        assert!(!first[RECORD_ID].as_str().unwrap().is_empty());
        assert!(!answer.to_string().contains("chartmat_row_index"));
        assert_eq!(answer["version"], json!(f.sheet("Sales").await.version));
        assert!(answer.get("truncated").is_none());

        let sorted = guest.get(&f.url("Sales", "sort_column=Amount&sort_direction=desc&rows_per_page=2&page=2")).await;
        let sorted = sorted.expect(200);
        assert_eq!(names(sorted), ["Bob", "Dan, Jr."]);
        assert_eq!((&sorted["total"], &sorted["page"], &sorted["page_count"]), (&json!(4), &json!(2), &json!(2)));
        let searched = guest.get(&f.url("Sales", "search=north,%20dan&sort_column=Name&sort_direction=asc")).await;
        assert_eq!(names(searched.expect(200)), ["Alice", "Carol", "Dan, Jr."]);
        let all = guest.get(&f.url("Sales", "rows_per_page=0")).await;
        assert_eq!(all.expect(200)["rows"].as_array().unwrap().len(), 4);
        let costs = guest.get(&f.url("Costs", "")).await;
        assert_eq!(costs.expect(200)["rows"], json!([{"Item": "Rent", "Cost": "900", RECORD_ID: costs.json["rows"][0][RECORD_ID]}]));
    }

    async fn bad_requests_answer_json_errors_never_500(backend) {
        let f = Fixture::new(backend, true, json!([filter("Region", false, "=", "Region", "North")])).await;
        let guest = f.server.guest();
        let unknown = guest.get(&f.url("Nope", "")).await;
        assert_eq!(unknown.status, 404);
        assert_eq!(unknown.error(), "The sheet `Nope` is not in this spreadsheet.");
        let other = guest.get("/api/board/not-this-one/sheet/Sales?board=sales").await;
        assert_eq!(other.status, 404, "{}", other.text);
        let no_board = guest.get(&format!("/api/board/{}/sheet/Sales", f.spreadsheet_id)).await;
        assert_eq!(no_board.status, 404);
        for (query, field) in [
            ("sort_column=Nope", "sort_column"),
            ("sort_column=Name&sort_direction=up", "sort_direction"),
            ("page=first", "page"),
            ("rows_per_page=-1", "rows_per_page"),
            ("tz_offset=900", "tz_offset"),
            ("block=nope", ""),
        ] {
            let reply = guest.get(&f.url("Sales", query)).await;
            assert!(reply.status == 422 || reply.status == 404, "{query}: {} {}", reply.status, reply.text);
            if !field.is_empty() {
                assert_eq!(reply.json["field"], field, "{query}");
            }
        }
        // A stored filter whose value does not fit its condition is the board's setting at fault.
        f.set_filters(json!([filter("Big", true, ">", "Amount", "lots")])).await;
        let bad_value = guest.get(&f.url("Sales", "")).await;
        assert_eq!(bad_value.status, 422);
        assert_eq!(bad_value.error(), "filter `Big`: > needs a number, got `lots`");
    }

    async fn stored_filters_apply_when_active_or_named_in_the_url_and_only_narrow(backend) {
        let filters = json!([filter("Region", true, "=", "Region", "North"), filter("Big", false, ">", "Amount", "150")]);
        let f = Fixture::new(backend, true, filters).await;
        let guest = f.server.guest();
        assert_eq!(names(guest.get(&f.url("Sales", "")).await.expect(200)), ["Alice", "Carol"]);
        // The URL switches the inactive filter on, with its own value.
        assert_eq!(names(guest.get(&f.url("Sales", "_filters=Big:100")).await.expect(200)), ["Alice", "Carol"]);
        assert_eq!(names(guest.get(&f.url("Sales", "_filters=Big:150")).await.expect(200)), ["Carol"]);
        // It cannot loosen or replace the active one.
        assert_eq!(names(guest.get(&f.url("Sales", "_filters=Region:")).await.expect(200)), ["Alice", "Carol"]);
        assert!(names(guest.get(&f.url("Sales", "_filters=Region:South")).await.expect(200)).is_empty());
        // A stale or mistyped link (a bare name, a name the board has no filter for, a value the
        // condition cannot read) is left out: the data comes back with the stored filters applied.
        for query in ["_filters=Region", "_filters=Colour:red", "_filters=Big:lots", "_filters=Books%20only,:x,Colour:red"] {
            assert_eq!(names(guest.get(&f.url("Sales", query)).await.expect(200)), ["Alice", "Carol"], "{query}");
        }
        // The pairs it can use still apply next to those.
        assert_eq!(names(guest.get(&f.url("Sales", "_filters=Colour:red,Big:150")).await.expect(200)), ["Carol"]);
        // Filters of another tab are skipped there.
        assert_eq!(guest.get(&f.url("Costs", "")).await.expect(200)["total"], 1);
        // With the filter inactive, every row shows.
        f.set_filters(json!([filter("Region", false, "=", "Region", "North")])).await;
        assert_eq!(guest.get(&f.url("Sales", "")).await.expect(200)["total"], 4);
    }

    async fn current_user_is_the_session_email_and_never_the_email_parameter(backend) {
        let f = Fixture::new(backend, true, json!([filter("Mine", true, "=", "Owner", "[(current_user)]")])).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        assert_eq!(names(ann.get(&f.url("Sales", "_email=bob@example.com")).await.expect(200)), ["Alice", "Carol"]);
        let bob = f.server.user("Bob", "bob@example.com").await;
        assert_eq!(names(bob.get(&f.url("Sales", "_email=ann@x.io")).await.expect(200)), ["Bob"]);
        let guest = f.server.guest().get(&f.url("Sales", "_email=ann@x.io")).await;
        assert_eq!(guest.expect(200)["total"], 0);
    }

    async fn the_session_id_keeps_the_rows_with_that_id(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let guest = f.server.guest();
        assert_eq!(names(guest.get(&f.url("Sales", "_id=3")).await.expect(200)), ["Carol"]);
        assert!(names(guest.get(&f.url("Sales", "_id=99")).await.expect(200)).is_empty());
        // A tab without an `_id` column is not narrowed.
        assert_eq!(guest.get(&f.url("Costs", "_id=3")).await.expect(200)["total"], 1);
    }

    async fn a_tables_conditional_formatting_colours_the_cells_of_the_page(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let table = f.block(json!({"type": "table", "sheet_title": "Sales", "axis": [
            {"column": "Name"},
            {"column": "Amount", "Conditional_formatting": [
                {"condition": ">", "value": "150", "background_color": "#fee2e2"},
                {"condition": "<", "value": "60", "text_color": "#166534"}
            ]}
        ]})).await;
        let page = f.server.guest().get(&f.url("Sales", &format!("block={table}&rows_per_page=2&page=2"))).await;
        // Page 2 holds Carol (200) and Dan (50): places 0 and 1 of this page.
        assert_eq!(names(page.expect(200)), ["Carol", "Dan, Jr."]);
        assert_eq!(
            page.json["styles"],
            json!([{"row": 0, "column": "Amount", "background_color": "#fee2e2"}, {"row": 1, "column": "Amount", "text_color": "#166534"}])
        );
        let unformatted = f.server.guest().get(&f.url("Sales", "")).await;
        assert_eq!(unformatted.expect(200).get("styles"), None, "no block, no formatting");
    }

    async fn a_tables_answer_carries_each_cells_display_text_in_the_viewers_locale_beside_the_raw_value(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let table = f.block(json!({"type": "table", "sheet_title": "Sales", "axis": [
            {"column": "Name"},
            {"column": "Amount", "format": "Currency", "currency_symbol": "€"}
        ]})).await;
        let amounts = |answer: &Value| -> Vec<Value> {
            answer["display"].as_array().unwrap().iter().map(|row| row["Amount"].clone()).collect()
        };
        let us = f.server.guest().get(&f.url("Sales", &format!("block={table}&locale=en-US"))).await;
        assert_eq!(amounts(us.expect(200)), ["€120.00", "€80.00", "€200.00", "€50.00"]);
        // The raw values stay for editing and exports; unchanged cells are not repeated.
        assert_eq!(us.json["rows"][0]["Amount"], "120");
        assert_eq!(us.json["display"][0].get("Name"), None);
        // Another locale is another answer, never the cached one of the first viewer.
        let de = f.server.guest().get(&f.url("Sales", &format!("block={table}&locale=de-AT"))).await;
        assert_eq!(amounts(de.expect(200)), ["120,00 €", "80,00 €", "200,00 €", "50,00 €"]);
        let again = f.server.guest().get(&f.url("Sales", &format!("block={table}&locale=en-US"))).await;
        assert_eq!(amounts(again.expect(200))[0], "€120.00");
        // Without a block, columns are shown by kind alone: these whole numbers read as written.
        let plain = f.server.guest().get(&f.url("Sales", "")).await;
        assert_eq!(plain.expect(200).get("display"), None);
    }

    async fn a_data_list_is_answered_in_its_own_order_unless_the_viewer_asks_another(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let axis = json!([{"column": "Owner", "type": "button"}, {"column": "Name"}, {"column": "Amount"}]);
        let by_first_text = f.block(json!({"type": "datalist", "sheet_title": "Sales", "sorting": "Descending", "axis": axis})).await;
        let page = f.server.guest().get(&f.url("Sales", &format!("block={by_first_text}"))).await;
        assert_eq!(names(page.expect(200)), ["Dan, Jr.", "Carol", "Bob", "Alice"]);
        assert_eq!(page.json["sorted_by"], json!({"column": "Name", "direction": "desc"}));
        let by_amount = f.block(json!({"type": "datalist", "sheet_title": "Sales", "sorting": "Ascending", "sort_column": "Amount", "axis": axis})).await;
        let page = f.server.guest().get(&f.url("Sales", &format!("block={by_amount}"))).await;
        assert_eq!(names(page.expect(200)), ["Dan, Jr.", "Bob", "Alice", "Carol"]);
        // The viewer's own sort wins; an unsorted list and a table have no order of their own.
        let asked = f.server.guest().get(&f.url("Sales", &format!("block={by_amount}&sort_column=Name&sort_direction=desc"))).await;
        assert_eq!(names(asked.expect(200)), ["Dan, Jr.", "Carol", "Bob", "Alice"]);
        let unsorted = f.block(json!({"type": "datalist", "sheet_title": "Sales", "sorting": "None", "axis": axis})).await;
        let page = f.server.guest().get(&f.url("Sales", &format!("block={unsorted}"))).await;
        assert_eq!(names(page.expect(200)), ["Alice", "Bob", "Carol", "Dan, Jr."]);
        assert_eq!(page.json.get("sorted_by"), None);
        let table = f.block(json!({"sheet_title": "Sales", "sorting": "Descending", "sort_column": "Amount"})).await;
        assert_eq!(names(f.server.guest().get(&f.url("Sales", &format!("block={table}"))).await.expect(200)), ["Alice", "Bob", "Carol", "Dan, Jr."]);
    }

    async fn a_blocks_conditional_filter_applies_when_the_block_is_named(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let by_user = f.block(json!({"sheet_title": "Sales", "conditional_filter": {"select_column": "Owner", "condition": "Is", "filter_by": "Logged in user"}})).await;
        let ann = f.server.user("Ann", "ann@x.io").await;
        assert_eq!(names(ann.get(&f.url("Sales", &format!("block={by_user}"))).await.expect(200)), ["Alice", "Carol"]);
        assert_eq!(f.server.guest().get(&f.url("Sales", &format!("block={by_user}"))).await.expect(200)["total"], 0);

        let by_record = f.block(json!({"sheet_title": "Sales", "conditional_filter": {"select_column": "Region", "filter_by": "Current record", "match_with_column": "Region"}})).await;
        let all = ann.get(&f.url("Sales", "")).await.expect(200).clone();
        let alice = all["rows"][0][RECORD_ID].as_str().unwrap();
        let related = ann.get(&f.url("Sales", &format!("block={by_record}&current_record={alice}"))).await;
        assert_eq!(names(related.expect(200)), ["Alice", "Carol"]);

        // A block of another board is not this board's.
        let other_workspace = workspace(&f.ada, "other").await;
        let other = board(&f.ada, &other_workspace, "Other").await;
        let foreign = format!("blk-{}", rand::random::<u32>());
        sqlx::query("INSERT INTO blocks (id, board_id, position, block_type, config, created_at, updated_at) VALUES ($1, $2, 0, 'table', '{}', 1, 1)")
            .bind(&foreign).bind(id(&other)).execute(&f.server.db().pool).await.unwrap();
        assert_eq!(ann.get(&f.url("Sales", &format!("block={foreign}"))).await.status, 404);
    }

    async fn a_private_board_answers_only_its_owner_and_admins(backend) {
        let f = Fixture::new(backend, false, json!([])).await;
        let guest = f.server.guest().get(&f.url("Sales", "")).await;
        assert_eq!(guest.status, 403);
        assert!(guest.error().starts_with("Access denied"));
        let stranger = f.server.user("Sam", "sam@example.com").await;
        assert!(stranger.get(&f.url("Sales", "")).await.error().starts_with("Access denied"));
        // Another workspace's owner is a stranger here too.
        let eve = f.server.user("Eve", "eve@example.com").await;
        workspace(&eve, "eves").await;
        assert_eq!(eve.get(&f.url("Sales", "")).await.status, 403);
        assert_eq!(f.ada.get(&f.url("Sales", "")).await.expect(200)["total"], 4);
        assert_eq!(f.server.admin().await.get(&f.url("Sales", "")).await.expect(200)["total"], 4);
        let data = f.server.guest().post("/v3/getSpreadsheetData", json!({"params": {"board": "sales", "referer": ""}})).await;
        assert_eq!(data.status, 403);
    }

    async fn writes_show_on_the_next_read_and_no_cache_rereads_the_rows(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let guest = f.server.guest();
        let before = guest.get(&f.url("Sales", "")).await.expect(200).clone();
        let sheet = f.sheet("Sales").await;
        let values = [("Name".to_owned(), "Eve".to_owned()), ("Region".to_owned(), "West".to_owned())].into_iter().collect();
        rows::append(f.server.db(), &sheet, &values, None).await.unwrap();
        let after = guest.get(&f.url("Sales", "")).await.expect(200).clone();
        assert_eq!(after["total"], 5);
        assert_ne!(after["version"], before["version"]);
        assert_eq!(names(&after)[4], "Eve");

        // A change behind the server's back (no version bump) shows only when the cache is skipped.
        sqlx::query("UPDATE sheet_rows SET cells = $1 WHERE sheet_id = $2 AND record_id = $3")
            .bind(json!(["1", "Alicia", "North", "120", "ann@x.io", after["rows"][0][RECORD_ID]]).to_string())
            .bind(&sheet.id)
            .bind(after["rows"][0][RECORD_ID].as_str().unwrap())
            .execute(&f.server.db().pool)
            .await
            .unwrap();
        assert_eq!(names(guest.get(&f.url("Sales", "")).await.expect(200))[0], "Alice");
        assert_eq!(names(guest.get(&f.url("Sales", "_vercel_no_cache=1")).await.expect(200))[0], "Alicia");
    }

    async fn app_pages_read_the_apps_spreadsheet_with_the_pages_filters(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let the_app = app(&ada, "shop").await;
        let app_id = id(&the_app);
        let spreadsheet_id = spreadsheet(&server, the_app["workspace_id"].as_str().unwrap(), vec![sales(), costs()]).await;
        sqlx::query("UPDATE apps SET spreadsheet_id = $1 WHERE id = $2").bind(&spreadsheet_id).bind(&app_id).execute(&server.db().pool).await.unwrap();
        sqlx::query("UPDATE pages SET settings = $1 WHERE app_id = $2")
            .bind(json!({"filters": [filter("Region", true, "=", "Region", "North")]}).to_string())
            .bind(&app_id)
            .execute(&server.db().pool)
            .await
            .unwrap();
        let page = ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        for tab in ["Sales", "Costs"] {
            ada.post(&format!("/api/apps/{app_id}/pages/{page}/blocks"), json!({"type": "table", "sheet_title": tab})).await.expect(201);
        }
        let url = "/v3/api/page/sheet/Sales?app=shop&board=&referer=x";
        let guest = server.guest().get(url).await;
        assert_eq!(guest.status, 403, "a new app is private");
        assert!(guest.error().starts_with("Access denied"));
        assert_eq!(names(ada.get(url).await.expect(200)), ["Alice", "Carol"]);
        let rita = server.user("Rita", "rita@example.com").await;
        invite(&ada, &app_id, "Rita", "rita@example.com", "read").await;
        let by_host = Client::finish(rita.request(Method::GET, "/v3/api/page/sheet/Sales?board=").header("Host", "shop.localhost")).await;
        assert_eq!(names(by_host.expect(200)), ["Alice", "Carol"]);
        assert_eq!(ada.get("/v3/api/page/sheet/Nope?app=shop&board=").await.status, 404);
        assert_eq!(ada.get("/v3/api/page/sheet/Sales?app=shop&board=no-such-page").await.status, 404);

        let data = ada.post(&format!("/v3/getSpreadsheetData?app_id={app_id}"), json!({"params": {"board": "", "referer": ""}})).await;
        let data = data.expect(200);
        assert_eq!(data["spreadsheetId"], spreadsheet_id.as_str());
        assert_eq!(data["sheets"].as_object().unwrap().keys().collect::<Vec<_>>(), ["Sales", "Costs"]);
        assert_eq!(names(&data["sheets"]["Sales"]), ["Alice", "Carol"]);
        assert_eq!(data["sheets"]["Costs"]["total"], 1);
    }

    async fn spreadsheet_data_answers_every_tab_of_a_board_each_on_its_own(backend) {
        let f = Fixture::new(backend, true, json!([filter("Big", true, ">", "Amount", "100")])).await;
        let guest = f.server.guest();
        let data = guest.post("/v3/getSpreadsheetData?_id=&_email=", json!({"params": {"board": "sales", "referer": "x"}})).await;
        let data = data.expect(200);
        assert_eq!(data["spreadsheetId"], f.spreadsheet_id.as_str());
        assert_eq!(names(&data["sheets"]["Sales"]), ["Alice", "Carol"]);
        assert_eq!(data["sheets"]["Costs"]["rows"].as_array().unwrap().len(), 1);
        // A filter that breaks one tab leaves the others answered.
        sqlx::query("UPDATE sheets SET columns = $1 WHERE spreadsheet_id = $2 AND title = 'Costs'")
            .bind(json!(["Amount", "Cost", RECORD_ID]).to_string())
            .bind(&f.spreadsheet_id)
            .execute(&f.server.db().pool)
            .await
            .unwrap();
        f.set_filters(json!([filter("Big", true, ">", "Amount", "lots")])).await;
        let data = guest.post("/v3/getSpreadsheetData", json!({"params": {"board": "sales"}})).await;
        assert_eq!(data.expect(200)["sheets"]["Sales"], json!({"error": "filter `Big`: > needs a number, got `lots`"}));
        let missing = guest.post("/v3/getSpreadsheetData", json!({"params": {"board": "no-such-board"}})).await;
        assert_eq!(missing.status, 404);
    }

    async fn csv_export_streams_what_the_viewer_sees_when_allowed(backend) {
        let f = Fixture::new(backend, true, json!([filter("Region", true, "starts_with", "Region", "")])).await;
        let export = |query: &str| format!("/api/board/{}/sheet/Sales/export.csv?board=sales&{query}", f.spreadsheet_id);
        let owner = f.ada.get(&export("sort_column=Amount&sort_direction=asc")).await;
        assert_eq!(owner.status, 200, "{}", owner.text);
        assert_eq!(owner.header("content-type"), Some("text/csv; charset=utf-8"));
        assert_eq!(owner.header("content-disposition"), Some("attachment; filename=\"Sales.csv\"; filename*=UTF-8''Sales.csv"));
        let lines: Vec<&str> = owner.text.trim_end().split("\r\n").collect();
        assert_eq!(lines[0], "\u{feff}_id,Name,Region,Amount,Owner,ChartApps Record ID");
        assert_eq!(lines.len(), 5);
        assert!(lines[1].starts_with("4,\"Dan, Jr.\",East,50,dan@x.io,"), "{}", lines[1]);

        let guest = f.server.guest();
        assert_eq!(guest.get(&export("")).await.status, 403);
        let off = f.block(json!({"sheet_title": "Sales"})).await;
        let refused = guest.get(&export(&format!("block={off}"))).await;
        assert_eq!((refused.status, refused.error()), (403, "CSV download is not enabled for this block; its owner can switch it on in the block's settings."));
        let elsewhere = f.block(json!({"sheet_title": "Costs", "csv_download": true})).await;
        assert_eq!(guest.get(&export(&format!("block={elsewhere}"))).await.status, 404, "a block exports only its own tab");
        let on = f.block(json!({"sheet_title": "Sales", "csv_download": true})).await;
        f.set_filters(json!([filter("Region", true, "=", "Region", "North")])).await;
        let allowed = guest.get(&export(&format!("block={on}&rows_per_page=1"))).await;
        assert_eq!(allowed.status, 200, "{}", allowed.text);
        let lines: Vec<&str> = allowed.text.trim_end().split("\r\n").collect();
        assert_eq!(lines.len(), 3, "every page of the filtered rows: {lines:?}");
        assert!(lines[1].starts_with("1,Alice,North") && lines[2].starts_with("3,Carol,North"));
        sqlx::query("UPDATE boards SET public = 0 WHERE id = $1").bind(&f.board_id).execute(&f.server.db().pool).await.unwrap();
        assert_eq!(guest.get(&export(&format!("block={on}"))).await.status, 403);
    }

    async fn csv_export_defuses_cells_a_spreadsheet_program_would_run(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let rows = [["=1+1", "-12.5"], ["+1+cmd|' /C calc'!A0", "@SUM(A1)"], ["-2+3", "\t=1"]];
        let rows = rows.iter().map(|row| row.map(str::to_owned).to_vec()).collect();
        let imported = ImportedSheet { title: "Sales".to_owned(), columns: vec!["Name".to_owned(), "Amount".to_owned()], rows };
        Incoming::Whole(vec![imported]).store(f.server.db(), &f.spreadsheet_id).await.unwrap();
        let export = f.ada.get(&format!("/api/board/{}/sheet/Sales/export.csv?board=sales", f.spreadsheet_id)).await;
        assert_eq!(export.status, 200, "{}", export.text);
        let lines: Vec<&str> = export.text.trim_end().split("\r\n").collect();
        assert_eq!(lines.len(), 4, "{lines:?}");
        // A plain negative number stays a number; everything else that starts as a formula is text.
        for (line, expected) in lines[1..].iter().zip(["'=1+1,-12.5,", "'+1+cmd|' /C calc'!A0,'@SUM(A1),", "'-2+3,'\t=1,"]) {
            assert!(line.starts_with(expected), "{line:?} should start with {expected:?}");
        }
    }

    async fn filtering_results_equal_the_cores_golden_vectors(backend) {
        let f = Fixture::new(backend, true, json!([])).await;
        let cases = golden_cases();
        assert!(cases.len() >= 40, "only {} usable cases", cases.len());
        for (name, tab, columns, rows, spec, expect) in cases {
            let imported = ImportedSheet { title: tab.clone(), columns: columns.clone(), rows };
            Incoming::Whole(vec![imported]).store(f.server.db(), &f.spreadsheet_id).await.unwrap();
            f.set_filters(spec.get("filters").cloned().unwrap_or(json!([]))).await;
            let mut query = String::new();
            for key in ["search", "page", "rows_per_page"] {
                if let Some(value) = spec.get(key) {
                    let text = value.as_str().map(str::to_owned).unwrap_or_else(|| value.to_string());
                    query.push_str(&format!("&{key}={}", urlencode(&text)));
                }
            }
            if let Some(sort) = spec.get("sort") {
                let direction = if sort["direction"] == "Descending" { "desc" } else { "asc" };
                query.push_str(&format!("&sort_column={}&sort_direction={direction}", urlencode(sort["column"].as_str().unwrap())));
            }
            let url = format!("/api/board/{}/sheet/{}?board=sales{query}", f.spreadsheet_id, urlencode(&tab));
            let answer = f.server.guest().get(&url).await;
            let answer = answer.expect(200);
            for key in ["total", "page", "page_count"] {
                assert_eq!(answer[key], expect[key], "{name}: {key}");
            }
            let got: Vec<Vec<Value>> = answer["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| columns.iter().map(|c| row[c.as_str()].clone()).collect())
                .collect();
            let want: Vec<Vec<Value>> = serde_json::from_value(expect["rows"].clone()).unwrap();
            assert_eq!(got, want, "{name}");
        }
    }
}

/// A tab title, its columns and rows, and the query spec.
type Usable = (String, Vec<String>, Vec<Vec<String>>, Value);
/// A case name, what [`Usable`] holds, and the core's expected answer.
type GoldenCase = (String, String, Vec<String>, Vec<Vec<String>>, Value, Value);

/// The `query` cases of the core's vectors that a board can express: stored filters, search,
/// sort and paging on one tab, with no context (the server supplies its own clock and session),
/// an expected answer, and a plain rectangular sheet.
fn golden_cases() -> Vec<GoldenCase> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut cases = Vec::new();
    for file in ["filters.json", "search.json", "sort.json", "paging.json"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let doc: Value = serde_json::from_str(&text).unwrap();
        let default_op = doc["op"].as_str().unwrap_or("");
        for case in doc["cases"].as_array().unwrap() {
            if let Some(usable) = usable(case, default_op) {
                cases.push((
                    format!("{file}: {}", case["name"].as_str().unwrap()),
                    usable.0,
                    usable.1,
                    usable.2,
                    usable.3,
                    case["expect"].clone(),
                ));
            }
        }
    }
    cases
}

fn usable(case: &Value, default_op: &str) -> Option<Usable> {
    let op = case["op"].as_str().unwrap_or(default_op);
    let spec = case["input"].get("spec").cloned().unwrap_or(json!({}));
    let allowed = ["sheet", "filters", "search", "sort", "page", "rows_per_page"];
    if op != "query" || case.get("expect").is_none() || spec.as_object()?.keys().any(|key| !allowed.contains(&key.as_str())) {
        return None;
    }
    if spec.get("sort").is_some_and(|sort| sort["direction"] == "None" || sort.get("direction").is_none()) {
        return None;
    }
    let columns: Vec<String> = serde_json::from_value(case["input"]["sheet"]["columns"].clone()).ok()?;
    let rows: Vec<Vec<String>> = serde_json::from_value(case["input"]["sheet"]["rows"].clone()).ok()?;
    let distinct: std::collections::HashSet<&String> = columns.iter().collect();
    let plain = distinct.len() == columns.len()
        && !columns.iter().any(|c| c == RECORD_ID || c == "chartmat_row_index" || c.trim().is_empty())
        && rows.iter().all(|row| row.len() == columns.len());
    let filter_sheets: std::collections::HashSet<String> = spec["filters"]
        .as_array()
        .map(|filters| filters.iter().filter_map(|f| f["sheet_column"]["sheet"].as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    let tab = match spec["sheet"].as_str() {
        Some(sheet) if !sheet.trim().is_empty() => sheet.to_owned(),
        _ if filter_sheets.len() <= 1 => {
            filter_sheets.into_iter().next().filter(|s| !s.trim().is_empty()).unwrap_or_else(|| "Sales".to_owned())
        }
        _ => return None,
    };
    plain.then_some((tab, columns, rows, spec))
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}
