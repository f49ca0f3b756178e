//! Spreadsheets connected through Google Sheets API v4, against the local stand-in.

use serde_json::{json, Value};
use tessera_core::table::RECORD_ID_COLUMN;
use tessera_server::sheets::rows::{Values, ROW_GONE};
use tessera_server::sheets::store::{self, SheetInfo};
use tessera_server::sources::{self, google, RowWrite, Source};

use crate::both_databases;
use crate::support::google::{formula, strings, GoogleStandIn};
use crate::support::*;

const SHEET_ID: &str = "1StandInSpreadsheet_abcdef";

fn sales() -> Vec<(&'static str, Vec<Vec<String>>)> {
    vec![
        ("Sales", strings(&[&["Name", "Amount"], &["Ada", "10"], &["Bob", "20"]])),
        ("Team's notes", strings(&[&[RECORD_ID_COLUMN, "Note"], &["n1", "hello"], &["", "blank id"]])),
    ]
}

/// A server using `google` with a service account (and the API key when `key`), and its owner
/// with a workspace. The stand-in's spreadsheet `Quarterly` holds the workspace's consent code
/// in its title, as its owner puts it there to connect it through the service account.
async fn setup(backend: Backend, google: &GoogleStandIn, key: bool, service_account: bool, keys: &TempDir) -> (TestServer, Client, String) {
    let server = TestServer::start_with(backend, |config| google.configure(config, key, service_account.then_some(keys))).await;
    let owner = server.user("Olga Owner", "olga@example.com").await;
    let workspace = owner.post("/api/workspaces", json!({"name": "Olga", "subdomain": "olga-space"})).await.expect(201)["id"]
        .as_str()
        .unwrap()
        .to_owned();
    google.set_title(SHEET_ID, &format!("Quarterly ({})", google::consent_code(&workspace)));
    (server, owner, workspace)
}

async fn connect(owner: &Client, workspace: &str) -> Value {
    owner
        .post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "google_sheets", "url": GoogleStandIn::url(SHEET_ID)}))
        .await
        .expect(201)
        .clone()
}

async fn grid(client: &Client, id: &str, title: &str) -> Value {
    client.get(&format!("/api/spreadsheets/{id}/sheets/{}/grid", title.replace(' ', "%20").replace('\'', "%27"))).await.expect(200).clone()
}

async fn write_row(server: &TestServer, source: &Source, sheet: &SheetInfo, change: RowWrite<'_>) -> Result<(), tessera_server::Error> {
    sources::write_through(&server.state, source, sheet, &change).await
}

fn column(rows: &Value, index: usize) -> Vec<String> {
    rows.as_array().unwrap().iter().map(|row| row[index].as_str().unwrap().to_owned()).collect()
}

