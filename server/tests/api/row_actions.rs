//! Row actions the server runs (blocks §3.6): API calls reach a local stand-in endpoint with the
//! mapped body and the authorisation header (JSON and form-data), refused addresses in every
//! spelling never get a connection, failing endpoints answer the action's error message, who may
//! run an action follows `action_button_visibility`, and a PDF download fills its template.

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Redirect;
use axum::routing::post;
use serde_json::{json, Value};
use tessera_server::sheets::incoming::Incoming;
use tessera_server::sheets::ImportedSheet;

use crate::apps::id;
use crate::boards::board;
use crate::both_databases;
use crate::support::*;
use crate::workspaces::workspace;

const RECORD_ID: &str = "ChartApps Record ID";

/// What the stand-in endpoint received: each request's headers and body.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<(HeaderMap, String)>>>);

impl Seen {
    fn count(&self) -> usize {
        self.0.lock().unwrap().len()
    }

    fn last(&self) -> (HeaderMap, String) {
        self.0.lock().unwrap().last().cloned().expect("the endpoint was called")
    }
}

/// A stand-in API on 127.0.0.1: `/hook` records and answers 200, `/fail` answers 500 and
/// `/loop` redirects to itself. Answers its address (`http://127.0.0.1:port`).
async fn endpoint() -> (String, u16, Seen) {
    let seen = Seen::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    async fn record(State(seen): State<Seen>, headers: HeaderMap, body: String) -> &'static str {
        seen.0.lock().unwrap().push((headers, body));
        "{\"received\": true}"
    }
    let app = axum::Router::new()
        .route("/hook", post(record))
        .route("/fail", post(|| async { StatusCode::INTERNAL_SERVER_ERROR }))
        .route("/loop", post(move || async move { Redirect::temporary(&format!("http://127.0.0.1:{port}/loop")) }))
        .with_state(seen.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://127.0.0.1:{port}"), port, seen)
}

fn orders() -> ImportedSheet {
    let rows = [["Alice", "North", "120", "ann@x.io"], ["Bob", "South", "80", "bob@example.com"]];
    ImportedSheet {
        title: "Orders".into(),
        columns: ["Name", "Region", "Amount", "Owner"].map(String::from).to_vec(),
        rows: rows.iter().map(|row| row.map(String::from).to_vec()).collect(),
    }
}

/// Ada's public board `orders` with one table block holding `actions`.
struct Fixture {
    server: TestServer,
    ada: Client,
    board_id: String,
    spreadsheet_id: String,
    block: String,
}

impl Fixture {
    async fn new(server: TestServer, actions: Value, visibility: &str) -> Self {
        let ada = server.user("Ada", "ada@example.com").await;
        let workspace_id = workspace(&ada, "acme").await;
        let board_id = id(&board(&ada, &workspace_id, "Orders").await);
        let spreadsheet_id = format!("ss-{}", rand::random::<u32>());
        sqlx::query(
            "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, 'Orders', 'upload', 1, 1)",
        )
        .bind(&spreadsheet_id)
        .bind(&workspace_id)
        .execute(&server.db().pool)
        .await
        .unwrap();
        Incoming::Whole(vec![orders()]).store(server.db(), &spreadsheet_id).await.unwrap();
        ada.put(&format!("/api/boards/{board_id}"), json!({"spreadsheetId": spreadsheet_id, "public": true})).await.expect(200);
        let config = json!({"type": "table", "sheet_title": "Orders", "action_button_visibility": visibility, "actions": actions});
        let block = id(ada.post(&format!("/api/boards/{board_id}/blocks"), config).await.expect(201));
        Self { server, ada, board_id, spreadsheet_id, block }
    }

    /// The record id of the row whose Name is `name`.
    async fn record(&self, name: &str) -> String {
        let rows = self.ada.get(&format!("/api/board/{}/sheet/Orders?board=orders&rows_per_page=0", self.spreadsheet_id)).await;
        let rows = rows.expect(200)["rows"].as_array().unwrap().clone();
        rows.iter().find(|row| row["Name"] == name).unwrap()[RECORD_ID].as_str().unwrap().to_owned()
    }

    async fn run(&self, client: &Client, index: usize, record_id: &str) -> Reply {
        client.post(&format!("/api/blocks/{}/actions/{index}?board=orders", self.block), json!({"record_id": record_id})).await
    }
}

