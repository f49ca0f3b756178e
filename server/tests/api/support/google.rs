//! A stand-in for Google Sheets API v4 and its OAuth token endpoint, on 127.0.0.1:0, holding
//! spreadsheets in memory. It answers the endpoints and payloads the server uses
//! (spreadsheets.get, values.get, values:batchGet, values.append, values.update,
//! values:batchUpdate, values.clear), checks the API key or the bearer token it issued (after
//! verifying the service account's RS256 assertion), can fail the next N calls with a status
//! or answer them with garbage, can stop answering at all, and records every call. `/csv/{name}`
//! serves published-CSV stand-ins, whole or cut off.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use serde_json::{json, Value};
use tessera_server::Config;
use tokio::net::TcpListener;

use super::TempDir;

pub const API_KEY: &str = "stand-in-api-key";
pub const CLIENT_EMAIL: &str = "tessera@stand-in.iam.gserviceaccount.com";
/// A key made for these tests only (`openssl genpkey -algorithm RSA`); it guards nothing.
const PRIVATE_KEY: &str = include_str!("google/service_account_key.pem");
const PUBLIC_KEY: &str = include_str!("google/service_account_key.pub.pem");

type Grid = Vec<Vec<String>>;

#[derive(Default)]
struct Book {
    title: String,
    tabs: Vec<(String, Grid)>,
}

#[derive(Default)]
struct Inner {
    books: HashMap<String, Book>,
    tokens: Vec<String>,
    token_requests: usize,
    failures: VecDeque<(u16, Option<u64>)>,
    garbage: VecDeque<(String, Vec<u8>)>,
    silent: bool,
    calls: Vec<String>,
    csv: HashMap<String, Served>,
}

/// A published-CSV stand-in: its type, its body, and whether the connection breaks after the
/// body instead of ending it.
struct Served {
    content_type: String,
    body: Vec<u8>,
    cut_off: bool,
}

#[derive(Clone)]
pub struct GoogleStandIn {
    pub base: String,
    inner: Arc<Mutex<Inner>>,
}

pub fn strings(rows: &[&[&str]]) -> Grid {
    rows.iter().map(|row| row.iter().map(|cell| cell.to_string()).collect()).collect()
}

impl GoogleStandIn {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let inner = Arc::new(Mutex::new(Inner::default()));
        let stand_in = Self { base, inner };
        let app = Router::new().fallback(handle).with_state(stand_in.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        stand_in
    }

    /// Points a server at this stand-in with an API key and/or a service-account key file
    /// (written into `folder`).
    pub fn configure(&self, config: &mut Config, api_key: bool, service_account_in: Option<&TempDir>) {
        config.google_api_base = self.base.clone();
        config.google_api_key = api_key.then(|| API_KEY.to_owned());
        config.google_service_account_file = service_account_in.map(|folder| self.write_key_file(folder));
    }

    fn write_key_file(&self, folder: &TempDir) -> PathBuf {
        let key = json!({
            "type": "service_account",
            "client_email": CLIENT_EMAIL,
            "private_key": PRIVATE_KEY,
            "token_uri": format!("{}/token", self.base),
        });
        folder.write("service-account.json", &key.to_string());
        folder.0.join("service-account.json")
    }

    /// The address users paste for spreadsheet `id`.
    pub fn url(id: &str) -> String {
        format!("https://docs.google.com/spreadsheets/d/{id}/edit#gid=0")
    }

    pub fn add(&self, id: &str, title: &str, tabs: Vec<(&str, Grid)>) {
        let book = Book { title: title.to_owned(), tabs: tabs.into_iter().map(|(name, grid)| (name.to_owned(), grid)).collect() };
        self.inner.lock().unwrap().books.insert(id.to_owned(), book);
    }

    /// Renames spreadsheet `id`, as its owner would in Google Sheets.
    pub fn set_title(&self, id: &str, title: &str) {
        self.inner.lock().unwrap().books.get_mut(id).unwrap().title = title.to_owned();
    }

