//! `cargo xtask bench-mixed`: viewers, editors and form submissions at once, on this machine's
//! loopback, against the target of no errors and p99 under 100 ms at 500 concurrent viewers.
//!
//! Starts the release server on a fresh SQLite database (with its demo owner), uploads the
//! generated 10,000-row sheet of `bench-load` and makes a public board over it with a table, a
//! chart and a form. Then, all at once for a bounded time, each on its own keep-alive connection:
//! - 500 viewers make the web viewer's own calls: open the board (its state, the table's first
//!   page, the chart's view), then turn to the next page, then search, pausing about a second
//!   (jittered) between steps, and open the board again;
//! - 5 editors save the chart block's settings (a new title each time) as the editor does;
//! - 20 guests submit the form, each about once a second, each submission a new row of the sheet
//!   the viewers read.
//!
//! Every request's latency is counted from its first byte sent to the last byte of its answer;
//! an answer other than 2xx, or a broken connection, is an error. The table printed gives, per
//! kind and overall, the requests, throughput, p50, p99 and error rate. A benchmark, not a test:
//! the figures are printed with the target, never asserted.
//!
//! The load runs twice, on two fresh servers: first with no history kept
//! (`TESSERA_HISTORY_DAYS=0`), then with the default, and a last table gives the ratio of the
//! two p99s of block saves and form submissions (issue 30's target: at most 1.20), and what the
//! history of the second run takes on disk per 10,000 row writes.

use std::io::BufReader;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::bench_load::{call, first_id, generate, public_board, start_as_demo_owner};
use crate::load::{self, encode, quantile_ms};
use crate::{server, Result};

const SLUG: &str = "bench-mixed";
const ROWS: usize = 10_000;
const VIEWERS: usize = 500;
const EDITORS: usize = 5;
const SUBMITTERS: usize = 20;
/// Every user's first steps, spread over the pause so that they do not all start together, are
/// not counted; the measured window follows.
const WARM_UP: Duration = Duration::from_secs(5);
const MEASURED: Duration = Duration::from_secs(30);
const VIEWER_PAUSE: Duration = Duration::from_millis(1000);
const EDITOR_PAUSE: Duration = Duration::from_millis(2000);
const SUBMITTER_PAUSE: Duration = Duration::from_millis(1000);
const TARGET_P99_MS: f64 = 100.0;

/// What a request was, for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    BoardState,
    SheetRows,
    ChartView,
    BlockSave,
    FormSubmit,
}

const KINDS: [(Kind, &str); 5] = [
    (Kind::BoardState, "viewer: board state"),
    (Kind::SheetRows, "viewer: sheet rows"),
    (Kind::ChartView, "viewer: chart view"),
    (Kind::BlockSave, "editor: save block"),
    (Kind::FormSubmit, "guest: submit form"),
];

/// One request of the measured window: its kind, latency in µs and whether it succeeded.
type Sample = (Kind, u32, bool);

/// The ids a run needs.
struct Board {
    host: String,
    token: String,
    spreadsheet: String,
    sheet: String,
    table: String,
    chart: String,
    form: String,
}

pub fn run() -> Result {
    server::build(server::Profile::Release)?;
    // Issue 30: the cost of keeping history on the write path, measured in this one run: the same
    // load with no history kept (TESSERA_HISTORY_DAYS=0), then with the default.
    let without = measure("no history kept (TESSERA_HISTORY_DAYS=0)", &[("TESSERA_HISTORY_DAYS", "0")])?;
    let with = measure("history kept (the default)", &[])?;
    let storage = history_storage();

    println!("\ncost of history on the write path (p99, same run; target: at most 1.20 and no errors)");
    println!("{:<22} {:>14} {:>14} {:>7}  verdict", "kind", "without ms", "with ms", "ratio");
    for (kind, name) in KINDS.iter().filter(|(kind, _)| matches!(kind, Kind::BlockSave | Kind::FormSubmit)) {
        let (before, errors_before) = p99_of(&without, *kind);
        let (after, errors_after) = p99_of(&with, *kind);
        let ratio = after / before;
        let verdict = if ratio <= 1.20 && errors_before + errors_after == 0 { "PASS" } else { "MISS" };
        println!("{name:<22} {before:>14.2} {after:>14.2} {ratio:>7.2}  {verdict}");
    }
    match storage {
        Ok(line) => println!("{line}"),
        Err(error) => println!("storage of history: not measured ({error})"),
    }
    Ok(())
}

