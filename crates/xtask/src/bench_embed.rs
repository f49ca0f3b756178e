//! `cargo xtask bench-embed`: the server-rendered embed (`/embed?board=...`) on this machine's
//! loopback, against its budget of 20 ms at p50 for a board of 10 blocks over a 10,000-row sheet.
//!
//! Starts the release server on a fresh SQLite database (with its demo owner), uploads the
//! generated 10,000-row sheet of `bench-load`, makes a public board of ten blocks over it (table,
//! list, data list, scorecard, bar, line and pie charts, markdown, calendar, item details) and
//! measures:
//! - cached: the page as every visitor after the first gets it (one and eight keep-alive
//!   connections, 10 s each);
//! - cold: the page right after a block changed (so it is drawn again; the parsed sheet stays in
//!   memory, as on a running server), 30 times;
//! - first: the very first page, which also reads and parses the sheet.
//!
//! A benchmark, not a test: the figures are printed with the target, never asserted. It needs a
//! web build (`web/dist`, or `TESSERA_WEB_DIST`); without one it builds everything first.

use std::path::PathBuf;
use std::time::Instant;

use crate::bench_load::{call, first_id, generate, public_board, start_as_demo_owner};
use crate::cmd::repo_root;
use crate::{load, server, Result};

const SLUG: &str = "bench-embed";
const ROWS: usize = 10_000;
const SECONDS: u64 = 10;
const COLD_RUNS: usize = 30;
const TARGET_P50_MS: f64 = 20.0;

pub fn run() -> Result {
    let dist = std::env::var_os("TESSERA_WEB_DIST").map(PathBuf::from).unwrap_or_else(|| repo_root().join("web/dist"));
    if dist.join("index.html").is_file() {
        server::build(server::Profile::Release)?;
    } else {
        crate::build(server::Profile::Release)?;
    }
    let (server, host, token) = start_as_demo_owner(&[])?;
    let (board, _, sheet) = public_board(&host, &token, SLUG, "Embed bench", &generate(ROWS, 0))?;
    let mut first_block = String::new();
    for block in blocks(&sheet) {
        let id = first_id(&call(&host, &token, "POST", &format!("/api/boards/{board}/blocks"), &block)?)?;
        if first_block.is_empty() {
            first_block = id;
        }
    }
    let path = format!("/embed?board={SLUG}");

    let started = Instant::now();
    let (status, page) = load::request(&host, "GET", &path, &[], b"")?;
    let first_ms = started.elapsed().as_secs_f64() * 1000.0;
    if status != 200 || !page.contains("id=\"ssr-embed\"") {
        return Err(format!("the embed answered {status} without a rendered board: {}", &page[..page.len().min(500)]));
    }

    let mut cold = Vec::with_capacity(COLD_RUNS);
    for run in 0..COLD_RUNS {
        let retitled = blocks(&sheet)[0].replacen(r#""title":"Deals""#, &format!(r#""title":"Deals {run}""#), 1);
        call(&host, &token, "PUT", &format!("/api/blocks/{first_block}"), &retitled)?;
        let started = Instant::now();
        let (status, page) = load::request(&host, "GET", &path, &[], b"")?;
        cold.push(started.elapsed().as_secs_f64() * 1000.0);
        if status != 200 || !page.contains(&format!(">Deals {run}</h2>")) {
            return Err(format!("the embed after a block change answered {status} without the change"));
        }
    }
    cold.sort_by(f64::total_cmp);
    let quantile = |q: f64| cold[((cold.len() as f64 * q) as usize).min(cold.len() - 1)];

    load::run(&host, &path, 1, 1);
    let one = load::run(&host, &path, 1, SECONDS);
    let eight = load::run(&host, &path, 8, SECONDS);
    server.stop()?;

    println!("\n/embed of a board of 10 blocks over a {ROWS}-row sheet, on loopback (target: p50 < {TARGET_P50_MS:.0} ms)");
    println!("{:<34} {:>9} {:>10} {:>9} {:>9} {:>7}  verdict", "case", "requests", "req/s", "p50 ms", "p99 ms", "errors");
    for (case, measured) in [("cached, 1 connection", &one), ("cached, 8 connections", &eight)] {
        let verdict = if measured.p50_ms < TARGET_P50_MS && measured.errors == 0 { "PASS" } else { "MISS" };
        println!(
            "{case:<34} {:>9} {:>10.0} {:>9.2} {:>9.2} {:>7}  {verdict}",
            measured.requests, measured.per_second, measured.p50_ms, measured.p99_ms, measured.errors
        );
    }
    let verdict = if quantile(0.5) < TARGET_P50_MS { "PASS" } else { "MISS" };
    println!(
        "{:<34} {:>9} {:>10} {:>9.2} {:>9.2} {:>7}  {verdict}",
        "cold (after a block change)",
        COLD_RUNS,
        "-",
        quantile(0.5),
        quantile(0.99),
        0
    );
    println!("{:<34} {:>9} {:>10} {:>9.2} {:>9} {:>7}", "first (reads and parses the sheet)", 1, "-", first_ms, "-", 0);
    Ok(())
}

/// The ten blocks, as the editor saves them, over the generated tab `sheet` (Name, Region, Team,
/// Amount, Date).
fn blocks(sheet: &str) -> Vec<String> {
    [
        r#"{"type":"table","title":"Deals","rows_per_page":10,"axis":[{"column":"Name"},{"column":"Region"},{"column":"Team"},{"column":"Amount","type":"number"},{"column":"Date"}]}"#,
        r#"{"type":"list","title":"Customers","rows_per_page":10}"#,
        r#"{"type":"datalist","title":"Latest","sorting":"Descending","axis":[{"column":"Date","label":"Date"},{"column":"Name","label":"Customer"},{"column":"Amount","label":"Amount"}]}"#,
        r#"{"type":"scorecard","title":"Totals","axis":[{"source":{"column":"Amount"},"label":"Revenue"},{"source":{"column":"Amount"},"label":"Average deal","function":"average"},{"source":{"column":"Amount"},"label":"Last deal","function":"last row"}]}"#,
        r#"{"type":"chart","title":"By region","x_axis":"Region","axis":[{"column":"Amount","type":"bar"}]}"#,
        r#"{"type":"chart","title":"By team","x_axis":"Team","axis":[{"column":"Amount","type":"line","duplicateXAxis":"average"}]}"#,
        r#"{"type":"chart","title":"Share","x_axis":"Region","axis":[{"column":"Amount","type":"pie"}]}"#,
        r##"{"type":"markdown","title":"About","text":"# Sales\n\nThe first customer is **[Name]** from [Region]."}"##,
        r#"{"type":"calendar","title":"Calendar","start_time_column":"Date","event_title_column":"Name","default_calendar_month":"Selected month","calender_year":"2026","calender_month":"03"}"#,
        r#"{"type":"itemDetails","title":"Customer","axis":[{"column":"Name","label":"Name"},{"column":"Amount","label":"Amount"}]}"#,
    ]
    .iter()
    .map(|block| block.replacen('{', &format!(r#"{{"sheet_title":"{sheet}","#), 1))
    .collect()
}