    pub fn tab(&self, id: &str, title: &str) -> Grid {
        let inner = self.inner.lock().unwrap();
        inner.books[id].tabs.iter().find(|(name, _)| name == title).map(|(_, grid)| grid.clone()).expect("a tab of the stand-in")
    }

    pub fn set_cell(&self, id: &str, title: &str, row: usize, column: usize, value: &str) {
        let mut inner = self.inner.lock().unwrap();
        let grid = &mut inner.books.get_mut(id).unwrap().tabs.iter_mut().find(|(name, _)| name == title).unwrap().1;
        write(grid, row, column, &[vec![value.to_owned()]]);
    }

    /// The next `count` calls to the API answer `status` (with `Retry-After` when given).
    pub fn fail_next(&self, count: usize, status: u16, retry_after: Option<u64>) {
        self.inner.lock().unwrap().failures.extend(std::iter::repeat_n((status, retry_after), count));
    }

    /// The next `count` calls to the API answer 200 with `body` of `content_type` in place of
    /// their data.
    pub fn garble_next(&self, count: usize, content_type: &str, body: &[u8]) {
        self.inner.lock().unwrap().garbage.extend(std::iter::repeat_n((content_type.to_owned(), body.to_vec()), count));
    }

    /// While `silent`, every request (API, token, CSV) is read and never answered.
    pub fn set_silent(&self, silent: bool) {
        self.inner.lock().unwrap().silent = silent;
    }

    /// Every call so far, as `METHOD /decoded/path`.
    pub fn calls(&self) -> Vec<String> {
        self.inner.lock().unwrap().calls.clone()
    }

    pub fn token_requests(&self) -> usize {
        self.inner.lock().unwrap().token_requests
    }

    /// Serves `body` at `/csv/{name}` and answers that address.
    pub fn set_csv(&self, name: &str, content_type: &str, body: impl Into<Vec<u8>>) -> String {
        self.serve_csv(name, Served { content_type: content_type.to_owned(), body: body.into(), cut_off: false })
    }

    /// Serves the start of a CSV at `/csv/{name}` and then breaks the connection, as a transfer
    /// cut off half-way does.
    pub fn set_csv_cut_off(&self, name: &str, start: &str) -> String {
        self.serve_csv(name, Served { content_type: "text/csv".to_owned(), body: start.as_bytes().to_vec(), cut_off: true })
    }

    fn serve_csv(&self, name: &str, served: Served) -> String {
        self.inner.lock().unwrap().csv.insert(name.to_owned(), served);
        format!("{}/csv/{name}", self.base)
    }
}

fn google_error(status: u16, message: &str) -> Response {
    let code = StatusCode::from_u16(status).unwrap();
    (code, Json(json!({ "error": { "code": status, "message": message, "status": code.canonical_reason() } }))).into_response()
}

/// `%XX` decoded; in forms and queries (`plus_is_space`) `+` is a space too.
fn decoded(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let escaped = text.get(index + 1..index + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (bytes[index], escaped) {
            (b'%', Some(byte)) => {
                out.push(byte);
                index += 3;
                continue;
            }
            (b'+', _) if plus_is_space => out.push(b' '),
            (byte, _) => out.push(byte),
        }
        index += 1;
    }
    String::from_utf8(out).unwrap()
}

fn form_pairs(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decoded(key, true), decoded(value, true))
        })
        .collect()
}

