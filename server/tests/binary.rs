//! The `tessera-server` binary as `cargo xtask` and a deployment run it: configuration from the
//! environment, the start-up line on stdout, a clean exit on SIGTERM, two processes on one
//! PostgreSQL database (the server keeps no state of its own, so a change made through one
//! replica is seen through the other at once, sessions included), a kill -9 during writes
//! that loses nothing the server had acknowledged, and a PostgreSQL restart under load that the
//! server rides out without a restart of its own.
#![cfg(unix)]

#[allow(dead_code)]
#[path = "api/support/mod.rs"]
mod support;

#[path = "binary/private_postgres.rs"]
mod private_postgres;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use private_postgres::PrivatePostgres;
use serde_json::json;
use support::{Backend, Client, TempDir, TestDatabase};

/// The server binary on a fresh SQLite database without a web build, and the `host:port` its
/// first line says it is running at.
fn start_binary(data: &TempDir) -> (Child, String) {
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
    let authority = url.strip_prefix("http://").and_then(|rest| rest.strip_suffix('/')).unwrap().to_owned();
    // The server prints more (the demo's lines); a closed pipe would make that fail.
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    (child, authority)
}

/// Sends SIGTERM to `child` and asserts that it stopped cleanly; answers what it wrote to stderr.
fn stop_cleanly(mut child: Child) -> String {
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = wait_at_most(&mut child, Duration::from_secs(10));
    assert!(exit.success(), "exit after SIGTERM: {exit}");
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert!(stderr.contains("Tessera stopped"), "{stderr}");
    stderr
}

#[test]
fn the_binary_prints_its_url_serves_and_stops_cleanly_on_sigterm() {
    let data = TempDir::new();
    let (child, authority) = start_binary(&data);
    assert!(authority.starts_with("127.0.0.1:"), "{authority}");
    assert_ne!(authority, "127.0.0.1:0", "the real port is printed");

    let mut stream = TcpStream::connect(&authority).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(stream, "GET /api/health HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n").unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");

    let stderr = stop_cleanly(child);
    assert!(stderr.contains("has no index.html"), "{stderr}");
}

/// `cargo xtask` and service managers may stop the server the moment it says it is running: the
/// signal handlers are in place by then (before, SIGTERM's default action could kill it).
#[test]
fn a_sigterm_sent_as_soon_as_it_says_it_is_running_stops_it_cleanly() {
    for _ in 0..5 {
        let data = TempDir::new();
        let (child, _) = start_binary(&data);
        stop_cleanly(child);
    }
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

/// The acknowledged submission tagged `tag` is row `record` of `stored` (record id, cells), and
/// no other row holds the tag.
fn assert_stored_once(stored: &[(String, String)], record: &str, tag: &str) {
    let quoted = format!("\"{tag}\"");
    let cells = stored.iter().find(|(id, _)| id == record).map(|(_, cells)| cells);
    let cells = cells.unwrap_or_else(|| panic!("the acknowledged submission {tag} ({record}) is gone"));
    assert!(cells.contains(&quoted), "{record} holds {cells}, not {tag}");
    let copies = stored.iter().filter(|(_, cells)| cells.contains(&quoted)).count();
    assert_eq!(copies, 1, "{tag} is stored {copies} times");
}

/// The demo's owner signed in on a fresh server, with a form and an editable table added to the
/// demo's Sales board, and the first two rows of its Sales tab.
struct DemoBoard {
    password: String,
    token: String,
    form: String,
    table: String,
    spreadsheet: String,
    records: Vec<String>,
}

impl DemoBoard {
    async fn open(server: &Replica) -> Self {
        let owner_line = server.printed.iter().find_map(|line| line.strip_prefix("Demo owner: ")).expect("the demo owner is printed");
        let (email, password) = owner_line.split_once(" / ").expect("e-mail / password");
        let logged_in = server.client(None).post("/api/auth/login", json!({ "email": email, "password": password })).await;
        let token = logged_in.expect(200)["token"].as_str().unwrap().to_owned();
        let owner = server.client(Some(token.clone()));
        let boards = owner.get("/api/boards").await;
        let board = boards.expect(200).as_array().unwrap().iter().find(|board| board["slug"] == "sales-overview").unwrap()["id"].clone();
        let blocks = format!("/api/boards/{}/blocks", board.as_str().unwrap());
        let add = |config| owner.post(&blocks, config);
        let form = add(json!({"type": "form", "sheet_title": "Sales", "axis": [
            {"column": "Date"}, {"column": "Region"}, {"column": "Product"}, {"column": "Units"}, {"column": "Revenue"}
        ]}))
        .await
        .expect(201)["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let table = add(json!({
            "type": "table", "sheet_title": "Sales",
            "axis": [{"column": "Region"}, {"column": "Units", "editable": "Admins"}],
            "actions": [{"type": "Edit row"}], "action_button_visibility": "Admins",
        }))
        .await
        .expect(201)["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let state = owner.post("/api/board/update-metadata?board=sales-overview", json!({})).await;
        let spreadsheet = state.expect(200)["spreadsheetId"].as_str().unwrap().to_owned();
        let rows = owner.get(&format!("/api/board/{spreadsheet}/sheet/Sales?board=sales-overview&block={table}")).await;
        let records = rows.expect(200)["rows"].as_array().unwrap()[..2]
            .iter()
            .map(|row| row["ChartApps Record ID"].as_str().unwrap().to_owned())
            .collect();
        Self { password: password.to_owned(), token, form, table, spreadsheet, records }
    }

    /// A form submission tagged `tag` in its Region cell.
    fn submission(&self, client: &Client, tag: &str) -> reqwest::RequestBuilder {
        let values = json!({"Date": "2026-11-22", "Region": tag, "Product": "Pro", "Units": "1", "Revenue": "129"});
        client.request(reqwest::Method::POST, &format!("/api/blocks/{}/rows", self.form)).json(&json!({ "values": values }))
    }

    /// A page of the Sales tab as the table block shows it.
    fn read(&self, client: &Client) -> reqwest::RequestBuilder {
        let path = format!("/api/board/{}/sheet/Sales?board=sales-overview&block={}", self.spreadsheet, self.table);
        client.request(reqwest::Method::GET, &path)
    }
}

