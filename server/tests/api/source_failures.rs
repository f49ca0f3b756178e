//! Linked sources that fail after they were connected: a published CSV link or Google Sheets
//! that stops answering, or answers a web page, a binary file, cut-off text or JSON that is not
//! the API's. Viewers keep getting the last good rows; the owner sees the failure on the
//! spreadsheet until a later good answer clears it.

use std::time::Duration;

use serde_json::{json, Value};

use crate::boards::board;
use crate::both_databases;
use crate::support::google::{strings, GoogleStandIn};
use crate::support::*;
use crate::workspaces::workspace;
use tessera_server::sources::{google, published_csv};

const SHEET_ID: &str = "1StandInSpreadsheet_faults";

/// Far above the one second a source is given here: a viewer waiting this long is a hang.
const HANG: Duration = Duration::from_secs(30);

/// Olga's public board `sales` over a linked spreadsheet, on a server that reads the source
/// again on every viewer request (time-to-live 0) and gives a source one second.
struct Fixture {
    _server: TestServer,
    owner: Client,
    guest: Client,
    spreadsheet_id: String,
    sheet: String,
}

impl Fixture {
    async fn new(backend: Backend, links: &GoogleStandIn, kind: &str, url: &str) -> Self {
        let server = TestServer::start_with(backend, |config| {
            links.configure(config, true, None);
            config.csv_link_ttl_secs = 0;
            config.source_timeout_secs = 1;
        })
        .await;
        let owner = server.user("Olga", "olga@example.com").await;
        let workspace_id = workspace(&owner, "olga-space").await;
        let connected =
            owner.post("/api/spreadsheets", json!({"workspace_id": workspace_id, "kind": kind, "url": url, "name": "Sales"})).await;
        let connected = connected.expect(201).clone();
        assert_eq!(connected["refresh_failure"], Value::Null);
        let spreadsheet_id = connected["id"].as_str().unwrap().to_owned();
        let board_id = board(&owner, &workspace_id, "Sales").await["id"].as_str().unwrap().to_owned();
        sqlx::query("UPDATE boards SET spreadsheet_id = $1, public = 1 WHERE id = $2")
            .bind(&spreadsheet_id)
            .bind(&board_id)
            .execute(&server.db().pool)
            .await
            .unwrap();
        let sheet = connected["sheets"][0]["title"].as_str().unwrap().to_owned();
        owner.post(&format!("/api/boards/{board_id}/blocks"), json!({"type": "table", "sheet_title": sheet})).await.expect(201);
        Self { guest: server.guest(), _server: server, owner, spreadsheet_id, sheet }
    }

    /// The Name column of the rows a guest viewing the board gets.
    async fn viewer_names(&self) -> Vec<String> {
        let path = format!("/api/board/{}/sheet/{}?board=sales", self.spreadsheet_id, self.sheet);
        let reply = tokio::time::timeout(HANG, self.guest.get(&path)).await.expect("a viewer is answered while the source fails");
        let rows = reply.expect(200)["rows"].as_array().unwrap();
        rows.iter().map(|row| row["Name"].as_str().unwrap_or_else(|| panic!("a row that is not the source's: {row}")).to_owned()).collect()
    }

    /// The last refresh failure the owner's spreadsheet answer shows (null when none).
    async fn failure(&self) -> Value {
        self.owner.get(&format!("/api/spreadsheets/{}", self.spreadsheet_id)).await.expect(200)["refresh_failure"].clone()
    }

    /// While the source is broken the viewer gets `rows` and the owner sees `message`; once
    /// `repair` has run, the viewer gets the repaired rows and the failure is gone.
    async fn rides_out(&self, what: &str, rows: &[&str], message: &str, repair: impl FnOnce() -> Vec<String>) {
        assert_eq!(self.viewer_names().await, rows, "{what}: the viewer gets the last good rows");
        let failure = self.failure().await;
        assert!(failure["message"].as_str().is_some_and(|text| text.contains(message)), "{what}: the owner sees {failure}");
        assert!(failure["failed_at"].as_i64().is_some_and(|at| at > 1_700_000_000), "{what}: {failure}");
        let repaired = repair();
        assert_eq!(self.viewer_names().await, repaired, "{what}: a good answer is served again");
        assert_eq!(self.failure().await, Value::Null, "{what}: a good answer clears the failure");
    }
}

