//! The sheet-data calls of platform §7, filtered on the server (rules in `crate::access::sheet_query`):
//!
//! | call | answers |
//! |------|---------|
//! | `GET /api/board/{spreadsheetId}/sheet/{sheet_title}` | one page of a tab of the board `board` names |
//! | `GET /api/board/{spreadsheetId}/sheet/{sheet_title}/export.csv` | every matching row as CSV, streamed |
//! | `GET /v3/api/page/sheet/{sheet_title}` | one page of a tab of the app page at `board` |
//! | `GET /v3/api/page/sheet/{sheet_title}/export.csv` | the page's CSV export |
//! | `POST /v3/getSpreadsheetData` `{params: {board, referer}}` | every tab: `{spreadsheetId, sheets: {title: answer or {error}}}` |
//!
//! A page answer is `{columns, rows, total, page, page_count, version}` (`truncated: true` when a
//! caller without a session was held to 10,000 rows). A failure answers `{"error": text}` with
//! its status. `getSpreadsheetData` reads an app page when the request names an app (`app_id`,
//! `app` or the host's sub-domain), else the board whose slug is `board`; each tab of the caller's
//! scope there is answered whole (`rows_per_page` defaults to 0) and a tab that fails is `{error}` in place.
//!
//! CSV export needs the owner or an admin, or `block=` naming a block of this board or page, on
//! this tab, configured with `csv_download: true` (blocks §3.4, default false).

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, HOST};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use tessera_core::table::Table;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::place::{board_scope, page_scope, viewer, Place};
use super::{ApiJson, SpecParams};
use crate::access::sheet_query::{self, SheetAnswer, SheetParams};
use crate::accounts::auth::Caller;
use crate::boards::apps::AppLocator;
use crate::infra::error::{Error, ErrorBody};
use crate::sheets::answer_cache::JsonAnswer;
use crate::sheets::store;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(board_sheet)).routes(routes!(board_export))
}

/// The calls of platform §7 served under `/v3` (paths here are relative to it).
pub fn v3_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(page_sheet)).routes(routes!(page_export)).routes(routes!(spreadsheet_data))
}

/// The tab a sheet call or its CSV export names.
#[derive(Deserialize)]
struct Tab {
    sheet_title: String,
}

/// One page of a tab of the board named by `board` (its slug), filtered for the caller.
#[utoipa::path(get, path = "/board/{spreadsheetId}/sheet/{sheet_title}", tag = "spec",
    params(("spreadsheetId" = String, Path, description = "The board's spreadsheet"), ("sheet_title" = String, Path, description = "The tab"),
        SpecParams, SheetParams),
    responses((status = 200, body = SheetAnswer), (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 403, description = "A private board", body = ErrorBody),
        (status = 404, description = "No such board, spreadsheet of this board, tab or block", body = ErrorBody),
        (status = 422, description = "A filter, sort or parameter that does not fit the sheet", body = ErrorBody)))]
async fn board_sheet(state: State<AppState>, place: Place, tab: Path<Tab>, params: Query<SheetParams>) -> Result<JsonAnswer, Error> {
    sheet(state, place, tab, params).await
}

/// One page of a tab of the app page at `board`, filtered for the caller.
#[utoipa::path(get, path = "/api/page/sheet/{sheet_title}", tag = "spec",
    params(("sheet_title" = String, Path, description = "The tab"), SpecParams, AppLocator, SheetParams),
    responses((status = 200, body = SheetAnswer), (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app, page, spreadsheet, tab or block", body = ErrorBody),
        (status = 422, description = "A filter, sort or parameter that does not fit the sheet", body = ErrorBody)))]
async fn page_sheet(state: State<AppState>, place: Place, tab: Path<Tab>, params: Query<SheetParams>) -> Result<JsonAnswer, Error> {
    sheet(state, place, tab, params).await
}

/// The sheet call of a board or an app page.
async fn sheet(
    State(state): State<AppState>,
    place: Place,
    Path(tab): Path<Tab>,
    Query(params): Query<SheetParams>,
) -> Result<JsonAnswer, Error> {
    let scope = place.scope(&state).await?;
    sheet_query::answer_json(&state, &scope, &place.viewer(), &tab.sheet_title, &params).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SpreadsheetDataRequest {
    #[serde(default)]
    pub params: SpreadsheetDataParams,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SpreadsheetDataParams {
    /// The browser path without its leading slash (a board slug, or a page slug of an app).
    /// (`referer` is accepted and not needed.)
    pub board: Option<String>,
}

/// Every tab of a spreadsheet, each answered as the sheet call answers it or as `{error}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SpreadsheetData {
    #[serde(rename = "spreadsheetId")]
    pub spreadsheet_id: String,
    /// Tab title to `{columns, rows, total, page, page_count, version}` or `{error}`, in tab order.
    #[schema(value_type = Object)]
    #[serde(serialize_with = "in_tab_order")]
    pub sheets: Vec<(String, Box<RawValue>)>,
}

/// Every tab of the spreadsheet of the app page or board at `params.board`, filtered for the caller.
#[utoipa::path(post, path = "/getSpreadsheetData", tag = "spec", request_body = SpreadsheetDataRequest,
    params(SpecParams, AppLocator, SheetParams),
    responses((status = 200, body = SpreadsheetData), (status = 403, description = "A private board or app", body = ErrorBody),
        (status = 404, description = "No such board, app, page or spreadsheet", body = ErrorBody)))]