/// What one writer had acknowledged when the server died: form submissions (record id and the
/// unique tag in their Region cell) and the last Units value an edit of the shared row got back.
#[derive(Default)]
struct Acknowledged {
    submitted: Vec<(String, String)>,
    last_edit: Option<u64>,
}

/// Submits tagged rows through the form, and every other time edits the shared row's Units, until
/// the server stops answering.
async fn write_until_killed(client: Client, writer: usize, board: Arc<DemoBoard>) -> Acknowledged {
    let mut acked = Acknowledged::default();
    let (table, record) = (&board.table, &board.records[writer]);
    for i in 0u64.. {
        let request = if i % 2 == 0 {
            let tag = format!("w{writer}-{i}");
            (board.submission(&client, &tag), Some(tag))
        } else {
            let units = (writer as u64) * 1_000_000 + i;
            let body = json!({"values": {"Units": units.to_string()}});
            (client.request(reqwest::Method::PUT, &format!("/api/blocks/{table}/rows/{record}")).json(&body), None)
        };
        let Ok(response) = request.0.send().await else { break };
        let status = response.status().as_u16();
        let Ok(body) = response.json::<serde_json::Value>().await else { break };
        match request.1 {
            Some(tag) => {
                assert_eq!(status, 201, "a submission was refused: {body}");
                acked.submitted.push((body["record_id"].as_str().unwrap().to_owned(), tag));
            }
            None => {
                assert_eq!(status, 200, "an edit was refused: {body}");
                acked.last_edit = Some(i);
            }
        }
    }
    acked
}

