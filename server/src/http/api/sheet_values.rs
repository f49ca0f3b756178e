//! A column's distinct values with their row counts, for a viewer's "any of" filter chip
//! (issue 48): the checklist it offers instead of a free-text box.
//!
//! | call | answers |
//! |------|---------|
//! | `GET /api/board/{spreadsheetId}/sheet/{sheet_title}/values?column=…` | a column of a tab of the board `board` names |
//! | `GET /v3/api/page/sheet/{sheet_title}/values?column=…` | a column of a tab of the app page at `board` |
//!
//! Who may ask what is the sheet call's rule, read once in `crate::access::sheet_query::values_json`:
//! the caller's scope at the place decides the tab (a tab outside it is 404, as a missing one),
//! the rows (the place's filters, the URL filters, `block=`'s or the blocks' row rules, the
//! signed-in user's own rows) and the columns (a column no page of the tab would answer this
//! caller, hidden or missing, is the same 422). The values are counted by `tessera_core::values`.

use axum::extract::{Path, Query, State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::place::Place;
use super::SpecParams;
use crate::access::sheet_query::{self, ColumnValues, SheetParams, ValuesAsk};
use crate::boards::apps::AppLocator;
use crate::infra::error::{Error, ErrorBody};
use crate::sheets::answer_cache::JsonAnswer;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(board_values))
}

/// The app-page twin, served under `/v3` (paths here are relative to it).
pub fn v3_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(page_values))
}

/// The tab a values call names.
#[derive(Deserialize)]
struct Tab {
    sheet_title: String,
}

/// What a values call asks besides the place.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ValuesParams {
    /// The column whose values are listed.
    column: Option<String>,
    /// Lists only the values that contain this text, case-insensitively.
    q: Option<String>,
    /// How many values to list: 1 to 1,000, 100 when absent.
    limit: Option<String>,
    /// A block of this board or page: only the rows it shows count, and only a column it shows may be asked.
    block: Option<String>,
    /// The viewer's offset from UTC in minutes, east positive, for the place's date filters; -840 to 840.
    tz_offset: Option<String>,
}

/// The distinct values of a column of a tab of the board named by `board`, with their row
/// counts, over the rows the caller may read there.
#[utoipa::path(get, path = "/board/{spreadsheetId}/sheet/{sheet_title}/values", tag = "spec",
    params(("spreadsheetId" = String, Path, description = "The board's spreadsheet"), ("sheet_title" = String, Path, description = "The tab"),
        SpecParams, ValuesParams),
    responses((status = 200, body = ColumnValues), (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 403, description = "A private board", body = ErrorBody),
        (status = 404, description = "No such board, spreadsheet of this board, tab or block", body = ErrorBody),
        (status = 422, description = "No column, or one the caller may not read here", body = ErrorBody)))]
async fn board_values(state: State<AppState>, place: Place, tab: Path<Tab>, params: Query<ValuesParams>) -> Result<JsonAnswer, Error> {
    values(state, place, tab, params).await
}

/// The distinct values of a column of a tab of the app page at `board`, with their row counts,
/// over the rows the caller may read there.
#[utoipa::path(get, path = "/api/page/sheet/{sheet_title}/values", tag = "spec",
    params(("sheet_title" = String, Path, description = "The tab"), SpecParams, AppLocator, ValuesParams),
    responses((status = 200, body = ColumnValues), (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app, page, spreadsheet, tab or block", body = ErrorBody),
        (status = 422, description = "No column, or one the caller may not read here", body = ErrorBody)))]
async fn page_values(state: State<AppState>, place: Place, tab: Path<Tab>, params: Query<ValuesParams>) -> Result<JsonAnswer, Error> {
    values(state, place, tab, params).await
}

/// The values call of a board or an app page.
async fn values(
    State(state): State<AppState>,
    place: Place,
    Path(tab): Path<Tab>,
    Query(params): Query<ValuesParams>,
) -> Result<JsonAnswer, Error> {
    let column = params.column.as_deref().map(str::trim).filter(|column| !column.is_empty());
    let column = column.ok_or_else(|| Error::invalid("column", "`column` names the column whose values are listed."))?;
    let limit = match params.limit.as_deref().map(str::trim).filter(|limit| !limit.is_empty()) {
        None => tessera_core::values::DEFAULT_LIMIT,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=tessera_core::values::MAX_LIMIT).contains(n))
            .ok_or_else(|| Error::invalid("limit", format!("`limit` must be a number from 1 to 1000, not `{text}`.")))?,
    };
    let ask = ValuesAsk { column, search: params.q.as_deref().unwrap_or_default(), limit };
    // Only what decides the rows: a chip's values come from every row the place shows, whatever
    // the board's search box or a table's page and order.
    let rows = SheetParams { block: params.block, tz_offset: params.tz_offset, ..SheetParams::default() };
    let scope = place.scope(&state).await?;
    sheet_query::values_json(&state, &scope, &place.viewer(), &tab.sheet_title, &rows, &ask).await
}
