//! File and image uploads through a block: the type read from the bytes, the size limits, who
//! may upload, and serving the file back with a type the browser cannot second-guess.

use reqwest::Method;
use serde_json::json;

use crate::both_databases;
use crate::rows::{ada_with_board, board_block};
use crate::support::*;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\0\x05\0\x01\xff\x89\x99=\x1d\0\0\0\0IEND\xaeB`\x82";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/// Posts `bytes` as the multipart field `file`, claiming `claimed_type` and `file_name`.
async fn upload(client: &Client, path: &str, file_name: &str, claimed_type: &str, bytes: &[u8]) -> Reply {
    let boundary = "tessera-test-boundary-7d1f";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nignored\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: {claimed_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let request = client.request(Method::POST, path).header("content-type", format!("multipart/form-data; boundary={boundary}")).body(body);
    Client::finish(request).await
}

/// A server whose uploads go to a folder of the test's own (PostgreSQL has no SQLite folder).
async fn server_with_uploads(backend: Backend) -> (TestServer, TempDir) {
    let folder = TempDir::new();
    let path = folder.0.clone();
    let server = TestServer::start_with(backend, move |config| config.uploads_dir = Some(path)).await;
    (server, folder)
}

async fn raw_get(client: &Client, path: &str) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let response = client.request(Method::GET, path).send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

both_databases! {
    async fn an_image_is_stored_and_served_with_the_type_of_its_bytes(backend) {
        let (server, folder) = server_with_uploads(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [{"column": "Name"}, {"column": "Email", "type": "file"}]})).await;
        let guest = server.guest();
        // The browser claims a JPEG; the bytes are a PNG, and the bytes win.
        let stored = upload(&guest, &format!("/api/blocks/{form}/uploads?board=orders"), "me.jpg", "image/jpeg", PNG).await;
        let stored = stored.expect(201).clone();
        let id = stored["id"].as_str().unwrap();
        assert_eq!(stored, json!({"id": id, "url": format!("/api/uploads/{id}"), "content_type": "image/png", "size": PNG.len()}));
        assert!(folder.0.join(id).is_file(), "the bytes live in the uploads folder");

        let (status, headers, bytes) = raw_get(&guest, stored["url"].as_str().unwrap()).await;
        assert_eq!(status, 200);
        assert_eq!(bytes, PNG);
        assert_eq!(headers["content-type"], "image/png");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["content-disposition"], "inline");

        // The uploaded address is a valid value of a file field.
        let row = guest.post(&format!("/api/blocks/{form}/rows"), json!({"values": {"Name": "Di", "Email": stored["url"]}})).await;
        row.expect(201);
        assert_eq!(guest.get("/api/uploads/00000000-0000-0000-0000-000000000000").await.status, 404);
        assert_eq!(guest.get("/api/uploads/..%2F..%2Fetc").await.status, 404);
    }

    async fn other_files_follow_the_field_types_and_download(backend) {
        let (server, _folder) = server_with_uploads(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [
            {"column": "Email", "type": "file", "file_mime_type": ".pdf"}, {"column": "Size", "type": "file", "file_mime_type": ".csv,.xml,.xls,.xlsm,.xlsx"}
        ]})).await;
        let path = format!("/api/blocks/{form}/uploads?column=Email");
        let pdf = upload(&ada, &path, "résumé 2024.pdf", "application/pdf", PDF).await;
        let pdf = pdf.expect(201).clone();
        assert_eq!(pdf["content_type"], "application/pdf");
        let (_, headers, bytes) = raw_get(&ada, pdf["url"].as_str().unwrap()).await;
        assert_eq!(bytes, PDF);
        assert_eq!(headers["content-type"], "application/pdf");
        assert_eq!(headers["content-disposition"], "attachment; filename=\"r_sum_ 2024.pdf\"");
        assert_eq!(headers["x-content-type-options"], "nosniff");

        let png_as_pdf = upload(&ada, &path, "report.pdf", "application/pdf", PNG).await;
        assert_eq!((png_as_pdf.status, png_as_pdf.json["field"].as_str()), (422, Some("file")), "{}", png_as_pdf.text);
        let csv = upload(&ada, &format!("/api/blocks/{form}/uploads?column=Size"), "data.csv", "text/csv", b"a,b\n1,2\n").await;
        assert_eq!(csv.expect(201)["content_type"], "text/plain");
        let (_, headers, _) = raw_get(&ada, csv.json["url"].as_str().unwrap()).await;
        assert!(headers["content-disposition"].to_str().unwrap().starts_with("attachment"));

        let unnamed = upload(&ada, &format!("/api/blocks/{form}/uploads"), "data.csv", "text/csv", b"a,b\n").await;
        assert_eq!((unnamed.status, unnamed.json["field"].as_str()), (422, Some("column")), "two file fields: name one");
        let unknown = upload(&ada, &format!("/api/blocks/{form}/uploads?column=Name"), "data.csv", "text/csv", b"a,b\n").await;
        assert_eq!(unknown.status, 422);
        let empty = upload(&ada, &path, "empty.pdf", "application/pdf", b"").await;
        assert_eq!(empty.status, 422);
        let not_multipart = ada.post(&path, json!({"file": "x"})).await;
        assert_eq!(not_multipart.status, 400);
    }

    async fn text_dressed_as_an_image_and_oversized_files_are_refused(backend) {
        let (server, folder) = server_with_uploads(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let table = board_block(&ada, &board_id, json!({"type": "table", "add_new_row": "Admins", "axis": [{"column": "Email", "type": "image"}]})).await;
        let path = format!("/api/blocks/{table}/uploads");
        let fake = upload(&ada, &path, "photo.png", "image/png", b"not a picture, just words").await;
        assert_eq!((fake.status, fake.json["field"].as_str()), (422, Some("file")), "{}", fake.text);
        assert!(fake.error().contains("text/plain"), "{}", fake.error());

        let mut big_image = PNG.to_vec();
        big_image.resize(5 * 1024 * 1024 + 1, 0);
        let too_big = upload(&ada, &path, "big.png", "image/png", &big_image).await;
        assert_eq!((too_big.status, too_big.json["field"].as_str()), (413, Some("file")), "{}", too_big.text);
        assert_eq!(too_big.error(), "Images must be under 5 MB.");
        let mut huge = PNG.to_vec();
        huge.resize(11 * 1024 * 1024, 0);
        assert_eq!(upload(&ada, &path, "huge.png", "image/png", &huge).await.status, 413);
        let mut just_right = PNG.to_vec();
        just_right.resize(5 * 1024 * 1024, 0);
        upload(&ada, &path, "ok.png", "image/png", &just_right).await.expect(201);

        let kept: Vec<_> = std::fs::read_dir(&folder.0).unwrap().collect();
        assert_eq!(kept.len(), 1, "refused files leave nothing behind");
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM uploads").fetch_one(&server.db().pool).await.unwrap();
        assert_eq!(count, 1);
    }

    async fn uploading_follows_the_append_audience_of_the_block(backend) {
        let (server, _folder) = server_with_uploads(backend).await;
        let (ada, board_id, _) = ada_with_board(&server, "upload").await;
        let table = board_block(&ada, &board_id, json!({"type": "table", "axis": [{"column": "Email", "type": "image"}]})).await;
        let form = board_block(&ada, &board_id, json!({"type": "form", "axis": [{"column": "Email", "type": "file"}]})).await;
        let no_rows = upload(&ada, &format!("/api/blocks/{table}/uploads"), "a.png", "image/png", PNG).await;
        assert_eq!(no_rows.status, 403, "add_new_row defaults to None: {}", no_rows.text);
        let private = upload(&server.guest(), &format!("/api/blocks/{form}/uploads"), "a.png", "image/png", PNG).await;
        assert_eq!(private.status, 403);
        assert!(private.error().starts_with("Access denied"));
        let stranger = server.user("Sam", "sam@example.com").await;
        assert_eq!(upload(&stranger, &format!("/api/blocks/{form}/uploads"), "a.png", "image/png", PNG).await.status, 403);
        upload(&ada, &format!("/api/blocks/{form}/uploads"), "a.png", "image/png", PNG).await.expect(201);
        ada.put(&format!("/api/boards/{board_id}"), json!({"public": true})).await.expect(200);
        upload(&server.guest(), &format!("/api/blocks/{form}/uploads"), "a.png", "image/png", PNG).await.expect(201);
        assert_eq!(upload(&ada, "/api/blocks/nope/uploads", "a.png", "image/png", PNG).await.status, 404);
    }
}
