//! Row writes from blocks: append (form submit, table/list add row), edit, delete and duplicate,
//! the audience rules of blocks §3.2 for every kind of caller, server-side validation, rows that
//! are gone, read-only sources and concurrent edits. The helpers at the top are shared with the
//! upload tests.

use serde_json::{json, Value};
use tessera_core::table::RECORD_ID_COLUMN;
use tessera_server::sheets::incoming::Incoming;
use tessera_server::sheets::store::{self, SheetInfo};
use tessera_server::sheets::{rows::ROW_GONE, ImportedSheet};

use crate::apps::{invite, rita};
use crate::boards::board;
use crate::both_databases;
use crate::support::*;
use crate::workspaces::{app_in, workspace};

pub const COLUMNS: [&str; 4] = ["Name", "Email", "Amount", "Size"];

/// A spreadsheet of `workspace_id` whose source is `kind`, with the tab "Orders" holding rows
/// r1 (Ada), r2 (Bob) and r3 (Cy); answers its id and the tab.
pub async fn spreadsheet(server: &TestServer, workspace_id: &str, kind: &str) -> (String, SheetInfo) {
    let id = format!("sheet-{}", rand::random::<u32>());
    sqlx::query(
        "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, source_url, created_at, updated_at) VALUES ($1, $2, 'Orders', $3, $4, 0, 0)",
    )
    .bind(&id)
    .bind(workspace_id)
    .bind(kind)
    .bind(if kind == "upload" { "" } else { "https://docs.example.com/orders" })
    .execute(&server.db().pool)
    .await
    .unwrap();
    let mut columns: Vec<String> = COLUMNS.map(String::from).to_vec();
    columns.push(RECORD_ID_COLUMN.to_owned());
    let rows = [
        ["Ada", "ada@example.com", "10", "S", "r1"],
        ["Bob", "bob@example.com", "20", "M", "r2"],
        ["Cy", "cy@example.com", "30", "L", "r3"],
    ];
    let rows = rows.iter().map(|row| row.map(String::from).to_vec()).collect();
    let sheets = Incoming::Whole(vec![ImportedSheet { title: "Orders".into(), columns, rows }]).store(server.db(), &id).await.unwrap();
    (id, sheets.into_iter().next().unwrap().sheet)
}

/// Ada, her board connected to a spreadsheet of `kind`, and its tab.
pub async fn ada_with_board(server: &TestServer, kind: &str) -> (Client, String, SheetInfo) {
    let ada = server.user("Ada", "ada@example.com").await;
    let workspace_id = workspace(&ada, "acme").await;
    let board_id = board(&ada, &workspace_id, "Orders").await["id"].as_str().unwrap().to_owned();
    let (spreadsheet_id, sheet) = spreadsheet(server, &workspace_id, kind).await;
    ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id})).await.expect(200);
    (ada, board_id, sheet)
}

/// Adds a block reading the "Orders" tab to a board; answers its id.
pub async fn board_block(owner: &Client, board_id: &str, mut config: Value) -> String {
    config["sheet_title"] = json!("Orders");
    owner.post(&format!("/api/boards/{board_id}/blocks"), config).await.expect(201)["id"].as_str().unwrap().to_owned()
}

/// The rows of a tab as (record id, cells), in order.
pub async fn stored(server: &TestServer, sheet: &SheetInfo) -> Vec<(String, Vec<String>)> {
    store::rows(server.db(), &sheet.id).await.unwrap()
}

fn names(rows: &[(String, Vec<String>)]) -> Vec<String> {
    rows.iter().map(|(_, cells)| cells[0].clone()).collect()
}

fn cells_of<'a>(rows: &'a [(String, Vec<String>)], record_id: &str) -> &'a [String] {
    &rows.iter().find(|(id, _)| id == record_id).unwrap_or_else(|| panic!("row {record_id} is stored")).1
}

const ALL_ACTIONS: &str = r#"[{"type": "Edit row"}, {"type": "Delete row"}, {"type": "Duplicate row"}]"#;

fn actions() -> Value {
    serde_json::from_str(ALL_ACTIONS).unwrap()
}