async fn handle(State(stand_in): State<GoogleStandIn>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let path = uri.path().to_owned();
    let segments: Vec<String> = path.split('/').skip(1).map(|segment| decoded(segment, false)).collect();
    let silent = {
        let mut inner = stand_in.inner.lock().unwrap();
        inner.calls.push(format!("{method} /{}", segments.join("/")));
        inner.silent
    };
    if silent {
        std::future::pending::<()>().await;
    }
    let mut inner = stand_in.inner.lock().unwrap();
    match segments.first().map(String::as_str) {
        Some("csv") => {
            return match inner.csv.get(&segments[1]) {
                Some(Served { content_type, body, cut_off: false }) => {
                    ([(header::CONTENT_TYPE, content_type.clone())], body.clone()).into_response()
                }
                Some(Served { content_type, body, cut_off: true }) => {
                    // An error after the first chunk (sent first: hence the pause) makes the
                    // server drop the connection before the chunked body's end.
                    let start = futures_util::stream::once(std::future::ready(Ok(Bytes::from(body.clone()))));
                    let cut = futures_util::stream::once(async {
                        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                        Err(std::io::Error::other("cut off"))
                    });
                    let body = axum::body::Body::from_stream(futures_util::StreamExt::chain(start, cut));
                    ([(header::CONTENT_TYPE, content_type.clone())], body).into_response()
                }
                None => StatusCode::NOT_FOUND.into_response(),
            };
        }
        Some("token") => {
            inner.token_requests += 1;
            return token(&mut inner, &stand_in.base, &body);
        }
        _ => {}
    }
    if let Some((status, retry_after)) = inner.failures.pop_front() {
        let mut response = google_error(status, "Injected failure");
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, seconds.to_string().parse().unwrap());
        }
        return response;
    }
    if let Some((content_type, body)) = inner.garbage.pop_front() {
        return ([(header::CONTENT_TYPE, content_type)], body).into_response();
    }
    let query = form_pairs(uri.query().unwrap_or_default());
    let bearer = headers.get(header::AUTHORIZATION).and_then(|value| value.to_str().ok()).and_then(|value| value.strip_prefix("Bearer "));
    let by_key = query.iter().any(|(key, value)| key == "key" && value == API_KEY);
    let by_token = bearer.is_some_and(|token| inner.tokens.iter().any(|issued| issued == token));
    if !by_key && !by_token {
        return google_error(403, "The caller does not have permission");
    }
    if method != Method::GET && !by_token {
        return google_error(401, "API keys are not supported by this API. Expected OAuth2 access token.");
    }
    if segments.len() < 3 || segments[0] != "v4" || segments[1] != "spreadsheets" {
        return google_error(404, "Not found");
    }
    let Some(book) = inner.books.get_mut(&segments[2]) else { return google_error(404, "Requested entity was not found.") };
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let rest: Vec<&str> = segments[3..].iter().map(String::as_str).collect();
    match (method.as_str(), rest.as_slice()) {
        ("GET", []) => Json(json!({
            "spreadsheetId": segments[2],
            "properties": { "title": book.title },
            "sheets": book.tabs.iter().enumerate().map(|(index, (title, _))| json!({ "properties": { "title": title, "index": index } })).collect::<Vec<_>>(),
        }))
        .into_response(),
        ("GET", ["values:batchGet"]) => {
            let mut ranges = Vec::new();
            for (_, range) in query.iter().filter(|(key, _)| key == "ranges") {
                match read(book, range) {
                    Some(values) => ranges.push(json!({ "range": range, "majorDimension": "ROWS", "values": values })),
                    None => return google_error(400, &format!("Unable to parse range: {range}")),
                }
            }
            Json(json!({ "spreadsheetId": segments[2], "valueRanges": ranges })).into_response()
        }
        ("POST", ["values:batchUpdate"]) => {
            for data in body["data"].as_array().cloned().unwrap_or_default() {
                let range = data["range"].as_str().unwrap_or_default();
                if !put(book, range, &data["values"]) {
                    return google_error(400, &format!("Unable to parse range: {range}"));
                }
            }
            Json(json!({ "spreadsheetId": segments[2] })).into_response()
        }
        ("GET", ["values", range]) => match read(book, range) {
            Some(values) => Json(json!({ "range": range, "majorDimension": "ROWS", "values": values })).into_response(),
            None => google_error(400, &format!("Unable to parse range: {range}")),
        },
        ("PUT", ["values", range]) => {
            if put(book, range, &body["values"]) {
                Json(json!({ "updatedRange": range })).into_response()
            } else {
                google_error(400, &format!("Unable to parse range: {range}"))
            }
        }
        ("POST", ["values", action]) => {
            let (range, verb) = action.rsplit_once(':').unwrap_or((action, ""));
            let Some((title, start, end)) = parse_range(range) else { return google_error(400, &format!("Unable to parse range: {range}")) };
            let Some(grid) = book.tabs.iter_mut().find(|(name, _)| *name == title).map(|(_, grid)| grid) else {
                return google_error(400, &format!("Unable to parse range: {range}"));
            };
            match verb {
                "append" => {
                    let last = grid.iter().rposition(|row| row.iter().any(|cell| !cell.is_empty())).map_or(0, |index| index + 1);
                    write(grid, last + 1, start.0.unwrap_or(0), &rows_of(&body["values"]));
                    Json(json!({ "updates": { "updatedRange": format!("'{title}'!A{}", last + 1) } })).into_response()
                }
                "clear" => {
                    let (rows, columns) = (start.1.unwrap_or(1)..=end.1.unwrap_or(usize::MAX), start.0.unwrap_or(0)..=end.0.unwrap_or(usize::MAX));
                    for (_, row) in grid.iter_mut().enumerate().filter(|(index, _)| rows.contains(&(index + 1))) {
                        for (column, cell) in row.iter_mut().enumerate() {
                            if columns.contains(&column) {
                                cell.clear();
                            }
                        }
                    }
                    Json(json!({ "clearedRange": range })).into_response()
                }
                _ => google_error(404, "Not found"),
            }
        }
        _ => google_error(404, "Not found"),
    }
}