/// kill -9 in the middle of a stream of form submissions and row edits (SQLite, the embedded
/// default): after a restart every acknowledged write is there, once, and the database passes
/// SQLite's integrity check.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_during_writes_loses_no_acknowledged_write() {
    let data = TempDir::new();
    let database_url = format!("sqlite://{}/tessera.db", data.0.display());
    let mut server = Replica::start(&database_url);
    let board = Arc::new(DemoBoard::open(&server).await);
    let (password, records) = (board.password.clone(), board.records.clone());

    let writers: Vec<_> =
        (0..2).map(|writer| tokio::spawn(write_until_killed(server.client(Some(board.token.clone())), writer, board.clone()))).collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.child.kill().expect("SIGKILL");
    server.child.wait().unwrap();
    let mut acked = Vec::new();
    for writer in writers {
        acked.push(writer.await.unwrap());
    }
    let submitted: usize = acked.iter().map(|a| a.submitted.len()).sum();
    println!(
        "acknowledged before the kill: {submitted} submissions, edits up to {:?}",
        acked.iter().map(|a| a.last_edit).collect::<Vec<_>>()
    );
    assert!(
        submitted >= 10 && acked.iter().all(|a| a.last_edit.is_some()),
        "too few writes were acknowledged to prove anything: {submitted}"
    );

    let restarted = Replica::start(&database_url);
    assert!(restarted.printed.iter().all(|line| !line.contains(&password)), "a restart does not make the demo again");
    let db = tessera_server::infra::db::Db::connect(&database_url).await.unwrap();
    let (check,): (String,) = sqlx::query_as("PRAGMA integrity_check").fetch_one(&db.pool).await.unwrap();
    assert_eq!(check, "ok");
    let stored: Vec<(String, String)> = sqlx::query_as("SELECT record_id, cells FROM sheet_rows").fetch_all(&db.pool).await.unwrap();
    let cells_of = |record: &str| stored.iter().find(|(id, _)| id == record).map(|(_, cells)| cells.clone());
    for (writer, writes) in acked.iter().enumerate() {
        for (record, tag) in &writes.submitted {
            assert_stored_once(&stored, record, tag);
        }
        // The last acknowledged edit, or the one in flight after it, is what the row holds.
        let last = writes.last_edit.unwrap();
        let cells = cells_of(&records[writer]).unwrap();
        let units = [last, last + 2].map(|i| format!("\"{}\"", (writer as u64) * 1_000_000 + i));
        assert!(units.iter().any(|value| cells.contains(value)), "row {} holds {cells}, expected Units {units:?}", records[writer]);
    }
    drop(restarted);
}

/// The ids of the demo Sales board's blocks, in order, read from the database.
async fn stored_block_ids(db: &tessera_server::infra::db::Db) -> Vec<String> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT k.id FROM blocks k JOIN boards b ON b.id = k.board_id WHERE b.slug = 'sales-overview' ORDER BY k.position, k.created_at, k.id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    rows.into_iter().map(|(id,)| id).collect()
}

