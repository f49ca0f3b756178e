//! Google Sheets API v4 over `state.http`: reads (spreadsheets.get, values.get, values:batchGet)
//! and writes (values.append, values:batchUpdate, values.clear).
//!
//! - Credentials: a service account (`TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE`) reads and writes the
//!   sheets shared with its e-mail; an API key (`TESSERA_GOOGLE_API_KEY`) only reads public sheets.
//!   The service account's RS256 assertion is exchanged for an access token at its `token_uri`,
//!   and the token is kept in memory until a minute before it expires.
//! - 429 and 5xx answers are retried with exponential back-off and jitter (0.5 s, 1 s, 2 s, 4 s;
//!   at most 5 tries), or after the `Retry-After` Google asks for.
//! - Reads are limited to 60 a minute per spreadsheet owner, Google's per-user read quota. The
//!   buckets live in this process: N replicas allow up to N times as many.
//! - Every row carries its 'ChartApps Record ID' in the Google tab too (written on connect and
//!   refresh), so ids stay stable across refreshes and writes find their row by id.
//! - A deleted row is cleared, not removed: Google keeps an empty row where it was (rows below do
//!   not move, so a concurrent write addressed by row number never hits a neighbour), and
//!   imports skip empty rows. A duplicate is appended at the end of the tab.
//! - One service account serves every workspace, so knowing a spreadsheet's id would be enough
//!   to connect it: the first workspace to try would read (and through forms, write) a sheet its
//!   owner shared with the service account for another. So through the service account a
//!   spreadsheet is connected only when its title holds the workspace's consent code
//!   ([`require_consent`]): putting it there takes edit rights on the sheet, which the sheet id
//!   alone does not give. A workspace that has the sheet already connects it again without it;
//!   with an API key only, the server reads what Google shows anyone with the link, so no proof
//!   is asked.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use reqwest::header::{CONTENT_TYPE, RETRY_AFTER};
use reqwest::{Method, RequestBuilder, Response, StatusCode, Url};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tessera_core::table::RECORD_ID_COLUMN;

use super::google_tabs::{self, column_letter, quoted, ValueRange};
pub use super::google_tabs::{GARBLED, TOO_MANY_CELLS};
use super::{Fetched, RowWrite, Source};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::imports_progress;
use crate::sheets::incoming::Incoming;
use crate::sheets::rows::{Values, ROW_GONE};
use crate::sheets::store::SheetInfo;
use crate::AppState;

/// Platform §8's text for a spreadsheet Google no longer lets us open.
pub const CONNECTION_BROKEN: &str = "Google Sheets doesn't seem to be connected properly. Please reconnect it.";

pub const NOT_CONFIGURED: &str = "Google Sheets is not set up on this server: its administrator has to set \
     TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE (or TESSERA_GOOGLE_API_KEY to read public sheets).";

pub const READ_ONLY_KEY: &str = "Writing to Google Sheets needs a service account: this server only has an API key, \
     which reads public sheets but cannot change them. Its administrator has to set TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE.";

const NOT_A_SHEETS_URL: &str = "This is not a Google Sheets address. Open the spreadsheet in Google Sheets and copy the \
     address from the browser: https://docs.google.com/spreadsheets/d/…/edit";

const PUBLISHED_LINK: &str = "This is a 'Publish to the web' link: connect it as a published CSV link, or use the \
     spreadsheet's own address (https://docs.google.com/spreadsheets/d/…/edit) to connect it through Google Sheets.";

const NO_ID_COLUMN: &str = "The Google tab no longer has its 'ChartApps Record ID' column. Refresh the spreadsheet to \
     restore it, then try again.";

/// The error of a read that took longer than `secs` seconds.
pub fn too_slow(secs: u64) -> Error {
    Error::Unavailable(format!("Google Sheets did not answer within {secs} seconds. Please try again in a few minutes."))
}

const SCOPE: &str = "https://www.googleapis.com/auth/spreadsheets";
const MAX_TRIES: u32 = 5;
const FIRST_DELAY: Duration = Duration::from_millis(500);
/// A `Retry-After` longer than this is not waited for inside a request.
const LONGEST_WAIT: Duration = Duration::from_secs(30);
const READS_PER_MINUTE: f64 = 60.0;