/// The p99 in ms and the errors of one kind of request.
fn p99_of(samples: &[Sample], kind: Kind) -> (f64, usize) {
    let mut micros: Vec<u32> = samples.iter().filter(|sample| sample.0 == kind && sample.2).map(|sample| sample.1).collect();
    micros.sort_unstable();
    let errors = samples.iter().filter(|sample| sample.0 == kind && !sample.2).count();
    (quantile_ms(&micros, 0.99), errors)
}

/// One run of the mixed load on a fresh server started with `env`; prints its table.
fn measure(label: &str, env: &[(&str, &str)]) -> Result<Vec<Sample>> {
    let (server, host, token) = start_as_demo_owner(env)?;
    let board = prepare(host, token)?;

    let started = Instant::now();
    let window = (started + WARM_UP, started + WARM_UP + MEASURED);
    let samples: Vec<Sample> = std::thread::scope(|scope| {
        let board = &board;
        let mut users = Vec::new();
        for n in 0..VIEWERS {
            users.push(spawn(scope, move || User::new(board, n, window, VIEWER_PAUSE).view()));
        }
        for n in 0..EDITORS {
            users.push(spawn(scope, move || User::new(board, VIEWERS + n, window, EDITOR_PAUSE).edit()));
        }
        for n in 0..SUBMITTERS {
            users.push(spawn(scope, move || User::new(board, VIEWERS + EDITORS + n, window, SUBMITTER_PAUSE).submit()));
        }
        users.into_iter().flat_map(|user| user.join().unwrap_or_default()).collect()
    });
    let rows_after = sheet_rows(&board)?;
    server.stop()?;

    println!(
        "\nmixed load on loopback for {} s, {label}: {VIEWERS} viewers (pause {} ms), {EDITORS} editors saving a block (pause {} ms), \
         {SUBMITTERS} guests submitting a form (pause {} ms), over a {ROWS}-row sheet",
        MEASURED.as_secs(),
        VIEWER_PAUSE.as_millis(),
        EDITOR_PAUSE.as_millis(),
        SUBMITTER_PAUSE.as_millis()
    );
    println!(
        "target: no errors and p99 < {TARGET_P99_MS:.0} ms at {VIEWERS} concurrent viewers; the sheet has {rows_after} rows after the run"
    );
    println!("{:<22} {:>9} {:>9} {:>9} {:>9} {:>8} {:>8}  verdict", "kind", "requests", "req/s", "p50 ms", "p99 ms", "errors", "error %");
    for (kind, name) in KINDS {
        let of_kind: Vec<&Sample> = samples.iter().filter(|sample| sample.0 == kind).collect();
        print_row(name, &of_kind);
    }
    print_row("all", &samples.iter().collect::<Vec<_>>());
    Ok(samples)
}

/// What the last run's history takes on disk, read from its SQLite file with SQLite's own page
/// accounting (`dbstat`, through Python's sqlite3, which Debian's python3 has): the pages of the
/// activity log and of the revisions with their indexes, per 10,000 row writes and per revision.
fn history_storage() -> Result<String> {
    let data = crate::cmd::target_dir().join("server-data").join(std::process::id().to_string()).join("tessera.db");
    let script = r#"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
def pages(table):
    names = [table] + [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", (table,))]
    return sum(db.execute("SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name = ?", (name,)).fetchone()[0] for name in names)
count = lambda table: db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
print(pages("row_activity"), count("row_activity"), pages("revisions"), count("revisions"))
"#;
    let output = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&data)
        .output()
        .map_err(|err| format!("python3 could not run: {err}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_owned());
    }
    let figures: Vec<f64> = String::from_utf8_lossy(&output.stdout).split_whitespace().filter_map(|n| n.parse().ok()).collect();
    let [activity_bytes, entries, revision_bytes, revisions] = figures[..] else { return Err("python3 printed no figures".to_owned()) };
    Ok(format!(
        "storage of history (SQLite pages with indexes): {entries:.0} row writes logged in {:.0} KiB = {:.2} MiB per 10,000 row writes; \
         {revisions:.0} revisions in {:.0} KiB = {:.1} KiB per revision of this board",
        activity_bytes / 1024.0,
        activity_bytes / entries.max(1.0) * 10_000.0 / 1_048_576.0,
        revision_bytes / 1024.0,
        revision_bytes / revisions.max(1.0) / 1024.0
    ))
}

fn spawn<'scope, F>(scope: &'scope std::thread::Scope<'scope, '_>, user: F) -> std::thread::ScopedJoinHandle<'scope, Vec<Sample>>
where
    F: FnOnce() -> Vec<Sample> + Send + 'scope,
{
    // Small stacks: 525 threads that only read and write sockets.
    std::thread::Builder::new().stack_size(256 * 1024).spawn_scoped(scope, user).expect("a load thread starts")
}

