//! The administration API behind `/admin`: users, workspaces, boards, apps, plans and
//! redemption codes. Every call is for platform administrators (`TESSERA_ADMIN_EMAILS`) only:
//! guests get 401, everyone else 403 'Access denied'.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::boards::plans::{self, Plan};
use crate::http::api::{like_pattern, ApiJson};
use crate::infra::db::{now, Db, Flag};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_users))
        .routes(routes!(update_user, delete_user))
        .routes(routes!(list_workspaces))
        .routes(routes!(delete_workspace))
        .routes(routes!(list_boards))
        .routes(routes!(list_apps))
        .routes(routes!(list_plans))
        .routes(routes!(update_plan))
        .routes(routes!(list_codes, create_codes))
        .routes(routes!(delete_code))
}

// Paging ----------------------------------------------------------------------------------------

const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 200;

/// One page of a listing. Other query parameters (those every request carries) are ignored.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1 to 200, default 50.
    pub limit: Option<i64>,
    /// Rows to skip, default 0.
    pub offset: Option<i64>,
}

impl PageQuery {
    fn bounds(&self) -> Result<(i64, i64), Error> {
        let limit = self.limit.unwrap_or(DEFAULT_LIMIT);
        if !(1..=MAX_LIMIT).contains(&limit) {
            return Err(Error::invalid("limit", format!("limit must be from 1 to {MAX_LIMIT}.")));
        }
        let offset = self.offset.unwrap_or(0);
        if offset < 0 {
            return Err(Error::invalid("offset", "offset cannot be negative."));
        }
        Ok((limit, offset))
    }
}

/// A query string that does not parse (`limit=ten`) is a 400 naming the parameter, in JSON.
fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, Error> {
    query.map(|Query(value)| value).map_err(|rejection| Error::BadRequest(rejection.body_text()))
}

// Users -----------------------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    /// Part of an e-mail or name, any case.
    pub q: Option<String>,
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUser {
    pub id: String,
    pub email: String,
    pub name: String,
    pub plan_id: String,
    pub email_verified: bool,
    /// Unix seconds.
    pub created_at: i64,
}

type UserRow = (String, String, String, String, Flag, i64);

impl From<UserRow> for AdminUser {
    fn from((id, email, name, plan_id, Flag(email_verified), created_at): UserRow) -> Self {
        Self { id, email, name, plan_id, email_verified, created_at }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserList {
    pub users: Vec<AdminUser>,
    /// How many users match, over all pages.
    pub total: i64,
}

/// Users, newest first, optionally only those whose e-mail or name contains `q`.
#[utoipa::path(
    get,
    path = "/admin/users",
    tag = "admin",
    params(UserQuery),
    responses(
        (status = 200, body = UserList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "limit or offset out of range", body = ErrorBody),
    )
)]
async fn list_users(
    State(state): State<AppState>,
    caller: Caller,
    params: Result<Query<UserQuery>, QueryRejection>,
) -> Result<ApiJson<UserList>, Error> {
    caller.admin()?;
    let params = query(params)?;
    let (limit, offset) = PageQuery { limit: params.limit, offset: params.offset }.bounds()?;
    let pattern = like_pattern(params.q.as_deref().unwrap_or_default());
    let filter = "WHERE LOWER(email) LIKE $1 ESCAPE '\\' OR LOWER(name) LIKE $2 ESCAPE '\\'";
    let rows: Vec<UserRow> = sqlx::query_as(&format!(
        "SELECT id, email, name, plan_id, email_verified, created_at FROM users {filter} ORDER BY created_at DESC, id LIMIT $3 OFFSET $4"
    ))
    .bind(&pattern)
    .bind(&pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(&state.db.pool)
    .await
    .context("listing users")?;
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM users {filter}"))
        .bind(&pattern)
        .bind(&pattern)
        .fetch_one(&state.db.pool)
        .await
        .context("counting users")?;
    Ok(ApiJson(UserList { users: rows.into_iter().map(AdminUser::from).collect(), total }))
}

/// The fields an administrator may change; absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UserChange {
    pub plan_id: Option<String>,
    pub name: Option<String>,
    pub email_verified: Option<bool>,
}

