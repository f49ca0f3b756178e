//! `cargo xtask bench-load`: the sheet-data call under load, on this machine's loopback.
//!
//! Starts the release server on a fresh SQLite database (with its demo owner), uploads three
//! generated sheets (10,000 rows; 100,000 rows x 10 columns = 1,000,000 cells; 999,999 rows x
//! 10 columns, which with its header is 10,000,000 cells, the most one import may hold),
//! connects each to a public board with two active filters and a table of the tab, then fires
//! the viewer's query through that table (the two filters, a search and a page of 10; a guest
//! reads a tab only through a block that shows it) on keep-alive connections and prints requests per
//! second and p50/p99 latency against the targets. A sheet the server refuses for its import
//! limits is reported as skipped, with the server's reason, and the others are still measured.
//! A benchmark, not a test: the machine is shared, so the figures are printed, never asserted.

use std::time::Instant;

use crate::load::{self, encode};
use crate::{server, Result};

const CONNECTIONS: usize = 16;
const SECONDS: u64 = 10;
const SEARCH: &str = "5";

struct Case {
    slug: &'static str,
    rows: usize,
    extra_columns: usize,
    min_per_second: Option<f64>,
    max_p99_ms: f64,
}

/// The columns every generated sheet has before its note columns (see [`generate`]).
const BASE_COLUMNS: usize = 5;

/// The 1,000,000- and 10,000,000-cell targets are issue 31's: the answer many viewers share is
/// computed once per data version, so a page costs the same whatever the size of the sheet.
const CASES: [Case; 3] = [
    Case { slug: "load-10k-rows", rows: 10_000, extra_columns: 0, min_per_second: Some(2000.0), max_p99_ms: 50.0 },
    Case { slug: "load-1m-cells", rows: 100_000, extra_columns: 5, min_per_second: Some(1000.0), max_p99_ms: 100.0 },
    Case { slug: "load-10m-cells", rows: 999_999, extra_columns: 5, min_per_second: Some(1000.0), max_p99_ms: 100.0 },
];

impl Case {
    /// The cells of its file, header included, as the import limits count them.
    fn cells(&self) -> usize {
        (self.rows + 1) * (BASE_COLUMNS + self.extra_columns)
    }
}

pub fn run() -> Result {
    server::build(server::Profile::Release)?;
    let (server, host, token) = start_as_demo_owner(&[])?;
    let workspace = first_id(&call(&host, &token, "GET", "/api/workspaces", "")?)?;
    let mut table = Vec::new();
    let mut skipped = Vec::new();
    for case in &CASES {
        let started = Instant::now();
        let uploaded = send_upload(&host, &token, &workspace, case.slug, &generate(case.rows, case.extra_columns))?;
        let (spreadsheet, sheet) = match uploaded {
            Ok(ids) => ids,
            Err(refused) if refused.is_limit() => {
                println!("bench-load: {} skipped: the server refused its {} cells: {}", case.slug, case.cells(), refused.answer);
                skipped.push((case, refused.answer));
                continue;
            }
            Err(refused) => return Err(refused.to_string()),
        };
        let block = board(&host, &token, &workspace, case, &spreadsheet, &sheet)?;
        let columns = BASE_COLUMNS + case.extra_columns;
        println!("bench-load: {} rows x {columns} columns ready in {:.1} s", case.rows, started.elapsed().as_secs_f64());
        let path = format!(
            "/api/board/{}/sheet/{}?board={}&block={}&referer=bench&search={SEARCH}&rows_per_page=10",
            encode(&spreadsheet),
            encode(&sheet),
            case.slug,
            encode(&block)
        );
        let (status, body) = load::request(&host, "GET", &path, &[], b"")?;
        if status != 200 {
            return Err(format!("the query answered {status}: {body}"));
        }
        // One warm-up second parses and caches the sheet, as a running server would have.
        load::run(&host, &path, CONNECTIONS, 1);
        table.push((case, load::run(&host, &path, CONNECTIONS, SECONDS)));
    }
    server.stop()?;
    println!("\nsheet-data call, {CONNECTIONS} connections, {SECONDS} s each, two filters + search + page of 10");
    println!(
        "{:<16} {:>10} {:>9} {:>10} {:>9} {:>9} {:>7}  {:<28} verdict",
        "sheet", "cells", "requests", "req/s", "p50 ms", "p99 ms", "errors", "target"
    );
    for (case, measured) in &table {
        let cells = case.cells();
        let fast_enough = case.min_per_second.is_none_or(|min| measured.per_second >= min);
        let verdict = if fast_enough && measured.p99_ms < case.max_p99_ms && measured.errors == 0 { "PASS" } else { "MISS" };
        let target = match case.min_per_second {
            Some(min) => format!(">= {min:.0} req/s, p99 < {:.0} ms", case.max_p99_ms),
            None => format!("p99 < {:.0} ms", case.max_p99_ms),
        };
        println!(
            "{:<16} {:>10} {:>9} {:>10.0} {:>9.2} {:>9.2} {:>7}  {:<28} {verdict}",
            case.slug, cells, measured.requests, measured.per_second, measured.p50_ms, measured.p99_ms, measured.errors, target
        );
    }
    for (case, reason) in &skipped {
        println!("{:<16} {:>10} skipped: {reason}", case.slug, case.cells());
    }
    Ok(())
}

