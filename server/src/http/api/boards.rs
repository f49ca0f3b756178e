//! Boards: creating, reading, changing, duplicating and deleting them, and the spec's board
//! calls (platform §7): `POST /api/board/update-metadata`, `GET /api/board/workspace` and
//! `GET /api/blocks`, which name the board by its slug in the `board` query parameter.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::embed_token;
use crate::access::sheet_query;
use crate::accounts::auth::caller::PAID_PLAN;
use crate::accounts::auth::Caller;
use crate::accounts::roles::{workspace_role, Role};
use crate::boards::apps::AppLocator;
use crate::boards::blocks::{self, Parent};
use crate::boards::board_state::{self, Board, BoardState, BoardUpdate};
use crate::history::revisions::Target;
use crate::http::api::{ApiJson, SpecParams};
use crate::infra::db::{is_unique_violation, new_id, now, Flag};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get, update, delete))
        .routes(routes!(duplicate))
        .routes(routes!(update_metadata))
        .routes(routes!(workspace_plan))
}

const SLUG_TAKEN: &str = "Another board already uses this slug; please choose another.";

/// A board in the caller's list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BoardSummary {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub public: bool,
    pub workspace_id: String,
    pub workspace_name: String,
    #[serde(rename = "spreadsheetId")]
    pub spreadsheet_id: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewBoard {
    pub workspace_id: String,
    pub name: String,
    /// Made from the name when absent (then made unique with -2, -3, ...).
    pub slug: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WorkspacePlan {
    pub is_free_plan: bool,
}

fn checked_name(name: &str) -> Result<String, Error> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(Error::invalid("name", "A board name has 1 to 200 characters."));
    }
    Ok(name.to_owned())
}

fn board_not_found() -> Error {
    Error::NotFound("Board not found.".to_owned())
}

/// The board with `id` and the caller's role on it.
pub(super) async fn board_by_id(state: &AppState, caller: &Caller, id: &str) -> Result<(Board, Role), Error> {
    let board = board_state::find_by_id(&state.db, id).await?.ok_or_else(board_not_found)?;
    let role = board.role(caller);
    Ok((board, role))
}

/// The board named by the spec's `board` query parameter (the browser path: its first segment
/// is the slug), if the caller, or the request's `embed_token`, may see it.
async fn visible_board_by_slug(state: &AppState, caller: &Caller, params: &SpecParams) -> Result<(Board, Role), Error> {
    let slug = params.board.as_deref().unwrap_or_default().trim().trim_start_matches('/').split(['/', '?', '#']).next().unwrap_or_default();
    let not_found = || Error::NotFound(format!("Page not found: no board has the address /{slug}."));
    if slug.is_empty() {
        return Err(not_found());
    }
    let board = board_state::find_by_slug(&state.db, slug).await?.ok_or_else(not_found)?;
    let reader = embed_token::reader(&state.db, caller, &board, params.embed_token.as_deref()).await?;
    Ok((board, reader.role))
}

/// The owner of `workspace_id` if the caller may add boards to it; unknown ids answer 404.
pub(crate) async fn editable_workspace(state: &AppState, caller: &Caller, workspace_id: &str) -> Result<(), Error> {
    let owner: Option<(String,)> = sqlx::query_as("SELECT owner_id FROM workspaces WHERE id = $1")
        .bind(workspace_id)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a workspace")?;
    let (owner_id,) = owner.ok_or_else(|| Error::invalid("workspace_id", "No workspace has this id."))?;
    workspace_role(caller, &owner_id).require_edit()
}

/// A slug for a new or changed board: the one asked for (checked, 409 when taken) or one made
/// from `name`.
async fn slug_for(conn: &mut AnyConnection, asked: Option<&str>, name: &str) -> Result<String, Error> {
    match asked {
        Some(slug) => {
            board_state::check_slug(slug)?;
            Ok(slug.to_owned())
        }
        None => board_state::free_slug(conn, &board_state::slug_from_name(name)).await,
    }
}

/// Turns a clash on `boards.slug` into the 409 users understand.
fn slug_clash(error: sqlx::Error, context: &str) -> Error {
    if is_unique_violation(&error) {
        Error::Conflict(SLUG_TAKEN.to_owned())
    } else {
        Error::internal(context, error)
    }
}

/// Stores a new board in the caller's transaction and answers its id.
async fn insert_board(
    conn: &mut AnyConnection,
    workspace_id: &str,
    name: &str,
    slug: &str,
    spreadsheet_id: Option<&str>,
    settings: &Map<String, Value>,
) -> Result<String, Error> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO boards (id, workspace_id, slug, name, public, spreadsheet_id, settings, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(workspace_id)
    .bind(slug)
    .bind(name)
    .bind(Flag(false))
    .bind(spreadsheet_id)
    .bind(serde_json::to_string(settings).context("writing board settings")?)
    .bind(now())
    .execute(conn)
    .await
    .map_err(|error| slug_clash(error, "creating a board"))?;
    Ok(id)
}

