//! Spreadsheet files: uploads of every file kind become stored tabs, re-uploads replace them only
//! when the new file reads, tabs download as Parquet, and only the workspace's owner (or an
//! admin) may do any of it.

use std::io::{Cursor, Write};

use reqwest::Method;
use serde_json::{json, Value};
use tessera_core::table::RECORD_ID_COLUMN;
use tessera_server::sheets::store;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;
use tessera_server::accounts::roles as access;

/// One part of a multipart form: a text field, or a file with its name.
enum Part<'a> {
    Text(&'a str, &'a str),
    File(&'a str, &'a [u8]),
}

const BOUNDARY: &str = "tessera-test-boundary-7d1c";

fn form(parts: &[Part]) -> Vec<u8> {
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match part {
            Part::Text(name, value) => {
                body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
            }
            Part::File(file_name, bytes) => {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                        .as_bytes(),
                );
                body.extend_from_slice(bytes);
                body.extend_from_slice(b"\r\n");
            }
        }
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

fn form_request(client: &Client, method: Method, path: &str, parts: &[Part<'_>]) -> reqwest::RequestBuilder {
    client.request(method, path).header("content-type", format!("multipart/form-data; boundary={BOUNDARY}")).body(form(parts))
}

async fn send_form(client: &Client, method: Method, path: &str, parts: &[Part<'_>]) -> Reply {
    Client::finish(form_request(client, method, path, parts)).await
}

pub async fn upload(client: &Client, workspace_id: &str, file_name: &str, bytes: &[u8]) -> Reply {
    send_form(client, Method::POST, "/api/spreadsheets/upload", &[Part::Text("workspace_id", workspace_id), Part::File(file_name, bytes)])
        .await
}

pub async fn reupload(client: &Client, spreadsheet_id: &str, file_name: &str, bytes: &[u8]) -> Reply {
    send_form(client, Method::PUT, &format!("/api/spreadsheets/{spreadsheet_id}/upload"), &[Part::File(file_name, bytes)]).await
}

async fn spreadsheet_count(server: &TestServer) -> i64 {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM spreadsheets").fetch_one(&server.db().pool).await.unwrap();
    count
}

/// A tab as stored: title, columns without the record id, and rows without it.
type Tab = (String, Vec<String>, Vec<Vec<String>>);

fn tab(title: &str, columns: &[&str], rows: &[&[&str]]) -> Tab {
    (title.to_owned(), strings(columns), table(rows))
}

/// The stored tabs of a spreadsheet.
async fn stored(server: &TestServer, spreadsheet_id: &str) -> Vec<Tab> {
    let mut tabs = Vec::new();
    for sheet in store::list(server.db(), spreadsheet_id).await.unwrap() {
        let id_at = sheet.columns.iter().position(|name| name == RECORD_ID_COLUMN).expect("a record id column");
        let rows = store::rows(server.db(), &sheet.id)
            .await
            .unwrap()
            .into_iter()
            .map(|(record_id, mut cells)| {
                assert_eq!(cells.remove(id_at), record_id);
                cells
            })
            .collect();
        let mut columns = sheet.columns.clone();
        columns.remove(id_at);
        tabs.push((sheet.title, columns, rows));
    }
    tabs
}

fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|cell| cell.to_string()).collect()
}

fn table(rows: &[&[&str]]) -> Vec<Vec<String>> {
    rows.iter().map(|row| strings(row)).collect()
}

fn xlsx() -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sales = workbook.add_worksheet().set_name("Sales").unwrap();
    sales.write_string(0, 0, "Name").unwrap();
    sales.write_string(0, 1, "Amount").unwrap();
    sales.write_string(1, 0, "Ada").unwrap();
    sales.write_number(1, 1, 10.0).unwrap();
    sales.write_string(2, 0, "Bob").unwrap();
    sales.write_number(2, 1, 2.5).unwrap();
    let notes = workbook.add_worksheet().set_name("Notes").unwrap();
    notes.write_string(0, 0, "Note").unwrap();
    notes.write_boolean(1, 0, true).unwrap();
    workbook.save_to_buffer().unwrap()
}

