//! The web routes and the `/api` framing over raw HTTP/1.1 on a `TcpStream`, so that what is
//! checked is exactly what a browser receives (status line, headers, chunked bodies).

use std::net::SocketAddr;
use std::path::Path;

use tessera_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

use crate::support::{Backend, TempDir, TestDatabase, INDEX_HTML};

/// A web build with an index page and two assets.
fn built_dist() -> TempDir {
    let dist = TempDir::new();
    dist.write("index.html", INDEX_HTML);
    dist.write("assets/app-1a2b.js", "console.log('tessera')");
    dist.write("assets/app-1a2b.css", "body { margin: 0 }");
    dist.write("favicon.ico", "icon");
    dist.write("assets/vendor-9f8e.js", &"export const rows = [];\n".repeat(400));
    dist
}

/// Serves `dist` over a fresh SQLite database; the database folder lives as long as the test.
async fn start(dist: &Path) -> (SocketAddr, TestDatabase) {
    start_with(dist, |_| {}).await
}

async fn start_with(dist: &Path, configure: impl FnOnce(&mut Config)) -> (SocketAddr, TestDatabase) {
    let database = TestDatabase::new(Backend::Sqlite).await;
    let mut config = Config { port: 0, web_dist: dist.to_path_buf(), database_url: database.url.clone(), demo: false, ..Config::default() };
    configure(&mut config);
    let state = tessera_server::AppState::new(config).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        tessera_server::http::server::serve(listener, state, std::future::pending()).await.unwrap();
    });
    (addr, database)
}

struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|err| panic!("body is not JSON ({err}): {}", self.body))
    }
}

async fn request(addr: SocketAddr, method: &str, path: &str) -> Reply {
    request_with(addr, method, path, "").await
}

/// `headers`: extra header lines, each ending in CRLF.
async fn request_with(addr: SocketAddr, method: &str, path: &str, headers: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    parse(&raw)
}

/// Parses bytes, not text: a compressed body is not UTF-8, and chunk sizes count bytes.
fn parse(raw: &[u8]) -> Reply {
    let split = raw.windows(4).position(|window| window == b"\r\n\r\n").expect("a complete HTTP response");
    let head = std::str::from_utf8(&raw[..split]).expect("an ASCII head");
    let body = &raw[split + 4..];
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> =
        lines.filter_map(|line| line.split_once(':')).map(|(key, value)| (key.trim().to_owned(), value.trim().to_owned())).collect();
    let chunked = headers.iter().any(|(key, value)| key.eq_ignore_ascii_case("transfer-encoding") && value.eq_ignore_ascii_case("chunked"));
    let body = if chunked { dechunk(body) } else { body.to_vec() };
    Reply { status, headers, body: String::from_utf8_lossy(&body).into_owned() }
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = rest.windows(2).position(|window| window == b"\r\n").expect("a chunk size line");
        let size = usize::from_str_radix(std::str::from_utf8(&rest[..line_end]).unwrap().trim(), 16).expect("a hex chunk size");
        if size == 0 {
            return body;
        }
        let after = &rest[line_end + 2..];
        body.extend_from_slice(&after[..size]);
        rest = &after[size + 2..];
    }
}

#[tokio::test]
async fn health_answers_ok_with_the_crate_version() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    let reply = request(addr, "GET", "/api/health").await;
    assert_eq!(reply.status, 200);
    assert!(reply.header("content-type").unwrap().starts_with("application/json"));
    assert_eq!(reply.json(), serde_json::json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }));
}

