//! Editing blocks of boards and app pages (owners and admins; app users cannot): add, replace,
//! delete, duplicate and reorder. Reading them is the board state and the page calls. Every
//! block is checked by [`blocks::validate`] before it is stored. `GET /api/blocks` (public)
//! answers 'Choose Your Block' (names, descriptions, icons), `GET /api/blocks/catalogue` the
//! whole catalogue the settings editor is built from.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::roles::{app_role, workspace_role};
use crate::boards::blocks::{self, Parent, Placement, StoredBlock};
use crate::history::revisions::Target;
use crate::http::api::{ApiJson, SpecParams};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(picker))
        .routes(routes!(catalogue))
        .routes(routes!(add_to_board))
        .routes(routes!(add_to_page))
        .routes(routes!(update, delete))
        .routes(routes!(duplicate))
        .routes(routes!(reorder_board))
        .routes(routes!(reorder_page))
}

/// The new order of a board's or page's blocks: every current block id exactly once.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BlockOrder {
    pub ids: Vec<String>,
}

/// Ok when the caller may edit the blocks of `parent`; unknown parents answer 404.
async fn require_edit(state: &AppState, caller: &Caller, parent: Parent<'_>) -> Result<(), Error> {
    let role = match parent {
        Parent::Board(board) => {
            let owner: Option<(String,)> =
                sqlx::query_as("SELECT w.owner_id FROM boards b JOIN workspaces w ON w.id = b.workspace_id WHERE b.id = $1")
                    .bind(board)
                    .fetch_optional(&state.db.pool)
                    .await
                    .context("looking up a board's owner")?;
            let (owner_id,) = owner.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
            workspace_role(caller, &owner_id)
        }
        Parent::Page(page) => {
            let (app_id, owner_id) = page_owner(state, page).await?.ok_or_else(page_not_found)?;
            app_role(&state.db, caller, &app_id, &owner_id).await?
        }
    };
    role.require_edit()
}

/// Keeps the state of `parent`'s board or app after a save as a revision.
async fn saved(state: &AppState, caller: &Caller, parent: Parent<'_>) -> Result<(), Error> {
    let target = match parent {
        Parent::Board(board) => Target::Board(board.to_owned()),
        Parent::Page(page) => Target::App(page_owner(state, page).await?.ok_or_else(page_not_found)?.0),
    };
    super::history::saved(state, caller, target).await;
    Ok(())
}

fn page_not_found() -> Error {
    Error::NotFound("Page not found.".to_owned())
}

/// The app of a page and the owner of that app's workspace.
async fn page_owner(state: &AppState, page: &str) -> Result<Option<(String, String)>, Error> {
    sqlx::query_as("SELECT p.app_id, w.owner_id FROM pages p JOIN apps a ON a.id = p.app_id JOIN workspaces w ON w.id = a.workspace_id WHERE p.id = $1")
        .bind(page)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a page's owner")
}

/// The page `page` of app `app`, as a parent the caller may edit.
async fn editable_page(state: &AppState, caller: &Caller, app: &str, page: &str) -> Result<(), Error> {
    match page_owner(state, page).await? {
        Some((app_id, _)) if app_id == app => require_edit(state, caller, Parent::Page(page)).await,
        _ => Err(page_not_found()),
    }
}

/// A stored block the caller may edit.
async fn editable_block(state: &AppState, caller: &Caller, id: &str) -> Result<StoredBlock, Error> {
    let block = blocks::find(&state.db, id).await?.ok_or_else(|| Error::NotFound("Block not found.".to_owned()))?;
    require_edit(state, caller, block.parent.as_parent()).await?;
    Ok(block)
}

/// The block types of 'Choose Your Block' (platform §7 `GET /api/blocks`): type, name,
/// description, icon and group of each of the 20 types, in the picker's order. Public, like the
/// catalogue. Its TypeScript type is `PickerEntry` in `web/src/generated/blockCatalogue.ts`.
#[utoipa::path(get, path = "/blocks", tag = "spec", params(SpecParams),
    responses((status = 200, body = [Object], description = "`[{type, name, description, icon, group}]`, 20 types")))]
async fn picker(Query(_spec): Query<SpecParams>) -> ApiJson<Vec<tessera_blocks::PickerEntry>> {
    ApiJson(tessera_blocks::picker())
}

/// The block catalogue (blocks.md §3): the picker list (type, name, description, icon, group) and
/// every type's settings with kind, default, range, options, required flag and visibility rule.
/// Public: it describes the product, not anyone's data. Its TypeScript type is `Catalogue` in
/// `web/src/generated/blockCatalogue.ts`.
#[utoipa::path(get, path = "/blocks/catalogue", tag = "blocks",
    responses((status = 200, body = Object, description = "`{blocks: [{type, name, description, icon, group, spec, fields: [...]}]}`, 20 types")))]
async fn catalogue() -> ApiJson<tessera_blocks::Catalogue> {
    ApiJson(tessera_blocks::catalogue())
}

/// The editor's own id of a block it made offline; see [`blocks::insert`].
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CreateParams {
    /// Makes the create idempotent: sent again, it answers the block made the first time.
    client_key: Option<String>,
}

impl CreateParams {
    fn key(&self) -> Result<Option<&str>, Error> {
        let Some(key) = self.client_key.as_deref().map(str::trim).filter(|key| !key.is_empty()) else { return Ok(None) };
        if key.len() > 100 || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            return Err(Error::invalid("client_key", "`client_key` must be at most 100 letters, digits, - or _."));
        }
        Ok(Some(key))
    }
}