async fn spreadsheet_data(
    State(state): State<AppState>,
    caller: Caller,
    Query(spec): Query<SpecParams>,
    Query(locator): Query<AppLocator>,
    Query(mut params): Query<SheetParams>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SpreadsheetDataRequest>,
) -> Result<ApiJson<SpreadsheetData>, Error> {
    let board = body.params.board.or(spec.board.clone());
    let names_app = [&locator.app_id, &locator.app].iter().any(|value| value.as_deref().is_some_and(|v| !v.trim().is_empty()));
    let host = headers.get(HOST).and_then(|value| value.to_str().ok());
    // A host that is no app's sub-domain (a workspace's, or the main site) serves boards.
    let scope = match names_app {
        true => page_scope(&state, &caller, &locator, host, board.as_deref()).await?,
        false => match locator.resolve(&state.db, host, &state.config.public_base_url()).await {
            Ok(_) => page_scope(&state, &caller, &locator, host, board.as_deref()).await?,
            Err(_) => board_scope(&state, &caller, board.as_deref(), None, spec.embed_token.as_deref()).await?,
        },
    };
    params.rows_per_page.get_or_insert_with(|| "0".to_owned());
    let viewer = viewer(&caller, spec);
    let mut sheets = Vec::new();
    let readable = scope.readable_tabs();
    let tabs = store::list(&state.db, &scope.spreadsheet_id).await?;
    // Only the tabs of the caller's scope: the others are not listed, even as errors.
    for sheet in tabs.into_iter().filter(|sheet| readable.as_ref().is_none_or(|tabs| tabs.contains(&sheet.title))) {
        // Each tab as the sheet call answers it, shared with other callers of the same effective
        // query (`answer_cache`), and sent as the bytes kept, never rebuilt as a JSON tree.
        let answer = sheet_query::answer_json(&state, &scope, &viewer, &sheet.title, &params).await.and_then(JsonAnswer::into_raw);
        let answer = match answer {
            Ok(answer) => answer,
            // A tab whose rows no block shows the caller (a form's own) is not theirs to list.
            Err(Error::NotFound(_)) => continue,
            Err(error) => RawValue::from_string(serde_json::json!({ "error": error.to_string() }).to_string())
                .map_err(|error| Error::internal("writing a tab's error", error))?,
        };
        sheets.push((sheet.title, answer));
    }
    Ok(ApiJson(SpreadsheetData { spreadsheet_id: scope.spreadsheet_id, sheets }))
}

/// The tabs as one JSON object, in tab order.
fn in_tab_order<S: serde::Serializer>(sheets: &[(String, Box<RawValue>)], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_map(sheets.iter().map(|(title, answer)| (title, answer)))
}

