//! The viewer's scope (issue 45, `server/src/access/scope.rs`): a caller reads only the tabs and rows the
//! place's blocks show them, writes only rows and columns a block offers, and 'Logged in user'
//! is an identity the caller cannot forge. Each test is one numbered finding of the issue, made
//! with the request an attacker would send rather than the one the web app sends.

use serde_json::{json, Value};
use tessera_server::sheets::ImportedSheet;

use crate::apps::{id, invite};
use crate::boards::board;
use crate::both_databases;
use crate::sheet_data::spreadsheet;
use crate::support::*;
use crate::templates::tab;
use crate::workspaces::workspace;

const RECORD_ID: &str = "ChartApps Record ID";

/// People: one row per person, with their e-mail, a private note and a record id. Salaries: a
/// tab no block of the board reads.
fn people() -> Vec<ImportedSheet> {
    vec![
        tab(
            "People",
            &["Name", "Email", "Notes", "Status", RECORD_ID],
            &[
                &["Ann", "ann@example.com", "ann's note", "Open", "p1"],
                &["Bob", "bob@example.com", "bob's note", "Open", "p2"],
                &["Cy", "Ann Lee", "named by a name", "Open", "p3"],
            ],
        ),
        tab("Salaries", &["Name", "Salary"], &[&["Ann", "90000"], &["Bob", "85000"]]),
    ]
}

fn logged_in_user() -> Value {
    json!({"select_column": "Email", "condition": "Is", "filter_by": "Logged in user"})
}

/// Ada's public board `people`: one table of People that shows each viewer their own row, and
/// lets everyone edit, delete and duplicate rows through it.
struct Board {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
    table: String,
}

impl Board {
    async fn new(backend: Backend) -> Self {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "People").await);
        let spreadsheet_id = spreadsheet(&server, &workspace_id, people()).await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id, "public": true})).await.expect(200);
        let table = json!({
            "type": "table", "sheet_title": "People", "conditional_filter": logged_in_user(),
            "actions": [{"type": "Edit row"}, {"type": "Delete row"}, {"type": "Duplicate row"}],
            "axis": [{"column": "Name", "editable": "Everyone"}, {"column": "Email"}, {"column": "Notes", "editable": "Everyone"}]
        });
        let table = id(ada.post(&format!("/api/boards/{board_id}/blocks"), table).await.expect(201));
        Self { server, ada, board_id, spreadsheet_id, table }
    }

    fn sheet(&self, tab: &str, query: &str) -> String {
        format!("/api/board/{}/sheet/{tab}?board=people&{query}", self.spreadsheet_id)
    }

    async fn block(&self, config: Value) -> String {
        id(self.ada.post(&format!("/api/boards/{}/blocks", self.board_id), config).await.expect(201))
    }
}

fn names(answer: &Value) -> Vec<&str> {
    answer["rows"].as_array().unwrap().iter().map(|row| row["Name"].as_str().unwrap()).collect()
}