/// The spreadsheet id in a Google Sheets address (`…/spreadsheets/d/{id}/…`), or a 422 on `url`.
pub fn spreadsheet_id(url: &str) -> Result<String, Error> {
    let bad = || Error::invalid("url", NOT_A_SHEETS_URL);
    let parsed = Url::parse(url.trim()).map_err(|_| bad())?;
    if !matches!(parsed.scheme(), "https" | "http") || parsed.host_str() != Some("docs.google.com") {
        return Err(bad());
    }
    let segments: Vec<&str> = parsed.path_segments().map(Iterator::collect).unwrap_or_default();
    if segments.first() != Some(&"spreadsheets") {
        return Err(bad());
    }
    // Signed-in addresses may carry an account part: /spreadsheets/u/0/d/{id}.
    let id = segments.iter().position(|segment| *segment == "d").and_then(|d| segments.get(d + 1)).ok_or_else(bad)?;
    if *id == "e" {
        return Err(Error::invalid("url", PUBLISHED_LINK));
    }
    if id.len() < 10 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(bad());
    }
    Ok((*id).to_owned())
}

/// The text that a spreadsheet's title must hold to be connected in `workspace_id` through the
/// service account: the first 10 hex digits of a SHA-256 of the workspace id. It need not be
/// secret: writing it into the title is the proof, and that takes edit rights on the sheet.
pub fn consent_code(workspace_id: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("tessera google consent {workspace_id}").as_bytes());
    format!("tessera-{}", &hex::encode(digest)[..10])
}

/// Ok when the spreadsheet of `url` may be connected in `workspace_id`: the server reads Google
/// with an API key only, or this workspace has it already, or its title holds this workspace's
/// [`consent_code`]; else 403 saying where to put the code. Checked before anything is read or
/// written back.
pub async fn require_consent(state: &AppState, url: &str, workspace_id: &str, owner_id: &str) -> Result<(), Error> {
    let id = spreadsheet_id(url)?;
    if state.config.google_service_account_file.is_none() {
        return Ok(());
    }
    // `_` in an id is LIKE's any-character: more rows may match; the ids are compared exactly below.
    let here: Vec<(String,)> = sqlx::query_as(
        "SELECT source_url FROM spreadsheets WHERE source_kind = 'google_sheets' AND workspace_id = $1 AND source_url LIKE $2",
    )
    .bind(workspace_id)
    .bind(format!("%{id}%"))
    .fetch_all(&state.db.pool)
    .await
    .context("looking for a Google spreadsheet in this workspace")?;
    if here.iter().any(|(other,)| spreadsheet_id(other).is_ok_and(|other| other == id)) {
        return Ok(());
    }
    let secs = state.config.source_timeout_secs;
    let title = tokio::time::timeout(Duration::from_secs(secs), async {
        let api = Api::open(state, url, owner_id, Need::Read).await?;
        let described = api.call(Method::GET, &[], &[("fields", "properties.title")], None).await?;
        Ok::<_, Error>(described["properties"]["title"].as_str().unwrap_or_default().to_owned())
    })
    .await
    .unwrap_or_else(|_| Err(too_slow(secs)))?;
    let code = consent_code(workspace_id);
    if title.contains(&code) {
        return Ok(());
    }
    Err(Error::NotPermitted(consent_needed(&code)))
}

/// `title` without the consent `code` its owner put there to connect it (and the brackets or
/// spaces around it), so the spreadsheet is named as its owner named it.
pub fn without_consent_code(title: &str, code: &str) -> String {
    let Some(at) = title.find(code) else { return title.to_owned() };
    let before = title[..at].trim_end_matches(['(', '[', ' ', '-']);
    let after = title[at + code.len()..].trim_start_matches([')', ']', ' ']);
    let joined = match (before.is_empty(), after.is_empty()) {
        (false, false) => format!("{before} {after}"),
        _ => format!("{before}{after}"),
    };
    match joined.trim() {
        "" => title.trim().to_owned(),
        name => name.to_owned(),
    }
}

/// The refusal of a spreadsheet whose title lacks the workspace's consent `code`.
pub fn consent_needed(code: &str) -> String {
    format!(
        "To connect this Google spreadsheet, add {code} to its title in Google Sheets, then connect it again (you can take it out \
         once it is connected). Its address alone does not show that you may read it: the code in its title shows you can edit it."
    )
}

