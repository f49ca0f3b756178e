//! The block view calls: `GET /board/{spreadsheetId}/view/{blockId}` and, for app pages,
//! `GET /api/page/view/{blockId}`. They find the scope (board or page) and the viewer and answer
//! what [`crate::access::views`] computes (the chart series, scorecards, calendar events, markdown HTML
//! or iframe frame of the block); the embed draws from the same module.

use axum::extract::{Path, Query, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use serde::Deserialize;

use super::place::Place;
use super::SpecParams;
use crate::access::views::{view_json, BlockView, ViewParams};
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
async fn board_view(state: State<AppState>, place: Place, block: Path<BlockPath>, params: Query<ViewParams>) -> Result<JsonAnswer, Error> {
    view(state, place, block, params).await
}

/// The view of a block of the app page at `board`.
#[utoipa::path(get, path = "/api/page/view/{blockId}", tag = "spec",
    params(("blockId" = String, Path, description = "A chart, scorecard, calendar, markdown or iframe block of the page"), SpecParams, AppLocator, ViewParams),
    responses((status = 200, body = BlockView), (status = 400, description = "Not a block with a view, or malformed URL filters", body = ErrorBody),
        (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app, page, spreadsheet, tab, or block on this page", body = ErrorBody),
        (status = 422, description = "A setting or parameter that does not fit the sheet; `field` names it", body = ErrorBody)))]
async fn page_view(state: State<AppState>, place: Place, block: Path<BlockPath>, params: Query<ViewParams>) -> Result<JsonAnswer, Error> {
    view(state, place, block, params).await
}

/// The block named in the path of a view call.
#[derive(Deserialize)]
struct BlockPath {
    #[serde(rename = "blockId")]
    block_id: String,
}

/// The view call of a board or an app page.
async fn view(
    State(state): State<AppState>,
    place: Place,
    Path(block): Path<BlockPath>,
    Query(params): Query<ViewParams>,
) -> Result<JsonAnswer, Error> {
    let scope = place.scope(&state).await?;
    view_json(&state, &scope, &place.viewer(), &block.block_id, &params).await
}
