//! Marketplace boards as templates (issue 10): 'Use this template' copies a published board
//! into one of the caller's workspaces with a guest's view of its data, and a board can then be
//! bound to one of its workspace's spreadsheets by column name and type. The rules are in
//! [`crate::access::templates`].

use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::sheet_query;
use crate::access::templates::{self, board_references, used_tabs, Binding, TabMatch, TypedTab, Unbound};
use crate::accounts::auth::Caller;
use crate::boards::blocks::{self, Parent};
use crate::boards::board_state::{self, Board, BoardState};
use crate::history::revisions::Target;
use crate::http::api::boards::editable_workspace;
use crate::http::api::marketplace::{find_listing, listing_not_found};
use crate::http::api::ApiJson;
use crate::infra::db::{new_id, now, Flag};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::sheets::store;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(use_template)).routes(routes!(proposal, rebind))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TemplateCopy {
    /// One of the caller's workspaces.
    pub workspace_id: String,
}

/// 'Use this template': copies a board listed on the marketplace into one of the caller's
/// workspaces as a private board named after the listing, with every setting, every block (new
/// ids, same sections and order) and a free slug, connected to a new uploaded spreadsheet in
/// that workspace holding only what a guest can read through the board: the tabs its blocks and
/// filters use, with the rows they show guests. Unlisted or private boards answer 404.
#[utoipa::path(post, path = "/marketplace/{boardId}/copy", tag = "marketplace", request_body = TemplateCopy,
    params(("boardId" = String, Path, description = "The listed board")),
    responses((status = 201, body = BoardState, description = "The copy, as its new owner sees it"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn use_template(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<TemplateCopy>,
) -> Result<(StatusCode, ApiJson<BoardState>), Error> {
    caller.user()?;
    let board = board_state::find_by_id(&state.db, &id).await?.filter(|board| board.public).ok_or_else(listing_not_found)?;
    let listing = find_listing(&state, &board.id).await?.ok_or_else(listing_not_found)?;
    editable_workspace(&state, &caller, &body.workspace_id).await?;
    let blocks = blocks::list(&state.db, Parent::Board(&board.id)).await?;
    let sample = templates::guest_sample(&state, &board, &blocks).await?;

    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    let spreadsheet_id = match board.spreadsheet_id {
        Some(_) => {
            let spreadsheet_id = new_id();
            sqlx::query(
                "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, $3, 'upload', $4, $4)",
            )
            .bind(&spreadsheet_id)
            .bind(&body.workspace_id)
            .bind(format!("{} (sample data)", listing.title))
            .bind(now())
            .execute(&mut *tx)
            .await
            .context("adding a template's spreadsheet")?;
            store::write_tabs(&mut tx, &spreadsheet_id, &[], sample).await?;
            Some(spreadsheet_id)
        }
        None => None,
    };
    let slug = board_state::free_slug(&mut tx, &board_state::slug_from_name(&listing.title)).await?;
    let copy = new_id();
    sqlx::query(
        "INSERT INTO boards (id, workspace_id, slug, name, public, spreadsheet_id, settings, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&copy)
    .bind(&body.workspace_id)
    .bind(&slug)
    .bind(&listing.title)
    .bind(Flag(false))
    .bind(&spreadsheet_id)
    .bind(serde_json::to_string(&board.settings).context("writing board settings")?)
    .bind(now())
    .execute(&mut *tx)
    .await
    .context("storing a template's board")?;
    blocks::copy_all(&mut tx, Parent::Board(&board.id), Parent::Board(&copy)).await?;
    tx.commit().await.context("committing a template copy")?;
    super::history::saved(&state, &caller, Target::Board(copy.clone())).await;

    let copied =
        board_state::find_by_id(&state.db, &copy).await?.ok_or_else(|| Error::internal("reading a template copy", "not stored"))?;
    Ok((StatusCode::CREATED, ApiJson(board_state::state(&state.db, &copied, copied.role(&caller)).await?)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RebindQuery {
    /// A spreadsheet of the board's workspace.
    pub spreadsheet_id: String,
}

/// How the board would bind to a spreadsheet.
#[derive(Debug, Serialize, ToSchema)]
pub struct RebindProposal {
    pub spreadsheet_id: String,
    /// Each tab the board uses, with each column it names.
    pub tabs: Vec<TabMatch>,
    /// Every tab of the spreadsheet with its columns and their types, to choose from by hand.
    pub your_tabs: Vec<TypedTab>,
    /// How many columns did not match.
    pub unmatched: usize,
}

/// A binding to apply: template tab → your tab, and per template tab, template column → your
/// column. A name without a choice (or with an empty one) stays as it is and is reported.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RebindInput {
    pub spreadsheet_id: String,
    #[serde(default)]
    pub tabs: BTreeMap<String, String>,
    #[serde(default)]
    pub columns: BTreeMap<String, BTreeMap<String, String>>,
}

/// The board after a binding, and the names left as they were.
#[derive(Debug, Serialize, ToSchema)]
pub struct Rebound {
    pub board: BoardState,
    pub unbound: Vec<Unbound>,
}

/// The board if the caller may change it, and the spreadsheet if it is one of the board's
/// workspace (404 otherwise, so other workspaces' spreadsheets stay unknown).
async fn board_and_spreadsheet(state: &AppState, caller: &Caller, id: &str, spreadsheet_id: &str) -> Result<Board, Error> {
    let board = board_state::find_by_id(&state.db, id).await?.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    board.role(caller).require_edit()?;
    let found: Option<(String,)> = sqlx::query_as("SELECT id FROM spreadsheets WHERE id = $1 AND workspace_id = $2")
        .bind(spreadsheet_id)
        .bind(&board.workspace_id)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a spreadsheet")?;
    found.ok_or_else(|| Error::NotFound("This board's workspace has no spreadsheet with this id.".to_owned()))?;
    Ok(board)
}

/// Every tab of a spreadsheet with its typed columns, or only `only`'s columns of the tabs it names.
async fn typed_tabs(state: &AppState, spreadsheet_id: &str, only: Option<&[templates::UsedTab]>) -> Result<Vec<TypedTab>, Error> {
    let mut tabs = Vec::new();
    for sheet in store::list(&state.db, spreadsheet_id).await? {
        let wanted = match only {
            Some(used) => match used.iter().find(|tab| templates::key(&tab.title) == templates::key(&sheet.title)) {
                Some(tab) => Some(tab.columns.as_slice()),
                None => continue,
            },
            None => None,
        };
        let (table, _) = sheet_query::load_table(state, &sheet, false).await?;
        tabs.push(templates::typed_tab(&sheet.title, &table, wanted));
    }
    Ok(tabs)
}

/// How the board would bind to one of its workspace's spreadsheets (editors): for each tab the
/// board's blocks and filters use, the spreadsheet's tab of the same name or with the most
/// columns matching; for each column they name, the column of the same name and type (text,
/// number or date, read from the values), or why none matched.
#[utoipa::path(get, path = "/boards/{boardId}/rebind", tag = "boards", params(("boardId" = String, Path, description = "The board id"), RebindQuery),
    responses((status = 200, body = RebindProposal), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn proposal(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Query(query): Query<RebindQuery>,
) -> Result<ApiJson<RebindProposal>, Error> {
    let board = board_and_spreadsheet(&state, &caller, &id, &query.spreadsheet_id).await?;
    let blocks = blocks::list(&state.db, Parent::Board(&board.id)).await?;
    let used = used_tabs(&board_references(&blocks, &board.settings()?.filters));
    let template = match &board.spreadsheet_id {
        Some(current) => typed_tabs(&state, current, Some(&used)).await?,
        None => Vec::new(),
    };
    let your_tabs = typed_tabs(&state, &query.spreadsheet_id, None).await?;
    let tabs = templates::propose(&used, &template, &your_tabs);
    let unmatched = tabs.iter().flat_map(|tab| &tab.columns).filter(|column| column.your_column.is_none()).count();
    Ok(ApiJson(RebindProposal { spreadsheet_id: query.spreadsheet_id, tabs, your_tabs, unmatched }))
}

/// Binds the board to one of its workspace's spreadsheets (editors): rewrites the tabs and
/// columns its blocks and stored filters name as chosen, and connects the spreadsheet, in one
/// transaction. Names without a choice stay as they are and are answered in `unbound`.
#[utoipa::path(post, path = "/boards/{boardId}/rebind", tag = "boards", request_body = RebindInput,
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = Rebound), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn rebind(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RebindInput>,
) -> Result<ApiJson<Rebound>, Error> {
    let board = board_and_spreadsheet(&state, &caller, &id, &body.spreadsheet_id).await?;
    let yours = typed_tabs(&state, &body.spreadsheet_id, None).await?;
    let binding = Binding::checked(&body.tabs, &body.columns, &yours)?;

    let mut unbound = Vec::new();
    let mut rewritten = Vec::new();
    for block in blocks::list(&state.db, Parent::Board(&board.id)).await? {
        let mut changed = block.clone();
        unbound.extend(binding.rewrite_block(&mut changed));
        if changed == block {
            continue;
        }
        let block_id = changed["id"].as_str().unwrap_or_default().to_owned();
        // A block complete before is checked as complete; a draft stays a draft.
        if blocks::validate(block).is_err() {
            changed["temp_block"] = true.into();
        }
        let checked = blocks::validate(changed)?;
        rewritten.push((block_id, checked.config));
    }
    let mut settings = board.settings.clone();
    let mut filters = board.settings()?.filters;
    unbound.extend(binding.rewrite_filters(&mut filters));
    sheet_query::check_stored_filters(&filters)?;
    settings.insert("filters".to_owned(), serde_json::Value::Array(filters));

    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    for (block_id, config) in &rewritten {
        blocks::set_config(&mut tx, block_id, config).await?;
    }
    sqlx::query("UPDATE boards SET spreadsheet_id = $1, settings = $2, updated_at = $3 WHERE id = $4")
        .bind(&body.spreadsheet_id)
        .bind(serde_json::to_string(&settings).context("writing board settings")?)
        .bind(now())
        .bind(&board.id)
        .execute(&mut *tx)
        .await
        .context("binding a board")?;
    tx.commit().await.context("committing a binding")?;
    super::history::saved(&state, &caller, Target::Board(board.id.clone())).await;

    let bound = board_state::find_by_id(&state.db, &board.id).await?.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    Ok(ApiJson(Rebound { board: board_state::state(&state.db, &bound, bound.role(&caller)).await?, unbound }))
}