both_databases! {
    // Issue 45, finding 1.
    async fn a_read_that_names_no_block_gets_only_what_the_blocks_show_that_viewer(backend) {
        let b = Board::new(backend).await;
        let guest = b.server.guest();
        let bob = b.server.user("Bob", "bob@example.com").await;
        assert_eq!(names(guest.get(&b.sheet("People", "")).await.expect(200)), Vec::<&str>::new());
        assert_eq!(names(bob.get(&b.sheet("People", "")).await.expect(200)), ["Bob"]);
        assert_eq!(names(bob.get(&b.sheet("People", &format!("block={}", b.table))).await.expect(200)), ["Bob"]);
        let everything = guest.post("/v3/getSpreadsheetData", json!({"params": {"board": "people"}})).await.expect(200).clone();
        assert_eq!(names(&everything["sheets"]["People"]), Vec::<&str>::new());
        let export = guest.get(&b.sheet("People", "").replace("/sheet/People?", "/sheet/People/export.csv?")).await;
        assert_eq!(export.status, 403, "{}", export.text);

        // A second block of the tab that shows every row opens every row to a read without a block;
        // the first block's own read stays narrowed.
        b.block(json!({"type": "table", "sheet_title": "People"})).await;
        assert_eq!(names(guest.get(&b.sheet("People", "")).await.expect(200)), ["Ann", "Bob", "Cy"]);
        assert_eq!(names(bob.get(&b.sheet("People", &format!("block={}", b.table))).await.expect(200)), ["Bob"]);
    }

    // Issue 45, finding 2.
    async fn tabs_no_block_reads_are_neither_served_nor_listed(backend) {
        let b = Board::new(backend).await;
        let guest = b.server.guest();
        let missing = guest.get(&b.sheet("Nowhere", "")).await;
        let salaries = guest.get(&b.sheet("Salaries", "")).await;
        assert_eq!(salaries.status, 404);
        assert_eq!(salaries.error().replace("Salaries", "Nowhere"), missing.error(), "a tab outside the scope answers as a missing one");
        let through_block = guest.get(&b.sheet("Salaries", &format!("block={}", b.table))).await;
        assert_eq!(through_block.status, 404, "a block answers only its own tab: {}", through_block.text);
        let everything = guest.post("/v3/getSpreadsheetData", json!({"params": {"board": "people"}})).await.expect(200).clone();
        assert!(everything["sheets"].get("Salaries").is_none(), "{everything}");
        let state = guest.post("/api/board/update-metadata?board=people", json!(null)).await.expect(200).clone();
        assert_eq!(state["sheets"], json!(["People"]));

        // The owner builds the board: she reads and lists every tab.
        assert_eq!(names(b.ada.get(&b.sheet("Salaries", "")).await.expect(200)), ["Ann", "Bob"]);
        let state = b.ada.post("/api/board/update-metadata?board=people", json!(null)).await.expect(200).clone();
        assert_eq!(state["sheets"], json!(["People", "Salaries"]));
    }

    // Issue 45, finding 2, for an app's Read user.
    async fn an_app_user_reads_only_the_tabs_the_pages_blocks_read(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app = crate::apps::app(&ada, "crm").await;
        let app_id = id(&app);
        let workspace_id = app["workspace_id"].as_str().unwrap().to_owned();
        let spreadsheet_id = spreadsheet(&server, &workspace_id, people()).await;
        ada.put(&format!("/api/apps/{app_id}"), json!({"spreadsheetId": spreadsheet_id})).await.expect(200);
        let page_id = ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        ada.post(&format!("/api/apps/{app_id}/pages/{page_id}/blocks"), json!({"type": "table", "sheet_title": "People"})).await.expect(201);
        let rita = server.user("Rita", "rita@example.com").await;
        invite(&ada, &app_id, "Rita", "rita@example.com", "read").await;

        let read = |tab: &str| format!("/v3/api/page/sheet/{tab}?app_id={app_id}&board=");
        assert_eq!(names(rita.get(&read("People")).await.expect(200)), ["Ann", "Bob", "Cy"]);
        rita.get(&read("Salaries")).await.expect(404);
        let state = rita.post(&format!("/api/page/update-metadata?board=&app_id={app_id}"), json!({})).await.expect(200).clone();
        assert_eq!(state["sheets"], json!(["People"]));
        assert_eq!(names(ada.get(&read("Salaries")).await.expect(200)), ["Ann", "Bob"]);
    }

    // Issue 45, finding 3.
    async fn edits_deletes_and_duplicates_reach_only_rows_the_block_shows(backend) {
        let b = Board::new(backend).await;
        let bob = b.server.user("Bob", "bob@example.com").await;
        let row = |record: &str| format!("/api/blocks/{}/rows/{record}?board=people", b.table);
        for reply in [
            bob.put(&row("p1"), json!({"values": {"Notes": "mine now"}})).await,
            bob.delete(&row("p1"), None).await,
            bob.post(&format!("/api/blocks/{}/rows/p1/duplicate?board=people", b.table), json!({})).await,
        ] {
            assert_eq!(reply.status, 404, "{}", reply.text);
        }
        bob.put(&row("p2"), json!({"values": {"Notes": "my own note"}})).await.expect(200);
        let rows = b.ada.get(&b.sheet("People", "")).await.expect(200).clone();
        let notes: Vec<&str> = rows["rows"].as_array().unwrap().iter().map(|row| row["Notes"].as_str().unwrap()).collect();
        assert_eq!(notes, ["ann's note", "my own note", "named by a name"], "Ann's row is untouched");
    }

    // Issue 45, finding 5.
    async fn an_embed_tokens_locked_filters_keep_the_tabs_they_do_not_cover_closed(backend) {
        let b = Board::new(backend).await;
        sqlx::query("UPDATE users SET plan_id = 'paid' WHERE id = $1").bind(&b.ada.user().id).execute(&b.server.db().pool).await.unwrap();
        let who = json!({"name": "Who", "active": false, "condition": "=", "sheet_column": {"sheet": "People", "column": "Email"}, "value": ""});
        b.ada.put(&format!("/api/boards/{}", b.board_id), json!({"public": false, "filters": [who]})).await.expect(200);
        b.block(json!({"type": "table", "sheet_title": "People"})).await;
        b.block(json!({"type": "table", "sheet_title": "Salaries"})).await;
        let minted = b.ada.post(&format!("/api/boards/{}/embed-token", b.board_id), json!({"filters": {"Who": "bob@example.com"}, "expires_in_minutes": 60})).await;
        let token = minted.expect(200)["token"].as_str().unwrap().to_owned();
        let guest = b.server.guest();
        let through = |tab: &str| b.sheet(tab, &format!("embed_token={token}"));
        assert_eq!(names(guest.get(&through("People")).await.expect(200)), ["Bob"]);
        assert_eq!(guest.get(&through("Salaries")).await.status, 404, "a locked filter cannot protect a tab it does not name");
        let everything = guest.post(&format!("/v3/getSpreadsheetData?embed_token={token}"), json!({"params": {"board": "people"}})).await.expect(200).clone();
        assert_eq!(everything["sheets"].as_object().unwrap().keys().collect::<Vec<_>>(), ["People"]);
        // The owner, outside a token, still reads both.
        assert_eq!(names(b.ada.get(&b.sheet("Salaries", "")).await.expect(200)), ["Ann", "Bob"]);
    }

    // Issue 45, finding 6.
    async fn logged_in_user_is_the_verified_e_mail_and_the_name_the_apps_owner_recorded(backend) {
        let b = Board::new(backend).await;
        // Mallory names herself after Cy's row and after Ann's address: neither shows her anything.
        let mallory = b.server.user("Mallory", "mallory@example.com").await;
        mallory.put("/api/account", json!({"name": "Ann Lee"})).await;
        mallory.put("/api/account", json!({"name": "ann@example.com"})).await;
        let table = format!("block={}", b.table);
        assert_eq!(names(mallory.get(&b.sheet("People", &table)).await.expect(200)), Vec::<&str>::new());
        // An account whose address is not verified is nobody's.
        let user = tessera_server::accounts::create_user(b.server.db(), "Ann?", "ann@example.com", PASSWORD, false).await;
        if let Ok(user) = user {
            let unverified = b.server.session_for(user).await;
            assert_eq!(names(unverified.get(&b.sheet("People", &table)).await.expect(200)), Vec::<&str>::new());
        }

        // On an app page, the name Ada recorded for an app user counts.
        let app = crate::apps::public_app(&b.ada, "crm").await;
        let app_id = id(&app);
        let spreadsheet_id = spreadsheet(&b.server, app["workspace_id"].as_str().unwrap(), people()).await;
        b.ada.put(&format!("/api/apps/{app_id}"), json!({"spreadsheetId": spreadsheet_id})).await.expect(200);
        let page_id = b.ada.get(&format!("/api/pages/{app_id}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let mine = json!({"type": "table", "sheet_title": "People", "conditional_filter": logged_in_user()});
        let mine = id(b.ada.post(&format!("/api/apps/{app_id}/pages/{page_id}/blocks"), mine).await.expect(201));
        let read = format!("/v3/api/page/sheet/People?app_id={app_id}&board=&block={mine}");
        assert_eq!(names(mallory.get(&read).await.expect(200)), Vec::<&str>::new());
        invite(&b.ada, &app_id, "Ann Lee", "mallory@example.com", "read").await;
        assert_eq!(names(mallory.get(&read).await.expect(200)), ["Cy"]);
    }

    // Issue 45, finding 7.
    async fn a_form_stores_only_its_fields_and_a_table_changes_only_columns_it_shows(backend) {
        let b = Board::new(backend).await;
        let form = b.block(json!({"type": "form", "sheet_title": "People", "axis": [{"column": "Name"}, {"column": "Notes"}]})).await;
        let guest = b.server.guest();
        let forged = guest.post(&format!("/api/blocks/{form}/rows?board=people"), json!({"values": {"Name": "Eve", "Status": "Approved"}})).await;
        assert_eq!(forged.status, 422, "{}", forged.text);
        assert_eq!(forged.json["field"], "Status");
        assert_eq!(forged.error(), "This form has no field `Status`.");
        guest.post(&format!("/api/blocks/{form}/rows?board=people"), json!({"values": {"Name": "Eve", "Notes": "hi"}})).await.expect(201);

        // Bob's own row, through a list that lets everyone edit the fields it shows: Status is not
        // one of them, so it is not his to set.
        let list = b.block(json!({
            "type": "list", "sheet_title": "People", "conditional_filter": logged_in_user(), "actions": [{"type": "Edit row"}],
            "axis": [{"column": "Name"}, {"column": "Notes"}]
        })).await;
        let bob = b.server.user("Bob", "bob@example.com").await;
        let row = format!("/api/blocks/{list}/rows/p2?board=people");
        let forged = bob.put(&row, json!({"values": {"Notes": "x", "Status": "Approved"}})).await;
        assert_eq!(forged.status, 422, "{}", forged.text);
        assert_eq!(forged.json["field"], "Status");
        // Sending the row back unchanged (as a form of the whole row does) is no change.
        bob.put(&row, json!({"values": {"Notes": "x", "Status": "Open"}})).await.expect(200);
        let rows = b.ada.get(&b.sheet("People", "")).await.expect(200).clone();
        let statuses: Vec<&str> = rows["rows"].as_array().unwrap().iter().map(|row| row["Status"].as_str().unwrap()).collect();
        assert_eq!(statuses, ["Open", "Open", "Open", ""]);
    }

    // Issue 45, finding 9 (first half).
    async fn viewers_of_a_public_app_get_neither_its_source_address_nor_its_editors_settings(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let app = crate::apps::public_app(&ada, "shop").await;
        let app_id = id(&app);
        let settings = json!({"sign_in_method": "password", "page_background": "#fafafa", "filters": [{"name": "Draft"}]});
        ada.put(&format!("/api/apps/{app_id}"), json!({"spreadsheet_url": "https://docs.example.com/secret-sheet", "settings": settings})).await.expect(200);
        for reply in [server.guest().get(&format!("/api/apps/{app_id}")).await, server.guest().post("/api/app/app-info", json!({"appName": "shop"})).await] {
            let app = &reply.expect(200)["app"];
            assert_eq!(app["spreadsheet_url"], "", "{app}");
            assert_eq!(app["settings"], json!({"sign_in_method": "password", "page_background": "#fafafa"}));
        }
        let own = ada.get(&format!("/api/apps/{app_id}")).await.expect(200)["app"].clone();
        assert_eq!(own["spreadsheet_url"], "https://docs.example.com/secret-sheet");
        assert_eq!(own["settings"]["filters"], json!([{"name": "Draft"}]));
    }

    // Issue 45, "which columns": a column no block shows is not answered, searched or sorted by.
    async fn a_viewer_reads_only_the_columns_the_blocks_show(backend) {
        let b = Board::new(backend).await;
        let bob = b.server.user("Bob", "bob@example.com").await;
        let through_table = |query: &str| b.sheet("People", &format!("block={}&{query}", b.table));
        let answer = bob.get(&through_table("")).await.expect(200).clone();
        assert_eq!(answer["columns"], json!(["Name", "Email", "Notes", RECORD_ID]), "the table does not show Status");
        assert!(answer["rows"][0].get("Status").is_none(), "{answer}");
        // Status holds `Open` on every row: a search or a sort would read it back.
        assert_eq!(bob.get(&through_table("search=Open")).await.expect(200)["total"], 0);
        assert_eq!(bob.get(&through_table("search=bob's")).await.expect(200)["total"], 1);
        let sorted = bob.get(&through_table("sort_column=Status")).await;
        let missing = bob.get(&through_table("sort_column=Nowhere")).await;
        assert_eq!((sorted.status, sorted.error().replace("Status", "Nowhere")), (422, missing.error().to_owned()));
        // The owner builds the board: every column is hers.
        let owner = b.ada.get(&through_table("")).await.expect(200).clone();
        assert_eq!(owner["columns"], json!(["Name", "Email", "Notes", "Status", RECORD_ID]));

        // A form shows no rows: its own tab is not read through it, nor without a block when
        // only forms read it.
        let form = b.block(json!({"type": "form", "sheet_title": "Salaries", "axis": [{"column": "Name"}, {"column": "Salary"}]})).await;
        let guest = b.server.guest();
        for query in [String::new(), format!("block={form}")] {
            let reply = guest.get(&b.sheet("Salaries", &query)).await;
            assert_eq!(reply.status, 404, "{query}: {}", reply.text);
        }
        // A select's options are read through the block on their tab: only the option column,
        // of every row (the block's conditional filter is about its own tab).
        let options = b.block(json!({"type": "form", "sheet_title": "Salaries", "axis": [{"column": "Name", "type": "select",
            "from_google_sheet": true, "source": {"sheet": "People", "column": "Status"}}]})).await;
        let choices = guest.get(&b.sheet("People", &format!("block={options}&rows_per_page=0"))).await.expect(200).clone();
        assert_eq!(choices["columns"], json!(["Status", RECORD_ID]));
        assert_eq!(choices["total"], 3);
        // Without a block, rows any block shows come only with columns every block shows: the
        // table's rows never come with the form's column, nor the form's with the table's.
        let unnamed = bob.get(&b.sheet("People", "")).await;
        assert_eq!(unnamed.status, 404, "{}", unnamed.text);
    }
}
