//! `tessera-bench`: builds the deterministic dataset and runs the benchmark query through
//! (a) the native core, (b) the WASM core under Node, (c) polars (the anchor), (d) a plain
//! TypeScript baseline and (e) the in-browser peers DuckDB-WASM and Arquero under Node, each
//! in its own child process, then prints times, peak memory and the ratios against the
//! targets. See README.md.
//!
//! ```text
//! cargo run -p tessera-bench --release -- [--rows N] [--runs K] [--engines native,wasm,polars,ts,duckdb,arquero]
//! ```

mod csv;
mod dataset;
mod native;
mod polars_engine;
mod query;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use query::{median, EngineReport};

const REPORT_PREFIX: &str = "REPORT ";

/// The engines run by default, in this order.
const DEFAULT_ENGINES: [&str; 6] = ["native", "wasm", "polars", "ts", "duckdb", "arquero"];

/// The in-browser engines a team would pick instead of the WASM core (js/duckdb.mjs,
/// js/arquero.mjs); each reports variants whose engine names start with its own.
const PEERS: [&str; 2] = ["duckdb", "arquero"];

struct Args {
    rows: usize,
    runs: usize,
    engines: Vec<String>,
    build_wasm: bool,
    /// Child mode: `engine <name> <csv>`.
    engine: Option<(String, PathBuf)>,
}

fn usage() -> ! {
    eprintln!(
        "usage: tessera-bench [--rows N] [--runs K] [--engines {engines}] [--build-wasm]\n\
         defaults: --rows 1000000 --runs 7 --engines {engines}",
        engines = DEFAULT_ENGINES.join(",")
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args { rows: 1_000_000, runs: 7, engines: DEFAULT_ENGINES.map(String::from).to_vec(), build_wasm: false, engine: None };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--rows" => args.rows = value().replace('_', "").parse().unwrap_or_else(|_| usage()),
            "--runs" => args.runs = value().parse().unwrap_or_else(|_| usage()),
            "--engines" => args.engines = value().split(',').map(|s| s.trim().to_string()).collect(),
            "--build-wasm" => args.build_wasm = true,
            "engine" => {
                let name = value();
                let csv = PathBuf::from(value());
                args.engine = Some((name, csv));
            }
            "-h" | "--help" => usage(),
            _ => usage(),
        }
    }
    args.runs = args.runs.max(1);
    args
}

fn main() -> ExitCode {
    let args = parse_args();
    if let Some((name, csv)) = &args.engine {
        return run_child(name, csv, args.runs);
    }
    run_all(&args)
}