/// Appends a block to a board. The body is the block JSON `{type, ...settings}`.
#[utoipa::path(post, path = "/boards/{boardId}/blocks", tag = "blocks", request_body = Object,
    params(("boardId" = String, Path, description = "The board id"), CreateParams),
    responses((status = 201, body = Object, description = "The stored block `{id, type, ...settings}`"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn add_to_board(
    State(state): State<AppState>,
    caller: Caller,
    Path(board): Path<String>,
    Query(create): Query<CreateParams>,
    ApiJson(body): ApiJson<Value>,
) -> Result<(StatusCode, ApiJson<Value>), Error> {
    let parent = Parent::Board(&board);
    require_edit(&state, &caller, parent).await?;
    let block = blocks::validate(body)?;
    let stored = blocks::insert(&state.db, parent, block, Placement::End, create.key()?).await?;
    saved(&state, &caller, parent).await?;
    Ok((StatusCode::CREATED, ApiJson(blocks::for_state(stored, true))))
}

/// Adds a block to an app page before its last block (appends to an empty page), platform §4.
#[utoipa::path(post, path = "/apps/{appId}/pages/{pageId}/blocks", tag = "blocks", request_body = Object,
    params(("appId" = String, Path, description = "The app id"), ("pageId" = String, Path, description = "The page id"), CreateParams),
    responses((status = 201, body = Object, description = "The stored block `{id, type, ...settings}`"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn add_to_page(
    State(state): State<AppState>,
    caller: Caller,
    Path((app, page)): Path<(String, String)>,
    Query(create): Query<CreateParams>,
    ApiJson(body): ApiJson<Value>,
) -> Result<(StatusCode, ApiJson<Value>), Error> {
    editable_page(&state, &caller, &app, &page).await?;
    let block = blocks::validate(body)?;
    let placement = Placement::BeforeLast;
    let stored = blocks::insert(&state.db, Parent::Page(&page), block, placement, create.key()?).await?;
    saved(&state, &caller, Parent::Page(&page)).await?;
    Ok((StatusCode::CREATED, ApiJson(blocks::for_state(stored, true))))
}

/// Replaces a block's settings; its type cannot change.
#[utoipa::path(put, path = "/blocks/{blockId}", tag = "blocks", request_body = Object,
    params(("blockId" = String, Path, description = "The block id")),
    responses((status = 200, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Value>,
) -> Result<ApiJson<Value>, Error> {
    let stored = editable_block(&state, &caller, &id).await?;
    let block = blocks::validate(body)?;
    let updated = blocks::update(&state.db, &stored, block).await?;
    saved(&state, &caller, stored.parent.as_parent()).await?;
    Ok(ApiJson(blocks::for_state(updated, true)))
}

/// Deletes a block.
#[utoipa::path(delete, path = "/blocks/{blockId}", tag = "blocks",
    params(("blockId" = String, Path, description = "The block id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, Error> {
    let stored = editable_block(&state, &caller, &id).await?;
    blocks::delete(&state.db, &stored.id).await?;
    saved(&state, &caller, stored.parent.as_parent()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Copies a block (new id) and places the copy right after it.
#[utoipa::path(post, path = "/blocks/{blockId}/duplicate", tag = "blocks",
    params(("blockId" = String, Path, description = "The block to copy")),
    responses((status = 201, body = Object), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn duplicate(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<(StatusCode, ApiJson<Value>), Error> {
    let stored = editable_block(&state, &caller, &id).await?;
    let copy = blocks::duplicate(&state.db, &stored).await?;
    saved(&state, &caller, stored.parent.as_parent()).await?;
    Ok((StatusCode::CREATED, ApiJson(blocks::for_state(copy, true))))
}

/// Puts a board's blocks in a new order; `ids` must be exactly its current blocks.
#[utoipa::path(put, path = "/boards/{boardId}/blocks/order", tag = "blocks", request_body = BlockOrder,
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = [Object]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn reorder_board(
    State(state): State<AppState>,
    caller: Caller,
    Path(board): Path<String>,
    ApiJson(body): ApiJson<BlockOrder>,
) -> Result<ApiJson<Vec<Value>>, Error> {
    let parent = Parent::Board(&board);
    require_edit(&state, &caller, parent).await?;
    let ordered = blocks::reorder(&state.db, parent, &body.ids).await?;
    saved(&state, &caller, parent).await?;
    Ok(ApiJson(ordered.into_iter().map(|block| blocks::for_state(block, true)).collect()))
}

/// Puts an app page's blocks in a new order; `ids` must be exactly its current blocks.
#[utoipa::path(put, path = "/apps/{appId}/pages/{pageId}/blocks/order", tag = "blocks", request_body = BlockOrder,
    params(("appId" = String, Path, description = "The app id"), ("pageId" = String, Path, description = "The page id")),
    responses((status = 200, body = [Object]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn reorder_page(
    State(state): State<AppState>,
    caller: Caller,
    Path((app, page)): Path<(String, String)>,
    ApiJson(body): ApiJson<BlockOrder>,
) -> Result<ApiJson<Vec<Value>>, Error> {
    editable_page(&state, &caller, &app, &page).await?;
    let ordered = blocks::reorder(&state.db, Parent::Page(&page), &body.ids).await?;
    saved(&state, &caller, Parent::Page(&page)).await?;
    Ok(ApiJson(ordered.into_iter().map(|block| blocks::for_state(block, true)).collect()))
}
