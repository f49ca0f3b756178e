//! The History panel's calls (issue 30): the revisions of a board or an app, one revision with
//! its state, and restoring one. Owners and admins only: guests 401, everyone else (app users
//! included) 403. The rules live in [`crate::history::revisions`].

use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::roles::workspace_role;
use crate::boards::apps::App;
use crate::history::revisions::{self, Editor, RevisionDetail, RevisionList, RevisionRestored, Target};
use crate::http::api::ApiJson;
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(board_revisions))
        .routes(routes!(board_revision))
        .routes(routes!(restore_board_revision))
        .routes(routes!(app_revisions))
        .routes(routes!(app_revision))
        .routes(routes!(restore_app_revision))
}

/// The board as a history target, when the caller may edit it; unknown boards 404.
async fn board(state: &AppState, caller: &Caller, id: &str) -> Result<Target, Error> {
    let owner: Option<(String,)> =
        sqlx::query_as("SELECT w.owner_id FROM boards b JOIN workspaces w ON w.id = b.workspace_id WHERE b.id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await
            .context("looking up a board's owner")?;
    let (owner_id,) = owner.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    workspace_role(caller, &owner_id).require_edit()?;
    Ok(Target::Board(id.to_owned()))
}

/// The app as a history target, when the caller may edit it.
async fn app(state: &AppState, caller: &Caller, id: &str) -> Result<Target, Error> {
    caller.user()?;
    let app = App::get(&state.db, id).await?;
    app.require_edit(&state.db, caller).await?;
    Ok(Target::App(app.id))
}

/// Every kept revision of a board, newest first (at most 500): who saved it, when, and what
/// changed in words.
#[utoipa::path(get, path = "/boards/{boardId}/revisions", tag = "history",
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = RevisionList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn board_revisions(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<RevisionList>, Error> {
    let target = board(&state, &caller, &id).await?;
    Ok(ApiJson(revisions::list(&state.db, &target).await?))
}

/// One revision of a board with the board as it was (name, settings, blocks), for a preview.
#[utoipa::path(get, path = "/boards/{boardId}/revisions/{revisionId}", tag = "history",
    params(("boardId" = String, Path, description = "The board id"), ("revisionId" = String, Path, description = "The revision id")),
    responses((status = 200, body = RevisionDetail), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn board_revision(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, revision)): Path<(String, String)>,
) -> Result<ApiJson<RevisionDetail>, Error> {
    let target = board(&state, &caller, &id).await?;
    Ok(ApiJson(revisions::detail(&state.db, &target, &revision).await?))
}

/// Puts the board back as the revision kept it, as one change that is itself a new revision.
/// Blocks naming a tab or column the spreadsheet no longer has are listed in `skipped` and left
/// as they are now; the rest is restored.
#[utoipa::path(post, path = "/boards/{boardId}/revisions/{revisionId}/restore", tag = "history",
    params(("boardId" = String, Path, description = "The board id"), ("revisionId" = String, Path, description = "The revision to restore")),
    responses((status = 200, body = RevisionRestored), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The board was saved during the restore")))]
async fn restore_board_revision(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, revision)): Path<(String, String)>,
) -> Result<ApiJson<RevisionRestored>, Error> {
    let target = board(&state, &caller, &id).await?;
    let restored = revisions::restore(&state.db, &Editor::of(&caller), &target, &revision).await?;
    Ok(ApiJson(restored))
}

/// Every kept revision of an app (its settings, pages and their blocks), newest first.
#[utoipa::path(get, path = "/apps/{appId}/revisions", tag = "history",
    params(("appId" = String, Path, description = "The app id")),
    responses((status = 200, body = RevisionList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn app_revisions(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<RevisionList>, Error> {
    let target = app(&state, &caller, &id).await?;
    Ok(ApiJson(revisions::list(&state.db, &target).await?))
}

/// One revision of an app with the app as it was (name, settings, pages with their blocks).
#[utoipa::path(get, path = "/apps/{appId}/revisions/{revisionId}", tag = "history",
    params(("appId" = String, Path, description = "The app id"), ("revisionId" = String, Path, description = "The revision id")),
    responses((status = 200, body = RevisionDetail), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn app_revision(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, revision)): Path<(String, String)>,
) -> Result<ApiJson<RevisionDetail>, Error> {
    let target = app(&state, &caller, &id).await?;
    Ok(ApiJson(revisions::detail(&state.db, &target, &revision).await?))
}

/// Puts the app back as the revision kept it: settings, pages (ids, names, addresses, order)
/// and their blocks; as for boards, unrestorable blocks are listed in `skipped`.
#[utoipa::path(post, path = "/apps/{appId}/revisions/{revisionId}/restore", tag = "history",
    params(("appId" = String, Path, description = "The app id"), ("revisionId" = String, Path, description = "The revision to restore")),
    responses((status = 200, body = RevisionRestored), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The app was saved during the restore")))]
async fn restore_app_revision(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, revision)): Path<(String, String)>,
) -> Result<ApiJson<RevisionRestored>, Error> {
    let target = app(&state, &caller, &id).await?;
    Ok(ApiJson(revisions::restore(&state.db, &Editor::of(&caller), &target, &revision).await?))
}

/// Keeps the state after a save as a revision. The save itself is done by then: a failure to
/// keep its revision is logged and does not turn the save into an error.
pub(super) async fn saved(state: &AppState, caller: &Caller, target: Target) {
    if let Err(error) = revisions::record(&state.db, &state.config.history, &Editor::of(caller), &target).await {
        tracing::warn!(%error, ?target, "keeping a revision failed");
    }
}