/// Every row of a tab that the board shows the caller, as CSV (all pages, in the query's order).
#[utoipa::path(get, path = "/board/{spreadsheetId}/sheet/{sheet_title}/export.csv", tag = "spec",
    params(("spreadsheetId" = String, Path, description = "The board's spreadsheet"), ("sheet_title" = String, Path, description = "The tab"),
        SpecParams, SheetParams),
    responses((status = 200, description = "text/csv; charset=utf-8, as an attachment named after the tab", content_type = "text/csv"),
        (status = 400, body = ErrorBody), (status = 403, description = "A private board, or no block allows CSV download", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn board_export(state: State<AppState>, place: Place, tab: Path<Tab>, params: Query<SheetParams>) -> Result<Response, Error> {
    export(state, place, tab, params).await
}

/// The app page's CSV export of a tab, as for boards.
#[utoipa::path(get, path = "/api/page/sheet/{sheet_title}/export.csv", tag = "spec",
    params(("sheet_title" = String, Path, description = "The tab"), SpecParams, AppLocator, SheetParams),
    responses((status = 200, description = "text/csv; charset=utf-8, as an attachment named after the tab", content_type = "text/csv"),
        (status = 400, body = ErrorBody), (status = 403, description = "A private app, or no block allows CSV download", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn page_export(state: State<AppState>, place: Place, tab: Path<Tab>, params: Query<SheetParams>) -> Result<Response, Error> {
    export(state, place, tab, params).await
}

const CSV_NOT_ALLOWED: &str = "CSV download is not enabled for this block; its owner can switch it on in the block's settings.";

/// The CSV export of a board or an app page.
async fn export(
    State(state): State<AppState>,
    place: Place,
    Path(tab): Path<Tab>,
    Query(params): Query<SheetParams>,
) -> Result<Response, Error> {
    let scope = place.scope(&state).await?;
    let viewer = place.viewer();
    let sheet = sheet_query::find_sheet(&state.db, &scope, &tab.sheet_title).await?;
    if !scope.role.can_edit() {
        let block_id = params.block.as_deref().map(str::trim).filter(|id| !id.is_empty());
        let block_id = block_id.ok_or_else(|| Error::NotPermitted(CSV_NOT_ALLOWED.to_owned()))?;
        let block = scope.block_reading(block_id, &sheet.title)?;
        let on_this_sheet = block.config.get("sheet_title").and_then(Value::as_str).is_none_or(|shown| shown == sheet.title);
        let allowed = block.config.get("csv_download").and_then(Value::as_bool).unwrap_or(false);
        if !(allowed && on_this_sheet) {
            return Err(Error::NotPermitted(CSV_NOT_ALLOWED.to_owned()));
        }
    }
    let (table, rows, columns) = sheet_query::matching(&state, &scope, &viewer, &sheet, &params).await?;
    let chunks = CsvChunks { table, rows, columns, next: 0, header_sent: false };
    let body = Body::from_stream(futures_util::stream::iter(chunks.map(Ok::<Bytes, Infallible>)));
    let disposition =
        format!("attachment; filename=\"{}.csv\"; filename*=UTF-8''{}.csv", ascii_file_name(&sheet.title), percent_encode(&sheet.title));
    Ok(([(CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()), (CONTENT_DISPOSITION, disposition)], body).into_response())
}

/// Rows rendered per streamed chunk: large enough to keep per-chunk overhead small, small
/// enough that a 1,000,000-row export never sits in memory whole.
const ROWS_PER_CHUNK: usize = 1_000;

/// The CSV of `rows`, a header first, produced one chunk at a time as the body is sent.
struct CsvChunks {
    table: Arc<Table>,
    rows: Vec<u32>,
    columns: Vec<usize>,
    next: usize,
    header_sent: bool,
}

impl Iterator for CsvChunks {
    type Item = Bytes;

    fn next(&mut self) -> Option<Bytes> {
        let mut out = String::new();
        if !self.header_sent {
            self.header_sent = true;
            // A byte-order mark, so that spreadsheet programs read the file as UTF-8.
            out.push('\u{feff}');
            crate::infra::csv::record(self.columns.iter().map(|&c| self.table.column_names()[c].as_str()), &mut out);
        } else if self.next >= self.rows.len() {
            return None;
        }
        let end = (self.next + ROWS_PER_CHUNK).min(self.rows.len());
        for &row in &self.rows[self.next..end] {
            crate::infra::csv::record(self.columns.iter().map(|&c| self.table.cell(row as usize, c)), &mut out);
        }
        self.next = end;
        Some(Bytes::from(out))
    }
}

/// The tab title as a plain file name for old clients: ASCII letters, digits, spaces, `-`, `_`, `.`.
fn ascii_file_name(title: &str) -> String {
    let name: String =
        title.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.') { c } else { '_' }).collect();
    match name.trim() {
        "" => "sheet".to_owned(),
        trimmed => trimmed.to_owned(),
    }
}

/// RFC 5987 encoding of the UTF-8 file name.
fn percent_encode(title: &str) -> String {
    title
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_in_both_header_forms() {
        assert_eq!(ascii_file_name("Sales 2026"), "Sales 2026");
        assert_eq!(ascii_file_name("Ventes \"été\"/Q3"), "Ventes __t___Q3");
        assert_eq!(ascii_file_name("\"\""), "__");
        assert_eq!(ascii_file_name("  "), "sheet");
        assert_eq!(percent_encode("été Q3"), "%C3%A9t%C3%A9%20Q3");
    }

    #[test]
    fn chunks_hold_the_header_then_every_row_once() {
        let rows: Vec<Vec<String>> = (0..2_500).map(|i| vec![format!("r{i}"), "a,b".to_owned()]).collect();
        let table = Arc::new(Table::from_rows(vec!["Name".to_owned(), "Pair".to_owned()], &rows).unwrap());
        let chunks: Vec<Bytes> =
            CsvChunks { table, rows: (0..2_500).rev().collect(), columns: vec![0, 1], next: 0, header_sent: false }.collect();
        assert_eq!(chunks.len(), 3);
        let text: String = chunks.iter().map(|chunk| String::from_utf8(chunk.to_vec()).unwrap()).collect();
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(lines[0], "\u{feff}Name,Pair");
        assert_eq!(lines[1], "r2499,\"a,b\"");
        assert_eq!(lines.len(), 2_502);
    }
}