async fn state_of(state: &AppState, caller: &Caller, id: &str) -> Result<BoardState, Error> {
    let (board, role) = board_by_id(state, caller, id).await?;
    board_state::state(&state.db, &board, role).await
}

/// The caller's boards across their workspaces, newest first.
#[utoipa::path(get, path = "/boards", tag = "boards", responses((status = 200, body = [BoardSummary]), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<Vec<BoardSummary>>, Error> {
    let me = caller.user()?;
    type Row = (String, String, String, Flag, String, String, Option<String>, i64, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT b.id, b.name, b.slug, b.public, b.workspace_id, w.name, b.spreadsheet_id, b.created_at, b.updated_at \
         FROM boards b JOIN workspaces w ON w.id = b.workspace_id WHERE w.owner_id = $1 ORDER BY b.created_at DESC, b.name, b.id",
    )
    .bind(&me.user.id)
    .fetch_all(&state.db.pool)
    .await
    .context("listing boards")?;
    Ok(ApiJson(
        rows.into_iter()
            .map(|(id, name, slug, Flag(public), workspace_id, workspace_name, spreadsheet_id, created_at, updated_at)| BoardSummary {
                id,
                name,
                slug,
                public,
                workspace_id,
                workspace_name,
                spreadsheet_id,
                created_at,
                updated_at,
            })
            .collect(),
    ))
}

/// Creates a private board in one of the caller's workspaces.
#[utoipa::path(post, path = "/boards", tag = "boards", request_body = NewBoard,
    responses((status = 201, body = BoardState), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewBoard>,
) -> Result<(StatusCode, ApiJson<BoardState>), Error> {
    caller.user()?;
    let name = checked_name(&body.name)?;
    editable_workspace(&state, &caller, &body.workspace_id).await?;
    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    let slug = slug_for(&mut tx, body.slug.as_deref(), &name).await?;
    let id = insert_board(&mut tx, &body.workspace_id, &name, &slug, None, &Map::new()).await?;
    tx.commit().await.context("committing a new board")?;
    super::history::saved(&state, &caller, Target::Board(id.clone())).await;
    Ok((StatusCode::CREATED, ApiJson(state_of(&state, &caller, &id).await?)))
}

/// The board state; private boards only for their owner and admins.
#[utoipa::path(get, path = "/boards/{boardId}", tag = "boards",
    params(("boardId" = String, Path, description = "The board id"), SpecParams),
    responses((status = 200, body = BoardState), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<BoardState>, Error> {
    let (board, role) = board_by_id(&state, &caller, &id).await?;
    role.require_view(board.public)?;
    Ok(ApiJson(board_state::state(&state.db, &board, role).await?))
}

/// Changes any subset of the board settings (owner or admin). Unknown fields are refused.
#[utoipa::path(put, path = "/boards/{boardId}", tag = "boards", request_body = BoardUpdate,
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = BoardState), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<BoardUpdate>,
) -> Result<ApiJson<BoardState>, Error> {
    let (board, role) = board_by_id(&state, &caller, &id).await?;
    role.require_edit()?;
    let mut settings = board.settings.clone();
    if let Some(filters) = &body.filters {
        sheet_query::check_stored_filters(filters)?;
    }
    settings.extend(body.settings_patch()?);
    let name = body.name.as_deref().map(checked_name).transpose()?.unwrap_or_else(|| board.name.clone());
    if let Some(slug) = &body.slug {
        board_state::check_slug(slug)?;
    }
    let spreadsheet_id = match &body.spreadsheet_id {
        Some(Some(spreadsheet)) => Some(spreadsheet_in_workspace(&state, spreadsheet, &board.workspace_id).await?),
        Some(None) => None,
        None => board.spreadsheet_id.clone(),
    };
    sqlx::query("UPDATE boards SET name = $1, slug = $2, public = $3, spreadsheet_id = $4, settings = $5, updated_at = $6 WHERE id = $7")
        .bind(&name)
        .bind(body.slug.as_deref().unwrap_or(&board.slug))
        .bind(Flag(body.public.unwrap_or(board.public)))
        .bind(spreadsheet_id)
        .bind(serde_json::to_string(&settings).context("writing board settings")?)
        .bind(now())
        .bind(&board.id)
        .execute(&state.db.pool)
        .await
        .map_err(|error| slug_clash(error, "updating a board"))?;
    super::history::saved(&state, &caller, Target::Board(id.clone())).await;
    Ok(ApiJson(state_of(&state, &caller, &id).await?))
}