fn print_row(name: &str, samples: &[&Sample]) {
    let mut micros: Vec<u32> = samples.iter().filter(|sample| sample.2).map(|sample| sample.1).collect();
    micros.sort_unstable();
    let errors = samples.len() - micros.len();
    let error_rate = if samples.is_empty() { 0.0 } else { errors as f64 * 100.0 / samples.len() as f64 };
    let p99 = quantile_ms(&micros, 0.99);
    let verdict = if errors == 0 && p99 < TARGET_P99_MS { "PASS" } else { "MISS" };
    println!(
        "{name:<22} {:>9} {:>9.0} {:>9.2} {:>9.2} {errors:>8} {error_rate:>8.2}  {verdict}",
        samples.len(),
        samples.len() as f64 / MEASURED.as_secs_f64(),
        quantile_ms(&micros, 0.50),
        p99
    );
}

/// The sheet, the public board and its three blocks.
fn prepare(host: String, token: String) -> Result<Board> {
    let (board, spreadsheet, sheet) = public_board(&host, &token, SLUG, "Mixed bench", &generate(ROWS, 0))?;
    let add = |block: &str| {
        let block = block.replacen('{', &format!(r#"{{"sheet_title":"{sheet}","#), 1);
        call(&host, &token, "POST", &format!("/api/boards/{board}/blocks"), &block).and_then(|answer| first_id(&answer))
    };
    let table = add(r#"{"type":"table","title":"Deals","rows_per_page":10}"#)?;
    let chart = add(&chart_block(&sheet, "By region"))?;
    let form = add(r#"{"type":"form","title":"Add a deal"}"#)?;
    Ok(Board { host, token, spreadsheet, sheet, table, chart, form })
}

fn chart_block(sheet: &str, title: &str) -> String {
    format!(r#"{{"sheet_title":"{sheet}","type":"chart","title":"{title}","x_axis":"Region","axis":[{{"column":"Amount","type":"bar"}}]}}"#)
}

/// How many rows the table block reports, to show that the submissions were stored.
fn sheet_rows(board: &Board) -> Result<String> {
    let path = rows_path(board, "&page=1");
    let (status, answer) = load::request(&board.host, "GET", &path, &[], b"")?;
    if status != 200 {
        return Err(format!("the sheet call after the run answered {status}: {answer}"));
    }
    let total = answer.split("\"total\":").nth(1).map(|rest| rest.chars().take_while(char::is_ascii_digit).collect::<String>());
    Ok(total.filter(|digits| !digits.is_empty()).unwrap_or_else(|| "?".to_owned()))
}

/// The table's rows as the viewer asks for them; `extra` adds the page or the search.
fn rows_path(board: &Board, extra: &str) -> String {
    format!(
        "/api/board/{}/sheet/{}?board={SLUG}&referer=&_filters=&block={}&rows_per_page=10&tz_offset=0{extra}",
        encode(&board.spreadsheet),
        encode(&board.sheet),
        board.table
    )
}

/// One simulated person on one keep-alive connection (reopened when it breaks).
struct User<'a> {
    board: &'a Board,
    window: (Instant, Instant),
    pause: Duration,
    stream: Option<BufReader<TcpStream>>,
    id: usize,
    seed: u64,
    samples: Vec<Sample>,
}

impl<'a> User<'a> {
    fn new(board: &'a Board, n: usize, window: (Instant, Instant), pause: Duration) -> Self {
        let mut user = Self { board, window, pause, stream: None, id: n, seed: 0x9E37_79B9_7F4A_7C15 ^ n as u64, samples: Vec::new() };
        // Spread the first steps over one pause.
        let offset = user.next() % pause.as_millis() as u64;
        std::thread::sleep(Duration::from_millis(offset));
        user
    }

    /// Open the board, next page, search; again and again until the window closes.
    fn view(mut self) -> Vec<Sample> {
        let board = self.board;
        let state = format!("/api/board/update-metadata?board={SLUG}&referer=&_filters=");
        let view = format!(
            "/api/board/{}/view/{}?board={SLUG}&referer=&_filters=&block={}&tz_offset=0",
            encode(&board.spreadsheet),
            board.chart,
            board.chart
        );
        for step in 0.. {
            let alive = match step % 3 {
                0 => {
                    self.send(Kind::BoardState, "POST", &state, &[], "")
                        && self.send(Kind::SheetRows, "GET", &rows_path(board, "&page=1"), &[], "")
                        && self.send(Kind::ChartView, "GET", &view, &[], "")
                }
                1 => self.send(Kind::SheetRows, "GET", &rows_path(board, &format!("&page={}", 2 + step % 50)), &[], ""),
                _ => self.send(Kind::SheetRows, "GET", &rows_path(board, &format!("&page=1&search={}", step % 10)), &[], ""),
            };
            if !alive || !self.pause() {
                break;
            }
        }
        self.samples
    }

    /// Save the chart block with a new title, as the editor's settings panel does.
    fn edit(mut self) -> Vec<Sample> {
        let board = self.board;
        let path = format!("/api/blocks/{}?board={SLUG}&referer=&_filters=", board.chart);
        let auth = [("Authorization", format!("Bearer {}", board.token)), ("Content-Type", "application/json".to_owned())];
        for n in 0.. {
            let body = chart_block(&board.sheet, &format!("By region {n}"));
            if !self.send(Kind::BlockSave, "PUT", &path, &auth, &body) || !self.pause() {
                break;
            }
        }
        self.samples
    }

    /// Submit the form as a guest: a new row of the sheet every time.
    fn submit(mut self) -> Vec<Sample> {
        let path = format!("/api/blocks/{}/rows?board={SLUG}&referer=&_filters=", self.board.form);
        let json = [("Content-Type", "application/json".to_owned())];
        for n in 0.. {
            let body = format!(
                r#"{{"values":{{"Name":"Visitor {}-{n}","Region":"North","Team":"Alpha","Amount":"{}.50","Date":"2026-11-26"}}}}"#,
                self.id,
                n % 500
            );
            if !self.send(Kind::FormSubmit, "POST", &path, &json, &body) || !self.pause() {
                break;
            }
        }
        self.samples
    }

    /// Sends one request on the user's connection; false once the window has closed. A request
    /// started inside the window is counted.
    fn send(&mut self, kind: Kind, method: &str, path: &str, headers: &[(&str, String)], body: &str) -> bool {
        let now = Instant::now();
        if now >= self.window.1 {
            return false;
        }
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: keep-alive\r\nContent-Length: {}\r\n",
            self.board.host,
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        let answer = self.connection().and_then(|reader| load::exchange(reader, request.as_bytes()));
        let micros = now.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        let ok = match answer {
            Ok((status, _)) => (200..300).contains(&status),
            Err(_) => {
                self.stream = None;
                false
            }
        };
        if now >= self.window.0 {
            self.samples.push((kind, micros, ok));
        }
        true
    }

    fn connection(&mut self) -> std::io::Result<&mut BufReader<TcpStream>> {
        if self.stream.is_none() {
            let tcp = TcpStream::connect(&self.board.host)?;
            tcp.set_nodelay(true)?;
            tcp.set_read_timeout(Some(Duration::from_secs(30)))?;
            self.stream = Some(BufReader::new(tcp));
        }
        Ok(self.stream.as_mut().expect("connected above"))
    }

    /// Waits the pause, jittered by ±50%; false when the window closes first.
    fn pause(&mut self) -> bool {
        let half = self.pause.as_millis() as u64 / 2;
        let wait = Duration::from_millis(half + self.next() % (2 * half + 1));
        if Instant::now() + wait >= self.window.1 {
            return false;
        }
        std::thread::sleep(wait);
        true
    }

    /// A fixed linear congruential sequence per user: the same run every time.
    fn next(&mut self) -> u64 {
        self.seed = self.seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.seed >> 33
    }
}