/// The release server on a fresh database, signed in as its demo owner with the password its
/// first start prints, with `env` added to its environment: the server, its `host:port` and the
/// owner's token.
pub(crate) fn start_as_demo_owner(env: &[(&str, &str)]) -> Result<(server::Background, String, String)> {
    let server = server::start_background_with(server::Profile::Release, env)?;
    let host = server.url.trim_start_matches("http://").trim_end_matches('/').to_owned();
    let owner = server.line_after("Demo owner: ")?;
    let (email, password) = owner.split_once(" / ").ok_or("the demo owner line has no password")?;
    let token = log_in(&host, email, password)?;
    Ok((server, host, token))
}

fn log_in(host: &str, email: &str, password: &str) -> Result<String> {
    let body = format!(r#"{{"email":"{email}","password":"{password}"}}"#);
    let (status, answer) = load::request(host, "POST", "/api/auth/login", &[("Content-Type", "application/json".into())], body.as_bytes())?;
    if status != 200 {
        return Err(format!("logging in as the demo owner answered {status}: {answer}"));
    }
    string_field(&answer, "token").ok_or_else(|| format!("no token in {answer}"))
}

/// An authenticated JSON call that must succeed.
pub(crate) fn call(host: &str, token: &str, method: &str, path: &str, json: &str) -> Result<String> {
    let headers = [("Authorization", format!("Bearer {token}")), ("Content-Type", "application/json".into())];
    let (status, answer) = load::request(host, method, path, &headers, json.as_bytes())?;
    if !(200..300).contains(&status) {
        return Err(format!("{method} {path} answered {status}: {answer}"));
    }
    Ok(answer)
}

/// An upload the server refused: its status and answer.
struct Refused {
    title: String,
    status: u16,
    answer: String,
}

impl Refused {
    /// Refused for the import limits (file size 413; cells or text 422, 'the most one import may
    /// hold'), not for a fault of the bench.
    fn is_limit(&self) -> bool {
        self.status == 413 || (self.status == 422 && self.answer.contains("the most one import may hold"))
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "uploading {}.csv answered {}: {}", self.title, self.status, self.answer)
    }
}

/// Uploads `csv` as the spreadsheet `title`; answers its id and tab title.
pub(crate) fn upload(host: &str, token: &str, workspace: &str, title: &str, csv: &str) -> Result<(String, String)> {
    send_upload(host, token, workspace, title, csv)?.map_err(|refused| refused.to_string())
}

/// [`upload`], with a refusal told apart from a failure to ask.
fn send_upload(host: &str, token: &str, workspace: &str, title: &str, csv: &str) -> Result<Result<(String, String), Refused>> {
    let boundary = "tessera-bench-boundary";
    let title = title.to_owned();
    let mut body = Vec::new();
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"workspace_id\"\r\n\r\n{workspace}\r\n").as_bytes(),
    );
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{title}.csv\"\r\nContent-Type: text/csv\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(csv.as_bytes());
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let headers = [("Authorization", format!("Bearer {token}")), ("Content-Type", format!("multipart/form-data; boundary={boundary}"))];
    let (status, answer) = load::request(host, "POST", "/api/spreadsheets/upload", &headers, &body)?;
    if status != 201 {
        return Ok(Err(Refused { title, status, answer }));
    }
    Ok(Ok((first_id(&answer)?, title)))
}