async fn find_user(db: &Db, user_id: &str) -> Result<AdminUser, Error> {
    let row: Option<UserRow> = sqlx::query_as("SELECT id, email, name, plan_id, email_verified, created_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await
        .context("reading a user")?;
    row.map(AdminUser::from).ok_or_else(|| Error::NotFound("No user has this id.".to_owned()))
}

/// Changes a user's plan, name or verification.
#[utoipa::path(
    put,
    path = "/admin/users/{userId}",
    tag = "admin",
    params(("userId" = String, Path, description = "The user's id")),
    request_body = UserChange,
    responses(
        (status = 200, body = AdminUser),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 422, description = "Unknown plan, empty name or unknown field", body = ErrorBody),
    )
)]
async fn update_user(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_id): Path<String>,
    ApiJson(change): ApiJson<UserChange>,
) -> Result<ApiJson<AdminUser>, Error> {
    caller.admin()?;
    let name = change.name.as_deref().map(str::trim);
    if name == Some("") {
        return Err(Error::invalid("name", "A name cannot be empty."));
    }
    if let Some(plan_id) = &change.plan_id {
        plans::require_known(&state.db, "plan_id", plan_id).await?;
    }
    // Marking an address verified goes the way the account holder's own verification goes
    // (issue 45): a password chosen before it is cleared and every session ends, since an
    // administrator cannot know who chose it. Un-verifying is a plain change.
    let unverify = change.email_verified.filter(|verified| !verified).map(Flag);
    let updated = sqlx::query(
        "UPDATE users SET plan_id = COALESCE($1, plan_id), name = COALESCE($2, name), email_verified = COALESCE($3, email_verified), \
         updated_at = $4 WHERE id = $5",
    )
    .bind(change.plan_id.as_deref())
    .bind(name)
    .bind(unverify)
    .bind(now())
    .bind(&user_id)
    .execute(&state.db.pool)
    .await
    .context("changing a user")?;
    if updated.rows_affected() == 0 {
        return Err(Error::NotFound("No user has this id.".to_owned()));
    }
    if change.email_verified == Some(true) {
        super::auth::mark_verified(&state.db, &user_id, false).await?;
    }
    Ok(ApiJson(find_user(&state.db, &user_id).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    pub deleted: bool,
}

/// Deletes a user with their workspaces (and those workspaces' boards and apps), freeing the
/// sub-domains. An administrator cannot delete their own account here.
#[utoipa::path(
    delete,
    path = "/admin/users/{userId}",
    tag = "admin",
    params(("userId" = String, Path, description = "The user's id")),
    responses(
        (status = 200, body = Deleted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such user", body = ErrorBody),
        (status = 409, description = "The administrator's own account", body = ErrorBody),
    )
)]
async fn delete_user(State(state): State<AppState>, caller: Caller, Path(user_id): Path<String>) -> Result<ApiJson<Deleted>, Error> {
    let admin = caller.admin()?;
    if admin.user.id == user_id {
        return Err(Error::Conflict("You cannot delete your own account from the admin page.".to_owned()));
    }
    // Workspaces with everything in them and their sub-domains go with the user (ON DELETE CASCADE).
    let deleted = sqlx::query("DELETE FROM users WHERE id = $1").bind(&user_id).execute(&state.db.pool).await.context("deleting a user")?;
    if deleted.rows_affected() == 0 {
        return Err(Error::NotFound("No user has this id.".to_owned()));
    }
    Ok(ApiJson(Deleted { deleted: true }))
}

// Workspaces, boards, apps ----------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminWorkspace {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    pub owner_id: String,
    pub owner_email: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WorkspaceList {
    pub workspaces: Vec<AdminWorkspace>,
    pub total: i64,
}

/// One page of the rows `select` answers (it ends in `LIMIT $1 OFFSET $2`), and how many rows
/// `table` holds in all.
async fn listing<T>(db: &Db, select: &str, table: &str, page: PageQuery) -> Result<(Vec<T>, i64), Error>
where
    T: for<'r> sqlx::FromRow<'r, AnyRow> + Send + Unpin,
{
    let (limit, offset) = page.bounds()?;
    let rows = sqlx::query_as(select).bind(limit).bind(offset).fetch_all(&db.pool).await.context("listing rows for the admin")?;
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(&db.pool).await.context("counting rows")?;
    Ok((rows, total))
}

/// Every workspace with its owner's e-mail, newest first.
#[utoipa::path(
    get,
    path = "/admin/workspaces",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, body = WorkspaceList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    )
)]
async fn list_workspaces(
    State(state): State<AppState>,
    caller: Caller,
    params: Result<Query<PageQuery>, QueryRejection>,
) -> Result<ApiJson<WorkspaceList>, Error> {
    caller.admin()?;
    let (workspaces, total) = listing(
        &state.db,
        "SELECT w.id, w.name, w.subdomain, w.owner_id, u.email AS owner_email, w.created_at FROM workspaces w JOIN users u ON u.id = w.owner_id \
         ORDER BY w.created_at DESC, w.id LIMIT $1 OFFSET $2",
        "workspaces",
        query(params)?,
    )
    .await?;
    Ok(ApiJson(WorkspaceList { workspaces, total }))
}