/// Reads every tab of a Google spreadsheet. Rows without a record id get one, and the ids are
/// written back to Google (with the column's header when the tab had none) when the server can
/// write; with an API key only they are new on every refresh.
pub async fn fetch(state: &AppState, url: &str, owner_id: &str) -> Result<Fetched, Error> {
    let api = Api::open(state, url, owner_id, Need::Read).await?;
    let can_write = state.config.google_service_account_file.is_some();
    let described = api.call(Method::GET, &[], &[("fields", "properties.title,sheets.properties(title,index)")], None).await?;
    let name = described["properties"]["title"].as_str().unwrap_or("Google spreadsheet").to_owned();
    let mut tabs: Vec<(i64, String)> = described["sheets"]
        .as_array()
        .ok_or_else(|| Error::Unavailable(GARBLED.to_owned()))?
        .iter()
        .filter_map(|sheet| Some((sheet["properties"]["index"].as_i64().unwrap_or(0), sheet["properties"]["title"].as_str()?.to_owned())))
        .collect();
    tabs.sort();
    let titles: Vec<String> = tabs.into_iter().map(|(_, title)| title).collect();
    let ranges: Vec<(&str, String)> = titles.iter().map(|title| ("ranges", quoted(title))).collect();
    let mut query: Vec<(&str, &str)> = ranges.iter().map(|(key, range)| (*key, range.as_str())).collect();
    query.extend([("majorDimension", "ROWS"), ("valueRenderOption", "FORMATTED_VALUE")]);
    let answer = api.call_body(Method::GET, &["values:batchGet"], &query, None).await?;
    imports_progress::reading();
    // The answer is held once, as its bytes, and read twice (`google_tabs`): first to choose
    // every row's id, so that new ids reach Google before anything is stored, then row by row
    // into the store.
    let mut progress = imports_progress::rows_read_counter();
    let (answer, plans) = tokio::task::spawn_blocking(move || {
        let plans = google_tabs::plan(&answer, titles, &mut progress);
        (answer, plans)
    })
    .await
    .context("reading a Google answer")?;
    let plans = plans?;
    if can_write {
        for plan in &plans {
            if let Some((range, body)) = plan.write_back()? {
                api.update(&range, body).await?;
            }
        }
    }
    let sheets = Incoming::streamed(move |each| google_tabs::hand_over(&answer, plans, each)).await?;
    Ok(Fetched { name, sheets })
}

/// Sends one row change to the Google tab, addressed by record id; the caller stores it after.
pub async fn write_through(state: &AppState, source: &Source, sheet: &SheetInfo, write: &RowWrite<'_>) -> Result<(), Error> {
    let owner: Option<(String,)> =
        sqlx::query_as("SELECT w.owner_id FROM spreadsheets s JOIN workspaces w ON w.id = s.workspace_id WHERE s.id = $1")
            .bind(&source.spreadsheet_id)
            .fetch_optional(&state.db.pool)
            .await
            .context("looking up a spreadsheet's owner")?;
    let (owner,) = owner.ok_or_else(|| Error::NotFound("This spreadsheet no longer exists.".to_owned()))?;
    let api = Api::open(state, &source.url, &owner, Need::Write).await?;
    let tab = quoted(&sheet.title);
    let header = tessera_files::unique_names(&api.get(&format!("{tab}!1:1")).await?.into_iter().next().unwrap_or_default());
    let id_column = header.iter().position(|name| name == RECORD_ID_COLUMN).ok_or_else(|| Error::Conflict(NO_ID_COLUMN.to_owned()))?;
    match *write {
        RowWrite::Append { record_id, values } => {
            let mut row = vec![String::new(); header.len()];
            fill(&header, &mut row, values)?;
            row[id_column] = record_id.to_owned();
            api.append(&tab, row).await
        }
        RowWrite::Update { record_id, values } => {
            let number = api.find_row(&tab, id_column, record_id).await?;
            let mut data = Vec::with_capacity(values.len());
            for (name, value) in values.iter().filter(|(name, _)| name.as_str() != RECORD_ID_COLUMN) {
                let column = column_of(&header, name)?;
                data.push(json!({ "range": format!("{tab}!{}{number}", column_letter(column)), "values": [[entered(value)]] }));
            }
            if data.is_empty() {
                return Ok(());
            }
            let body = json!({ "valueInputOption": "USER_ENTERED", "data": data });
            api.call(Method::POST, &["values:batchUpdate"], &[], Some(body)).await.map(drop)
        }
        RowWrite::Delete { record_id } => {
            let number = api.find_row(&tab, id_column, record_id).await?;
            api.call(Method::POST, &["values", &format!("{tab}!{number}:{number}:clear")], &[], Some(json!({}))).await.map(drop)
        }
        RowWrite::Duplicate { record_id, copy_id } => {
            let number = api.find_row(&tab, id_column, record_id).await?;
            let mut row = api.get(&format!("{tab}!{number}:{number}")).await?.into_iter().next().unwrap_or_default();
            row.resize(header.len(), String::new());
            row[id_column] = copy_id.to_owned();
            api.append(&tab, row.iter().map(|cell| entered(cell)).collect()).await
        }
    }
}