fn api_call(endpoint: &str, more: Value) -> Value {
    let mut action = json!({"type": "API call", "title": "Send", "api_endpoint": endpoint, "http_method": "POST",
        "field_mapping": {"name": "Name", "email": "Owner", "note": "Order of [Name]: [Amount]"}});
    action.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
    action
}

fn header(headers: &HeaderMap, name: &str) -> String {
    headers.get(name).map(|value| value.to_str().unwrap().to_owned()).unwrap_or_default()
}

both_databases! {
    async fn an_api_call_posts_the_mapped_row_with_its_authorisation(backend) {
        let (base, _, seen) = endpoint().await;
        let actions = json!([
            api_call(&format!("{base}/hook"), json!({"body_type": "JSON", "authorization_method": "Bearer Token", "token": "s3cret", "success_message": "Sent!"})),
            api_call(&format!("{base}/hook"), json!({"body_type": "Form-data", "authorization_method": "Custom Header", "custom_header": "X-Api-Key: k3y"})),
            api_call(&format!("{base}/hook"), json!({"authorization_method": "No Auth"}))
        ]);
        let f = Fixture::new(TestServer::start(backend).await, actions, "Everyone").await;
        let alice = f.record("Alice").await;
        let guest = f.server.guest();

        assert_eq!(f.run(&guest, 0, &alice).await.expect(200), &json!({"ok": true, "message": "Sent!"}));
        let (headers, body) = seen.last();
        assert_eq!(header(&headers, "authorization"), "Bearer s3cret");
        assert!(header(&headers, "content-type").starts_with("application/json"));
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap(), json!({"name": "Alice", "email": "ann@x.io", "note": "Order of Alice: 120"}));

        assert_eq!(f.run(&guest, 1, &alice).await.expect(200), &json!({"ok": true, "message": "Done"}));
        let (headers, body) = seen.last();
        assert_eq!(header(&headers, "x-api-key"), "k3y");
        assert!(header(&headers, "authorization").is_empty());
        assert!(header(&headers, "content-type").starts_with("multipart/form-data; boundary="));
        for (name, value) in [("name", "Alice"), ("email", "ann@x.io"), ("note", "Order of Alice: 120")] {
            assert!(body.contains(&format!("name=\"{name}\"\r\n\r\n{value}\r\n")), "{name} missing from {body}");
        }

        f.run(&guest, 2, &f.record("Bob").await).await.expect(200);
        let (headers, body) = seen.last();
        assert!(header(&headers, "authorization").is_empty());
        assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["name"], "Bob");
        assert_eq!(seen.count(), 3);
    }

    async fn failing_endpoints_answer_502_with_the_actions_error_message(backend) {
        let (base, _, seen) = endpoint().await;
        let actions = json!([
            api_call(&format!("{base}/fail"), json!({"error_message": "The CRM is down."})),
            api_call(&format!("{base}/fail"), json!({})),
            api_call(&format!("{base}/loop"), json!({})),
            api_call("ftp://example.com/x", json!({})),
            api_call(&format!("{base}/hook"), json!({"authorization_method": "Custom Header", "custom_header": "Bad Header: x"}))
        ]);
        let f = Fixture::new(TestServer::start(backend).await, actions, "Everyone").await;
        let alice = f.record("Alice").await;
        let guest = f.server.guest();
        let failures = [
            (0, "The CRM is down."),
            (1, "The API call failed: its endpoint answered HTTP 500."),
            (2, "The API call failed: its endpoint redirected more than 3 times."),
            (3, "This action has no API endpoint to call: its owner can set an http:// or https:// address."),
            (4, "This action's custom header `Bad Header` is not a valid HTTP header; its owner can correct it."),
        ];
        for (index, error) in failures {
            let reply = f.run(&guest, index, &alice).await;
            assert_eq!((reply.status, reply.error()), (502, error), "action {index}");
        }
        assert_eq!(seen.count(), 0);
    }

    async fn private_addresses_in_any_spelling_get_no_connection(backend) {
        let (_, port, seen) = endpoint().await;
        let spellings = [
            format!("http://127.0.0.1:{port}/hook"),
            format!("http://127.1:{port}/hook"),
            format!("http://0x7f000001:{port}/hook"),
            format!("http://2130706433:{port}/hook"),
            format!("http://0177.0.0.1:{port}/hook"),
            format!("http://0.0.0.0:{port}/hook"),
            format!("http://localhost:{port}/hook"),
            format!("http://[::1]:{port}/hook"),
            format!("http://[::ffff:127.0.0.1]:{port}/hook"),
            "http://169.254.169.254/latest/meta-data/".to_owned(),
            "http://[fc00::1]/hook".to_owned(),
            "http://[fe80::1]/hook".to_owned(),
        ];
        let actions: Vec<Value> = spellings.iter().map(|url| api_call(url, json!({}))).collect();
        let server = TestServer::start_with(backend, |config| config.allow_private_fetch = false).await;
        let f = Fixture::new(server, json!(actions), "Everyone").await;
        let alice = f.record("Alice").await;
        for (index, url) in spellings.iter().enumerate() {
            let reply = f.run(&f.ada, index, &alice).await;
            assert_eq!(reply.status, 502, "{url}: {}", reply.text);
            assert_eq!(reply.error(), "The API call was refused: its endpoint is on a private network, which Tessera does not call.", "{url}");
        }
        assert_eq!(seen.count(), 0, "no refused address was connected to");
    }

    async fn who_may_run_an_action_follows_action_button_visibility(backend) {
        let (base, _, seen) = endpoint().await;
        let actions = json!([api_call(&format!("{base}/hook"), json!({}))]);
        let f = Fixture::new(TestServer::start(backend).await, actions, "Admins").await;
        let alice = f.record("Alice").await;
        assert_eq!(f.run(&f.server.guest(), 0, &alice).await.status, 401, "a guest is asked to log in");
        let stranger = f.server.user("Sam", "sam@example.com").await;
        assert_eq!(f.run(&stranger, 0, &alice).await.status, 403);
        assert_eq!(seen.count(), 0);
        f.run(&f.ada, 0, &alice).await.expect(200);
        assert_eq!(seen.count(), 1);

        // A private board's actions are its viewers' only.
        f.ada.put(&format!("/api/blocks/{}", f.block), json!({"type": "table", "sheet_title": "Orders", "actions": [api_call(&format!("{base}/hook"), json!({}))]})).await.expect(200);
        f.run(&stranger, 0, &alice).await.expect(200);
        f.ada.put(&format!("/api/boards/{}", f.board_id), json!({"public": false})).await.expect(200);
        let refused = f.run(&stranger, 0, &alice).await;
        assert_eq!(refused.status, 403);
        assert!(refused.error().starts_with("Access denied"), "{}", refused.text);
        assert_eq!(seen.count(), 2);
    }

    async fn actions_reach_only_rows_the_block_shows_and_only_server_actions_run(backend) {
        let (base, _, seen) = endpoint().await;
        let actions = json!([
            api_call(&format!("{base}/hook"), json!({})),
            {"type": "Download pdf", "pdf_template": "# Order of [Name]\nAmount: [Amount] [Nope]", "success_message": "PDF ready"},
            {"type": "Open link", "source_column": "Owner"}
        ]);
        let f = Fixture::new(TestServer::start(backend).await, actions, "Everyone").await;
        let (alice, bob) = (f.record("Alice").await, f.record("Bob").await);
        let guest = f.server.guest();
        let pdf = f.run(&guest, 1, &alice).await;
        assert_eq!(pdf.expect(200), &json!({"ok": true, "message": "PDF ready", "text": "# Order of Alice\nAmount: 120 [Nope]"}));
        let link = f.run(&guest, 2, &alice).await;
        assert_eq!(link.status, 400);
        assert_eq!(link.error(), "The 'Open link' action runs in the browser; the server runs only API calls and PDF downloads.");
        assert_eq!(f.run(&guest, 3, &alice).await.status, 404);
        assert_eq!(f.run(&guest, 0, "no-such-row").await.status, 404);

        // A row the board's filters hide is not the viewer's to send.
        let north = json!({"name": "Region", "active": true, "condition": "=", "sheet_column": {"sheet": "Orders", "column": "Region"}, "value": "North"});
        f.ada.put(&format!("/api/boards/{}", f.board_id), json!({"filters": [north]})).await.expect(200);
        assert_eq!(f.run(&guest, 1, &bob).await.status, 404);
        assert_eq!(f.run(&guest, 0, &bob).await.status, 404);
        f.run(&guest, 0, &alice).await.expect(200);
        assert_eq!(seen.count(), 1);

        let form = id(f.ada.post(&format!("/api/boards/{}/blocks", f.board_id), json!({"type": "form", "sheet_title": "Orders"})).await.expect(201));
        let reply = guest.post(&format!("/api/blocks/{form}/actions/0"), json!({"record_id": alice})).await;
        assert_eq!((reply.status, reply.error()), (400, "A form block has no row actions."));
    }
}