/// Deletes a workspace with its boards, apps and spreadsheets, freeing the sub-domains of the
/// workspace and its apps.
#[utoipa::path(
    delete,
    path = "/admin/workspaces/{id}",
    tag = "admin",
    params(("id" = String, Path, description = "The workspace's id")),
    responses(
        (status = 200, body = Deleted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such workspace", body = ErrorBody),
    )
)]
async fn delete_workspace(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<Deleted>, Error> {
    caller.admin()?;
    let deleted =
        sqlx::query("DELETE FROM workspaces WHERE id = $1").bind(&id).execute(&state.db.pool).await.context("deleting a workspace")?;
    if deleted.rows_affected() == 0 {
        return Err(Error::NotFound("No workspace has this id.".to_owned()));
    }
    Ok(ApiJson(Deleted { deleted: true }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminBoard {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub workspace_id: String,
    #[sqlx(try_from = "Flag")]
    pub public: bool,
    pub owner_email: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardList {
    pub boards: Vec<AdminBoard>,
    pub total: i64,
}

/// Every board with its owner's e-mail, newest first.
#[utoipa::path(
    get,
    path = "/admin/boards",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, body = BoardList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    )
)]
async fn list_boards(
    State(state): State<AppState>,
    caller: Caller,
    params: Result<Query<PageQuery>, QueryRejection>,
) -> Result<ApiJson<BoardList>, Error> {
    caller.admin()?;
    let (boards, total) = listing(
        &state.db,
        "SELECT b.id, b.name, b.slug, b.workspace_id, b.public, u.email AS owner_email, b.created_at FROM boards b \
         JOIN workspaces w ON w.id = b.workspace_id JOIN users u ON u.id = w.owner_id \
         ORDER BY b.created_at DESC, b.id LIMIT $1 OFFSET $2",
        "boards",
        query(params)?,
    )
    .await?;
    Ok(ApiJson(BoardList { boards, total }))
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct AdminApp {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    pub workspace_id: String,
    #[sqlx(try_from = "Flag")]
    pub public: bool,
    pub owner_email: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AdminAppList)]
pub struct AppList {
    pub apps: Vec<AdminApp>,
    pub total: i64,
}

/// Every multi-page app with its owner's e-mail, newest first.
#[utoipa::path(
    get,
    path = "/admin/apps",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, body = AppList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    )
)]
async fn list_apps(
    State(state): State<AppState>,
    caller: Caller,
    params: Result<Query<PageQuery>, QueryRejection>,
) -> Result<ApiJson<AppList>, Error> {
    caller.admin()?;
    let (apps, total) = listing(
        &state.db,
        "SELECT a.id, a.name, a.subdomain, a.workspace_id, a.public, u.email AS owner_email, a.created_at FROM apps a \
         JOIN workspaces w ON w.id = a.workspace_id JOIN users u ON u.id = w.owner_id \
         ORDER BY a.created_at DESC, a.id LIMIT $1 OFFSET $2",
        "apps",
        query(params)?,
    )
    .await?;
    Ok(ApiJson(AppList { apps, total }))
}

// Plans -----------------------------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanList {
    pub plans: Vec<Plan>,
}

/// The plans table.
#[utoipa::path(
    get,
    path = "/admin/plans",
    tag = "admin",
    responses(
        (status = 200, body = PlanList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    )
)]
async fn list_plans(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<PlanList>, Error> {
    caller.admin()?;
    Ok(ApiJson(PlanList { plans: plans::list(&state.db).await? }))
}

/// A plan's wording. What a plan unlocks (`embedding`) is fixed by its id and cannot change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanChange {
    pub name: Option<String>,
    pub description: Option<String>,
}

/// Renames a plan or changes its description.
#[utoipa::path(
    put,
    path = "/admin/plans/{planId}",
    tag = "admin",
    params(("planId" = String, Path, description = "`free` or `paid`")),
    request_body = PlanChange,
    responses(
        (status = 200, body = Plan),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such plan", body = ErrorBody),
        (status = 422, description = "Empty name or a field that cannot change", body = ErrorBody),
    )
)]
async fn update_plan(
    State(state): State<AppState>,
    caller: Caller,
    Path(plan_id): Path<String>,
    ApiJson(change): ApiJson<PlanChange>,
) -> Result<ApiJson<Plan>, Error> {
    caller.admin()?;
    let name = change.name.as_deref().map(str::trim);
    if name == Some("") {
        return Err(Error::invalid("name", "A plan name cannot be empty."));
    }
    let description = change.description.as_deref().map(str::trim);
    let updated = sqlx::query("UPDATE plans SET name = COALESCE($1, name), description = COALESCE($2, description) WHERE id = $3")
        .bind(name)
        .bind(description)
        .bind(&plan_id)
        .execute(&state.db.pool)
        .await
        .context("changing a plan")?;
    if updated.rows_affected() == 0 {
        return Err(Error::NotFound("No plan has this id.".to_owned()));
    }
    let plan = plans::list(&state.db).await?.into_iter().find(|plan| plan.id == plan_id);
    Ok(ApiJson(plan.ok_or_else(|| Error::NotFound("No plan has this id.".to_owned()))?))
}

