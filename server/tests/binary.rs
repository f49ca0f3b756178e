//! The `tessera-server` binary as `cargo xtask` runs it: configuration from the environment,
//! the start-up line on stdout, and a clean exit on SIGTERM.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

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