/// A workbook of two tabs, `rows[0]` and `rows[1]` rows long below their headers.
fn long_xlsx(rows: [u32; 2]) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let first = workbook.add_worksheet().set_name("First").unwrap();
    first.write_string(0, 0, "Name").unwrap().write_string(0, 1, "Amount").unwrap();
    for row in 1..=rows[0] {
        first.write_string(row, 0, format!("Person {row}")).unwrap().write_number(row, 1, f64::from(row)).unwrap();
    }
    let second = workbook.add_worksheet().set_name("Second").unwrap();
    second.write_string(0, 0, "City").unwrap();
    for row in 1..=rows[1] {
        second.write_string(row, 0, format!("City {row}")).unwrap();
    }
    workbook.save_to_buffer().unwrap()
}

/// `xlsx` with rows 2 and 3 of the sheet part `part` swapped, as no spreadsheet program writes them.
fn rows_swapped(xlsx: &[u8], part: &str) -> Vec<u8> {
    use std::io::Read;
    let mut archive = zip::ZipArchive::new(Cursor::new(xlsx)).unwrap();
    let mut entries = Vec::new();
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).unwrap();
        let mut content = Vec::new();
        entry.read_to_end(&mut content).unwrap();
        if entry.name() == part {
            let xml = String::from_utf8(content).unwrap();
            let (second, third) = (xml.find("<row r=\"2\"").unwrap(), xml.find("<row r=\"3\"").unwrap());
            let fourth = xml.find("<row r=\"4\"").unwrap();
            content = format!("{}{}{}{}", &xml[..second], &xml[third..fourth], &xml[second..third], &xml[fourth..]).into_bytes();
        }
        entries.push((entry.name().to_owned(), content));
    }
    let entries: Vec<_> = entries.iter().map(|(name, content)| (name.as_str(), &content[..], CompressionMethod::Deflated)).collect();
    zip_of(&entries)
}