both_databases! {
    async fn every_write_kind_goes_through_a_board_block(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let form = board_block(&ada, &board_id, json!({"type": "form", "submit_success": "Thanks!", "axis": [{"column": "Name"}, {"column": "Email"}, {"column": "Amount"}, {"column": "Size"}]})).await;
        let table = board_block(&ada, &board_id, json!({
            "type": "table", "add_new_row": "Admins", "actions": actions(),
            "axis": [{"column": "Name", "editable": "Admins"}, {"column": "Amount", "type": "number", "editable": "Admins"}, {"column": "Size"}]
        })).await;

        let submitted = ada.post(&format!("/api/blocks/{form}/rows?board=orders&referer=x"), json!({"values": {"Name": "Di", "Amount": 40}})).await;
        let submitted = submitted.expect(201).clone();
        assert_eq!(submitted["message"], "Thanks!");
        let form_row = submitted["record_id"].as_str().unwrap().to_owned();
        let added = ada.post(&format!("/api/blocks/{table}/rows"), json!({"values": {"Name": "Ed", "Size": "M"}})).await;
        assert_eq!(added.expect(201)["message"], "Data added to the spreadsheet");
        let table_row = added.json["record_id"].as_str().unwrap().to_owned();
        let rows = stored(&server, &sheet).await;
        assert_eq!(names(&rows), ["Ada", "Bob", "Cy", "Di", "Ed"]);
        assert_eq!(cells_of(&rows, &form_row), ["Di", "", "40", "", form_row.as_str()], "the stored row carries the answered id");
        assert_eq!(cells_of(&rows, &table_row)[3], "M");

        let edited = ada.put(&format!("/api/blocks/{table}/rows/r2"), json!({"values": {"Name": "Bobby", "Amount": "25"}})).await;
        assert_eq!(edited.expect(200), &json!({"record_id": "r2"}));
        let copy = ada.post(&format!("/api/blocks/{table}/rows/r2/duplicate"), json!({})).await;
        let copy = copy.expect(201)["record_id"].as_str().unwrap().to_owned();
        assert_ne!(copy, "r2");
        let deleted = ada.delete(&format!("/api/blocks/{table}/rows/r1"), None).await;
        assert_eq!(deleted.expect(200), &json!({"deleted": true, "record_id": "r1"}));

        let rows = stored(&server, &sheet).await;
        assert_eq!(names(&rows), ["Bobby", "Bobby", "Cy", "Di", "Ed"], "the copy sits right below its original");
        assert_eq!(rows[1].0, copy);
        assert_eq!(cells_of(&rows, "r2"), ["Bobby", "bob@example.com", "25", "M", "r2"], "unsent columns keep their values");
        assert_eq!(cells_of(&rows, &copy)[..4], ["Bobby", "bob@example.com", "25", "M"]);
        assert!(store::version(server.db(), &sheet.id).await.unwrap().unwrap() > sheet.version, "writes move the data version");
    }

    async fn after_every_write_kind_a_read_from_memory_equals_a_read_of_the_stored_rows(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let table = board_block(&ada, &board_id, json!({
            "type": "table", "add_new_row": "Admins", "actions": actions(), "axis": [{"column": "Name", "editable": "Admins"}]
        })).await;
        let url = format!("/api/board/{}/sheet/Orders?board=orders&referer=x", sheet.spreadsheet_id);
        // The server now holds the parsed tab; each write below changes the table it holds.
        let mut version = ada.get(&url).await.expect(200)["version"].clone();
        let writes = [
            ("POST", format!("/api/blocks/{table}/rows"), json!({"values": {"Name": "Di"}}), vec!["Ada", "Bob", "Cy", "Di"]),
            ("PUT", format!("/api/blocks/{table}/rows/r2"), json!({"values": {"Name": "Bobby"}}), vec!["Ada", "Bobby", "Cy", "Di"]),
            ("POST", format!("/api/blocks/{table}/rows/r2/duplicate"), json!({}), vec!["Ada", "Bobby", "Bobby", "Cy", "Di"]),
            ("DELETE", format!("/api/blocks/{table}/rows/r1"), Value::Null, vec!["Bobby", "Bobby", "Cy", "Di"]),
        ];
        for (method, path, body, expected) in writes {
            let written = match method {
                "POST" => ada.post(&path, body).await,
                "PUT" => ada.put(&path, body).await,
                _ => ada.delete(&path, None).await,
            };
            assert!(written.status < 300, "{method} {path}: {}", written.text);
            let held = ada.get(&url).await.expect(200).clone();
            let fresh = ada.get(&format!("{url}&_vercel_no_cache=1")).await.expect(200).clone();
            assert_eq!(held["rows"], fresh["rows"], "after {method} {path}");
            assert_eq!(held["version"], fresh["version"]);
            assert_ne!(held["version"], version, "every write moves the version");
            let names: Vec<&str> = held["rows"].as_array().unwrap().iter().map(|row| row["Name"].as_str().unwrap()).collect();
            assert_eq!(names, expected);
            version = held["version"].clone();
        }
    }

    async fn each_audience_setting_covers_exactly_its_callers(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let app = app_in(&ada, &workspace_id, "shop").await;
        ada.put(&format!("/api/apps/{app}"), json!({"public": true})).await.expect(200);
        let (spreadsheet_id, sheet) = spreadsheet(&server, &workspace_id, "upload").await;
        sqlx::query("UPDATE apps SET spreadsheet_id = $1 WHERE id = $2").bind(&spreadsheet_id).bind(&app).execute(&server.db().pool).await.unwrap();
        let page = ada.get(&format!("/api/pages/{app}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let reader = rita(&server, &ada, &app, "read").await;
        let writer = server.user("Wes", "wes@example.com").await;
        invite(&ada, &app, "Wes", "wes@example.com", "read-write").await;
        let stranger = server.user("Sam", "sam@example.com").await;
        let guest = server.guest();
        let callers = [("guest", &guest), ("stranger", &stranger), ("read", &reader), ("read-write", &writer), ("owner", &ada)];

        // (setting, expected status for guest, stranger, read, read-write, owner)
        let table = [
            ("Everyone", [201, 201, 403, 201, 201]),
            ("Admins & Guests", [401, 201, 403, 201, 201]),
            ("Admins", [401, 403, 403, 201, 201]),
            ("None", [403, 403, 403, 403, 403]),
        ];
        for (setting, expected) in table {
            let block = ada.post(&format!("/api/apps/{app}/pages/{page}/blocks"), json!({
                "type": "table", "sheet_title": "Orders", "add_new_row": setting, "action_button_visibility": setting, "actions": actions(),
                "axis": [{"column": "Name", "editable": setting}]
            })).await.expect(201)["id"].as_str().unwrap().to_owned();
            for ((who, client), status) in callers.iter().zip(expected) {
                let before = stored(&server, &sheet).await;
                let added = client.post(&format!("/api/blocks/{block}/rows"), json!({"values": {"Name": format!("{who} {setting}")}})).await;
                assert_eq!(added.status, status, "{who} adding with {setting}: {}", added.text);
                let edited = client.put(&format!("/api/blocks/{block}/rows/r3"), json!({"values": {"Name": format!("{who} {setting}")}})).await;
                assert_eq!(edited.status, if status == 201 { 200 } else { status }, "{who} editing with {setting}: {}", edited.text);
                let copied = client.post(&format!("/api/blocks/{block}/rows/r3/duplicate"), json!({})).await;
                assert_eq!(copied.status, status, "{who} duplicating with {setting}: {}", copied.text);
                if status != 201 {
                    assert_eq!(stored(&server, &sheet).await, before, "a refused write changes nothing");
                }
            }
            for ((who, client), status) in callers.iter().zip(expected) {
                let added = client.post(&format!("/api/blocks/{block}/rows"), json!({"values": {"Name": "doomed"}})).await;
                let doomed = match added.status { 201 => added.json["record_id"].as_str().unwrap().to_owned(), _ => "r2".to_owned() };
                let deleted = client.delete(&format!("/api/blocks/{block}/rows/{doomed}"), None).await;
                assert_eq!(deleted.status, if status == 201 { 200 } else { status }, "{who} deleting with {setting}: {}", deleted.text);
            }
        }
        assert!(reader.post("/api/blocks/x/rows", json!({"values": {}})).await.status == 404);

        // A private app lets none but its users and owner write, whatever the block says.
        ada.put(&format!("/api/apps/{app}"), json!({"public": false})).await.expect(200);
        let form = ada.post(&format!("/api/apps/{app}/pages/{page}/blocks"), json!({"type": "form", "sheet_title": "Orders", "axis": [{"column": "Name"}, {"column": "Email"}, {"column": "Amount"}, {"column": "Size"}]})).await;
        let form = form.expect(201)["id"].as_str().unwrap().to_owned();
        for client in [&guest, &stranger] {
            let refused = client.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "x"}})).await;
            assert_eq!(refused.status, 403);
            assert!(refused.error().starts_with("Access denied"), "{}", refused.text);
        }
        assert_eq!(reader.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "x"}})).await.status, 403);
        writer.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "Wes"}})).await.expect(201);
    }

    async fn editing_needs_the_action_and_each_changed_column(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let guest = server.guest();
        let table = board_block(&ada, &board_id, json!({
            "type": "table", "actions": actions(), "axis": [{"column": "Name", "editable": "Everyone"}, {"column": "Email"}]
        })).await;
        guest.put(&format!("/api/blocks/{table}/rows/r1"), json!({"values": {"Name": "Ada L."}})).await.expect(200);
        let email = guest.put(&format!("/api/blocks/{table}/rows/r1"), json!({"values": {"Email": "x@example.com"}})).await;
        assert_eq!(email.status, 403, "a table column is not editable by default: {}", email.text);
        // The whole row sent back is fine as long as only editable cells change.
        let row = json!({"values": {"Name": "Ada Lovelace", "Email": "ada@example.com", "Amount": "10", "Size": "S", RECORD_ID_COLUMN: "r1"}});
        guest.put(&format!("/api/blocks/{table}/rows/r1"), row).await.expect(200);
        assert_eq!(cells_of(&stored(&server, &sheet).await, "r1"), ["Ada Lovelace", "ada@example.com", "10", "S", "r1"]);

        let list = board_block(&ada, &board_id, json!({"type": "list", "actions": [{"type": "Edit row"}]})).await;
        guest.put(&format!("/api/blocks/{list}/rows/r2"), json!({"values": {"Email": "b@example.com"}})).await.expect(200);
        assert_eq!(guest.delete(&format!("/api/blocks/{list}/rows/r2"), None).await.status, 403, "no Delete row action");
        assert_eq!(ada.post(&format!("/api/blocks/{list}/rows/r2/duplicate"), json!({})).await.status, 400, "lists do not duplicate");
        let bare = board_block(&ada, &board_id, json!({"type": "table", "axis": [{"column": "Name", "editable": "Everyone"}]})).await;
        assert_eq!(ada.put(&format!("/api/blocks/{bare}/rows/r2"), json!({"values": {"Name": "x"}})).await.status, 403, "no Edit row action");
        let chart = board_block(&ada, &board_id, json!({"type": "chart", "temp_block": true})).await;
        assert_eq!(ada.post(&format!("/api/blocks/{chart}/rows"), json!({"values": {"Name": "x"}})).await.status, 400);
    }

    async fn invalid_writes_name_the_field_and_change_nothing(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [
            {"column": "Name", "label": "Your name", "required": true, "regex_validation": "[A-Z].*", "validation_message": "Start with a capital."},
            {"column": "Email", "type": "email"}, {"column": "Amount", "type": "number"}, {"column": "Size", "type": "select", "options": "S, M, L"}
        ]})).await;
        let table = board_block(&ada, &board_id, json!({"type": "table", "actions": actions(), "axis": [
            {"column": "Amount", "type": "number", "editable": "Everyone"}, {"column": "Name", "editable": "Everyone"}
        ]})).await;
        let before = stored(&server, &sheet).await;
        let version = store::version(server.db(), &sheet.id).await.unwrap();
        let cases = [
            (json!({"Email": "ada@example.com"}), "Name"),
            (json!({"Name": "ada"}), "Name"),
            (json!({"Name": "Ada", "Email": "not-an-address"}), "Email"),
            (json!({"Name": "Ada", "Amount": "ten"}), "Amount"),
            (json!({"Name": "Ada", "Size": "XXL"}), "Size"),
            (json!({"Name": "Ada", "Colour": "red"}), "Colour"),
            (json!({"Name": "Ada", "Email": {"nested": true}}), "Email"),
        ];
        for (values, field) in cases {
            let refused = ada.post(&format!("/api/blocks/{form}/rows"), json!({ "values": values })).await;
            assert_eq!(refused.status, 422, "{values}: {}", refused.text);
            assert_eq!(refused.json["field"], field, "{values}");
        }
        let capital = ada.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "ada"}})).await;
        assert_eq!(capital.error(), "Start with a capital.");
        let edit = ada.put(&format!("/api/blocks/{table}/rows/r1"), json!({"values": {"Name": "A", "Amount": "lots"}})).await;
        assert_eq!((edit.status, edit.json["field"].as_str()), (422, Some("Amount")), "one bad cell refuses the whole edit");
        let typo = ada.put(&format!("/api/blocks/{table}/rows/r1"), json!({"value": {"Name": "A"}})).await;
        assert_eq!(typo.status, 422, "{}", typo.text);
        assert_eq!(stored(&server, &sheet).await, before);
        assert_eq!(store::version(server.db(), &sheet.id).await.unwrap(), version);
    }

    async fn an_empty_form_answer_or_a_blank_required_field_is_refused_and_stores_nothing(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [
            {"column": "Name", "label": "Your name", "required": true}, {"column": "Email", "type": "email"},
            {"column": "Amount", "type": "file", "label": "Receipt", "required": true}, {"column": "Size", "hide": true, "default": "M"}
        ]})).await;
        let guest = server.guest();
        let sam = server.user("Sam", "sam@example.com").await;
        let before = stored(&server, &sheet).await;
        let version = store::version(server.db(), &sheet.id).await.unwrap();
        let url = format!("/api/blocks/{form}/rows");

        // Nothing filled in: the hidden default and white space fill nothing in, for a guest or a signed-in viewer.
        for (client, values) in [
            (&guest, json!({})),
            (&guest, json!({"Name": " \t", "Email": "", "Amount": null, "Size": "M"})),
            (&guest, json!({"Size": "L"})),
            (&sam, json!({"Name": ""})),
        ] {
            let refused = client.post(&url, json!({ "values": values })).await;
            assert_eq!(refused.status, 400, "{values}: {}", refused.text);
            assert_eq!(refused.error(), "Fill in at least one field before sending.", "{values}");
        }
        // A required field left blank, a file field too, is named.
        for (values, field, message) in [
            (json!({"Email": "g@example.com", "Amount": "/api/uploads/abc"}), "Name", "Your name is required."),
            (json!({"Name": "Gus", "Amount": " "}), "Amount", "Receipt is required."),
        ] {
            let refused = guest.post(&url, json!({ "values": values })).await;
            assert_eq!((refused.status, refused.json["field"].as_str(), refused.error()), (422, Some(field), message), "{values}");
        }
        assert_eq!(stored(&server, &sheet).await, before, "no refused answer is stored");
        assert_eq!(store::version(server.db(), &sheet.id).await.unwrap(), version);

        let filled = guest.post(&url, json!({"values": {"Name": "Gus", "Amount": "/api/uploads/abc", "Size": "M"}})).await;
        let record = filled.expect(201)["record_id"].as_str().unwrap().to_owned();
        assert_eq!(cells_of(&stored(&server, &sheet).await, &record), ["Gus", "", "/api/uploads/abc", "M", record.as_str()]);
    }

    async fn an_app_pages_form_refuses_an_empty_answer_too(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let app = app_in(&ada, &workspace_id, "shop").await;
        ada.put(&format!("/api/apps/{app}"), json!({"public": true})).await.expect(200);
        let (spreadsheet_id, sheet) = spreadsheet(&server, &workspace_id, "upload").await;
        sqlx::query("UPDATE apps SET spreadsheet_id = $1 WHERE id = $2").bind(&spreadsheet_id).bind(&app).execute(&server.db().pool).await.unwrap();
        let page = ada.get(&format!("/api/pages/{app}")).await.expect(200)["home_page_id"].as_str().unwrap().to_owned();
        let form = ada.post(&format!("/api/apps/{app}/pages/{page}/blocks"), json!({
            "type": "form", "sheet_title": "Orders", "axis": [{"column": "Name"}, {"column": "Email", "type": "email"}]
        })).await.expect(201)["id"].as_str().unwrap().to_owned();
        let before = stored(&server, &sheet).await;
        for client in [&server.guest(), &ada] {
            let refused = client.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "  "}})).await;
            assert_eq!((refused.status, refused.error()), (400, "Fill in at least one field before sending."), "{}", refused.text);
        }
        assert_eq!(stored(&server, &sheet).await, before);
        server.guest().post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Email": "g@example.com"}})).await.expect(201);
        assert_eq!(stored(&server, &sheet).await.len(), before.len() + 1);
    }

    async fn a_hidden_user_email_field_is_filled_from_the_session(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [
            {"column": "Name"}, {"column": "Email", "type": "email", "hide": true, "default": "[(user_email)]"}
        ]})).await;
        let forged = json!({"values": {"Name": "Who", "Email": "bob@example.com"}});
        let by_ada = ada.post(&format!("/api/blocks/{form}/rows?_email=bob@example.com"), forged.clone()).await;
        let by_ada = by_ada.expect(201)["record_id"].as_str().unwrap().to_owned();
        let by_guest = server.guest().post(&format!("/api/blocks/{form}/rows"), forged).await;
        let by_guest = by_guest.expect(201)["record_id"].as_str().unwrap().to_owned();
        let rows = stored(&server, &sheet).await;
        assert_eq!(cells_of(&rows, &by_ada)[1], "ada@example.com");
        assert_eq!(cells_of(&rows, &by_guest)[1], "");
    }

    async fn a_hidden_today_field_takes_the_submitters_date_from_tz_offset(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [
            {"column": "Name"}, {"column": "Email", "hide": true, "default": "[(today)]"}
        ]})).await;
        // An offset that puts the submitter 30 minutes past their midnight right now.
        let unix = tessera_server::infra::db::now();
        let minute_of_day = unix.rem_euclid(86_400) / 60;
        let mut offset = (30 - minute_of_day).rem_euclid(1440);
        if offset > 840 {
            offset -= 1440;
        }
        let local_date = tessera_server::infra::text::rfc3339(unix + offset * 60)[..10].to_owned();
        let sent = json!({"values": {"Name": "Night owl", "Email": "1999-01-01"}});
        let late = ada.post(&format!("/api/blocks/{form}/rows?tz_offset={offset}"), sent.clone()).await;
        let late = late.expect(201)["record_id"].as_str().unwrap().to_owned();
        let utc = ada.post(&format!("/api/blocks/{form}/rows"), sent.clone()).await;
        let utc = utc.expect(201)["record_id"].as_str().unwrap().to_owned();
        let rows = stored(&server, &sheet).await;
        assert_eq!(cells_of(&rows, &late)[1], local_date, "offset {offset}: the submitter's date just after their midnight");
        assert_eq!(cells_of(&rows, &utc)[1], tessera_server::infra::text::rfc3339(tessera_server::infra::db::now())[..10], "no offset: UTC");
        let refused = ada.post(&format!("/api/blocks/{form}/rows?tz_offset=900"), sent).await;
        assert_eq!((refused.status, refused.json["field"].as_str()), (422, Some("tz_offset")), "{}", refused.text);
    }

    async fn writes_to_rows_that_are_gone_answer_404(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let table = board_block(&ada, &board_id, json!({"type": "table", "actions": actions(), "axis": [{"column": "Name", "editable": "Admins"}]})).await;
        ada.delete(&format!("/api/blocks/{table}/rows/r1"), None).await.expect(200);
        let again = ada.delete(&format!("/api/blocks/{table}/rows/r1"), None).await;
        assert_eq!((again.status, again.error()), (404, ROW_GONE));
        let edit = ada.put(&format!("/api/blocks/{table}/rows/r1"), json!({"values": {"Name": "x"}})).await;
        assert_eq!((edit.status, edit.error()), (404, ROW_GONE));
        let copy = ada.post(&format!("/api/blocks/{table}/rows/nope/duplicate"), json!({})).await;
        assert_eq!((copy.status, copy.error()), (404, ROW_GONE));
        assert_eq!(names(&stored(&server, &sheet).await), ["Bob", "Cy"]);
        assert_eq!(ada.post("/api/blocks/unknown/rows", json!({"values": {}})).await.status, 404);
    }

    async fn private_boards_and_other_workspaces_are_closed(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [{"column": "Name"}, {"column": "Email"}, {"column": "Amount"}, {"column": "Size"}]})).await;
        let bob = server.user("Bob", "bob@example.com").await;
        workspace(&bob, "bobs").await;
        for client in [&server.guest(), &bob] {
            let refused = client.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "x"}})).await;
            assert_eq!(refused.status, 403);
            assert!(refused.error().starts_with("Access denied"));
        }
        server.admin().await.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "By admin"}})).await.expect(201);
        assert_eq!(names(&stored(&server, &sheet).await), ["Ada", "Bob", "Cy", "By admin"]);
        // A board without a spreadsheet, or a block on a tab that is not there, writes nowhere.
        let orphan = board_block(&ada, &board_id, json!({"type": "form", "axis": [{"column": "Name"}, {"column": "Email"}, {"column": "Amount"}, {"column": "Size"}]})).await;
        ada.put(&format!("/api/blocks/{orphan}"), json!({"type": "form", "sheet_title": "Gone"})).await.expect(200);
        assert_eq!(ada.post(&format!("/api/blocks/{orphan}/rows"), json!({"values": {"Name": "x"}})).await.status, 404);
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": null})).await.expect(200);
        assert_eq!(ada.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "x"}})).await.status, 409);
    }

    async fn read_only_and_unreachable_sources_refuse_before_anything_is_stored(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "csv_url").await;
        let table = board_block(&ada, &board_id, json!({"type": "table", "add_new_row": "Admins", "actions": actions(),
            "axis": [{"column": "Name", "editable": "Admins"}]})).await;
        let before = stored(&server, &sheet).await;
        let writes = [
            ada.post(&format!("/api/blocks/{table}/rows"), json!({"values": {"Name": "x"}})).await,
            ada.put(&format!("/api/blocks/{table}/rows/r1"), json!({"values": {"Name": "x"}})).await,
            ada.delete(&format!("/api/blocks/{table}/rows/r1"), None).await,
            ada.post(&format!("/api/blocks/{table}/rows/r1/duplicate"), json!({})).await,
        ];
        for refused in writes {
            assert_eq!(refused.status, 409, "{}", refused.text);
            assert_eq!(refused.error(), tessera_server::sources::READ_ONLY_LINK);
        }
        assert_eq!(stored(&server, &sheet).await, before);

        // A Google write that fails (here: no Google credentials on this server) stores nothing either.
        sqlx::query("UPDATE spreadsheets SET source_kind = 'google_sheets', source_url = $1 WHERE id = $2")
            .bind("https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789/edit")
            .bind(&sheet.spreadsheet_id).execute(&server.db().pool).await.unwrap();
        let failed = ada.post(&format!("/api/blocks/{table}/rows"), json!({"values": {"Name": "x"}})).await;
        assert_eq!(failed.status, 503, "{}", failed.text);
        assert_eq!(stored(&server, &sheet).await, before);
    }

    async fn two_users_editing_different_rows_at_once_lose_neither_edit(backend) {
        let server = TestServer::start(backend).await;
        let (ada, board_id, sheet) = ada_with_board(&server, "upload").await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let table = board_block(&ada, &board_id, json!({"type": "table", "actions": actions(),
            "axis": [{"column": "Amount", "type": "number", "editable": "Everyone"}]})).await;
        let guest = server.guest();
        let (first_row, second_row) = (format!("/api/blocks/{table}/rows/r1"), format!("/api/blocks/{table}/rows/r2"));
        for round in 0..5 {
            let (first, second) = tokio::join!(
                ada.put(&first_row, json!({"values": {"Amount": format!("{}", 100 + round)}})),
                guest.put(&second_row, json!({"values": {"Amount": format!("{}", 200 + round)}})),
            );
            first.expect(200);
            second.expect(200);
            let rows = stored(&server, &sheet).await;
            assert_eq!(cells_of(&rows, "r1")[2], format!("{}", 100 + round));
            assert_eq!(cells_of(&rows, "r2")[2], format!("{}", 200 + round));
        }
    }
}
