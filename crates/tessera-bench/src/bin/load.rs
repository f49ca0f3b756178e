//! A load generator for the sheet-data call: N keep-alive HTTP/1.1 connections on loopback fire
//! `GET /api/board/{spreadsheetId}/sheet/{sheet}?board=…&_filters=…&search=…&rows_per_page=10`
//! for T seconds, then it prints requests per second and p50/p99 latency. It starts nothing
//! itself and uses only the standard library (one thread per connection), so it adds no
//! dependency to the workspace.
//!
//! ```sh
//! # 1. a 10,000-row sheet (columns Name, Region, Team, Amount, Date):
//! cargo run --release -p tessera-bench --bin load -- --generate 10000 > /tmp/sales.csv
//! # 2. start the server and note its URL:            cargo xtask run
//! # 3. upload /tmp/sales.csv as a spreadsheet of a workspace, connect it to a public board
//! #    (slug `sales`) and give the board two filters, e.g. Region `=` North and Amount `>` 100,
//! #    both inactive so that the URL switches them on (or active, and leave --filters out).
//! # 4. fire:
//! cargo run --release -p tessera-bench --bin load -- --base http://127.0.0.1:8080 --board sales \
//!     --spreadsheet <spreadsheetId> --sheet sales --filters 'Region:North,Amount:100' --search a \
//!     --connections 32 --seconds 20
//! ```
//!
//! Output: one line per measure (`requests`, `errors`, `req/s`, `p50 ms`, `p99 ms`, `max ms`).
//! Only 200 answers count as successes; their latencies are the ones measured.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

struct Options {
    host: String,
    path: String,
    connections: usize,
    seconds: u64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    if let Some(rows) = value("--generate") {
        generate(rows.parse().unwrap_or_else(|_| fail("--generate takes a row count")));
        return;
    }
    let base = value("--base").unwrap_or_else(|| fail("--base http://host:port is required"));
    let host = base.trim_end_matches('/').strip_prefix("http://").unwrap_or_else(|| fail("--base must be an http:// URL")).to_owned();
    let required = |name: &str| value(name).unwrap_or_else(|| fail(&format!("{name} is required")));
    let mut path = format!(
        "/api/board/{}/sheet/{}?board={}&referer=load&rows_per_page=10",
        encode(&required("--spreadsheet")),
        encode(&required("--sheet")),
        encode(&required("--board"))
    );
    for (flag, param) in [("--filters", "_filters"), ("--search", "search")] {
        if let Some(text) = value(flag) {
            path.push_str(&format!("&{param}={}", encode(&text)));
        }
    }
    let options = Options {
        host,
        path,
        connections: value("--connections").map_or(16, |n| n.parse().unwrap_or_else(|_| fail("--connections takes a number"))),
        seconds: value("--seconds").map_or(10, |n| n.parse().unwrap_or_else(|_| fail("--seconds takes a number"))),
    };
    run(&options);
}

fn fail(message: &str) -> ! {
    eprintln!("load: {message}");
    std::process::exit(2)
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// A CSV of `rows` rows whose columns give filters and search something to do.
fn generate(rows: usize) {
    const REGIONS: [&str; 4] = ["North", "South", "East", "West"];
    const TEAMS: [&str; 6] = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"];
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let _ = writeln!(out, "Name,Region,Team,Amount,Date");
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
        let _ = writeln!(out, "Customer {i},{region},{team},{}.{:02},2026-{month:02}-{day:02}", amount / 100, amount % 100);
    }
}

fn run(options: &Options) {
    let deadline = Instant::now() + Duration::from_secs(options.seconds);
    let request = format!("GET {} HTTP/1.1\r\nHost: {}\r\nConnection: keep-alive\r\n\r\n", options.path, options.host);
    let started = Instant::now();
    let results: Vec<(Vec<u32>, u64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..options.connections).map(|_| scope.spawn(|| connection(&options.host, &request, deadline))).collect();
        workers.into_iter().map(|worker| worker.join().unwrap_or_default()).collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    let errors: u64 = results.iter().map(|(_, errors)| errors).sum();
    let mut micros: Vec<u32> = results.into_iter().flat_map(|(micros, _)| micros).collect();
    micros.sort_unstable();
    let quantile = |q: f64| {
        micros.get(((micros.len() as f64 * q) as usize).min(micros.len().saturating_sub(1))).map_or(0.0, |&m| f64::from(m) / 1000.0)
    };
    println!("url          http://{}{}", options.host, options.path);
    println!("connections  {}", options.connections);
    println!("seconds      {elapsed:.1}");
    println!("requests     {}", micros.len());
    println!("errors       {errors}");
    println!("req/s        {:.0}", micros.len() as f64 / elapsed);
    println!("p50 ms       {:.2}", quantile(0.50));
    println!("p99 ms       {:.2}", quantile(0.99));
    println!("max ms       {:.2}", micros.last().map_or(0.0, |&m| f64::from(m) / 1000.0));
}

/// One keep-alive connection until `deadline`: the latencies of 200 answers (µs) and the count
/// of other answers and broken connections (each is reopened).
fn connection(host: &str, request: &str, deadline: Instant) -> (Vec<u32>, u64) {
    let mut micros = Vec::new();
    let mut errors = 0;
    let mut stream: Option<BufReader<TcpStream>> = None;
    while Instant::now() < deadline {
        let reader = match stream.as_mut() {
            Some(reader) => reader,
            None => match TcpStream::connect(host) {
                Ok(tcp) => {
                    let _ = tcp.set_nodelay(true);
                    stream.insert(BufReader::new(tcp))
                }
                Err(_) => {
                    errors += 1;
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                }
            },
        };
        let sent = Instant::now();
        match exchange(reader, request) {
            Ok(200) => micros.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32),
            Ok(_) => errors += 1,
            Err(_) => {
                errors += 1;
                stream = None;
            }
        }
    }
    (micros, errors)
}

/// Sends one request and reads its whole answer (Content-Length bodies); answers the status.
fn exchange(reader: &mut BufReader<TcpStream>, request: &str) -> std::io::Result<u16> {
    reader.get_mut().write_all(request.as_bytes())?;
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let status = line.split_whitespace().nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    let mut length = 0usize;
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    Ok(status)
}