fn token(inner: &mut Inner, base: &str, body: &[u8]) -> Response {
    let form: HashMap<String, String> = form_pairs(&String::from_utf8_lossy(body)).into_iter().collect();
    if form.get("grant_type").map(String::as_str) != Some("urn:ietf:params:oauth:grant-type:jwt-bearer") {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": "unsupported_grant_type" }))).into_response();
    }
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::RS256);
    validation.set_audience(&[format!("{base}/token")]);
    validation.set_issuer(&[CLIENT_EMAIL]);
    let key = jsonwebtoken::DecodingKey::from_rsa_pem(PUBLIC_KEY.as_bytes()).unwrap();
    let Ok(claims) = jsonwebtoken::decode::<Value>(form.get("assertion").map(String::as_str).unwrap_or_default(), &key, &validation) else {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": "invalid_grant" }))).into_response();
    };
    if claims.claims["scope"] != "https://www.googleapis.com/auth/spreadsheets" {
        return (StatusCode::BAD_REQUEST, Json(json!({ "error": "invalid_scope" }))).into_response();
    }
    let token = format!("ya29.stand-in-{}", inner.tokens.len() + 1);
    inner.tokens.push(token.clone());
    Json(json!({ "access_token": token, "expires_in": 3599, "token_type": "Bearer" })).into_response()
}

/// A cell reference: column (0-based) and row (1-based), each optional (`C`, `5`, `C5`).
type Cell = (Option<usize>, Option<usize>);

fn parse_cell(text: &str) -> Option<Cell> {
    let letters: String = text.chars().take_while(char::is_ascii_alphabetic).collect();
    let digits = &text[letters.len()..];
    let column = (!letters.is_empty()).then(|| letters.bytes().fold(0, |n, b| n * 26 + (b.to_ascii_uppercase() - b'A') as usize + 1) - 1);
    let row = if digits.is_empty() { None } else { Some(digits.parse().ok()?) };
    Some((column, row))
}

