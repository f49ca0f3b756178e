//! Everything the first paint of a board or an app page needs, in one call (issue 31):
//!
//! | call | answers |
//! |------|---------|
//! | `GET /api/board/{spreadsheetId}/first-paint?board=<slug>` | each block of the board |
//! | `GET /v3/api/page/first-paint?board=<page>` (+ the app, as the page calls name it) | each block of the page |
//!
//! The answer is `{blocks: {<blockId>: {rows?, rows_per_page?, view?, error?}}}`, one entry per
//! block that reads data at first paint, as the browser would ask for it block by block:
//! a block with a computed view (chart, scorecard, calendar, markdown, iframe) gets what
//! `GET .../view/{blockId}` answers; a block with a first page of rows (table, list, datalist,
//! grid, gallery, item details, map) gets what `GET .../sheet/{tab}?block=<id>&page=1&rows_per_page=N`
//! answers, with N ([`tessera_blocks::first_page_rows`]) as `rows_per_page` (also beside a rows
//! block's `error`), so the browser can tell the page it asks for is this one. The viewer's `search`, `tz_offset`, URL filters and session
//! `_id` apply to every block, as they do to each block's own call; no sort, record or calendar
//! window is asked. Blocks that read nothing (standalone types, forms, drafts still missing a
//! required setting) have no entry.
//!
//! Access is decided once, as the separate calls decide it: a private board or app refuses the
//! whole call. Past that, a block that fails (a setting that does not fit the sheet, a missing
//! tab) answers its own `error`, the text its own call would answer, and the others are answered.
//! Blocks are read concurrently, each on its own task, so that the cores share the work.
//!
//! Each entry goes through the answer cache as the block's own call does (`answer_cache`): many
//! viewers opening one board share the work, and a block's refresh after first paint finds the
//! entry first paint kept. Entries are the cached JSON as is, never parsed again.

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use tessera_blocks::{first_page_rows, BlockType, ViewKind};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::place::Place;
use super::{ApiJson, SpecParams};
use crate::access::scope::Scope;
use crate::access::sheet_query::{self, SheetAnswer, SheetParams, Viewer};
use crate::access::views::{self, BlockView, ViewParams};
use crate::boards::apps::AppLocator;
use crate::boards::blocks::StoredBlock;
use crate::infra::error::{Error, ErrorBody};
use crate::sheets::answer_cache::JsonAnswer;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(board_first_paint))
}

/// The app-page call, served under `/v3` like the page's sheet and view calls.
pub fn v3_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(page_first_paint))
}

/// What the first paint asks on the viewer's behalf besides the parameters of every request.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FirstPaintParams {
    /// Comma-separated search terms, matched case-insensitively against any cell, for every block.
    pub search: Option<String>,
    /// The viewer's offset from UTC in minutes, east positive (60 for UTC+1); -840 to 840.
    pub tz_offset: Option<String>,
    /// The viewer's language tag, for the rows' display texts (as the sheet call's `locale`).
    pub locale: Option<String>,
}

/// What one block's first paint reads: its rows or its view, or why it has neither.
#[derive(Debug, Serialize, ToSchema)]
pub struct FirstPaintBlock {
    /// The first page of the block's rows, as the sheet call answers it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<SheetAnswer>)]
    pub rows: Option<Box<RawValue>>,
    /// The `rows_per_page` of the block's first page (0: every row), with `rows` or its `error`;
    /// absent for a view.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows_per_page: Option<u64>,
    /// The block's computed view, as the view call answers it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BlockView>)]
    pub view: Option<Box<RawValue>>,
    /// What the block's own call would have answered as its error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Each block's first paint, by block id.
#[derive(Debug, Serialize, ToSchema)]
pub struct FirstPaint {
    pub blocks: BTreeMap<String, FirstPaintBlock>,
}

/// The first paint of every block of the board named by `board` (its slug).
#[utoipa::path(get, path = "/board/{spreadsheetId}/first-paint", tag = "spec",
    params(("spreadsheetId" = String, Path, description = "The board's spreadsheet (`-` for a board without one)"),
        SpecParams, FirstPaintParams),
    responses((status = 200, body = FirstPaint), (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 403, description = "A private board", body = ErrorBody),
        (status = 404, description = "No such board, or not this board's spreadsheet", body = ErrorBody)))]
async fn board_first_paint(state: State<AppState>, place: Place, params: Query<FirstPaintParams>) -> Result<ApiJson<FirstPaint>, Error> {
    first_paint(state, place, params).await
}

