//! Path tricks do not widen access (issue 11): a private board, spreadsheet or app asked for with
//! a public one's address in the query, encoded slashes, dot segments, doubled or trailing
//! slashes, another letter case, or a public slug smuggled in `board=` / `referer=` / `app=` or
//! the `Host`, answers a refusal or the public thing, never the private rows.
//!
//! The requests are written on the socket as they stand: an HTTP client library would resolve
//! `..` and `%2e%2e` before sending, which is exactly what a hostile client does not do.

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::access_matrix::fixture::{Fixture, Who, PRIVATE, PUBLIC_VALUE};
use crate::support::*;

/// A request as sent: method, target (with `$placeholders`), JSON body, `Host` header.
struct Trick {
    method: &'static str,
    target: &'static str,
    body: Option<&'static str>,
    host: Option<&'static str>,
    /// The status both a guest and another workspace's owner get.
    status: u16,
    /// A value the answer must hold (the public board's data, when that is what is answered).
    holds: Option<&'static str>,
}

const fn ask(method: &'static str, target: &'static str, status: u16) -> Trick {
    Trick { method, target, body: None, host: None, status, holds: None }
}

impl Trick {
    const fn body(self, body: &'static str) -> Self {
        Self { body: Some(body), ..self }
    }

    const fn host(self, host: &'static str) -> Self {
        Self { host: Some(host), ..self }
    }

    const fn holds(self, value: &'static str) -> Self {
        Self { holds: Some(value), ..self }
    }
}

