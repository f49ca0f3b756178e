//! Workspaces: a user's folders of boards and apps, each with a sub-domain unique across
//! workspaces and apps (platform §8 'A workspace or app with this subdomain already exists').

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::roles::workspace_role;
use crate::accounts::subdomains::{self, Owner};
use crate::http::api::ApiJson;
use crate::infra::db::{new_id, now};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(get, update, delete))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Workspace {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    pub owner_id: String,
    pub created_at: i64,
}

type WorkspaceRow = (String, String, String, String, i64);

fn workspace_of((id, name, subdomain, owner_id, created_at): WorkspaceRow) -> Workspace {
    Workspace { id, name, subdomain, owner_id, created_at }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewWorkspace {
    pub name: String,
    /// 3 to 63 lowercase letters, digits or hyphens; trimmed and lower-cased.
    pub subdomain: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceUpdate {
    pub name: Option<String>,
    pub subdomain: Option<String>,
}

fn checked_name(name: &str) -> Result<String, Error> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Error::invalid("name", "A workspace name has 1 to 100 characters."));
    }
    Ok(name.to_owned())
}

/// The workspace with `id` if the caller may manage it (owner or admin): guests 401, others 403,
/// unknown ids 404.
pub(super) async fn manageable(state: &AppState, caller: &Caller, id: &str) -> Result<Workspace, Error> {
    caller.user()?;
    let row: Option<WorkspaceRow> = sqlx::query_as("SELECT id, name, subdomain, owner_id, created_at FROM workspaces WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a workspace")?;
    let workspace = row.map(workspace_of).ok_or_else(|| Error::NotFound("Workspace not found.".to_owned()))?;
    workspace_role(caller, &workspace.owner_id).require_edit()?;
    Ok(workspace)
}

/// The caller's own workspaces, oldest first.
#[utoipa::path(get, path = "/workspaces", tag = "workspaces",
    responses((status = 200, body = [Workspace]), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<Vec<Workspace>>, Error> {
    let me = caller.user()?;
    let rows: Vec<WorkspaceRow> = sqlx::query_as(
        "SELECT id, name, subdomain, owner_id, created_at FROM workspaces WHERE owner_id = $1 ORDER BY created_at, name, id",
    )
    .bind(&me.user.id)
    .fetch_all(&state.db.pool)
    .await
    .context("listing workspaces")?;
    Ok(ApiJson(rows.into_iter().map(workspace_of).collect()))
}

/// Creates a workspace owned by the caller and claims its sub-domain.
#[utoipa::path(post, path = "/workspaces", tag = "workspaces", request_body = NewWorkspace,
    responses((status = 201, body = Workspace), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewWorkspace>,
) -> Result<(StatusCode, ApiJson<Workspace>), Error> {
    let me = caller.user()?;
    let name = checked_name(&body.name)?;
    let subdomain = subdomains::normalise("subdomain", &body.subdomain)?;
    let workspace = Workspace { id: new_id(), name, subdomain, owner_id: me.user.id.clone(), created_at: now() };
    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    sqlx::query("INSERT INTO workspaces (id, owner_id, name, subdomain, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)")
        .bind(&workspace.id)
        .bind(&workspace.owner_id)
        .bind(&workspace.name)
        .bind(&workspace.subdomain)
        .bind(workspace.created_at)
        .execute(&mut *tx)
        .await
        .context("creating a workspace")?;
    subdomains::claim(&mut tx, &workspace.subdomain, Owner::Workspace(&workspace.id)).await?;
    tx.commit().await.context("committing a workspace")?;
    Ok((StatusCode::CREATED, ApiJson(workspace)))
}

/// One workspace (owner or admin).
#[utoipa::path(get, path = "/workspaces/{workspaceId}", tag = "workspaces",
    params(("workspaceId" = String, Path, description = "The workspace id")),
    responses((status = 200, body = Workspace), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<Workspace>, Error> {
    Ok(ApiJson(manageable(&state, &caller, &id).await?))
}

/// Renames a workspace and/or moves it to another sub-domain (the old one is released).
#[utoipa::path(put, path = "/workspaces/{workspaceId}", tag = "workspaces", request_body = WorkspaceUpdate,
    params(("workspaceId" = String, Path, description = "The workspace id")),
    responses((status = 200, body = Workspace), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<WorkspaceUpdate>,
) -> Result<ApiJson<Workspace>, Error> {
    let mut workspace = manageable(&state, &caller, &id).await?;
    if let Some(name) = &body.name {
        workspace.name = checked_name(name)?;
    }
    let new_subdomain = body.subdomain.as_deref().map(|subdomain| subdomains::normalise("subdomain", subdomain)).transpose()?;
    let mut tx = state.db.pool.begin().await.context("starting a transaction")?;
    if let Some(subdomain) = new_subdomain.filter(|subdomain| *subdomain != workspace.subdomain) {
        subdomains::rename(&mut tx, &subdomain, Owner::Workspace(&workspace.id)).await?;
        workspace.subdomain = subdomain;
    }
    sqlx::query("UPDATE workspaces SET name = $1, subdomain = $2, updated_at = $3 WHERE id = $4")
        .bind(&workspace.name)
        .bind(&workspace.subdomain)
        .bind(now())
        .bind(&workspace.id)
        .execute(&mut *tx)
        .await
        .context("updating a workspace")?;
    tx.commit().await.context("committing a workspace change")?;
    Ok(ApiJson(workspace))
}

/// Deletes a workspace with its boards, apps and spreadsheets, and frees the sub-domains of the
/// workspace and of its apps.
#[utoipa::path(delete, path = "/workspaces/{workspaceId}", tag = "workspaces",
    params(("workspaceId" = String, Path, description = "The workspace id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, Error> {
    let workspace = manageable(&state, &caller, &id).await?;
    // Boards, apps, pages, blocks and the sub-domains go with it (ON DELETE CASCADE).
    sqlx::query("DELETE FROM workspaces WHERE id = $1")
        .bind(&workspace.id)
        .execute(&state.db.pool)
        .await
        .context("deleting a workspace")?;
    Ok(StatusCode::NO_CONTENT)
}