both_databases! {
    async fn connecting_stores_every_tab_and_writes_the_record_ids_back(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (_server, owner, workspace) = setup(backend, &google, false, true, &keys).await;
        let connected = connect(&owner, &workspace).await;
        assert_eq!(connected["name"], "Quarterly");
        assert_eq!(connected["kind"], "google_sheets");
        assert_eq!(connected["open_url"], GoogleStandIn::url(SHEET_ID));
        assert!(connected["fetched_at"].as_i64().is_some());
        let tabs = connected["sheets"].as_array().unwrap();
        assert_eq!(tabs[0]["title"], "Sales");
        assert_eq!(tabs[0]["columns"], json!(["Name", "Amount", RECORD_ID_COLUMN]));
        assert_eq!(tabs[0]["row_count"], 2);
        assert_eq!(tabs[1]["title"], "Team's notes");
        let id = connected["id"].as_str().unwrap();

        // Google now holds the ids the server stored, under a header next to the last one.
        let stored = grid(&owner, id, "Sales").await;
        let ids = column(&stored["rows"], 2);
        let in_google = google.tab(SHEET_ID, "Sales");
        assert_eq!(in_google[0], ["Name", "Amount", RECORD_ID_COLUMN]);
        assert_eq!([in_google[1][2].clone(), in_google[2][2].clone()], [ids[0].clone(), ids[1].clone()]);
        // A tab with the column keeps Google's ids; a blank one is filled in both places.
        let notes = grid(&owner, id, "Team's notes").await;
        let note_ids = column(&notes["rows"], 0);
        assert_eq!(note_ids[0], "n1");
        assert_eq!(google.tab(SHEET_ID, "Team's notes")[2][0], note_ids[1]);
        assert_eq!(google.token_requests(), 1, "the service account's token was exchanged once");

        // A refresh picks up a change in Google and keeps the ids.
        google.set_cell(SHEET_ID, "Sales", 2, 1, "15");
        let refreshed = owner.post(&format!("/api/spreadsheets/{id}/refresh"), json!({})).await.expect(200).clone();
        assert_eq!(refreshed["sheets"][0]["version"], 2);
        let after = grid(&owner, id, "Sales").await;
        assert_eq!(after["rows"][0][1], "15");
        assert_eq!(column(&after["rows"], 2), ids);
        assert_eq!(google.token_requests(), 1, "the cached token is reused");
        let puts = google.calls().iter().filter(|call| call.starts_with("PUT ")).count();
        assert_eq!(puts, 2, "only the first read wrote ids back: {:?}", google.calls());
    }

    async fn a_long_tab_is_stored_a_batch_at_a_time_with_the_ids_google_was_given(backend) {
        // 2,500 rows (more than two of the store's 1,000-row batches): every seventh cleared, ids
        // on every other row, one of them a repeat.
        let mut long = vec![vec!["Name".to_owned(), RECORD_ID_COLUMN.to_owned(), "Amount".to_owned()]];
        for i in 0..2_500 {
            let id = match i {
                10 => "id-2".to_owned(),
                i if i % 2 == 0 => format!("id-{i}"),
                _ => String::new(),
            };
            long.push(if i % 7 == 3 { Vec::new() } else { vec![format!("Person {i}"), id, i.to_string()] });
        }
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Big", vec![("Long", long.clone()), ("Short", strings(&[&["A"], &["1"]]))]);
        let keys = TempDir::new();
        let (server, owner, workspace) = setup(backend, &google, false, true, &keys).await;
        let connected = connect(&owner, &workspace).await;
        let kept: Vec<&Vec<String>> = long[1..].iter().filter(|row| !row.is_empty()).collect();
        assert_eq!(connected["sheets"][0]["row_count"], kept.len());
        assert_eq!(connected["sheets"][1]["row_count"], 1, "the next tab follows the long one");

        let id = connected["id"].as_str().unwrap();
        let sheet = store::find(&server.state.db, id, "Long").await.unwrap().unwrap();
        let stored = store::rows(&server.state.db, &sheet.id).await.unwrap();
        let in_google = google.tab(SHEET_ID, "Long");
        let blank = |row: &Vec<String>| row.iter().all(String::is_empty);
        let google_rows: Vec<&Vec<String>> = in_google[1..].iter().filter(|row| !blank(row)).collect();
        assert_eq!(stored.len(), kept.len());
        for ((record, cells), (given, now)) in stored.iter().zip(kept.iter().zip(&google_rows)) {
            assert_eq!((&cells[0], &cells[2]), (&given[0], &given[2]), "rows in order, cells as read");
            assert_eq!((record, &cells[1]), (&now[1], &now[1]), "the stored id is the one Google now holds");
            if !given[1].is_empty() && given[0] != "Person 10" {
                assert_eq!(&given[1], record, "an id Google had is kept");
            }
        }
        assert_ne!(stored[9].0, "id-2", "a repeated id is replaced");
        assert!(in_google.iter().skip(1).zip(&long[1..]).all(|(now, given)| blank(now) == given.is_empty()), "cleared rows stay cleared");

        let puts = || google.calls().iter().filter(|call| call.starts_with("PUT ")).count();
        assert_eq!(puts(), 2, "each tab's id column was written back once: {:?}", google.calls());
        owner.post(&format!("/api/spreadsheets/{id}/refresh"), json!({})).await.expect(200);
        let sheet = store::find(&server.state.db, id, "Long").await.unwrap().unwrap();
        assert_eq!(store::rows(&server.state.db, &sheet.id).await.unwrap(), stored, "a refresh keeps every row and id");
        assert_eq!(puts(), 2, "Google holds every id, so a refresh writes nothing back");
    }

    async fn busy_or_failing_google_is_retried_and_a_persistent_failure_keeps_the_old_rows(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (_server, owner, workspace) = setup(backend, &google, false, true, &keys).await;
        google.fail_next(1, 429, None);
        google.fail_next(1, 500, Some(0));
        let id = connect(&owner, &workspace).await["id"].as_str().unwrap().to_owned();
        let described = google.calls().iter().filter(|call| *call == &format!("GET /v4/spreadsheets/{SHEET_ID}")).count();
        assert_eq!(described, 4, "the title's check and the read, each after one failed try");
        assert_eq!(owner.get(&format!("/api/spreadsheets/{id}")).await.expect(200)["sheets"][0]["row_count"], 2);

        google.set_cell(SHEET_ID, "Sales", 2, 0, "Ada Lovelace");
        google.fail_next(10, 500, Some(0));
        let refused = owner.post(&format!("/api/spreadsheets/{id}/refresh"), json!({})).await;
        assert_eq!(refused.status, 503);
        assert!(refused.error().contains("HTTP 500 after 5 tries"), "{}", refused.error());
        assert_eq!(grid(&owner, &id, "Sales").await["rows"][0][0], "Ada");
    }

    async fn text_that_google_would_run_as_a_formula_is_written_as_text(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (server, owner, workspace) = setup(backend, &google, false, true, &keys).await;
        let id = connect(&owner, &workspace).await["id"].as_str().unwrap().to_owned();
        let sheet = store::find(server.db(), &id, "Sales").await.unwrap().unwrap();
        let source = Source { spreadsheet_id: id.clone(), kind: "google_sheets".into(), url: GoogleStandIn::url(SHEET_ID) };
        for (n, typed) in ["=1+1", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"].into_iter().enumerate() {
            let values = Values::from([("Name".to_owned(), typed.to_owned()), ("Amount".to_owned(), "-12.5".to_owned())]);
            let record_id = format!("new-{n}");
            write_row(&server, &source, &sheet, RowWrite::Append { record_id: &record_id, values: &values }).await.unwrap();
            assert_eq!(google.tab(SHEET_ID, "Sales")[3 + n], [typed, "-12.5", record_id.as_str()], "text, not {}", formula(typed));
            let edit = Values::from([("Amount".to_owned(), typed.to_owned())]);
            write_row(&server, &source, &sheet, RowWrite::Update { record_id: &record_id, values: &edit }).await.unwrap();
            assert_eq!(google.tab(SHEET_ID, "Sales")[3 + n][1], typed, "an edit: text, not {}", formula(typed));
        }
    }

    async fn a_sheet_is_connected_through_the_service_account_only_with_the_workspaces_code_in_its_title(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (server, owner, workspace) = setup(backend, &google, false, true, &keys).await;

        // Someone who learnt the sheet's id connects it from a workspace of their own, whether
        // or not its owner connected it first (issue 45, finding 9).
        let mallory = server.user("Mallory", "mallory@example.com").await;
        let theirs = mallory.post("/api/workspaces", json!({"name": "M", "subdomain": "mallory-space"})).await.expect(201)["id"].clone();
        let code = google::consent_code(theirs.as_str().unwrap());
        let body = json!({"workspace_id": theirs, "kind": "google_sheets", "url": GoogleStandIn::url(SHEET_ID)});
        for owner_connected_first in [false, true] {
            if owner_connected_first {
                // Named as its owner named it, without the code.
                assert_eq!(connect(&owner, &workspace).await["name"], "Quarterly");
                connect(&owner, &workspace).await; // Again in the same workspace: nothing more to prove.
            }
            let calls_before = google.calls().len();
            let refused = mallory.post("/api/spreadsheets", body.clone()).await;
            assert_eq!(refused.status, 403, "{}", refused.text);
            assert_eq!(refused.error(), google::consent_needed(&code));
            let calls: Vec<String> = google.calls()[calls_before..].to_vec();
            let title_only = |call: &String| call == "POST /token" || (call.starts_with("GET ") && !call.contains("values"));
            assert!(calls.iter().all(title_only), "only the title was read: {calls:?}");
        }
        let rows: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM spreadsheets WHERE workspace_id = $1")
            .bind(theirs.as_str().unwrap())
            .fetch_one(&server.db().pool)
            .await
            .unwrap();
        assert_eq!(rows.0, 0);
        assert_eq!(code.len(), "tessera-".len() + 10, "the code is short enough to type: {code}");

        // Another workspace's code does not do; the workspace's own code in the title does.
        mallory.post("/api/spreadsheets", body.clone()).await.expect(403);
        google.set_title(SHEET_ID, &format!("Quarterly ({code})"));
        mallory.post("/api/spreadsheets", body).await.expect(201);
    }

    async fn an_api_key_reads_without_writing_back_and_cannot_write(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (server, owner, workspace) = setup(backend, &google, true, false, &keys).await;
        let id = connect(&owner, &workspace).await["id"].as_str().unwrap().to_owned();
        assert_eq!(google.token_requests(), 0);
        assert!(google.calls().iter().all(|call| call.starts_with("GET ")), "{:?}", google.calls());
        assert_eq!(google.tab(SHEET_ID, "Sales")[0], ["Name", "Amount"], "no write with a key");
        let sheet = store::find(server.db(), &id, "Sales").await.unwrap().unwrap();
        let source = Source { spreadsheet_id: id.clone(), kind: "google_sheets".into(), url: GoogleStandIn::url(SHEET_ID) };
        let refused = sources::write_through(&server.state, &source, &sheet, &RowWrite::Delete { record_id: "x" }).await.unwrap_err();
        assert_eq!(refused.status().as_u16(), 503);
        assert_eq!(refused.to_string(), google::READ_ONLY_KEY);
        assert!(google.calls().iter().any(|call| call.contains("values:batchGet")));
    }

    async fn row_writes_reach_the_google_tab_by_record_id(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (server, owner, workspace) = setup(backend, &google, false, true, &keys).await;
        let id = connect(&owner, &workspace).await["id"].as_str().unwrap().to_owned();
        let sheet = store::find(server.db(), &id, "Sales").await.unwrap().unwrap();
        let source = Source { spreadsheet_id: id.clone(), kind: "google_sheets".into(), url: GoogleStandIn::url(SHEET_ID) };
        let ids = column(&grid(&owner, &id, "Sales").await["rows"], 2);
        let values = Values::from([("Name".to_owned(), "Cy".to_owned()), ("Amount".to_owned(), "=1+1".to_owned())]);
        write_row(&server, &source, &sheet, RowWrite::Append { record_id: "new-1", values: &values }).await.unwrap();
        assert_eq!(google.tab(SHEET_ID, "Sales")[3], ["Cy", "=1+1", "new-1"], "the formula text arrives as text");

        let edit = Values::from([("Amount".to_owned(), "99".to_owned())]);
        let (ada, bob) = (ids[0].as_str(), ids[1].as_str());
        write_row(&server, &source, &sheet, RowWrite::Update { record_id: bob, values: &edit }).await.unwrap();
        assert_eq!(google.tab(SHEET_ID, "Sales")[2], ["Bob", "99", bob]);

        write_row(&server, &source, &sheet, RowWrite::Duplicate { record_id: bob, copy_id: "copy-1" }).await.unwrap();
        assert_eq!(google.tab(SHEET_ID, "Sales")[4], ["Bob", "99", "copy-1"]);

        write_row(&server, &source, &sheet, RowWrite::Delete { record_id: ada }).await.unwrap();
        assert!(google.tab(SHEET_ID, "Sales")[1].iter().all(String::is_empty), "the row is cleared, not shifted");
        assert_eq!(google.tab(SHEET_ID, "Sales")[2][0], "Bob");

        let gone = write_row(&server, &source, &sheet, RowWrite::Update { record_id: ada, values: &edit }).await.unwrap_err();
        assert_eq!((gone.status().as_u16(), gone.to_string()), (404, ROW_GONE.to_owned()));
        let unknown = Values::from([("Colour".to_owned(), "red".to_owned())]);
        let renamed = write_row(&server, &source, &sheet, RowWrite::Update { record_id: bob, values: &unknown }).await.unwrap_err();
        assert!(renamed.to_string().contains("`Colour`"), "{renamed}");

        // A refresh after the writes sees them, ids unchanged; the cleared row is skipped.
        let refreshed = owner.post(&format!("/api/spreadsheets/{id}/refresh"), json!({})).await.expect(200).clone();
        assert_eq!(refreshed["sheets"][0]["row_count"], 3);
        assert_eq!(column(&grid(&owner, &id, "Sales").await["rows"], 2), [bob, "new-1", "copy-1"]);
        assert_eq!(google.token_requests(), 1);
    }

    async fn broken_connections_and_bad_addresses_read_clearly(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", sales());
        let keys = TempDir::new();
        let (_server, owner, workspace) = setup(backend, &google, false, true, &keys).await;
        let missing = owner.post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "google_sheets", "url": GoogleStandIn::url("1NotSharedWithUs_xyz")})).await;
        assert_eq!(missing.status, 409);
        assert_eq!(missing.error(), google::CONNECTION_BROKEN);
        for url in ["https://example.com/spreadsheets/d/1StandInSpreadsheet/edit", "docs.google.com/spreadsheets", "https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=csv"] {
            let refused = owner.post("/api/spreadsheets", json!({"workspace_id": workspace, "kind": "google_sheets", "url": url})).await;
            assert_eq!(refused.status, 422, "{url}");
            assert_eq!(refused.json["field"], "url");
        }
        assert!(google.calls().iter().all(|call| !call.contains("2PACX")));

        let unconfigured = TestServer::start(backend).await;
        let other = unconfigured.user("Uma", "uma@example.com").await;
        let space = other.post("/api/workspaces", json!({"name": "Uma", "subdomain": "uma-space"})).await.expect(201)["id"].as_str().unwrap().to_owned();
        let refused = other.post("/api/spreadsheets", json!({"workspace_id": space, "kind": "google_sheets", "url": GoogleStandIn::url(SHEET_ID)})).await;
        assert_eq!(refused.status, 503);
        assert_eq!(refused.error(), google::NOT_CONFIGURED);
    }
}