/// kill -9 while two versions of a board are restored over each other again and again: after a
/// restart the board is exactly one of the two versions (same blocks, same order, same
/// settings), never a mix, and SQLite's integrity check passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_during_a_restore_leaves_the_old_or_the_new_version_never_a_mix() {
    let data = TempDir::new();
    let database_url = format!("sqlite://{}/tessera.db", data.0.display());
    let mut server = Replica::start(&database_url);
    let demo = DemoBoard::open(&server).await;
    let owner = server.client(Some(demo.token.clone()));
    let boards = owner.get("/api/boards").await;
    let board = boards.expect(200).as_array().unwrap().iter().find(|board| board["slug"] == "sales-overview").unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    // Version "full": thirty more blocks, so that a restore has work to be caught in.
    for n in 0..30 {
        owner
            .post(
                &format!("/api/boards/{board}/blocks"),
                json!({"type": "markdown", "title": format!("Note {n}"), "text": "x".repeat(500)}),
            )
            .await
            .expect(201);
    }
    let revisions = owner.get(&format!("/api/boards/{board}/revisions")).await;
    let full = revisions.expect(200)["revisions"][0]["id"].as_str().unwrap().to_owned();
    let full_ids = owner.get(&format!("/api/boards/{board}/revisions/{full}")).await.expect(200)["snapshot"]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|block| block["id"].as_str().unwrap().to_owned())
        .collect::<Vec<_>>();
    // Version "short": the table alone.
    for id in full_ids.iter().filter(|id| **id != demo.table) {
        owner.delete(&format!("/api/blocks/{id}"), None).await.expect(204);
    }
    owner.put(&format!("/api/boards/{board}"), json!({"title": "Short version"})).await.expect(200);
    let revisions = owner.get(&format!("/api/boards/{board}/revisions")).await;
    let short = revisions.expect(200)["revisions"][0]["id"].as_str().unwrap().to_owned();

    let restores: Vec<_> = (0..2)
        .map(|n| {
            let client = server.client(Some(demo.token.clone()));
            let (board, full, short) = (board.clone(), full.clone(), short.clone());
            tokio::spawn(async move {
                let mut done = 0usize;
                for turn in n.. {
                    let revision = if turn % 2 == 0 { &full } else { &short };
                    let request = client
                        .request(reqwest::Method::POST, &format!("/api/boards/{board}/revisions/{revision}/restore"))
                        .json(&json!({}));
                    let Ok(response) = request.send().await else { break };
                    let status = response.status().as_u16();
                    if response.bytes().await.is_err() {
                        break;
                    }
                    assert_eq!(status, 200, "a restore was refused");
                    done += 1;
                }
                done
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.child.kill().expect("SIGKILL");
    server.child.wait().unwrap();
    let mut done = 0;
    for restore in restores {
        done += restore.await.unwrap();
    }
    println!("restores acknowledged before the kill: {done}");
    assert!(done >= 4, "too few restores ran to prove anything: {done}");

    let restarted = Replica::start(&database_url);
    let db = tessera_server::infra::db::Db::connect(&database_url).await.unwrap();
    let (check,): (String,) = sqlx::query_as("PRAGMA integrity_check").fetch_one(&db.pool).await.unwrap();
    assert_eq!(check, "ok");
    let ids = stored_block_ids(&db).await;
    let (settings,): (String,) =
        sqlx::query_as("SELECT settings FROM boards WHERE id = $1").bind(&board).fetch_one(&db.pool).await.unwrap();
    let short_title = settings.contains("Short version");
    if ids == [demo.table.clone()] {
        assert!(short_title, "the short version's blocks with the full version's settings: {settings}");
    } else {
        assert_eq!(ids, full_ids, "the board is neither version");
        assert!(!short_title, "the full version's blocks with the short version's settings");
    }
    drop(restarted);
}

/// One answer the server gave while PostgreSQL went down and came back.
struct Answer {
    sent: Instant,
    took: Duration,
    status: u16,
    retry_after: Option<String>,
    body: serde_json::Value,
}

/// Everything one client saw, and the submissions the server acknowledged to it.
#[derive(Default)]
struct Seen {
    answers: Vec<Answer>,
    acknowledged: Vec<(String, String)>,
}

/// Far above the pool's wait for a connection: an answer slower than this is a hang.
const HANG: Duration = Duration::from_secs(20);

/// Sends form submissions (when `writer` is given) or sheet reads, one after another, until
/// `stop` is set. A request the server does not answer within [`HANG`] fails the test.
async fn busy(board: Arc<DemoBoard>, client: Client, writer: Option<usize>, stop: Arc<AtomicBool>) -> Seen {
    let mut seen = Seen::default();
    for i in 0u64.. {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let tag = writer.map(|writer| format!("pg{writer}-{i}"));
        let request = match &tag {
            Some(tag) => board.submission(&client, tag),
            None => board.read(&client),
        };
        let sent = Instant::now();
        let response = request.timeout(HANG).send().await.unwrap_or_else(|error| panic!("no answer within {HANG:?}: {error}"));
        let status = response.status().as_u16();
        let retry_after = response.headers().get("retry-after").and_then(|value| value.to_str().ok()).map(str::to_owned);
        let body: serde_json::Value = response.json().await.unwrap_or_else(|error| panic!("an answer that is not JSON: {error}"));
        if let (201, Some(tag)) = (status, tag) {
            seen.acknowledged.push((body["record_id"].as_str().expect("a record id").to_owned(), tag));
        }
        seen.answers.push(Answer { sent, took: sent.elapsed(), status, retry_after, body });
    }
    seen
}

/// PostgreSQL stopped as by a crash (`pg_ctl stop -m immediate`) while two clients submit a form
/// and two read a sheet, and started again a few seconds later: during the outage every request
/// is answered, within the pool's wait, with a 503 that says to try again (never a 500 or a
/// hang); once it is back, requests succeed on the same server process, and every submission
/// that was acknowledged is stored exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_restart_under_load_fails_requests_clearly_and_needs_no_server_restart() {
    let cluster = PrivatePostgres::start();
    let mut server = Replica::start(&cluster.url());
    let board = Arc::new(DemoBoard::open(&server).await);
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = [Some(0), Some(1), None, None]
        .into_iter()
        .map(|writer| tokio::spawn(busy(board.clone(), server.client(Some(board.token.clone())), writer, stop.clone())))
        .collect();

    tokio::time::sleep(Duration::from_millis(1000)).await;
    let outage = Instant::now();
    cluster.stop_immediately();
    let down = Instant::now();
    // Long enough for requests to wait out the pool and for new ones to arrive during the outage.
    tokio::time::sleep(tessera_server::infra::db::ACQUIRE_TIMEOUT + Duration::from_secs(3)).await;
    let restarting = Instant::now();
    cluster.start_again();
    let back = Instant::now();
    println!("PostgreSQL was down for {:?}", back - outage);

    // The same server process answers again at once, reads and writes alike.
    let owner = server.client(Some(board.token.clone()));
    let read = board.read(&owner).send().await.unwrap();
    assert_eq!(read.status(), 200, "the first read after the restart: {}", read.text().await.unwrap());
    let written = board.submission(&owner, "after-the-restart").send().await.unwrap();
    assert_eq!(written.status(), 201, "the first write after the restart: {}", written.text().await.unwrap());
    tokio::time::sleep(Duration::from_millis(1000)).await;
    stop.store(true, Ordering::Relaxed);
    let mut seen = Vec::new();
    for client in clients {
        seen.push(client.await.unwrap());
    }
    assert!(server.child.try_wait().unwrap().is_none(), "the server process kept running");

    let answers: Vec<&Answer> = seen.iter().flat_map(|seen| &seen.answers).collect();
    let refused: Vec<&&Answer> = answers.iter().filter(|answer| answer.status == 503).collect();
    for answer in &answers {
        assert!(
            answer.status < 300 || answer.status == 503,
            "an answer that is neither a success nor a 503: {} {}",
            answer.status,
            answer.body
        );
        assert!(answer.took < HANG, "an answer took {:?}", answer.took);
    }
    for answer in &refused {
        assert_eq!(answer.body["error"], tessera_server::infra::error::messages::DATABASE_UNAVAILABLE, "{}", answer.body);
        assert_eq!(answer.retry_after.as_deref(), Some("5"));
    }
    let slowest = refused.iter().map(|answer| answer.took).max().unwrap_or_default();
    let ok_after = answers.iter().filter(|answer| answer.sent >= back && answer.status < 300).count();
    let ok_before = answers.iter().filter(|answer| answer.sent < outage && answer.status < 300).count();
    let acknowledged: Vec<&(String, String)> = seen.iter().flat_map(|seen| &seen.acknowledged).collect();
    println!(
        "{} answers: {ok_before} successes before the outage, {} 503s (slowest {slowest:?}), {ok_after} successes after; {} submissions acknowledged",
        answers.len(),
        refused.len(),
        acknowledged.len()
    );
    // A request sent once PostgreSQL had stopped and answered before it was started again cannot
    // have succeeded. Which client first meets the outage depends on where each request was
    // when PostgreSQL stopped, so the test asks for a refusal per kind of request, not per client.
    let inside: Vec<(Duration, Duration, u16)> = answers
        .iter()
        .filter(|answer| answer.sent >= down && answer.sent + answer.took < restarting)
        .map(|answer| (answer.sent - down, answer.took, answer.status))
        .collect();
    assert!(
        inside.iter().all(|(_, _, status)| *status == 503),
        "(sent after the stop, took, status) of requests inside the outage: {inside:?}"
    );
    let refused_by =
        |clients: std::ops::Range<usize>| seen[clients].iter().flat_map(|seen| &seen.answers).filter(|answer| answer.status == 503).count();
    assert!(refused_by(0..2) > 0 && refused_by(2..4) > 0, "both writers and readers met the outage: {} 503s", refused.len());
    assert!(ok_before > 0 && ok_after > 0, "successes before ({ok_before}) and after ({ok_after}) the outage");

    let db = tessera_server::infra::db::Db::connect(&cluster.url()).await.unwrap();
    let stored: Vec<(String, String)> = sqlx::query_as("SELECT record_id, cells FROM sheet_rows").fetch_all(&db.pool).await.unwrap();
    for (record, tag) in acknowledged {
        assert_stored_once(&stored, record, tag);
    }
    db.close().await;
}