fn column_of(header: &[String], name: &str) -> Result<usize, Error> {
    header.iter().position(|column| column == name).ok_or_else(|| {
        Error::Conflict(format!("The Google tab no longer has the column `{name}`. Refresh the spreadsheet to see its current columns."))
    })
}

fn fill(header: &[String], row: &mut [String], values: &Values) -> Result<(), Error> {
    for (name, value) in values.iter().filter(|(name, _)| name.as_str() != RECORD_ID_COLUMN) {
        row[column_of(header, name)?] = entered(value);
    }
    Ok(())
}

/// Values are sent as USER_ENTERED so numbers and dates stay numbers and dates in Google; text
/// Google would run as a formula is defused by the one rule of `crate::infra::csv` (a leading `'`,
/// which Google drops as it stores the text).
fn entered(value: &str) -> String {
    crate::infra::csv::defused(value).into_owned()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    Read,
    Write,
}

enum Credential {
    Key(String),
    Bearer(String),
}

/// One spreadsheet of one owner, with the credential to reach it.
struct Api<'a> {
    state: &'a AppState,
    base: Url,
    owner: &'a str,
    credential: Credential,
    key_file: Option<PathBuf>,
}

impl<'a> Api<'a> {
    async fn open(state: &'a AppState, url: &str, owner: &'a str, need: Need) -> Result<Self, Error> {
        let id = spreadsheet_id(url)?;
        let config = &state.config;
        let (credential, key_file) = match (&config.google_service_account_file, &config.google_api_key) {
            (Some(file), _) => (Credential::Bearer(access_token(state, file).await?), Some(file.clone())),
            (None, Some(_)) if need == Need::Write => return Err(Error::Unavailable(READ_ONLY_KEY.to_owned())),
            (None, Some(key)) => (Credential::Key(key.clone()), None),
            (None, None) => return Err(Error::Unavailable(NOT_CONFIGURED.to_owned())),
        };
        let mut base = Url::parse(&config.google_api_base).context("reading TESSERA_GOOGLE_API_BASE")?;
        base.path_segments_mut().map_err(|()| Error::internal("reading TESSERA_GOOGLE_API_BASE", "not a base URL"))?.extend([
            "v4",
            "spreadsheets",
            &id,
        ]);
        Ok(Self { state, base, owner, credential, key_file })
    }

    /// One call to the spreadsheet's resource (`segments` under `/v4/spreadsheets/{id}`), with
    /// back-off; answers the JSON body, an object. GETs count against the owner's read quota.
    async fn call(&self, method: Method, segments: &[&str], query: &[(&str, &str)], body: Option<Value>) -> Result<Value, Error> {
        let answer: Value = self.call_as(method, segments, query, body.map(|body| body.to_string().into_bytes())).await?;
        answer.is_object().then_some(answer).ok_or_else(|| Error::Unavailable(GARBLED.to_owned()))
    }

    /// [`Api::call`] with the answer read straight into `T`, and a body already written as JSON.
    async fn call_as<T: DeserializeOwned>(
        &self,
        method: Method,
        segments: &[&str],
        query: &[(&str, &str)],
        body: Option<Vec<u8>>,
    ) -> Result<T, Error> {
        let answer = self.call_body(method, segments, query, body).await?;
        serde_json::from_slice(&answer).map_err(|_| Error::Unavailable(GARBLED.to_owned()))
    }