/// A public board on the spreadsheet with two active filters (Region = North, Amount > 100).
/// The case's public board with its two active filters and a table of the tab; answers the
/// table's id.
fn board(host: &str, token: &str, workspace: &str, case: &Case, spreadsheet: &str, sheet: &str) -> Result<String> {
    let created =
        call(host, token, "POST", "/api/boards", &format!(r#"{{"workspace_id":"{workspace}","name":"{0}","slug":"{0}"}}"#, case.slug))?;
    let id = first_id(&created)?;
    let filter = |name: &str, condition: &str, value: &str| {
        format!(
            r#"{{"name":"{name}","active":true,"condition":"{condition}","sheet_column":{{"sheet":"{sheet}","column":"{name}"}},"value":"{value}"}}"#
        )
    };
    let settings = format!(
        r#"{{"public":true,"spreadsheetId":"{spreadsheet}","filters":[{},{}]}}"#,
        filter("Region", "=", "North"),
        filter("Amount", ">", "100")
    );
    call(host, token, "PUT", &format!("/api/boards/{id}"), &settings)?;
    // Viewers read a tab through a block that shows it (issue 45's scope): a table of every column.
    let table = call(host, token, "POST", &format!("/api/boards/{id}/blocks"), &format!(r#"{{"type":"table","sheet_title":"{sheet}"}}"#))?;
    first_id(&table)
}

/// A deterministic CSV: Name, Region, Team, Amount, Date, then `extra` note columns.
/// A public board at `slug` over a new spreadsheet uploaded from `csv` into the caller's first
/// workspace; answers the board id, the spreadsheet id and its tab, for the blocks to come.
pub(crate) fn public_board(host: &str, token: &str, slug: &str, name: &str, csv: &str) -> Result<(String, String, String)> {
    let workspace = first_id(&call(host, token, "GET", "/api/workspaces", "")?)?;
    let (spreadsheet, sheet) = upload(host, token, &workspace, slug, csv)?;
    let body = format!(r#"{{"workspace_id":"{workspace}","name":"{name}","slug":"{slug}"}}"#);
    let board = first_id(&call(host, token, "POST", "/api/boards", &body)?)?;
    call(host, token, "PUT", &format!("/api/boards/{board}"), &format!(r#"{{"public":true,"spreadsheetId":"{spreadsheet}"}}"#))?;
    Ok((board, spreadsheet, sheet))
}

pub(crate) fn generate(rows: usize, extra: usize) -> String {
    const REGIONS: [&str; 4] = ["North", "South", "East", "West"];
    const TEAMS: [&str; 6] = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"];
    let mut out = String::from("Name,Region,Team,Amount,Date");
    for n in 1..=extra {
        out.push_str(&format!(",Note {n}"));
    }
    out.push('\n');
    // A fixed linear congruential sequence: the same file on every run.
    let mut seed: u64 = 42;
    let mut next = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        seed >> 33
    };
    for i in 0..rows {
        let (region, team) = (REGIONS[next() as usize % 4], TEAMS[next() as usize % 6]);
        let amount = next() % 100_000;
        let (month, day) = (1 + next() % 12, 1 + next() % 28);
        out.push_str(&format!("Customer {i},{region},{team},{}.{:02},2026-{month:02}-{day:02}", amount / 100, amount % 100));
        for n in 1..=extra {
            out.push_str(&format!(",note {} of row {i}", n + next() as usize % 9));
        }
        out.push('\n');
    }
    out
}

/// The first `"id":"…"` of a JSON answer (the outermost object's, as the answers here put it first).
pub(crate) fn first_id(json: &str) -> Result<String> {
    string_field(json, "id").ok_or_else(|| format!("no id in {json}"))
}

fn string_field(json: &str, key: &str) -> Option<String> {
    let start = json.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let end = start + json[start..].find('"')?;
    Some(json[start..end].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_sheets_have_the_header_and_row_count_asked_for() {
        let csv = generate(3, 2);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "Name,Region,Team,Amount,Date,Note 1,Note 2");
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[1].split(',').count(), 7);
        assert_eq!(generate(3, 2), csv, "the same sheet on every run");
    }

    #[test]
    fn the_largest_case_is_ten_million_cells_as_the_import_limits_count_them() {
        assert_eq!(CASES.iter().map(Case::cells).max(), Some(10_000_000));
        let csv = generate(2, 5);
        let fields: usize = csv.lines().map(|line| line.split(',').count()).sum();
        let case = Case { slug: "t", rows: 2, extra_columns: 5, min_per_second: None, max_p99_ms: 1.0 };
        assert_eq!(fields, case.cells());
    }

    #[test]
    fn only_limit_refusals_skip_a_case() {
        let refused = |status, answer: &str| Refused { title: "t".into(), status, answer: answer.into() };
        assert!(refused(413, "The file is too large: files may be at most 200 MiB.").is_limit());
        assert!(refused(422, "'t.csv' has more than 10,000,000 cells, the most one import may hold. Split it").is_limit());
        assert!(!refused(422, "Choose a file to upload.").is_limit());
        assert!(!refused(403, "Access denied").is_limit());
    }

    #[test]
    fn fields_are_read_from_json_answers() {
        assert_eq!(string_field(r#"{"token":"abc","user":{"id":"u1"}}"#, "token").as_deref(), Some("abc"));
        assert_eq!(first_id(r#"{"spreadsheet":{"id":"s1","sheets":[{"id":"x"}]}}"#).unwrap(), "s1");
        assert!(first_id("{}").is_err());
    }
}