// Redemption codes ------------------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCode {
    pub code: String,
    pub plan_id: String,
    /// `unused` or `redeemed`.
    pub status: &'static str,
    pub created_at: i64,
    pub redeemed_by_email: Option<String>,
    pub redeemed_at: Option<i64>,
}

/// code, plan_id, created_at, redeemer's e-mail, redeemed_at.
type CodeRow = (String, String, i64, Option<String>, Option<i64>);

#[derive(Debug, Serialize, ToSchema)]
pub struct CodeList {
    pub codes: Vec<AdminCode>,
    pub total: i64,
}

/// Redemption codes, newest first, with who redeemed each.
#[utoipa::path(
    get,
    path = "/admin/redemption-codes",
    tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, body = CodeList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    )
)]
async fn list_codes(
    State(state): State<AppState>,
    caller: Caller,
    params: Result<Query<PageQuery>, QueryRejection>,
) -> Result<ApiJson<CodeList>, Error> {
    caller.admin()?;
    let (rows, total) = listing::<CodeRow>(
        &state.db,
        "SELECT c.code, c.plan_id, c.created_at, u.email, c.redeemed_at FROM redemption_codes c \
         LEFT JOIN users u ON u.id = c.redeemed_by ORDER BY c.created_at DESC, c.code LIMIT $1 OFFSET $2",
        "redemption_codes",
        query(params)?,
    )
    .await?;
    let codes = rows
        .into_iter()
        .map(|(code, plan_id, created_at, redeemed_by_email, redeemed_at)| AdminCode {
            code,
            plan_id,
            status: if redeemed_at.is_some() { "redeemed" } else { "unused" },
            created_at,
            redeemed_by_email,
            redeemed_at,
        })
        .collect();
    Ok(ApiJson(CodeList { codes, total }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCodes {
    /// 1 to 500.
    pub count: i64,
    pub plan_id: String,
    /// Optional 1 to 12 letters or digits put in front of each code.
    pub prefix: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GeneratedCodes {
    pub codes: Vec<String>,
}

/// Generates unused codes for a plan.
#[utoipa::path(
    post,
    path = "/admin/redemption-codes",
    tag = "admin",
    request_body = NewCodes,
    responses(
        (status = 200, body = GeneratedCodes),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 422, description = "count out of range, unknown plan or bad prefix", body = ErrorBody),
    )
)]
async fn create_codes(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(request): ApiJson<NewCodes>,
) -> Result<ApiJson<GeneratedCodes>, Error> {
    caller.admin()?;
    if !(1..=plans::MAX_CODES_PER_REQUEST).contains(&request.count) {
        return Err(Error::invalid("count", format!("count must be from 1 to {}.", plans::MAX_CODES_PER_REQUEST)));
    }
    plans::require_known(&state.db, "plan_id", &request.plan_id).await?;
    let prefix = plans::normalise_prefix(request.prefix.as_deref())?;
    let mut tx = state.db.pool.begin().await?;
    let created_at = now();
    let mut codes = Vec::new();
    while codes.len() < request.count as usize {
        let code = plans::generate_code(prefix.as_deref());
        // A collision (2^-80 odds per pair) just draws another code.
        let inserted =
            sqlx::query("INSERT INTO redemption_codes (code, plan_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING")
                .bind(&code)
                .bind(&request.plan_id)
                .bind(created_at)
                .execute(&mut *tx)
                .await
                .context("storing a redemption code")?;
        if inserted.rows_affected() == 1 {
            codes.push(code);
        }
    }
    tx.commit().await?;
    Ok(ApiJson(GeneratedCodes { codes }))
}

/// Deletes an unused code; a redeemed one stays as the record of the redemption.
#[utoipa::path(
    delete,
    path = "/admin/redemption-codes/{code}",
    tag = "admin",
    params(("code" = String, Path, description = "The code, any case")),
    responses(
        (status = 200, body = Deleted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "No such code", body = ErrorBody),
        (status = 409, description = "The code was redeemed", body = ErrorBody),
    )
)]
async fn delete_code(State(state): State<AppState>, caller: Caller, Path(code): Path<String>) -> Result<ApiJson<Deleted>, Error> {
    caller.admin()?;
    let code = plans::normalise_code(&code);
    let deleted = sqlx::query("DELETE FROM redemption_codes WHERE code = $1 AND redeemed_at IS NULL")
        .bind(&code)
        .execute(&state.db.pool)
        .await
        .context("deleting a redemption code")?;
    if deleted.rows_affected() == 0 {
        return Err(plans::code_refusal(&state.db, &code, "This code has been redeemed and cannot be deleted.").await);
    }
    Ok(ApiJson(Deleted { deleted: true }))
}
