//! A whole tab in the core's binary columnar form (issue 31): the bytes decode to exactly the rows
//! the grid call pages through, with the data version beside them, and only the callers the grid
//! call lets in may read them.

use reqwest::Method;
use serde_json::Value;
use tessera_core::columnar;
use tessera_server::accounts::roles as access;

use crate::both_databases;
use crate::spreadsheet_files::{reupload, upload};
use crate::support::*;
use crate::workspaces::workspace;

/// The tab's bytes and data version as `client` gets them.
async fn columns(client: &Client, id: &str, tab: &str) -> (Vec<u8>, i64) {
    let response = client.request(Method::GET, &format!("/api/spreadsheets/{id}/sheets/{tab}/columns")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], columnar::MEDIA_TYPE);
    let version = response.headers()["x-data-version"].to_str().unwrap().parse().unwrap();
    (response.bytes().await.unwrap().to_vec(), version)
}

/// Every row of the tab through the grid call, page after page: `(columns, rows, version)`.
async fn grid(client: &Client, id: &str, tab: &str) -> (Vec<String>, Vec<Vec<String>>, i64) {
    let mut rows = Vec::new();
    loop {
        let page =
            client.get(&format!("/api/spreadsheets/{id}/sheets/{tab}/grid?offset={}&limit=500", rows.len())).await.expect(200).clone();
        let strings =
            |value: &Value| -> Vec<String> { value.as_array().unwrap().iter().map(|cell| cell.as_str().unwrap().to_owned()).collect() };
        rows.extend(page["rows"].as_array().unwrap().iter().map(strings));
        if rows.len() as i64 >= page["total"].as_i64().unwrap() {
            return (strings(&page["columns"]), rows, page["version"].as_i64().unwrap());
        }
    }
}

/// The decoded bytes as the grid answers a tab: every column name, and each row's cells.
fn table_of(bytes: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let table = columnar::decode(bytes).expect("the answer is a columnar table");
    let width = table.column_names().len();
    let rows = (0..table.row_count()).map(|row| (0..width).map(|column| table.cell(row, column).to_owned()).collect()).collect();
    (table.column_names().to_vec(), rows)
}

fn spreadsheet_id(reply: &Reply) -> String {
    reply.expect(201)["spreadsheet"]["id"].as_str().unwrap().to_owned()
}

both_databases! {
    async fn a_tabs_columns_decode_to_the_grid_calls_rows_and_version(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        // Enough rows that the body goes out in several chunks, and cells the grid pads (a short
        // row), quotes (a comma, a line break) and keeps as written (accents, an emoji).
        let mut csv = String::from("Name,Note,City\n\"Zoë, the first\",\"two\nlines\",Kraków 🚲\nShort\n");
        for n in 0..20_000 {
            csv.push_str(&format!("person {n:05},a note that repeats a little {},Town {}\n", n % 7, n % 300));
        }
        let id = spreadsheet_id(&upload(&ada, &workspace_id, "people.csv", csv.as_bytes()).await);

        let (bytes, version) = columns(&ada, &id, "people").await;
        let (names, rows, grid_version) = grid(&ada, &id, "people").await;
        assert_eq!(version, grid_version);
        let (decoded_names, decoded_rows) = table_of(&bytes);
        assert_eq!(decoded_names, names);
        assert_eq!(decoded_rows.len(), 20_002);
        assert_eq!(decoded_rows[0][..3], ["Zoë, the first", "two\nlines", "Kraków 🚲"]);
        assert_eq!(decoded_rows[1][..3], ["Short", "", ""]);
        assert_eq!(decoded_rows, rows);

        // Browsers ask for it compressed: the stream must end as a whole body, not a cut one
        // (the compression layer polls a body again after its end).
        let compressed = ada
            .request(Method::GET, &format!("/api/spreadsheets/{id}/sheets/people/columns"))
            .header("accept-encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(compressed.headers()["content-encoding"], "gzip");
        let gzipped = compressed.bytes().await.expect("the whole compressed body arrives");
        let mut unzipped = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gzipped[..]), &mut unzipped).unwrap();
        assert_eq!(unzipped, bytes);

        // New rows are a new version, answered as such: the preview's kept copy is then stale.
        reupload(&ada, &id, "people.csv", b"Name,Note,City\nBob,,Oslo\n").await.expect(200);
        let (bytes, newer) = columns(&ada, &id, "people").await;
        let (names, rows, grid_version) = grid(&ada, &id, "people").await;
        assert_eq!(newer, grid_version);
        assert!(newer > version, "{newer} after {version}");
        assert_eq!(table_of(&bytes), (names, rows));
    }

    async fn only_those_the_grid_call_lets_in_read_a_tabs_columns(backend) {
        let server = TestServer::start(backend).await;
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let id = spreadsheet_id(&upload(&ada, &workspace_id, "people.csv", b"Name\nAda\n").await);
        let path = |tab: &str| format!("/api/spreadsheets/{id}/sheets/{tab}/columns");
        let grid_path = |tab: &str| format!("/api/spreadsheets/{id}/sheets/{tab}/grid");

        let admin = server.admin().await;
        assert_eq!(columns(&admin, &id, "people").await, columns(&ada, &id, "people").await);

        let eve = server.user("Eve", "eve@example.com").await;
        workspace(&eve, "evecorp").await;
        let (refused, grid_refused) = (eve.get(&path("people")).await, eve.get(&grid_path("people")).await);
        assert_eq!((refused.status, refused.error()), (403, access::ONLY_THE_OWNER));
        assert_eq!((grid_refused.status, grid_refused.error()), (403, access::ONLY_THE_OWNER));
        assert_eq!(server.guest().get(&path("people")).await.status, 401);
        assert!(!server.guest().get(&path("people")).await.text.contains("Ada"));

        let missing = ada.get(&path("Nope")).await;
        assert_eq!((missing.status, missing.error()), (404, "This spreadsheet has no tab named `Nope`."));
        assert_eq!(ada.get("/api/spreadsheets/no-such-spreadsheet/sheets/people/columns").await.status, 404);
    }
}