#[tokio::test]
async fn client_routes_of_the_route_table_answer_index_html_with_200() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    for path in ["/", "/dashboard/auth", "/boardWorkspace", "/embed", "/sales-q3"] {
        let reply = request(addr, "GET", path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_app_page(&reply.body, path);
        assert_eq!(reply.header("content-type"), Some("text/html; charset=utf-8"), "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        assert_scripts_only_from_here(&reply, path);
    }
}

#[tokio::test]
async fn an_unmatched_route_answers_index_html_with_404() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    for path in ["/dashboard/nowhere", "/sales-q3/extra", "/assets/missing.js", "/sw.js"] {
        let reply = request(addr, "GET", path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_app_page(&reply.body, path);
        assert_scripts_only_from_here(&reply, path);
    }
}

/// Every page carries a Content-Security-Policy that runs no script but this server's.
#[track_caller]
fn assert_scripts_only_from_here(reply: &Reply, path: &str) {
    let policy = reply.header("content-security-policy").unwrap_or_else(|| panic!("{path}: no Content-Security-Policy"));
    let scripts = policy.split("; ").find_map(|directive| directive.strip_prefix("script-src "));
    assert_eq!(scripts, Some("'self' 'wasm-unsafe-eval'"), "{path}: {policy}");
    assert!(policy.contains("object-src 'none'") && policy.contains("base-uri 'self'"), "{path}: {policy}");
}

/// `body` is the built index page with the operator's settings written in before `</head>`,
/// after the tag that says no board has a board-like address (`tessera-missing-board`).
#[track_caller]
fn assert_app_page(body: &str, path: &str) {
    let (head, rest) = INDEX_HTML.split_once("</head>").unwrap();
    let settings = body.strip_prefix(head).and_then(|body| body.strip_suffix(&format!("</head>{rest}")));
    let settings = settings.unwrap_or_else(|| panic!("{path}: not the index page with settings: {body}"));
    let missing = format!(r#"<meta name="tessera-missing-board" content="{}"/>"#, path.trim_start_matches('/'));
    let settings = settings.strip_prefix(missing.as_str()).unwrap_or(settings);
    assert!(settings.starts_with(r#"<script id="tessera-config" type="application/json">{"#), "{path}: {settings}");
}

#[tokio::test]
async fn text_is_compressed_for_clients_that_accept_it() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    let plain = request(addr, "GET", "/assets/vendor-9f8e.js").await;
    assert_eq!(plain.header("content-encoding"), None);
    let gzip = request_with(addr, "GET", "/assets/vendor-9f8e.js", "Accept-Encoding: gzip\r\n").await;
    assert_eq!(gzip.status, 200);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    let brotli = request_with(addr, "GET", "/api/health", "Accept-Encoding: br\r\n").await;
    assert_eq!(brotli.header("content-encoding"), Some("br"));
}

#[tokio::test]
async fn the_page_carries_the_operators_web_settings() {
    let dist = built_dist();
    let (addr, _database) = start_with(&dist.0, |config| {
        config.base_url = Some("https://tessera.example.com".to_owned());
        config.live_chat_script = Some("https://chat.example/widget.js".to_owned());
        config.tutorial_videos.add_block = Some("/media/add-block.mp4".to_owned());
        config.board_base_url = Some("https://boards.example.com".to_owned());
    })
    .await;
    let reply = request(addr, "GET", "/dashboard").await;
    let json = reply.body.split_once(r#"type="application/json">"#).unwrap().1.split_once("</script>").unwrap().0;
    let settings: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(settings["baseHost"], "tessera.example.com");
    assert_eq!(settings["liveChatScript"], "https://chat.example/widget.js");
    assert_eq!(settings["tutorialVideos"], serde_json::json!({ "addBlock": "/media/add-block.mp4" }));
    assert_eq!(settings["docsUrl"], "/docs");
    assert_eq!(settings["release"], env!("CARGO_PKG_VERSION"));
    assert_eq!(settings["boardBaseUrl"], "https://boards.example.com");
}

#[tokio::test]
async fn an_unknown_api_path_answers_a_json_404() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    for path in ["/api/nothing-here", "/api", "/api/health/extra"] {
        let reply = request(addr, "GET", path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json(), serde_json::json!({ "error": format!("no API route for GET {path}") }), "{path}");
    }
}

#[tokio::test]
async fn a_wrong_method_on_an_api_route_answers_a_json_405() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    let reply = request(addr, "POST", "/api/health").await;
    assert_eq!(reply.status, 405);
    assert_eq!(reply.json(), serde_json::json!({ "error": "POST is not allowed on /api/health" }));
}

#[tokio::test]
async fn static_assets_are_served_with_their_content_type() {
    let dist = built_dist();
    let (addr, _database) = start(&dist.0).await;
    let js = request(addr, "GET", "/assets/app-1a2b.js").await;
    assert_eq!(js.status, 200);
    assert_eq!(js.body, "console.log('tessera')");
    assert_eq!(js.header("content-type"), Some("text/javascript"));
    let css = request(addr, "GET", "/assets/app-1a2b.css").await;
    assert_eq!(css.status, 200);
    assert_eq!(css.header("content-type"), Some("text/css"));
    let icon = request(addr, "GET", "/favicon.ico").await;
    assert_eq!(icon.status, 200);
    assert_eq!(icon.body, "icon");
}

#[tokio::test]
async fn a_missing_web_build_answers_503_naming_the_build_command() {
    let dist = TempDir::new();
    let missing = dist.0.join("dist");
    let (addr, _database) = start(&missing).await;
    for path in ["/", "/dashboard", "/nowhere/at/all", "/assets/app.js"] {
        let reply = request(addr, "GET", path).await;
        assert_eq!(reply.status, 503, "{path}");
        assert!(reply.header("content-type").unwrap().starts_with("text/html"));
        assert!(reply.body.contains("cargo xtask build"), "{}", reply.body);
    }
    // The API does not depend on the web build.
    assert_eq!(request(addr, "GET", "/api/health").await.status, 200);
}

#[tokio::test]
async fn serve_returns_once_the_shutdown_signal_fires() {
    let dist = built_dist();
    let database = TestDatabase::new(Backend::Sqlite).await;
    let config = Config { web_dist: dist.0.clone(), database_url: database.url.clone(), demo: false, ..Config::default() };
    let state = tessera_server::AppState::new(config).await.unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        tessera_server::http::server::serve(listener, state, async {
            let _ = stopped.await;
        })
        .await
    });
    assert_eq!(request(addr, "GET", "/api/health").await.status, 200);
    stop.send(()).unwrap();
    let finished = tokio::time::timeout(std::time::Duration::from_secs(10), server).await;
    finished.expect("the server stops within 10 s").unwrap().unwrap();
}