/// The first paint of every block of the app page at `board`.
#[utoipa::path(get, path = "/api/page/first-paint", tag = "spec",
    params(SpecParams, AppLocator, FirstPaintParams),
    responses((status = 200, body = FirstPaint), (status = 400, description = "A malformed query", body = ErrorBody),
        (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app or page", body = ErrorBody)))]
async fn page_first_paint(state: State<AppState>, place: Place, params: Query<FirstPaintParams>) -> Result<ApiJson<FirstPaint>, Error> {
    first_paint(state, place, params).await
}

/// The first paint of a board or an app page.
async fn first_paint(
    State(state): State<AppState>,
    place: Place,
    Query(params): Query<FirstPaintParams>,
) -> Result<ApiJson<FirstPaint>, Error> {
    let scope = place.scope(&state).await?;
    Ok(ApiJson(blocks_first_paint(&state, scope, place.viewer(), params).await?))
}

async fn blocks_first_paint(state: &AppState, scope: Scope, viewer: Viewer, params: FirstPaintParams) -> Result<FirstPaint, Error> {
    // Each block on its own task: the queries are CPU work, which one task would do in turn.
    let tasks: Vec<_> = scope
        .blocks
        .iter()
        .cloned()
        .filter_map(|block| {
            let read = reads(&block)?;
            let (state, scope, viewer, params) = (state.clone(), scope.clone(), viewer.clone(), params.clone());
            let id = block.id.clone();
            Some((id, tokio::spawn(async move { answer(&state, &scope, &viewer, &block, read, &params).await })))
        })
        .collect();
    let mut answered = BTreeMap::new();
    for (id, task) in tasks {
        let entry = match task.await {
            Ok(entry) => entry,
            Err(error) => failed(&id, Error::internal("reading a block's first paint", error)),
        };
        answered.insert(id, entry);
    }
    Ok(FirstPaint { blocks: answered })
}

/// What a block's first paint reads.
#[derive(Debug, Clone, Copy)]
enum Read {
    View,
    /// The first page, this many rows (0: every row).
    Rows(u64),
}

/// What the browser asks for `block` at first paint, from its type's capabilities; `None` when it
/// asks nothing (a standalone type, a form, an unknown type, a draft still missing a setting).
fn reads(block: &StoredBlock) -> Option<Read> {
    let kind = BlockType::parse(&block.block_type)?;
    let json = block.to_json();
    if tessera_blocks::is_unfinished(&json) {
        return None;
    }
    if kind.capabilities().view != ViewKind::None {
        return Some(Read::View);
    }
    // The browser's block is normalised; its first page reads it so.
    let filled = tessera_blocks::normalise(&json).unwrap_or(json);
    first_page_rows(kind, filled.as_object()?).map(Read::Rows)
}

async fn answer(
    state: &AppState,
    scope: &Scope,
    viewer: &Viewer,
    block: &StoredBlock,
    read: Read,
    params: &FirstPaintParams,
) -> FirstPaintBlock {
    match read {
        Read::View => {
            let view_params = ViewParams {
                search: params.search.clone(),
                tz_offset: params.tz_offset.clone(),
                locale: params.locale.clone(),
                ..ViewParams::default()
            };
            match views::block_view_json(state, scope, viewer, block, &view_params).await.and_then(JsonAnswer::into_raw) {
                Ok(view) => FirstPaintBlock { rows: None, rows_per_page: None, view: Some(view), error: None },
                Err(error) => failed(&block.id, error),
            }
        }
        Read::Rows(rows_per_page) => {
            let sheet_params = SheetParams {
                search: params.search.clone(),
                tz_offset: params.tz_offset.clone(),
                locale: params.locale.clone(),
                page: Some("1".to_owned()),
                rows_per_page: Some(rows_per_page.to_string()),
                block: Some(block.id.clone()),
                ..SheetParams::default()
            };
            let sheet = block.config.get("sheet_title").and_then(Value::as_str).map(str::trim).unwrap_or_default();
            match sheet_query::answer_json(state, scope, viewer, sheet, &sheet_params).await.and_then(JsonAnswer::into_raw) {
                Ok(rows) => FirstPaintBlock { rows: Some(rows), rows_per_page: Some(rows_per_page), view: None, error: None },
                Err(error) => FirstPaintBlock { rows_per_page: Some(rows_per_page), ..failed(&block.id, error) },
            }
        }
    }
}

/// The block's error as its own call would answer it (a server error's generic text, logged).
fn failed(block_id: &str, error: Error) -> FirstPaintBlock {
    if error.status().is_server_error() {
        tracing::error!(block = block_id, error = ?error, "reading a block's first paint");
    }
    FirstPaintBlock { rows: None, rows_per_page: None, view: None, error: Some(error.to_string()) }
}