/// Child mode: loads the CSV into one engine, runs the query and prints `REPORT {json}` lines.
fn run_child(name: &str, csv: &Path, runs: usize) -> ExitCode {
    let reports = match name {
        "native" => native::run(csv, runs).map_err(|e| e.to_string()),
        "polars" => polars_run(csv, runs).map_err(|e| e.to_string()),
        other => Err(format!("unknown engine {other}")),
    };
    match reports {
        Ok(reports) => {
            for r in reports {
                println!("{REPORT_PREFIX}{}", serde_json::to_string(&r).expect("report serialises"));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("engine {name} failed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn polars_run(csv: &Path, runs: usize) -> polars::prelude::PolarsResult<Vec<EngineReport>> {
    use polars_engine::Search;
    if std::env::var("POLARS_MAX_THREADS").as_deref() != Ok("1") {
        eprintln!("warning: POLARS_MAX_THREADS is not 1; the runner sets it for this child");
    }
    let t0 = Instant::now();
    let (loaded, parts) = polars_engine::load(csv)?;
    let load_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let table_bytes = loaded.df.estimated_size() as u64;
    let rows = loaded.df.height() as u64;
    let mut reports = Vec::new();
    for search in [Search::Prelowered, Search::TwoStage, Search::ContainsAny, Search::LowerInQuery] {
        let result = polars_engine::run_query(&loaded, search)?; // warm-up
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let t = Instant::now();
            let r = polars_engine::run_query(&loaded, search)?;
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            // Sums may differ in the last bits between runs (summation order), not more.
            if let Err(e) = query::compare(&r, &result) {
                panic!("polars gave two answers: {e}");
            }
        }
        reports.push(EngineReport {
            engine: search.label().to_string(),
            rows,
            load_ms,
            load_parts: parts.clone(),
            query_ms: times,
            table_bytes: Some(table_bytes),
            peak_rss_bytes: query::peak_rss_bytes(),
            result,
            note: format!("threads: {}", std::env::var("POLARS_MAX_THREADS").unwrap_or_else(|_| "default".into())),
            values_ms: None,
        });
    }
    Ok(reports)
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn workspace_dir() -> PathBuf {
    manifest_dir().join("../..").canonicalize().unwrap_or_else(|_| manifest_dir().join("../.."))
}

fn bench_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| workspace_dir().join("target"));
    target.join("bench")
}

/// Generates the dataset unless a complete copy of the same version and row count exists.
fn ensure_dataset(rows: usize) -> std::io::Result<(PathBuf, u64)> {
    let dir = bench_dir();
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("orders-v{}-{rows}.csv", dataset::VERSION));
    let marker = path.with_extension("csv.size");
    if let (Ok(meta), Ok(size)) = (std::fs::metadata(&path), std::fs::read_to_string(&marker)) {
        if size.trim().parse::<u64>().ok() == Some(meta.len()) {
            println!("dataset: {} ({:.1} MB, cached)", path.display(), meta.len() as f64 / 1e6);
            return Ok((path, meta.len()));
        }
    }
    let t = Instant::now();
    let size = dataset::write_csv(&path, rows)?;
    std::fs::write(&marker, size.to_string())?;
    println!("dataset: {} ({:.1} MB, generated in {:.1} s)", path.display(), size as f64 / 1e6, t.elapsed().as_secs_f64());
    Ok((path, size))
}

/// The dataset as the server sends a tab to the browser (`tessera_core::columnar`), made from
/// the CSV through the native core: what the WASM engine loads.
fn ensure_columnar(csv: &Path) -> Result<PathBuf, String> {
    let path = csv.with_extension("tscols");
    let newer = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    if path.exists() && newer(&path) >= newer(csv) {
        return Ok(path);
    }
    let (table, _) = native::load(csv)?;
    let write = || -> std::io::Result<()> {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
        tessera_core::columnar::write(&table, &mut out)?;
        std::io::Write::flush(&mut out)
    };
    write().map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("columnar bytes: {} ({:.1} MB)", path.display(), std::fs::metadata(&path).map_or(0, |m| m.len()) as f64 / 1e6);
    Ok(path)
}

fn spec_json() -> String {
    serde_json::json!({
        "category": query::CATEGORY,
        "amount_min": query::AMOUNT_MIN,
        "date_from": query::DATE_FROM,
        "date_to": query::DATE_TO,
        "search": query::SEARCH,
        "group_by": query::GROUP_BY,
        "value": query::VALUE,
    })
    .to_string()
}

/// Runs a child and collects its `REPORT` lines; its stderr passes through.
fn collect(mut cmd: Command, what: &str) -> Result<Vec<EngineReport>, String> {
    cmd.stdout(Stdio::piped()).stderr(Stdio::inherit());
    let mut child = cmd.spawn().map_err(|e| format!("{what}: cannot start: {e}"))?;
    let mut reports = Vec::new();
    let stdout = child.stdout.take().expect("piped");
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| e.to_string())?;
        match line.strip_prefix(REPORT_PREFIX) {
            Some(json) => reports.push(serde_json::from_str(json).map_err(|e| format!("{what}: bad report: {e}"))?),
            None => println!("  [{what}] {line}"),
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("{what}: exited with {status}"));
    }
    if reports.is_empty() {
        return Err(format!("{what}: no report"));
    }
    Ok(reports)
}

/// The Node package of wasm-core the lead builds (`cargo xtask build`).
fn shipped_wasm_pkg() -> PathBuf {
    workspace_dir().join("wasm-core/pkg-node")
}

/// The newest modification time of the files under `dir` (recursively).
fn newest_mtime(dir: &Path) -> Option<std::time::SystemTime> {
    let mut newest = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        let t = if path.is_dir() { newest_mtime(&path) } else { entry.metadata().ok()?.modified().ok() };
        newest = newest.max(t);
    }
    newest
}

/// The wasm-core Node package to load, wasm-core/pkg-node: built afresh with `--build-wasm`
/// (or when it is missing), else as it is, with a warning when it is older than the core's
/// sources.
fn ensure_wasm_pkg(force: bool) -> Result<PathBuf, String> {
    let shipped = shipped_wasm_pkg();
    if !force && shipped.join("tessera_wasm_core.js").exists() {
        let built = std::fs::metadata(shipped.join("tessera_wasm_core_bg.wasm")).and_then(|m| m.modified()).ok();
        let ws = workspace_dir();
        let sources = newest_mtime(&ws.join("crates/tessera-core/src")).max(newest_mtime(&ws.join("wasm-core/src")));
        if built < sources {
            println!("  warning: wasm-core/pkg-node is older than the core sources; pass --build-wasm for a fresh build");
        }
        return Ok(shipped);
    }
    println!("building wasm-core's packages: cargo xtask wasm");
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["xtask", "wasm"])
        .current_dir(workspace_dir())
        .status()
        .map_err(|e| format!("cannot start `cargo xtask wasm`: {e}"))?;
    let js = shipped.join("tessera_wasm_core.js");
    if !status.success() || !js.exists() {
        return Err(format!("`cargo xtask wasm` failed; {} is missing", js.display()));
    }
    Ok(shipped)
}