    /// [`Api::call_as`] answering the bytes of the answer, unread.
    async fn call_body(&self, method: Method, segments: &[&str], query: &[(&str, &str)], body: Option<Vec<u8>>) -> Result<Bytes, Error> {
        let mut url = self.base.clone();
        url.path_segments_mut().map_err(|()| Error::internal("building a Google URL", "not a base URL"))?.extend(segments);
        let mut request = self.state.http.request(method.clone(), url).query(query);
        request = match &self.credential {
            Credential::Key(key) => request.query(&[("key", key)]),
            Credential::Bearer(token) => request.bearer_auth(token),
        };
        if let Some(body) = body {
            request = request.header(CONTENT_TYPE, "application/json").body(body);
        }
        let counted = (method == Method::GET).then_some(self.owner);
        let response = send_with_backoff(request, counted).await?;
        let status = response.status();
        if status.is_success() {
            return read_whole(response).await;
        }
        if status == StatusCode::UNAUTHORIZED {
            if let Some(file) = &self.key_file {
                forget_token(file);
            }
        }
        let detail: Value = response.json().await.unwrap_or(Value::Null);
        Err(google_error(status, detail["error"]["message"].as_str().unwrap_or_default()))
    }

    async fn get(&self, range: &str) -> Result<Vec<Vec<String>>, Error> {
        let query = [("majorDimension", "ROWS"), ("valueRenderOption", "FORMATTED_VALUE")];
        let range: ValueRange = self.call_as(Method::GET, &["values", range], &query, None).await?;
        Ok(range.into_rows())
    }

    /// Writes `body`, a `values.update` request's JSON, to `range`.
    async fn update(&self, range: &str, body: Vec<u8>) -> Result<(), Error> {
        let _: Value = self.call_as(Method::PUT, &["values", range], &[("valueInputOption", "USER_ENTERED")], Some(body)).await?;
        Ok(())
    }

    async fn append(&self, tab: &str, row: Vec<String>) -> Result<(), Error> {
        let range = format!("{tab}!A1");
        let body = json!({ "range": range, "majorDimension": "ROWS", "values": [row] });
        let query = [("valueInputOption", "USER_ENTERED"), ("insertDataOption", "INSERT_ROWS")];
        self.call(Method::POST, &["values", &format!("{range}:append")], &query, Some(body)).await.map(drop)
    }

    /// The row number of the row whose id cell holds `record_id`, or 404 with [`ROW_GONE`].
    async fn find_row(&self, tab: &str, id_column: usize, record_id: &str) -> Result<usize, Error> {
        let letter = column_letter(id_column);
        let column = self.get(&format!("{tab}!{letter}:{letter}")).await?;
        column
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, cells)| cells.first().is_some_and(|id| id.trim() == record_id))
            .map(|(index, _)| index + 1)
            .ok_or_else(|| Error::NotFound(ROW_GONE.to_owned()))
    }
}

fn google_error(status: StatusCode, message: &str) -> Error {
    match status {
        StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::NOT_FOUND => Error::Conflict(CONNECTION_BROKEN.to_owned()),
        StatusCode::BAD_REQUEST => Error::Conflict(format!(
            "Google Sheets refused the request: {}. Refresh the spreadsheet and try again.",
            message.trim_end_matches('.')
        )),
        status => Error::Unavailable(format!("Google Sheets answered HTTP {}. Please try again in a few minutes.", status.as_u16())),
    }
}