both_databases! {
    async fn a_csv_link_that_hangs_or_answers_garbage_leaves_the_last_good_rows_and_tells_the_owner(backend) {
        let links = GoogleStandIn::start().await;
        let url = links.set_csv("sales.csv", "text/csv", "Name,Amount\nAda,10\nBob,20\n");
        let f = Fixture::new(backend, &links, "csv_url", &url).await;
        assert_eq!(f.viewer_names().await, ["Ada", "Bob"]);
        assert_eq!(f.failure().await, Value::Null);

        // The owner's own refresh says what is wrong, and the failure stays on the spreadsheet.
        links.set_silent(true);
        let refused = f.owner.post(&format!("/api/spreadsheets/{}/refresh", f.spreadsheet_id), json!({})).await;
        assert_eq!((refused.status, refused.error()), (503, published_csv::too_slow(1).to_string().as_str()));
        f.rides_out("a link that never answers", &["Ada", "Bob"], "did not answer within 1 seconds", || {
            links.set_silent(false);
            links.set_csv("sales.csv", "text/csv", "Name,Amount\nCy,3\n");
            vec!["Cy".to_owned()]
        })
        .await;

        // What the link answers instead of CSV: a type and a body, or (no type) the start of a
        // CSV whose transfer breaks off.
        let broken: [(&str, Option<&str>, &[u8], &str); 5] = [
            ("a sign-in page", Some("text/html; charset=utf-8"), b"<html>Sign in</html>", published_csv::NOT_CSV),
            ("a page sent as CSV", Some("text/csv"), b"\n<!DOCTYPE html>\n<p>Error 502</p>", published_csv::NOT_CSV),
            ("a workbook", Some("application/octet-stream"), b"PK\x03\x04\x14\x00\x00\x00", published_csv::BINARY),
            ("text cut off inside a value", Some("text/csv"), b"Name,Amount\nDi,\"4", published_csv::CUT_OFF),
            ("a transfer cut off", None, b"Name,Amount\nDi,4\nEd,", "broke off before the end"),
        ];
        let mut last = "Cy".to_owned();
        for (round, (what, content_type, answer, message)) in broken.into_iter().enumerate() {
            match content_type {
                Some(content_type) => links.set_csv("sales.csv", content_type, answer),
                None => links.set_csv_cut_off("sales.csv", std::str::from_utf8(answer).unwrap()),
            };
            let next = format!("Fixed {round}");
            f.rides_out(what, &[last.as_str()], message, || {
                links.set_csv("sales.csv", "text/csv", format!("Name,Amount\n{next},1\n"));
                vec![next.clone()]
            })
            .await;
            last = next;
        }
    }

    async fn a_google_spreadsheet_that_hangs_or_answers_garbage_leaves_the_last_good_rows_and_tells_the_owner(backend) {
        let google = GoogleStandIn::start().await;
        google.add(SHEET_ID, "Quarterly", vec![("Sales", strings(&[&["Name", "ChartApps Record ID"], &["Ada", "r1"], &["Bob", "r2"]]))]);
        let f = Fixture::new(backend, &google, "google_sheets", &GoogleStandIn::url(SHEET_ID)).await;
        assert_eq!(f.viewer_names().await, ["Ada", "Bob"]);

        google.set_silent(true);
        f.rides_out("Google never answering", &["Ada", "Bob"], &google::too_slow(1).to_string(), || {
            google.set_silent(false);
            google.set_cell(SHEET_ID, "Sales", 2, 0, "Cy");
            vec!["Cy".to_owned(), "Bob".to_owned()]
        })
        .await;

        let garbage: [(&str, &str, &[u8]); 4] = [
            ("a proxy's page", "text/html", b"<html><body>Proxy error</body></html>"),
            ("JSON cut off", "application/json", b"{\"spreadsheetId\": \"1StandIn"),
            ("JSON without the tabs", "application/json", b"{\"error\": null}"),
            ("a binary answer", "application/octet-stream", b"\x00\x01\x02\xff"),
        ];
        let mut last = "Cy".to_owned();
        for (round, (what, content_type, body)) in garbage.into_iter().enumerate() {
            // The next read's first call gets the garbage; the one after it is answered properly.
            google.garble_next(1, content_type, body);
            let next = format!("Fixed {round}");
            f.rides_out(what, &[last.as_str(), "Bob"], google::GARBLED, || {
                google.set_cell(SHEET_ID, "Sales", 2, 0, &next);
                vec![next.clone(), "Bob".to_owned()]
            })
            .await;
            last = next;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_document_describes_the_refresh_failure_owners_get() {
    let server = TestServer::start(Backend::Sqlite).await;
    let document = server.guest().get("/api/openapi.json").await.expect(200).clone();
    let schemas = &document["components"]["schemas"];
    let field = &schemas["SpreadsheetView"]["properties"]["refresh_failure"];
    assert!(field.to_string().contains("#/components/schemas/RefreshFailure"), "{field}");
    let failure = &schemas["RefreshFailure"];
    assert_eq!(failure["required"], json!(["message", "failed_at"]), "{failure}");
}
