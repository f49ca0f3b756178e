//! `POST /api/client-errors`: the browser's error reports are accepted from anyone, bounded,
//! rate-limited, and forwarded to a configured Sentry-compatible DSN (a stand-in here).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::Router;
use serde_json::{json, Value};
use tessera_server::ConfigError;

use crate::both_databases;
use crate::support::*;

/// What the stand-in received: path, `X-Sentry-Auth` and the JSON event.
type Received = Arc<Mutex<Vec<(String, String, Value)>>>;

/// A Sentry store endpoint on loopback; answers 200 like the real one.
async fn sentry_stand_in() -> (String, Received) {
    let received: Received = Arc::default();
    async fn store(State(received): State<Received>, uri: Uri, headers: HeaderMap, body: Bytes) -> StatusCode {
        let auth = headers.get("x-sentry-auth").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
        received.lock().unwrap().push((uri.path().to_owned(), auth, serde_json::from_slice(&body).unwrap_or(Value::Null)));
        StatusCode::OK
    }
    let app = Router::new().fallback(store).with_state(received.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}"), received)
}

both_databases! {
    async fn a_report_is_accepted_from_a_guest_and_forwarded_to_the_dsn(backend) {
        let (sentry, received) = sentry_stand_in().await;
        let dsn = format!("{}/7", sentry.replace("http://", "http://publickey@"));
        let server = TestServer::start_with(backend, |config| {
            config.sentry_dsn = Some(tessera_server::SentryDsn::parse(&dsn).unwrap());
        })
        .await;
        let report = json!({"message": "Cannot read properties of undefined", "status": 500, "stack": "at Board (board.js:1)",
            "url": "http://127.0.0.1/sales", "release": "0.1.0"});
        assert_eq!(server.guest().post("/api/client-errors", report).await.status, 204);
        let mut waited = 0;
        while received.lock().unwrap().is_empty() && waited < 100 {
            tokio::time::sleep(Duration::from_millis(50)).await;
            waited += 1;
        }
        let received = received.lock().unwrap();
        let (path, auth, event) = received.first().expect("the stand-in received the event");
        assert_eq!(path, "/api/7/store/");
        assert!(auth.starts_with("Sentry sentry_version=7") && auth.contains("sentry_key=publickey"), "{auth}");
        assert_eq!(event["message"]["formatted"], "Cannot read properties of undefined");
        assert_eq!(event["request"]["url"], "http://127.0.0.1/sales");
        assert_eq!(event["tags"]["status"], "500");
    }

    async fn a_malformed_or_oversized_report_is_refused(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        let missing = guest.post("/api/client-errors", json!({"status": 500})).await;
        assert_eq!(missing.status, 422, "{}", missing.text);
        assert!(missing.error().contains("message"), "{}", missing.error());
        let huge = guest.post("/api/client-errors", json!({"message": "x".repeat(64 * 1024)})).await;
        assert_eq!(huge.status, 413, "{}", huge.text);
    }

    async fn reports_from_one_address_are_rate_limited(backend) {
        let server = TestServer::start(backend).await;
        let guest = server.guest();
        for _ in 0..30 {
            assert_eq!(guest.post("/api/client-errors", json!({"message": "boom"})).await.status, 204);
        }
        let over = guest.post("/api/client-errors", json!({"message": "boom"})).await;
        assert_eq!(over.status, 429);
        assert!(over.header("retry-after").is_some());
    }
}

#[test]
fn a_malformed_dsn_stops_the_configuration() {
    let lookup = |name: &str| (name == "TESSERA_SENTRY_DSN").then(|| "sentry.example.com".to_owned());
    assert_eq!(tessera_server::Config::from_lookup(lookup), Err(ConfigError::SentryDsn("sentry.example.com".to_owned())));
}
