//! The block view calls: `GET /board/{spreadsheetId}/view/{blockId}` and, for app pages,
//! `GET /api/page/view/{blockId}`. They find the scope (board or page) and the viewer and answer
//! what [`crate::access::views`] computes (the chart series, scorecards, calendar events, markdown HTML
//! or iframe frame of the block); the embed draws from the same module.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::sheet_data::{board_scope, page_scope, viewer};
use super::SpecParams;
use crate::access::views::{view_json, BlockView, ViewParams};
use crate::accounts::auth::Caller;
use crate::boards::apps::AppLocator;
use crate::infra::error::{Error, ErrorBody};
use crate::sheets::answer_cache::JsonAnswer;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(board_view))
}

/// The app-page view, served under `/v3` like the page's sheet call.
pub fn v3_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(page_view))
}

/// The view of a block of the board named by `board` (its slug).
#[utoipa::path(get, path = "/board/{spreadsheetId}/view/{blockId}", tag = "spec",
    params(("spreadsheetId" = String, Path, description = "The board's spreadsheet"), ("blockId" = String, Path, description = "A chart, scorecard, calendar, markdown or iframe block of the board"),
        SpecParams, ViewParams),
    responses((status = 200, body = BlockView), (status = 400, description = "Not a block with a view, or malformed URL filters", body = ErrorBody),
        (status = 403, description = "A private board", body = ErrorBody),
        (status = 404, description = "No such board, spreadsheet of this board, tab, or block on this board", body = ErrorBody),
        (status = 422, description = "A setting or parameter that does not fit the sheet; `field` names it", body = ErrorBody)))]
async fn board_view(
    State(state): State<AppState>,
    caller: Caller,
    Path((spreadsheet_id, block_id)): Path<(String, String)>,
    Query(spec): Query<SpecParams>,
    Query(params): Query<ViewParams>,
) -> Result<JsonAnswer, Error> {
    let scope = board_scope(&state, &caller, spec.board.as_deref(), Some(&spreadsheet_id), spec.embed_token.as_deref()).await?;
    view_json(&state, &scope, &viewer(&caller, spec), &block_id, &params).await
}

/// The view of a block of the app page at `board`.
#[utoipa::path(get, path = "/api/page/view/{blockId}", tag = "spec",
    params(("blockId" = String, Path, description = "A chart, scorecard, calendar, markdown or iframe block of the page"), SpecParams, AppLocator, ViewParams),
    responses((status = 200, body = BlockView), (status = 400, description = "Not a block with a view, or malformed URL filters", body = ErrorBody),
        (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app, page, spreadsheet, tab, or block on this page", body = ErrorBody),
        (status = 422, description = "A setting or parameter that does not fit the sheet; `field` names it", body = ErrorBody)))]
async fn page_view(
    State(state): State<AppState>,
    caller: Caller,
    Path(block_id): Path<String>,
    Query(spec): Query<SpecParams>,
    Query(locator): Query<AppLocator>,
    Query(params): Query<ViewParams>,
    headers: HeaderMap,
) -> Result<JsonAnswer, Error> {
    let scope = page_scope(&state, &caller, &locator, &headers, spec.board.as_deref()).await?;
    view_json(&state, &scope, &viewer(&caller, spec), &block_id, &params).await
}