fn zip_of(entries: &[(&str, &[u8], CompressionMethod)]) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, content, method) in entries {
        writer.start_file(*name, SimpleFileOptions::default().compression_method(*method)).unwrap();
        writer.write_all(content).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn ods() -> Vec<u8> {
    let content = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">
<office:body><office:spreadsheet><table:table table:name="People">
<table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Age</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell office:value-type="string"><text:p>Ada</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="36"><text:p>36</text:p></table:table-cell></table:table-row>
</table:table></office:spreadsheet></office:body></office:document-content>"#;
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    zip_of(&[
        ("mimetype", b"application/vnd.oasis.opendocument.spreadsheet", CompressionMethod::Stored),
        ("META-INF/manifest.xml", manifest.as_bytes(), CompressionMethod::Deflated),
        ("content.xml", content.as_bytes(), CompressionMethod::Deflated),
    ])
}

/// Ada with a workspace.
async fn ada_with_workspace(server: &TestServer) -> (Client, String) {
    let ada = server.user("Ada", "ada@example.com").await;
    let workspace_id = workspace(&ada, "acme").await;
    (ada, workspace_id)
}

fn id_of(reply: &Value) -> String {
    reply["spreadsheet"]["id"].as_str().unwrap().to_owned()
}

both_databases! {
    async fn every_file_kind_is_stored_as_its_tabs(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let parquet = tessera_files::export_parquet(&strings(&["City", "Zip"]), &[strings(&["Oslo", "0150"])]).unwrap();
        let people: &[&[&str]] = &[&["Ada", "10"], &["Bob", "7"]];
        let cases: Vec<(&str, Vec<u8>, Vec<Tab>)> = vec![
            ("people.csv", b"\xEF\xBB\xBFName;Amount\r\nAda;10\r\nBob;7\r\n".to_vec(), vec![tab("people", &["Name", "Amount"], people)]),
            ("people.tsv", b"Name\tAmount\nAda\t10\nBob\t7\n".to_vec(), vec![tab("people", &["Name", "Amount"], people)]),
            ("zips.parquet", parquet, vec![tab("zips", &["City", "Zip"], &[&["Oslo", "0150"]])]),
            ("book.xlsx", xlsx(), vec![tab("Sales", &["Name", "Amount"], &[&["Ada", "10"], &["Bob", "2.5"]]), tab("Notes", &["Note"], &[&["TRUE"]])]),
            ("people.ods", ods(), vec![tab("People", &["Name", "Age"], &[&["Ada", "36"]])]),
        ];
        for (file_name, bytes, expected) in cases {
            let reply = upload(&ada, &workspace_id, file_name, &bytes).await;
            let body = reply.expect(201);
            let spreadsheet = &body["spreadsheet"];
            assert_eq!(spreadsheet["name"], file_name.rsplit_once('.').unwrap().0, "{file_name}");
            assert_eq!(spreadsheet["source_kind"], "upload");
            let answered = spreadsheet["sheets"].as_array().unwrap();
            assert_eq!(answered.len(), expected.len(), "{file_name}");
            for (answered, (title, columns, rows)) in answered.iter().zip(&expected) {
                assert_eq!(answered["title"], title.as_str(), "{file_name}");
                assert_eq!(answered["rows"], rows.len(), "{file_name}");
                let mut with_id = columns.clone();
                with_id.push(RECORD_ID_COLUMN.to_owned());
                assert_eq!(answered["columns"], serde_json::json!(with_id), "{file_name}");
            }
            assert_eq!(stored(&server, &id_of(body)).await, expected, "{file_name}");
        }
        assert_eq!(spreadsheet_count(&server).await, 5);
    }

    async fn a_csv_longer_than_a_batch_is_stored_whole_in_order_with_ids_unique_across_batches(backend) {
        // Delimited text is stored while it is read, 1,000 rows a batch: 2,501 rows cross two
        // batch boundaries. The file brings its own ids; row 1,500 repeats row 10's, in another
        // batch, and must get a new one.
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let mut csv = format!("Name,{RECORD_ID_COLUMN},Amount\n");
        for row in 0..2_501 {
            let id = if row == 1_500 { "id-10".to_owned() } else { format!("id-{row}") };
            csv.push_str(&format!("Person {row},{id},{row}\n"));
        }
        let reply = upload(&ada, &workspace_id, "people.csv", csv.as_bytes()).await;
        let body = reply.expect(201);
        assert_eq!(body["spreadsheet"]["sheets"][0]["rows"], 2_501);
        let sheet = store::list(server.db(), &id_of(body)).await.unwrap().remove(0);
        assert_eq!(sheet.columns, ["Name", RECORD_ID_COLUMN, "Amount"]);
        let rows = store::rows(server.db(), &sheet.id).await.unwrap();
        assert_eq!(rows.len(), 2_501);
        for (at, (id, cells)) in rows.iter().enumerate() {
            assert_eq!(cells[0], format!("Person {at}"));
            if at != 1_500 {
                assert_eq!(id, &format!("id-{at}"));
            }
        }
        let ids: std::collections::HashSet<&String> = rows.iter().map(|(id, _)| id).collect();
        assert_eq!(ids.len(), 2_501, "every id is unique");
    }

    async fn a_workbook_is_stored_tab_by_tab_as_it_is_read_a_failing_tab_stores_nothing_and_a_kept_one_comes_back(backend) {
        // Workbook tabs are stored while they are read, 1,000 rows a batch: both tabs cross batch
        // boundaries, and the second tab's header arrives after the first tab's last batch.
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let book = long_xlsx([1_500, 2_100]);
        let reply = upload(&ada, &workspace_id, "long.xlsx", &book).await;
        let body = reply.expect(201);
        let answered: Vec<_> = body["spreadsheet"]["sheets"].as_array().unwrap().iter().map(|tab| (tab["title"].clone(), tab["rows"].clone())).collect();
        assert_eq!(answered, [(json!("First"), json!(1_500)), (json!("Second"), json!(2_100))]);
        let id = id_of(body);
        let tabs = stored(&server, &id).await;
        assert_eq!(tabs.iter().map(|(title, columns, rows)| (title.as_str(), columns.len(), rows.len())).collect::<Vec<_>>(), [("First", 2, 1_500), ("Second", 1, 2_100)]);
        assert_eq!(tabs[0].2[1_499], strings(&["Person 1500", "1500"]));
        assert!(tabs[1].2.iter().enumerate().all(|(at, row)| row[0] == format!("City {}", at + 1)), "the second tab's rows in order");

        // A second tab whose rows are out of order fails once the first tab has been written:
        // neither a new spreadsheet nor a re-upload keeps any of it.
        let broken = rows_swapped(&book, "xl/worksheets/sheet2.xml");
        let reply = upload(&ada, &workspace_id, "broken.xlsx", &broken).await;
        assert_eq!(reply.status, 422);
        assert!(reply.error().contains("in the tab 'Second', row 2 comes after row 3"), "{}", reply.error());
        assert_eq!(spreadsheet_count(&server).await, 1);
        let reply = reupload(&ada, &id, "broken.xlsx", &broken).await;
        assert_eq!(reply.status, 422);
        assert_eq!(stored(&server, &id).await, tabs);

        // A new file over the workbook keeps both tabs; a restore reads that kept copy back a
        // batch at a time, tab after tab.
        reupload(&ada, &id, "small.csv", b"Name\nZed\n").await.expect(200);
        let kept = ada.get(&format!("/api/spreadsheets/{id}/snapshots")).await.expect(200).clone();
        let snapshot = kept["snapshots"][0]["id"].as_str().unwrap();
        ada.post(&format!("/api/spreadsheets/{id}/snapshots/{snapshot}/restore"), json!({})).await.expect(200);
        assert_eq!(stored(&server, &id).await, tabs);
    }

    async fn a_long_reupload_is_stored_as_it_is_read_and_the_rows_it_replaces_come_back_exactly(backend) {
        // Both files cross the 1,000-row batches; the rows replaced are kept as they were stored,
        // ids and all, and a restore brings them back in order.
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let csv = |prefix: &str, rows: usize| {
            let lines: Vec<String> = (0..rows).map(|row| format!("{prefix} {row},\"{row}, \"\"quoted\"\"\"")).collect();
            format!("Name,Note\n{}\n", lines.join("\n"))
        };
        let id = id_of(upload(&ada, &workspace_id, "people.csv", csv("Old", 2_100).as_bytes()).await.expect(201));
        let sheet = store::list(server.db(), &id).await.unwrap().remove(0);
        let old_rows = store::rows(server.db(), &sheet.id).await.unwrap();
        let replaced = reupload(&ada, &id, "people.csv", csv("New", 1_001).as_bytes()).await;
        assert_eq!(replaced.expect(200)["spreadsheet"]["sheets"][0]["rows"], 1_001);
        let new_rows = store::rows(server.db(), &sheet.id).await.unwrap();
        assert_eq!(new_rows.iter().map(|(_, cells)| cells[0].clone()).collect::<Vec<_>>(), (0..1_001).map(|row| format!("New {row}")).collect::<Vec<_>>());

        let kept = ada.get(&format!("/api/spreadsheets/{id}/snapshots")).await.expect(200).clone();
        assert_eq!((kept["current"][0]["rows"].as_i64(), kept["snapshots"][0]["tabs"][0]["rows"].as_i64()), (Some(1_001), Some(2_100)));
        assert_eq!(kept["snapshots"][0]["tabs"][0]["columns"], 3, "Name, Note and the record id");
        let snapshot = kept["snapshots"][0]["id"].as_str().unwrap();
        ada.post(&format!("/api/spreadsheets/{id}/snapshots/{snapshot}/restore"), json!({})).await.expect(200);
        assert_eq!(store::rows(server.db(), &sheet.id).await.unwrap(), old_rows, "the replaced rows come back exactly, ids and all");
    }

    async fn a_name_may_be_given_and_an_admin_may_upload(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let parts = [Part::Text("workspace_id", &workspace_id), Part::Text("name", " Q1 budget "), Part::File("q1.csv", b"a,b\n1,2\n")];
        let reply = send_form(&ada, Method::POST, "/api/spreadsheets/upload", &parts).await;
        assert_eq!(reply.expect(201)["spreadsheet"]["name"], "Q1 budget");
        let admin = server.admin().await;
        upload(&admin, &workspace_id, "q2.csv", b"a\n1\n").await.expect(201);
        assert_eq!(spreadsheet_count(&server).await, 2);
    }

    async fn only_the_workspace_owner_may_upload(backend) {
        let server = TestServer::start(backend).await;
        let (_ada, workspace_id) = ada_with_workspace(&server).await;
        let reply = upload(&server.guest(), &workspace_id, "a.csv", b"a\n1\n").await;
        assert_eq!(reply.status, 401);
        assert_eq!(reply.error(), "Please login to do this!");
        let stranger = server.user("Eve", "eve@example.com").await;
        let reply = upload(&stranger, &workspace_id, "a.csv", b"a\n1\n").await;
        assert_eq!(reply.status, 403);
        assert_eq!(reply.error(), access::ONLY_THE_OWNER);
        let bob = server.user("Bob", "bob@example.com").await;
        workspace(&bob, "bobco").await;
        assert_eq!(upload(&bob, &workspace_id, "a.csv", b"a\n1\n").await.status, 403);
        assert_eq!(upload(&bob, "no-such-workspace", "a.csv", b"a\n1\n").await.status, 404);
        assert_eq!(spreadsheet_count(&server).await, 0);
    }

    async fn bad_files_are_refused_and_nothing_is_stored(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;

        let reply = send_form(&ada, Method::POST, "/api/spreadsheets/upload", &[Part::Text("workspace_id", &workspace_id)]).await;
        assert_eq!(reply.status, 422);
        assert_eq!(reply.json["field"], "file");
        let reply = send_form(&ada, Method::POST, "/api/spreadsheets/upload", &[Part::File("a.csv", b"a\n1\n")]).await;
        assert_eq!(reply.status, 422);
        assert_eq!(reply.json["field"], "workspace_id");
        let reply = ada.post("/api/spreadsheets/upload", serde_json::json!({"workspace_id": workspace_id})).await;
        assert_eq!(reply.status, 400);
        assert!(reply.error().contains("multipart/form-data"), "{}", reply.error());

        let reply = upload(&ada, &workspace_id, "report.pdf", b"%PDF-1.4").await;
        assert_eq!(reply.status, 422);
        assert!(reply.error().contains("'report.pdf' is not a supported file"), "{}", reply.error());

        let huge = vec![b'a'; 20 * 1024 * 1024];
        let bomb = zip_of(&[("[Content_Types].xml", b"<Types/>", CompressionMethod::Deflated), ("xl/sharedStrings.xml", &huge, CompressionMethod::Deflated)]);
        let reply = upload(&ada, &workspace_id, "bomb.xlsx", &bomb).await;
        assert_eq!(reply.status, 422);
        assert!(reply.error().contains("zip bomb"), "{}", reply.error());

        let mut broken = xlsx();
        broken.truncate(broken.len() / 2);
        let reply = upload(&ada, &workspace_id, "broken.xlsx", &broken).await;
        assert_eq!(reply.status, 422);
        assert!(reply.error().contains("'broken.xlsx'"), "{}", reply.error());

        let reply = upload(&ada, &workspace_id, "latin1.csv", b"name\ncaf\xE9\n").await;
        assert_eq!(reply.status, 422);
        assert!(reply.error().contains("line 2"), "{}", reply.error());

        let reply = upload(&ada, &workspace_id, "empty.csv", b"\n\n").await;
        assert_eq!(reply.status, 422);
        assert!(reply.error().starts_with("The file has no data"), "{}", reply.error());

        assert_eq!(spreadsheet_count(&server).await, 0);
    }

    async fn an_oversized_upload_is_413(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let oversized = vec![b'a'; tessera_files::MAX_FILE_BYTES as usize + 1];
        let reply = upload(&ada, &workspace_id, "big.csv", &oversized).await;
        assert_eq!(reply.status, 413, "{}", reply.text);
        assert_eq!(reply.error(), "The file is too large: files may be at most 200 MiB.");
        assert_eq!(spreadsheet_count(&server).await, 0);
    }

    async fn a_reupload_replaces_the_data_only_when_the_file_reads(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let id = id_of(upload(&ada, &workspace_id, "people.csv", b"Name,Amount\nAda,10\n").await.expect(201));
        let before = store::list(server.db(), &id).await.unwrap();

        let mut broken = xlsx();
        broken.truncate(broken.len() / 2);
        assert_eq!(reupload(&ada, &id, "people.xlsx", &broken).await.status, 422);
        assert_eq!(reupload(&ada, &id, "people.csv", b"").await.status, 422);
        assert_eq!(stored(&server, &id).await, vec![tab("people", &["Name", "Amount"], &[&["Ada", "10"]])]);
        assert_eq!(store::list(server.db(), &id).await.unwrap(), before);

        let reply = reupload(&ada, &id, "people.csv", b"Name,Amount,City\nBob,7,Oslo\nCy,8,Rome\n").await;
        let body = reply.expect(200);
        assert_eq!(body["spreadsheet"]["name"], "people");
        assert_eq!(body["spreadsheet"]["sheets"][0]["rows"], 2);
        assert_eq!(stored(&server, &id).await, vec![tab("people", &["Name", "Amount", "City"], &[&["Bob", "7", "Oslo"], &["Cy", "8", "Rome"]])]);
        let after = store::list(server.db(), &id).await.unwrap();
        assert_eq!(after[0].id, before[0].id, "the tab keeps its id by title");
        assert_eq!(after[0].version, before[0].version + 1);
    }

    async fn only_uploaded_spreadsheets_take_a_reupload_and_only_from_their_owner(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let id = id_of(upload(&ada, &workspace_id, "people.csv", b"Name\nAda\n").await.expect(201));
        assert_eq!(reupload(&server.guest(), &id, "p.csv", b"Name\nEve\n").await.status, 401);
        let eve = server.user("Eve", "eve@example.com").await;
        assert_eq!(reupload(&eve, &id, "p.csv", b"Name\nEve\n").await.status, 403);
        assert_eq!(reupload(&ada, "no-such-spreadsheet", "p.csv", b"Name\nEve\n").await.status, 404);
        assert_eq!(stored(&server, &id).await[0].2, table(&[&["Ada"]]));

        sqlx::query("UPDATE spreadsheets SET source_kind = 'csv_url', source_url = 'https://example.com/a.csv' WHERE id = $1")
            .bind(&id)
            .execute(&server.db().pool)
            .await
            .unwrap();
        let reply = reupload(&ada, &id, "p.csv", b"Name\nBob\n").await;
        assert_eq!(reply.status, 409);
        assert!(reply.error().contains("refresh it from its source"), "{}", reply.error());
        assert_eq!(stored(&server, &id).await[0].2, table(&[&["Ada"]]));
    }

    async fn a_tab_downloads_as_parquet(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let id = id_of(upload(&ada, &workspace_id, "book.xlsx", &xlsx()).await.expect(201));

        let reply = ada.get(&format!("/api/spreadsheets/{id}/export.parquet?sheet=Sales&board=x")).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.header("content-type"), Some("application/vnd.apache.parquet"));
        assert_eq!(reply.header("content-disposition"), Some("attachment; filename=\"book - Sales.parquet\""));
        let bytes = ada.request(Method::GET, &format!("/api/spreadsheets/{id}/export.parquet?sheet=Sales")).send().await.unwrap().bytes().await.unwrap();
        let sheets = tessera_files::import("sales.parquet", &bytes, &tessera_files::Limits::default()).unwrap();
        assert_eq!(sheets[0].columns, strings(&["Name", "Amount", RECORD_ID_COLUMN]));
        let stored_rows: Vec<Vec<String>> = {
            let sheet = store::find(server.db(), &id, "Sales").await.unwrap().unwrap();
            store::rows(server.db(), &sheet.id).await.unwrap().into_iter().map(|(_, cells)| cells).collect()
        };
        assert_eq!(sheets[0].rows, stored_rows);

        let first = ada.get(&format!("/api/spreadsheets/{id}/export.parquet")).await;
        assert_eq!(first.header("content-disposition"), Some("attachment; filename=\"book - Sales.parquet\""));
        assert_eq!(ada.get(&format!("/api/spreadsheets/{id}/export.parquet?sheet=Nope")).await.status, 404);
        assert_eq!(server.guest().get(&format!("/api/spreadsheets/{id}/export.parquet?sheet=Sales")).await.status, 401);
        let eve = server.user("Eve", "eve@example.com").await;
        workspace(&eve, "evecorp").await;
        let reply = eve.get(&format!("/api/spreadsheets/{id}/export.parquet?sheet=Sales")).await;
        assert_eq!(reply.status, 403);
        assert_eq!(reply.error(), access::ONLY_THE_OWNER);
    }

    async fn an_import_reports_its_progress_to_the_user_who_started_it_only(backend) {
        let server = TestServer::start(backend).await;
        let (ada, workspace_id) = ada_with_workspace(&server).await;
        let rows: String = (0..12_345).map(|row| format!("Ada {row},{row}\n")).collect();
        let file = format!("Name,Amount\n{rows}");
        let parts = [Part::Text("workspace_id", &workspace_id), Part::File("people.csv", file.as_bytes())];
        let request = form_request(&ada, Method::POST, "/api/spreadsheets/upload", &parts).header("X-Import-Id", "import-0001-ada");
        Client::finish(request).await.expect(201);

        // Rows read are told every 10,000 and every stored row is counted; the entry stays a
        // minute after the answer for a last poll.
        let progress = ada.get("/api/imports/import-0001-ada/progress").await;
        let expected = serde_json::json!({ "phase": "ended", "rows_read": 10_000, "rows_stored": 12_345, "rows_total": 12_345 });
        assert_eq!(progress.expect(200), &expected);

        let eve = server.user("Eve", "eve@example.com").await;
        let refused = eve.get("/api/imports/import-0001-ada/progress").await;
        assert_eq!(refused.status, 404);
        assert_eq!(refused.error(), "No import with this id is running or has just ended for you.");
        assert_eq!(server.guest().get("/api/imports/import-0001-ada/progress").await.status, 401);
        assert_eq!(ada.get("/api/imports/never-started/progress").await.status, 404);

        let request = form_request(&ada, Method::POST, "/api/spreadsheets/upload", &parts).header("X-Import-Id", "a b");
        let reply = Client::finish(request).await;
        assert_eq!(reply.status, 400);
        assert_eq!(reply.error(), "X-Import-Id: An import id has 8 to 64 letters, digits, '-' or '_'.");
        assert_eq!(spreadsheet_count(&server).await, 1);
    }
}