/// Sends `request`, retrying 429 and 5xx answers; `read_by` is the owner whose read quota a
/// try uses. Network failures are not retried: the host is wrong or down.
async fn send_with_backoff(request: RequestBuilder, read_by: Option<&str>) -> Result<Response, Error> {
    let mut tries = 0;
    loop {
        tries += 1;
        if let Some(owner) = read_by {
            take_read(owner)?;
        }
        let attempt = request.try_clone().ok_or_else(|| Error::internal("retrying a Google call", "the body cannot be sent twice"))?;
        let response = attempt.send().await.map_err(|error| {
            tracing::warn!(%error, "Google Sheets could not be reached");
            Error::Unavailable("Google Sheets could not be reached. Please try again in a few minutes.".to_owned())
        })?;
        let status = response.status();
        if !(status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error()) {
            return Ok(response);
        }
        let asked =
            response.headers().get(RETRY_AFTER).and_then(|value| value.to_str().ok()?.trim().parse::<u64>().ok()).map(Duration::from_secs);
        if tries >= MAX_TRIES || asked.is_some_and(|wait| wait > LONGEST_WAIT) {
            return Err(Error::Unavailable(format!(
                "Google Sheets is busy or failing (HTTP {} after {tries} tries). Please try again in a few minutes; nothing was changed here.",
                status.as_u16()
            )));
        }
        tokio::time::sleep(asked.unwrap_or_else(|| backoff(tries))).await;
    }
}

/// The answer's bytes, gathered into one buffer of the size the answer announces: a whole
/// spreadsheet's answer is held once, not also as the pieces it arrived in. A body cut off on the
/// way is an answer that is not spreadsheet data.
async fn read_whole(mut response: Response) -> Result<Bytes, Error> {
    let cut_off = |_| Error::Unavailable(GARBLED.to_owned());
    let mut body = Vec::with_capacity(response.content_length().unwrap_or(0).try_into().unwrap_or(0));
    while let Some(piece) = response.chunk().await.map_err(cut_off)? {
        body.extend_from_slice(&piece);
    }
    Ok(body.into())
}

/// The wait after failed try `tries` (1-based): 0.5 s, 1 s, 2 s, 4 s, each between half and all
/// of that ("equal jitter"), so that many clients that failed together do not retry together.
fn backoff(tries: u32) -> Duration {
    let full = FIRST_DELAY * 2u32.saturating_pow(tries.saturating_sub(1));
    full / 2 + full.mul_f64(rand::random::<f64>() / 2.0)
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

static READ_BUCKETS: LazyLock<Mutex<HashMap<String, Bucket>>> = LazyLock::new(Default::default);

/// Takes one read from the owner's bucket (60 a minute, refilled continuously), or 429.
fn take_read(owner: &str) -> Result<(), Error> {
    let mut buckets = READ_BUCKETS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let now = Instant::now();
    let bucket = buckets.entry(owner.to_owned()).or_insert(Bucket { tokens: READS_PER_MINUTE, at: now });
    let per_second = READS_PER_MINUTE / 60.0;
    bucket.tokens = (bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * per_second).min(READS_PER_MINUTE);
    bucket.at = now;
    if bucket.tokens >= 1.0 {
        bucket.tokens -= 1.0;
        Ok(())
    } else {
        Err(Error::TooManyRequests { retry_after_secs: ((1.0 - bucket.tokens) / per_second).ceil() as u64 })
    }
}

#[derive(Deserialize)]
struct ServiceAccount {
    client_email: String,
    private_key: String,
    token_uri: String,
}

#[derive(Serialize)]
struct Assertion<'a> {
    iss: &'a str,
    scope: &'a str,
    aud: &'a str,
    iat: i64,
    exp: i64,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    expires_in: u64,
}

/// Tokens by key file, each with the moment it stops being used.
static TOKENS: LazyLock<Mutex<HashMap<PathBuf, (String, Instant)>>> = LazyLock::new(Default::default);

fn forget_token(file: &Path) {
    TOKENS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(file);
}