/// `'Title'!A1:C3`, `'Title'!C:C`, `'Title'!5:5`, `'Title'!A1`, `'Title'`.
fn parse_range(range: &str) -> Option<(String, Cell, Cell)> {
    let (title, cells) = if let Some(quoted) = range.strip_prefix('\'') {
        let mut title = String::new();
        let mut chars = quoted.char_indices().peekable();
        let mut end = None;
        while let Some((index, c)) = chars.next() {
            if c == '\'' {
                if chars.peek().map(|(_, next)| *next) == Some('\'') {
                    chars.next();
                    title.push('\'');
                } else {
                    end = Some(index + 1);
                    break;
                }
            } else {
                title.push(c);
            }
        }
        (title, &quoted[end?..])
    } else {
        let (title, cells) = range.split_once('!').unwrap_or((range, ""));
        (title.to_owned(), cells)
    };
    let cells = cells.strip_prefix('!').unwrap_or(cells);
    if cells.is_empty() {
        return Some((title, (None, None), (None, None)));
    }
    let (first, last) = cells.split_once(':').unwrap_or((cells, cells));
    Some((title, parse_cell(first)?, parse_cell(last)?))
}

fn read(book: &Book, range: &str) -> Option<Grid> {
    let (title, start, end) = parse_range(range)?;
    let grid = &book.tabs.iter().find(|(name, _)| *name == title)?.1;
    let rows = start.1.unwrap_or(1)..=end.1.unwrap_or(usize::MAX);
    let columns = start.0.unwrap_or(0)..=end.0.unwrap_or(usize::MAX);
    let mut values: Grid = grid
        .iter()
        .enumerate()
        .filter(|(index, _)| rows.contains(&(index + 1)))
        .map(|(_, row)| {
            let mut cells: Vec<String> =
                row.iter().enumerate().filter(|(column, _)| columns.contains(column)).map(|(_, cell)| cell.clone()).collect();
            while cells.last().is_some_and(String::is_empty) {
                cells.pop();
            }
            cells
        })
        .collect();
    while values.last().is_some_and(Vec::is_empty) {
        values.pop();
    }
    Some(values)
}

fn rows_of(values: &Value) -> Grid {
    values
        .as_array()
        .into_iter()
        .flatten()
        .map(|row| {
            row.as_array().into_iter().flatten().map(|cell| cell.as_str().map(str::to_owned).unwrap_or_else(|| cell.to_string())).collect()
        })
        .collect()
}

/// What the stand-in stores for a value Google would have run as a formula.
pub fn formula(value: &str) -> String {
    format!("<formula {value}>")
}

fn put(book: &mut Book, range: &str, values: &Value) -> bool {
    let Some((title, start, _)) = parse_range(range) else { return false };
    let Some(grid) = book.tabs.iter_mut().find(|(name, _)| *name == title).map(|(_, grid)| grid) else { return false };
    write(grid, start.1.unwrap_or(1), start.0.unwrap_or(0), &rows_of(values));
    true
}

/// Writes `values` with its top-left cell at `row` (1-based), `column` (0-based), as USER_ENTERED
/// would: a leading apostrophe only marks text, and other text that starts as a formula and is
/// not a number is run as one (stored as [`formula`] says, so tests can see it was run).
fn write(grid: &mut Grid, row: usize, column: usize, values: &[Vec<String>]) {
    for (offset, cells) in values.iter().enumerate() {
        let index = row - 1 + offset;
        if grid.len() <= index {
            grid.resize(index + 1, Vec::new());
        }
        let target = &mut grid[index];
        if target.len() < column + cells.len() {
            target.resize(column + cells.len(), String::new());
        }
        for (shift, value) in cells.iter().enumerate() {
            target[column + shift] = match value.strip_prefix('\'') {
                Some(text) => text.to_owned(),
                None if value.starts_with(['=', '+', '-', '@']) && value.parse::<f64>().is_err() => formula(value),
                None => value.clone(),
            };
        }
    }
}