/// `spreadsheet` if it is one of `workspace_id`'s spreadsheets, else a 422 naming `spreadsheetId`.
async fn spreadsheet_in_workspace(state: &AppState, spreadsheet: &str, workspace_id: &str) -> Result<String, Error> {
    let found: Option<(String,)> = sqlx::query_as("SELECT id FROM spreadsheets WHERE id = $1 AND workspace_id = $2")
        .bind(spreadsheet)
        .bind(workspace_id)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a spreadsheet")?;
    found.map(|(id,)| id).ok_or_else(|| Error::invalid("spreadsheetId", "This board's workspace has no spreadsheet with this id."))
}

/// Deletes a board and its blocks (owner or admin).
#[utoipa::path(delete, path = "/boards/{boardId}", tag = "boards",
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, Error> {
    let (board, role) = board_by_id(&state, &caller, &id).await?;
    role.require_edit()?;
    sqlx::query("DELETE FROM boards WHERE id = $1").bind(&board.id).execute(&state.db.pool).await.context("deleting a board")?;
    Ok(StatusCode::NO_CONTENT)
}

/// Copies a board with its settings and blocks (new ids) as a private board 'Copy of {name}'.
#[utoipa::path(post, path = "/boards/{boardId}/duplicate", tag = "boards",
    params(("boardId" = String, Path, description = "The board to copy")),
    responses((status = 201, body = BoardState), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn duplicate(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<(StatusCode, ApiJson<BoardState>), Error> {
    let (board, role) = board_by_id(&state, &caller, &id).await?;
    role.require_edit()?;
    let name = format!("Copy of {}", board.name);
    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    let slug = slug_for(&mut tx, None, &name).await?;
    let copy = insert_board(&mut tx, &board.workspace_id, &name, &slug, board.spreadsheet_id.as_deref(), &board.settings).await?;
    blocks::copy_all(&mut tx, Parent::Board(&board.id), Parent::Board(&copy)).await?;
    tx.commit().await.context("committing a board copy")?;
    super::history::saved(&state, &caller, Target::Board(copy.clone())).await;
    Ok((StatusCode::CREATED, ApiJson(state_of(&state, &caller, &copy).await?)))
}

/// The board state of the board named by `board` (its slug), with `can_edit` and `user_role`
/// decided by the session (platform §7). A valid `embed_token` for this board lets a caller
/// without access read a private board as a guest.
#[utoipa::path(post, path = "/board/update-metadata", tag = "spec", params(SpecParams),
    responses((status = 200, body = BoardState), (status = 403, body = ErrorBody, description = "Private board: 'Access denied'"),
        (status = 404, body = ErrorBody)))]
async fn update_metadata(
    State(state): State<AppState>,
    caller: Caller,
    Query(params): Query<SpecParams>,
) -> Result<ApiJson<BoardState>, Error> {
    let (board, role) = visible_board_by_slug(&state, &caller, &params).await?;
    Ok(ApiJson(board_state::state(&state.db, &board, role).await?))
}

/// Whether the owner of the app (with `app_id` or `app`), else of the board (with `board`), else
/// the caller is on the free plan. Embedding follows the owner's plan, whoever edits.
#[utoipa::path(get, path = "/board/workspace", tag = "spec", params(SpecParams, AppLocator),
    responses((status = 200, body = WorkspacePlan), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn workspace_plan(
    State(state): State<AppState>,
    caller: Caller,
    Query(params): Query<SpecParams>,
    Query(locator): Query<AppLocator>,
) -> Result<ApiJson<WorkspacePlan>, Error> {
    let named = |value: &Option<String>| value.as_deref().is_some_and(|value| !value.trim().is_empty());
    let is_free_plan = if named(&locator.app_id) || named(&locator.app) {
        let app = locator.resolve(&state.db, None, &state.config.public_base_url()).await?;
        app.viewer_role(&state.db, &caller).await?;
        let (plan,): (String,) = sqlx::query_as("SELECT plan_id FROM users WHERE id = $1")
            .bind(&app.owner_id)
            .fetch_one(&state.db.pool)
            .await
            .context("reading an app owner's plan")?;
        state.config.plan_of(&plan) != PAID_PLAN
    } else if named(&params.board) {
        let (board, _) = visible_board_by_slug(&state, &caller, &params).await?;
        !board.owner_may_embed(&state.config)
    } else {
        caller.user()?.user.is_free_plan()
    };
    Ok(ApiJson(WorkspacePlan { is_free_plan }))
}