#[rustfmt::skip]
const TRICKS: &[Trick] = &[
    // A public address in the query of a private one.
    ask("GET", "/api/boards/$board?x=/api/boards/$public_board", 403),
    ask("POST", "/api/board/update-metadata?board=$board_slug&x=/api/boards/$public_board", 403),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders?board=$board_slug&x=/api/board/$linked_spreadsheet/sheet/Menu?board=public-menu", 403),
    // The public slug smuggled in `board` and `referer`.
    ask("POST", "/api/board/update-metadata?board=$board_slug&referer=public-menu", 403),
    ask("POST", "/api/board/update-metadata?referer=/public-menu&board=/$board_slug", 403),
    ask("POST", "/api/board/update-metadata?board=$board_slug&board=public-menu", 400),
    ask("POST", "/api/board/update-metadata?board=public-menu&board=$board_slug", 400),
    ask("POST", "/api/board/update-metadata?board=$board_slug%2F..%2Fpublic-menu", 403),
    ask("POST", "/api/board/update-metadata?board=public-menu/../$board_slug", 200).holds("Public menu"),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders?board=public-menu", 404),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders?board=public-menu&referer=/$board_slug", 404),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders?referer=public-menu&board=$board_slug", 403),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders/export.csv?board=public-menu&block=$board_table", 404),
    ask("GET", "/api/board/$linked_spreadsheet/view/$board_view?board=public-menu", 404),
    ask("GET", "/api/board/$linked_spreadsheet/sheet/Orders?board=public-menu", 404),
    ask("GET", "/api/board/workspace?board=public-menu&app_id=$app", 403),
    ask("POST", "/v3/getSpreadsheetData?board=public-menu", 403).body(r#"{"params": {"board": "$board_slug"}}"#),
    ask("POST", "/v3/getSpreadsheetData?board=$board_slug", 200).body(r#"{"params": {"board": "public-menu"}}"#).holds(PUBLIC_VALUE),
    ask("POST", "/api/blocks/$board_table/rows?board=public-menu&referer=public-menu", 403).body(r#"{"values": {"Name": "Mallory"}}"#),
    // The app named twice: by id and by a public app's sub-domain or host.
    ask("GET", "/v3/api/page/sheet/Orders?app_id=$app&app=open-app&board=orders", 403),
    ask("GET", "/v3/api/page/sheet/Orders?app=open-app&app_id=$app&board=orders", 403),
    ask("GET", "/v3/api/page/sheet/Orders?app=acme-app&board=orders", 403).host("open-app.localhost"),
    ask("GET", "/v3/api/page/sheet/Orders?board=orders", 403).host("acme-app.localhost"),
    ask("GET", "/v3/api/page/sheet/Orders?app=ACME-APP&board=orders", 403),
    ask("GET", "/api/page/orders?app=open-app&app_id=$app", 403),
    ask("POST", "/v3/getSpreadsheetData?app=open-app&app_id=$app", 403).body(r#"{"params": {"board": "orders"}}"#),
    ask("POST", "/v3/getSpreadsheetData", 403).body(r#"{"params": {"board": "orders"}}"#).host("acme-app.localhost"),
    // Encoded slashes, upper and lower case.
    ask("GET", "/api/boards%2F$board", 404),
    ask("GET", "/api/boards%2f$board", 404),
    ask("GET", "/api/board/$spreadsheet%2Fsheet%2FOrders?board=$board_slug", 404),
    ask("GET", "/api/board/$spreadsheet/sheet%2fOrders?board=public-menu", 404),
    ask("GET", "/api/board/-%2F..%2F$spreadsheet/sheet/Orders?board=public-menu", 404),
    ask("GET", "/api/marketplace%2F..%2Fboards%2F$board", 404),
    ask("GET", "/api/boards/$public_board%2F..%2F$board", 404),
    // Dot segments, plain and encoded.
    ask("GET", "/api/marketplace/../boards/$board", 404),
    ask("GET", "/api/boards/$public_board/../$board", 404),
    ask("GET", "/api/boards/%2e%2e/boards/$board", 404),
    ask("GET", "/api/boards/$public_board/%2E%2E/$board", 404),
    ask("GET", "/api/board/$linked_spreadsheet/../$spreadsheet/sheet/Orders?board=public-menu", 404),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders/../../../$linked_spreadsheet/sheet/Menu?board=$board_slug", 404),
    ask("GET", "/public-menu/../$board_slug", 404),
    ask("GET", "/public-menu/%2e%2e/$board_slug", 404),
    // The pages: the server-drawn embed and the link preview of a board's page.
    ask("GET", "/$board_slug?board=public-menu&referer=/public-menu", 200),
    ask("GET", "/embed?board=$board_slug&referer=public-menu", 403),
    ask("GET", "/embed?board=public-menu&board=$board_slug", 400),
    ask("GET", "/embed?board=$board_slug%2F..%2Fpublic-menu", 404),
    ask("GET", "/embed?board=public-menu%2F..%2F$board_slug", 404),
    ask("GET", "/embed/../$board_slug", 404),
    // Doubled and trailing slashes.
    ask("GET", "//api/boards/$board", 404),
    ask("GET", "/api//boards/$board", 404),
    ask("GET", "/api/boards//$board", 404),
    ask("GET", "/api/board/$spreadsheet//sheet/Orders?board=$board_slug", 404),
    ask("GET", "/api/boards/$board/", 404),
    ask("POST", "/api/board/update-metadata/?board=$board_slug", 404),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders/?board=$board_slug", 404),
    // Another letter case.
    ask("GET", "/API/boards/$board", 404),
    ask("GET", "/api/BOARDS/$board", 404),
    ask("GET", "/Api/Board/$spreadsheet/Sheet/Orders?board=$board_slug", 404),
    ask("POST", "/api/board/update-metadata?board=PRIVATE-PLANS", 404),
    ask("GET", "/api/board/$spreadsheet/sheet/Orders?board=PRIVATE-PLANS", 403),
    ask("GET", "/PRIVATE-PLANS", 200),
];

/// An answer read off the socket.
struct Raw {
    status: u16,
    body: String,
}

/// The body of a `Transfer-Encoding: chunked` answer, joined.
fn unchunked(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else { break };
        if size == 0 || rest.len() < size {
            break;
        }
        out.push_str(&rest[..size]);
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

/// Sends `trick` (filled for `who`) exactly as written and reads the whole answer.
async fn send_raw(fixture: &Fixture, who: Who, trick: &Trick) -> (String, Raw) {
    let target = fixture.fill(who, None, trick.target).await;
    let body = match trick.body {
        Some(body) => fixture.fill(who, None, body).await,
        None => String::new(),
    };
    let address = fixture.server.base.trim_start_matches("http://").to_owned();
    let mut head = format!("{} {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", trick.method, trick.host.unwrap_or(&address));
    if let Some(token) = fixture.client(who).await.token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()));
    let mut stream = TcpStream::connect(&address).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or_else(|| panic!("no status line in {head}"));
    let body = match head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        true => unchunked(body),
        false => body.to_owned(),
    };
    (target, Raw { status, body })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn path_tricks_never_reach_a_private_board_spreadsheet_or_app() {
    let fixture = Fixture::new(Backend::Sqlite).await;
    let mut wrong = Vec::new();
    for trick in TRICKS {
        for who in [Who::Guest, Who::Stranger] {
            let (target, answer) = send_raw(&fixture, who, trick).await;
            let excerpt: String = answer.body.chars().take(160).collect();
            let leaked = PRIVATE.into_iter().find(|private| answer.body.contains(private));
            let missing = trick.holds.filter(|value| !answer.body.contains(value));
            if answer.status != trick.status || leaked.is_some() || missing.is_some() {
                wrong.push(format!(
                    "{} {target} as {}: {} (want {}){}{} {excerpt}",
                    trick.method,
                    who.label(),
                    answer.status,
                    trick.status,
                    leaked.map(|private| format!(", holds `{private}`")).unwrap_or_default(),
                    missing.map(|value| format!(", lacks `{value}`")).unwrap_or_default(),
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{} path tricks were answered otherwise:\n{}", wrong.len(), wrong.join("\n"));
}