/// A cached access token of the service account, or a new one from its `token_uri`.
async fn access_token(state: &AppState, file: &Path) -> Result<String, Error> {
    let cached =
        TOKENS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(file).filter(|(_, until)| Instant::now() < *until).cloned();
    if let Some((token, _)) = cached {
        return Ok(token);
    }
    let unusable = |what: &str, error: &dyn std::fmt::Display| {
        tracing::error!(file = %file.display(), %error, "the Google service account {what}");
        Error::Unavailable(
            "The Google service account of this server is not usable; its administrator has to check TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE."
                .to_owned(),
        )
    };
    let text = tokio::fs::read_to_string(file).await.map_err(|error| unusable("file cannot be read", &error))?;
    let account: ServiceAccount = serde_json::from_str(&text).map_err(|error| unusable("file is not a key file", &error))?;
    let key =
        jsonwebtoken::EncodingKey::from_rsa_pem(account.private_key.as_bytes()).map_err(|error| unusable("key is not RSA PEM", &error))?;
    let iat = crate::infra::db::now();
    let claims = Assertion { iss: &account.client_email, scope: SCOPE, aud: &account.token_uri, iat, exp: iat + 3600 };
    let assertion = jsonwebtoken::encode(&jsonwebtoken::Header::new(jsonwebtoken::Algorithm::RS256), &claims, &key)
        .map_err(|error| unusable("key cannot sign", &error))?;
    let form = [("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion.as_str())];
    let response = send_with_backoff(state.http.post(&account.token_uri).form(&form), None).await?;
    if !response.status().is_success() {
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        return Err(unusable("was refused a token", &format!("HTTP {status}: {body}")));
    }
    let answer: TokenAnswer = response.json().await.map_err(|error| unusable("token answer is unreadable", &error))?;
    // A minute of margin, so a token never expires between the check and Google's.
    let until = Instant::now() + Duration::from_secs(answer.expires_in.saturating_sub(60));
    TOKENS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(file.to_owned(), (answer.access_token.clone(), until));
    Ok(answer.access_token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreadsheet_ids_come_from_sheets_addresses_only() {
        let id = "1AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789";
        assert_eq!(spreadsheet_id(&format!("https://docs.google.com/spreadsheets/d/{id}/edit#gid=0")).unwrap(), id);
        assert_eq!(spreadsheet_id(&format!("https://docs.google.com/spreadsheets/u/0/d/{id}")).unwrap(), id);
        assert_eq!(spreadsheet_id("https://example.com/spreadsheets/d/1AbCdEfGhIjK/edit").unwrap_err().to_string(), NOT_A_SHEETS_URL);
        assert_eq!(spreadsheet_id("https://docs.google.com/document/d/1AbCdEfGhIjK/edit").unwrap_err().to_string(), NOT_A_SHEETS_URL);
        assert_eq!(
            spreadsheet_id("https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=csv").unwrap_err().to_string(),
            PUBLISHED_LINK
        );
        assert!(spreadsheet_id("not a url").is_err());
    }

    #[test]
    fn a_spreadsheet_is_named_without_the_consent_code_in_its_title() {
        let code = consent_code("w1");
        for (title, name) in [
            (format!("Quarterly {code}"), "Quarterly"),
            (format!("Quarterly ({code})"), "Quarterly"),
            (format!("{code} Quarterly"), "Quarterly"),
            (format!("Q1 [{code}] sales"), "Q1 sales"),
            (code.clone(), code.as_str()),
            ("Quarterly".to_owned(), "Quarterly"),
        ] {
            assert_eq!(without_consent_code(&title, &code), name, "{title}");
        }
        assert_eq!(without_consent_code(&format!("Quarterly {}", consent_code("w2")), &code), format!("Quarterly {}", consent_code("w2")));
    }

    #[test]
    fn columns_are_lettered_like_a_spreadsheet() {
        assert_eq!([0, 25, 26, 51, 701, 702].map(column_letter), ["A", "Z", "AA", "AZ", "ZZ", "AAA"]);
        assert_eq!(quoted("Bob's tab"), "'Bob''s tab'");
    }

    #[test]
    fn back_off_doubles_from_half_a_second_with_jitter() {
        for (tries, full) in [(1, 500), (2, 1000), (3, 2000), (4, 4000)] {
            let wait = backoff(tries).as_millis();
            assert!((full / 2..=full).contains(&wait), "try {tries}: {wait} ms");
        }
    }

    #[test]
    fn google_errors_read_clearly() {
        assert_eq!(google_error(StatusCode::FORBIDDEN, "").to_string(), CONNECTION_BROKEN);
        assert_eq!(google_error(StatusCode::NOT_FOUND, "").status(), axum::http::StatusCode::CONFLICT);
    }

    #[test]
    fn reads_are_limited_per_owner() {
        let owner = format!("owner-{}", crate::infra::db::new_id());
        for _ in 0..60 {
            take_read(&owner).unwrap();
        }
        assert!(matches!(take_read(&owner), Err(Error::TooManyRequests { retry_after_secs: 1 })));
        take_read(&format!("{owner}-other")).unwrap();
    }
}