/// Installs the peers' npm packages (js/package-lock.json) with `npm ci` when js/node_modules
/// is missing or older than the lock file, so a fresh checkout runs them.
fn ensure_js_deps() -> Result<(), String> {
    let js = manifest_dir().join("js");
    let mtime = |p: PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let installed = mtime(js.join("node_modules/.package-lock.json"));
    if installed.is_some() && installed >= mtime(js.join("package-lock.json")) {
        return Ok(());
    }
    println!("installing the in-browser peers' npm packages: npm ci (in {})", js.display());
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&js)
        .status()
        .map_err(|e| format!("cannot start `npm ci` (Node's npm must be on PATH): {e}"))?;
    if !status.success() {
        return Err(format!("`npm ci` in {} failed ({status})", js.display()));
    }
    Ok(())
}

fn run_all(args: &Args) -> ExitCode {
    let (csv_path, csv_bytes) = match ensure_dataset(args.rows) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("cannot write the dataset: {e}");
            return ExitCode::FAILURE;
        }
    };
    let exe = std::env::current_exe().expect("own path");
    let bench_js = manifest_dir().join("js/bench.mjs");
    let runs = args.runs.to_string();
    let csv_arg = csv_path.to_string_lossy().to_string();
    let mut reports: Vec<EngineReport> = Vec::new();
    let mut failures: Vec<String> = Vec::new();

    for engine in &args.engines {
        println!("running {engine} ...");
        let result = match engine.as_str() {
            "native" | "polars" => {
                let mut cmd = Command::new(&exe);
                cmd.args(["engine", engine, &csv_arg, "--runs", &runs]);
                if engine == "polars" {
                    cmd.env("POLARS_MAX_THREADS", "1");
                }
                collect(cmd, engine)
            }
            "wasm" | "ts" | "duckdb" | "arquero" => {
                let pkg = if engine == "wasm" {
                    match ensure_wasm_pkg(args.build_wasm).and_then(|pkg| Ok((pkg, ensure_columnar(&csv_path)?))) {
                        Ok(found) => Some(found),
                        Err(e) => {
                            failures.push(format!("wasm: {e}"));
                            continue;
                        }
                    }
                } else {
                    None
                };
                if PEERS.contains(&engine.as_str()) {
                    if let Err(e) = ensure_js_deps() {
                        failures.push(format!("{engine}: {e}"));
                        continue;
                    }
                }
                let mut cmd = Command::new("node");
                cmd.args(["--expose-gc", "--max-old-space-size=16384"]);
                cmd.arg(&bench_js).args([engine.as_str(), &csv_arg, &runs, &spec_json()]);
                cmd.args([query::core_query_spec().to_string(), query::core_chart_spec().to_string()]);
                if let Some((pkg, columns)) = pkg {
                    cmd.env("TESSERA_WASM_PKG", pkg.join("tessera_wasm_core.js")).env("TESSERA_BENCH_COLUMNS", columns);
                }
                collect(cmd, engine)
            }
            other => Err(format!("unknown engine {other}")),
        };
        match result {
            Ok(mut r) => reports.append(&mut r),
            Err(e) => failures.push(e),
        }
    }

    print_table(&reports, csv_bytes, args);

    // All engines must agree.
    let mut mismatch = false;
    if let Some(reference) = reports.first() {
        for r in &reports[1..] {
            if let Err(e) = query::compare(&reference.result, &r.result) {
                mismatch = true;
                eprintln!("RESULT MISMATCH: {} vs {}: {e}", reference.engine, r.engine);
            }
        }
        if !mismatch {
            println!(
                "\nresults agree across {} engines: {} matching rows in {} groups",
                reports.len(),
                reference.result.count,
                reference.result.groups.len()
            );
        }
    }
    let out = bench_dir().join(format!("results-{}.json", args.rows));
    if let Ok(json) = serde_json::to_string_pretty(&reports) {
        let _ = std::fs::write(&out, json);
        println!("raw reports: {}", out.display());
    }
    for f in &failures {
        eprintln!("FAILED: {f}");
    }
    if mismatch || !failures.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn print_table(reports: &[EngineReport], csv_bytes: u64, args: &Args) {
    println!(
        "\n{} rows x 10 columns, CSV {}; query = 3 filters + search {:?} + group by {} (sum, avg of {}); median of {} runs after 1 warm-up",
        args.rows,
        mb(csv_bytes),
        query::SEARCH,
        query::GROUP_BY,
        query::VALUE,
        args.runs
    );
    println!(
        "{:<30} {:>10} {:>12} {:>10} {:>12} {:>12} {:>8}",
        "engine", "load", "query (med)", "(min)", "peak RSS", "table bytes", "rows"
    );
    for r in reports {
        println!(
            "{:<30} {:>7.0} ms {:>9.2} ms {:>7.2} ms {:>12} {:>12} {:>8}",
            r.engine,
            r.load_ms,
            median(&r.query_ms),
            r.query_ms.iter().cloned().fold(f64::INFINITY, f64::min),
            mb(r.peak_rss_bytes),
            r.table_bytes.map(mb).unwrap_or_else(|| "-".into()),
            r.result.count,
        );
    }
    for r in reports {
        let parts: Vec<String> = r.load_parts.iter().map(|(n, ms)| format!("{n} {ms:.0} ms")).collect();
        if !parts.is_empty() || !r.note.is_empty() {
            println!("  {}: {}{}{}", r.engine, parts.join(", "), if parts.is_empty() { "" } else { "; " }, r.note);
        }
    }

    let find = |name: &str| reports.iter().find(|r| r.engine == name);
    let q = |r: &EngineReport| median(&r.query_ms);
    println!("\n{:<54} {:>9} {:>14}  verdict", "ratio", "measured", "target");
    let line = |label: &str, value: Option<f64>, target: &str, pass: fn(f64) -> bool| match value {
        Some(v) => println!("{label:<54} {v:>8.2}x {target:>14}  {}", if pass(v) { "PASS" } else { "MISS" }),
        None => println!("{label:<54} {:>9} {target:>14}  n/a", "-"),
    };
    let native = find("native");
    let wasm = find("wasm");
    // The anchor is the fastest way of writing the query in polars that was measured.
    let polars = reports.iter().filter(|r| r.engine.starts_with("polars")).min_by(|a, b| q(a).total_cmp(&q(b)));
    if let Some(p) = polars {
        println!("(polars anchor = fastest polars variant: {:?})", p.engine);
    }
    let ts = find("ts baseline");
    // The peer to beat is the fastest way of writing the query in DuckDB-WASM or Arquero that
    // was measured, for the query and for the load separately.
    let peers = || reports.iter().filter(|r| PEERS.iter().any(|p| r.engine.starts_with(p)));
    let peer_query = peers().min_by(|a, b| q(a).total_cmp(&q(b)));
    let peer_load = peers().min_by(|a, b| a.load_ms.total_cmp(&b.load_ms));
    if let (Some(pq), Some(pl)) = (peer_query, peer_load) {
        println!("(fastest in-browser peer: query {:?} {:.2} ms, load {:?} {:.0} ms)", pq.engine, q(pq), pl.engine, pl.load_ms);
    }
    line("native query / polars query", native.zip(polars).map(|(a, b)| q(a) / q(b)), "<= 1.5x", |v| v <= 1.5);
    line("wasm query / native query", wasm.zip(native).map(|(a, b)| q(a) / q(b)), "<= 1.6x", |v| v <= 1.6);
    line("ts baseline query / wasm query", ts.zip(wasm).map(|(a, b)| q(a) / q(b)), ">= 5x", |v| v >= 5.0);
    line("wasm query / fastest in-browser peer (duckdb, arquero)", wasm.zip(peer_query).map(|(a, b)| q(a) / q(b)), "< 1x", |v| v < 1.0);
    line("wasm load / fastest in-browser peer load", wasm.zip(peer_load).map(|(a, b)| a.load_ms / b.load_ms), "< 1x", |v| v < 1.0);
    line("native table bytes / CSV bytes", native.and_then(|r| r.table_bytes).map(|b| b as f64 / csv_bytes as f64), "< 2x", |v| v < 2.0);
    line("wasm table bytes / CSV bytes", wasm.and_then(|r| r.table_bytes).map(|b| b as f64 / csv_bytes as f64), "< 2x", |v| v < 2.0);
    // Not a ratio: issue 48's budget for a filter chip's values, in time.
    if let Some(ms) = native.and_then(|r| r.values_ms) {
        let label = format!("native distinct values of `{}` (every row)", query::VALUES_COLUMN);
        println!("{label:<54} {ms:>6.2} ms {:>14}  {}", "<= 50 ms", if ms <= 50.0 { "PASS" } else { "MISS" });
    }
}
