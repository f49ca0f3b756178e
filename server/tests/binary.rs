//! The `tessera-server` binary as `cargo xtask` and a deployment run it: configuration from the
//! environment, the start-up line on stdout, a clean exit on SIGTERM, and two processes on one
//! PostgreSQL database (the server keeps no state of its own, so a change made through one
//! replica is seen through the other at once, sessions included).
#![cfg(unix)]

#[allow(dead_code)]
#[path = "api/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::json;
use support::{Backend, Client, TempDir, TestDatabase};

#[test]
fn the_binary_prints_its_url_serves_and_stops_cleanly_on_sigterm() {
    let data = TempDir::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera-server"))
        .env("PORT", "0")
        .env("TESSERA_BIND", "127.0.0.1")
        .env("TESSERA_WEB_DIST", std::env::temp_dir().join("tessera-no-such-dist"))
        .env("DATABASE_URL", format!("sqlite://{}/tessera.db", data.0.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server binary starts");

    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("Tessera is running at ").unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
    let authority = url.strip_prefix("http://").and_then(|rest| rest.strip_suffix('/')).unwrap();
    assert!(authority.starts_with("127.0.0.1:"), "{url}");
    assert_ne!(authority, "127.0.0.1:0", "the real port is printed");

    let mut stream = TcpStream::connect(authority).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET /api/health HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n").unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");

    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = wait_at_most(&mut child, Duration::from_secs(10));
    assert!(exit.success(), "exit after SIGTERM: {exit}");
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert!(stderr.contains("has no index.html"), "{stderr}");
    assert!(stderr.contains("Tessera stopped"), "{stderr}");
}

fn wait_at_most(child: &mut std::process::Child, limit: Duration) -> std::process::ExitStatus {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("the server did not stop within {limit:?} of SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A server process and the lines it printed before it was ready.
struct Replica {
    child: Child,
    url: String,
    printed: Vec<String>,
}

impl Replica {
    /// Starts the binary on `database_url` and waits for its start-up line and what follows it.
    fn start(database_url: &str) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tessera-server"))
            .env("PORT", "0")
            .env("TESSERA_BIND", "127.0.0.1")
            .env("DATABASE_URL", database_url)
            .env("TESSERA_WEB_DIST", std::env::temp_dir().join("tessera-no-such-dist"))
            .env("TESSERA_DEMO", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        let stdout = child.stdout.take().unwrap();
        let (lines, received) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = lines.send(line);
            }
        });
        let first = received.recv_timeout(Duration::from_secs(60)).expect("the server prints its URL");
        let url = first.strip_prefix("Tessera is running at ").unwrap_or_else(|| panic!("unexpected first line {first:?}"));
        let mut printed = vec![first.clone()];
        // The demo lines follow at once when there are any.
        while let Ok(line) = received.recv_timeout(Duration::from_millis(500)) {
            printed.push(line);
        }
        Self { url: url.trim_end_matches('/').to_owned(), child, printed }
    }

    fn client(&self, token: Option<String>) -> Client {
        Client::new(&self.url, token, None)
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_through_one_replica_is_seen_through_the_other_at_once() {
    let database = TestDatabase::new(Backend::Postgres).await;
    let first = Replica::start(&database.url);
    let second = Replica::start(&database.url);

    // Only the first start on the empty database makes the demo and prints its password.
    let owner_line = first.printed.iter().find_map(|line| line.strip_prefix("Demo owner: ")).expect("the demo owner is printed");
    let (email, password) = owner_line.split_once(" / ").expect("e-mail / password");
    assert!(second.printed.iter().all(|line| !line.contains(password)), "the password is printed once: {:?}", second.printed);

    let logged_in = first.client(None).post("/api/auth/login", json!({ "email": email, "password": password })).await;
    let token = logged_in.expect(200)["token"].as_str().unwrap().to_owned();
    let on_first = first.client(Some(token.clone()));
    let on_second = second.client(Some(token.clone()));

    // A session made by one replica is valid on the other: they share the signing key.
    assert_eq!(on_second.get("/api/auth").await.expect(200)["email"], email);

    // A workspace created through the first is listed by the second.
    on_first.post("/api/workspaces", json!({ "name": "Replicated", "subdomain": "replicated" })).await.expect(201);
    let listed = on_second.get("/api/workspaces").await;
    assert!(listed.text.contains("\"replicated\""), "{}", listed.text);

    // A board setting changed through the second is what the first serves.
    let boards = on_first.get("/api/boards").await;
    let board_id = boards.expect(200).as_array().unwrap().iter().find(|board| board["slug"] == "sales-overview").unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    on_second.put(&format!("/api/boards/{board_id}"), json!({ "title": "Changed on the second replica" })).await.expect(200);
    let state = on_first.post("/api/board/update-metadata?board=sales-overview", json!({})).await;
    assert_eq!(state.expect(200)["title"], "Changed on the second replica");

    // Logging out through one replica ends the session on the other.
    on_first.post("/api/auth/logout", json!({})).await.expect(200);
    assert_eq!(on_second.get("/api/auth").await.status, 401);
}
