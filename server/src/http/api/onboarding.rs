//! The first-run guide of `/dashboard/start`: which of its three steps (connect data, make a
//! board, add a block) the account has done, read from what its workspaces hold, and whether
//! the account dismissed the guide (kept per account, so it stays dismissed on every device).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::http::api::ApiJson;
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(progress, set_dismissed))
}

/// The guide's state for the signed-in account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Onboarding {
    /// The account dismissed the guide; the dashboard offers to show it again.
    pub dismissed: bool,
    /// The account owns a workspace, which connecting data needs first.
    pub has_workspace: bool,
    /// Step 1: a spreadsheet is connected in one of the account's workspaces.
    pub data_connected: bool,
    /// Step 2: the account made a board (from a template or blank).
    pub board_made: bool,
    /// Step 3: one of the account's boards holds a block.
    pub block_added: bool,
    /// The account's newest board, whose editor step 3 opens.
    pub newest_board: Option<NewestBoard>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NewestBoard {
    pub slug: String,
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DismissBody {
    /// `true` hides the guide for this account, `false` shows it again.
    pub dismissed: bool,
}

/// The first-run guide: its steps done, its newest board and whether it was dismissed.
#[utoipa::path(get, path = "/account/onboarding", tag = "account", responses(
    (status = 200, body = Onboarding),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn progress(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<Onboarding>, Error> {
    Ok(ApiJson(load(&state.db, &caller.user()?.user.id).await?))
}

/// Dismisses the first-run guide, or shows it again.
#[utoipa::path(put, path = "/account/onboarding", tag = "account", request_body = DismissBody, responses(
    (status = 200, body = Onboarding),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
    (status = 422, description = "`dismissed` missing or not a boolean, or an unknown field", body = ErrorBody),
))]
async fn set_dismissed(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<DismissBody>,
) -> Result<ApiJson<Onboarding>, Error> {
    let user_id = &caller.user()?.user.id;
    sqlx::query("UPDATE users SET onboarding_dismissed_at = $1 WHERE id = $2")
        .bind(body.dismissed.then(now))
        .bind(user_id)
        .execute(&state.db.pool)
        .await
        .context("dismissing the first-run guide")?;
    Ok(ApiJson(load(&state.db, user_id).await?))
}

async fn load(db: &Db, user_id: &str) -> Result<Onboarding, Error> {
    let (dismissed_at,): (Option<i64>,) = sqlx::query_as("SELECT onboarding_dismissed_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await
        .context("reading whether the first-run guide was dismissed")?;
    let workspaces = count(db, "SELECT COUNT(*) FROM workspaces WHERE owner_id = $1", user_id).await?;
    let spreadsheets =
        count(db, "SELECT COUNT(*) FROM spreadsheets s JOIN workspaces w ON w.id = s.workspace_id WHERE w.owner_id = $1", user_id).await?;
    let blocks = count(
        db,
        "SELECT COUNT(*) FROM blocks k JOIN boards b ON b.id = k.board_id JOIN workspaces w ON w.id = b.workspace_id WHERE w.owner_id = $1",
        user_id,
    )
    .await?;
    let newest: Option<(String, String)> = sqlx::query_as(
        "SELECT b.slug, b.name FROM boards b JOIN workspaces w ON w.id = b.workspace_id WHERE w.owner_id = $1 \
         ORDER BY b.created_at DESC, b.id DESC LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await
    .context("reading the newest board for the first-run guide")?;
    Ok(Onboarding {
        dismissed: dismissed_at.is_some(),
        has_workspace: workspaces > 0,
        data_connected: spreadsheets > 0,
        board_made: newest.is_some(),
        block_added: blocks > 0,
        newest_board: newest.map(|(slug, name)| NewestBoard { slug, name }),
    })
}

async fn count(db: &Db, sql: &str, user_id: &str) -> Result<i64, Error> {
    let (n,): (i64,) = sqlx::query_as(sql).bind(user_id).fetch_one(&db.pool).await.context("counting for the first-run guide")?;
    Ok(n)
}
