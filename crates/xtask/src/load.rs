//! A load generator over plain HTTP/1.1 on loopback: N keep-alive connections, one thread each,
//! fire one GET for T seconds; the answer is requests per second and p50/p99 latency. Standard
//! library only, like the rest of xtask. Also the few one-shot requests that prepare a run.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// What one run measured.
pub struct Measured {
    pub requests: usize,
    pub errors: u64,
    pub per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
}

/// Fires `GET path` on `connections` keep-alive connections to `host` for `seconds`.
pub fn run(host: &str, path: &str, connections: usize, seconds: u64) -> Measured {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: keep-alive\r\n\r\n");
    let started = Instant::now();
    let results: Vec<(Vec<u32>, u64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..connections).map(|_| scope.spawn(|| connection(host, &request, deadline))).collect();
        workers.into_iter().map(|worker| worker.join().unwrap_or_default()).collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    let errors = results.iter().map(|(_, errors)| errors).sum();
    let mut micros: Vec<u32> = results.into_iter().flat_map(|(micros, _)| micros).collect();
    micros.sort_unstable();
    Measured {
        requests: micros.len(),
        errors,
        per_second: micros.len() as f64 / elapsed,
        p50_ms: quantile_ms(&micros, 0.50),
        p99_ms: quantile_ms(&micros, 0.99),
    }
}

/// The `q` quantile of sorted latencies in µs, in ms (0 when there are none).
pub fn quantile_ms(sorted_micros: &[u32], q: f64) -> f64 {
    let index = ((sorted_micros.len() as f64 * q) as usize).min(sorted_micros.len().saturating_sub(1));
    sorted_micros.get(index).map_or(0.0, |&m| f64::from(m) / 1000.0)
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
        match exchange(reader, request.as_bytes()) {
            Ok((200, _)) => micros.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32),
            Ok(_) => errors += 1,
            Err(_) => {
                errors += 1;
                stream = None;
            }
        }
    }
    (micros, errors)
}

/// Sends one request and reads its whole answer (Content-Length or chunked body).
pub fn exchange(reader: &mut BufReader<TcpStream>, request: &[u8]) -> std::io::Result<(u16, Vec<u8>)> {
    reader.get_mut().write_all(request)?;
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let status = line.split_whitespace().nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
    let (mut length, mut chunked) = (0usize, false);
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
            } else if name.eq_ignore_ascii_case("transfer-encoding") && value.trim().eq_ignore_ascii_case("chunked") {
                chunked = true;
            }
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line)?;
            let size = usize::from_str_radix(line.trim(), 16).map_err(|_| std::io::Error::other("bad chunk size"))?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk)?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body)?;
    }
    Ok((status, body))
}

/// One request on a fresh connection: `(status, body)`.
pub fn request(host: &str, method: &str, path: &str, headers: &[(&str, String)], body: &[u8]) -> Result<(u16, String), String> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let tcp = TcpStream::connect(host).map_err(|err| format!("cannot connect to {host}: {err}"))?;
    let mut reader = BufReader::new(tcp);
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    let (status, body) = exchange(&mut reader, &bytes).map_err(|err| format!("{method} {path}: {err}"))?;
    Ok((status, String::from_utf8_lossy(&body).into_owned()))
}

/// Percent-encodes a query or path value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn quantiles_are_read_from_sorted_microseconds() {
        let micros: Vec<u32> = (1..=100).map(|ms| ms * 1000).collect();
        assert_eq!(super::quantile_ms(&micros, 0.50), 51.0);
        assert_eq!(super::quantile_ms(&micros, 0.99), 100.0);
        assert_eq!(super::quantile_ms(&[], 0.99), 0.0);
    }

    #[test]
    fn values_are_percent_encoded() {
        assert_eq!(super::encode("Region:North,Amount:100"), "Region%3ANorth%2CAmount%3A100");
    }
}
