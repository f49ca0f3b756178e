//! Account settings of the signed-in user (`/dashboard/account`): profile, name, password, the
//! sessions they are signed in with, and deleting the account with everything it owns.
//!
//! The password asked to change the password or delete the account is a guessable secret, so
//! both calls are rate-limited as log-in is. An account may have no password (its sign-up
//! password was cleared when another browser verified it): then the session alone confirms.

use axum::extract::{Path, State};
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::{check_name, set_password, start_session, Message, PlanFlag, SessionAnswer};
use crate::accounts::auth::session::Origin;
use crate::accounts::auth::{password, session, Caller, SignedIn, User};
use crate::http::api::ApiJson;
use crate::http::rate_limit::{self, Action, ClientIp};
use crate::infra::db::{now, Db, Flag};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(profile, rename, delete_account))
        .routes(routes!(change_password))
        .routes(routes!(sessions))
        .routes(routes!(log_out_everywhere))
        .routes(routes!(end_session))
}

/// The account as its settings page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub id: String,
    pub email: String,
    pub name: String,
    pub plan: PlanFlag,
    /// `free` or `paid`.
    pub plan_id: String,
    pub email_verified: bool,
    /// False when the account has no password yet: then changing it needs no current one.
    pub has_password: bool,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameBody {
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// Required when the account has a password.
    #[serde(default)]
    pub current_password: Option<String>,
    pub new_password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeleteBody {
    /// The current password, to confirm; required when the account has one.
    #[serde(default)]
    pub password: Option<String>,
}

/// The signed-in user's profile.
#[utoipa::path(get, path = "/account", tag = "account", responses(
    (status = 200, body = Profile),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn profile(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<Profile>, Error> {
    Ok(ApiJson(load_profile(&state, &caller.user()?.user.id).await?))
}

/// Changes the display name.
#[utoipa::path(put, path = "/account", tag = "account", request_body = RenameBody, responses(
    (status = 200, body = Profile),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
    (status = 422, description = "Empty or too long name, or an unknown field", body = ErrorBody),
))]
async fn rename(State(state): State<AppState>, caller: Caller, ApiJson(body): ApiJson<RenameBody>) -> Result<ApiJson<Profile>, Error> {
    let user_id = &caller.user()?.user.id;
    let name = check_name("name", &body.name)?;
    sqlx::query("UPDATE users SET name = $1, updated_at = $2 WHERE id = $3")
        .bind(name)
        .bind(now())
        .bind(user_id)
        .execute(&state.db.pool)
        .await
        .context("renaming a user")?;
    Ok(ApiJson(load_profile(&state, user_id).await?))
}

/// Changes (or, on an account without one, sets) the password. Every session ends, then this one
/// is re-issued: a stolen session elsewhere stops working, the user stays logged in here.
#[utoipa::path(put, path = "/account/password", tag = "account", request_body = PasswordChange, responses(
    (status = 200, body = SessionAnswer, headers(("Set-Cookie" = String, description = "The new session cookie"))),
    (status = 400, description = "The current password is wrong", body = ErrorBody),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
    (status = 422, description = "The new password is too short, or the current one is missing", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn change_password(
    State(state): State<AppState>,
    caller: Caller,
    ip: ClientIp,
    origin: Origin,
    ApiJson(body): ApiJson<PasswordChange>,
) -> Result<Response, Error> {
    let signed_in = caller.user()?;
    rate_limit::check(&state.db, Action::ChangePassword, ip, Some(&signed_in.user.email)).await?;
    password::check_rule("new_password", &body.new_password)?;
    confirm_password(&state.db, signed_in, "current_password", body.current_password.as_deref()).await?;
    set_password(&state.db, &signed_in.user.id, &body.new_password).await?;
    session::revoke_all(&state.db, &signed_in.user.id).await?;
    start_session(&state, &signed_in.user, &origin).await
}

/// Deletes the account, its workspaces with their boards and apps, and its sessions; their
/// sub-domains become free again.
#[utoipa::path(delete, path = "/account", tag = "account", request_body = DeleteBody, responses(
    (status = 200, body = Message, headers(("Set-Cookie" = String, description = "Removes the session cookie"))),
    (status = 400, description = "The password is wrong", body = ErrorBody),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
    (status = 422, description = "The password is missing", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn delete_account(
    State(state): State<AppState>,
    caller: Caller,
    ip: ClientIp,
    ApiJson(body): ApiJson<DeleteBody>,
) -> Result<impl IntoResponse, Error> {
    let signed_in = caller.user()?;
    rate_limit::check(&state.db, Action::DeleteAccount, ip, Some(&signed_in.user.email)).await?;
    confirm_password(&state.db, signed_in, "password", body.password.as_deref()).await?;
    // Sessions, workspaces with everything in them, and their sub-domains go with the user
    // (ON DELETE CASCADE).
    sqlx::query("DELETE FROM users WHERE id = $1").bind(&signed_in.user.id).execute(&state.db.pool).await.context("deleting an account")?;
    Ok(([(SET_COOKIE, state.keys.clear_cookie())], ApiJson(Message { message: "Your account has been deleted.".to_owned() })))
}

/// Checks the password `field` gives against the account's. An account without a password
/// confirms with its session alone: there is nothing else its owner could type.
async fn confirm_password(db: &Db, signed_in: &SignedIn, field: &str, given: Option<&str>) -> Result<(), Error> {
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE id = $1")
        .bind(&signed_in.user.id)
        .fetch_one(&db.pool)
        .await
        .context("reading a password hash")?;
    let Some(stored) = password::stored(&hash) else { return Ok(()) };
    let given = given.ok_or_else(|| Error::invalid(field, "Please enter your current password."))?;
    if password::verify(given, stored).await? {
        Ok(())
    } else {
        Err(Error::BadRequest("Your current password is not correct. Please try again.".to_owned()))
    }
}

/// A session of the caller's, as the account page lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionInfo {
    pub id: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds, to within a few minutes; absent for sessions from before it was recorded.
    pub last_used_at: Option<i64>,
    /// Unix seconds.
    pub expires_at: i64,
    /// The browser's `User-Agent` when the session started.
    pub user_agent: Option<String>,
    /// The address the session started from.
    pub ip: Option<String>,
    /// The session of this request.
    pub current: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionList {
    /// Newest first.
    pub sessions: Vec<SessionInfo>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionsEnded {
    /// How many sessions ended.
    pub ended: u64,
}

/// The caller's sessions that still work: their own only, whoever else is signed in.
#[utoipa::path(get, path = "/account/sessions", tag = "account", responses(
    (status = 200, body = SessionList),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn sessions(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<SessionList>, Error> {
    let signed_in = caller.user()?;
    let sessions = session::active(&state.db, &signed_in.user.id)
        .await?
        .into_iter()
        .map(|listed| SessionInfo {
            current: listed.id == signed_in.session_id,
            id: listed.id,
            created_at: listed.created_at,
            last_used_at: listed.last_used_at,
            expires_at: listed.expires_at,
            user_agent: listed.user_agent,
            ip: listed.ip,
        })
        .collect();
    Ok(ApiJson(SessionList { sessions }))
}

/// Ends every session of the caller's but this one.
#[utoipa::path(post, path = "/account/sessions/logout-everywhere", tag = "account", responses(
    (status = 200, body = SessionsEnded),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn log_out_everywhere(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<SessionsEnded>, Error> {
    let signed_in = caller.user()?;
    let ended = session::revoke_others(&state.db, &signed_in.user.id, &signed_in.session_id).await?;
    Ok(ApiJson(SessionsEnded { ended }))
}

/// Ends one of the caller's sessions (this one too, which then also removes the cookie). Another
/// user's session answers 404, as an unknown id does.
#[utoipa::path(delete, path = "/account/sessions/{sessionId}", tag = "account",
    params(("sessionId" = String, Path, description = "The session's id, from the list")),
    responses(
        (status = 200, body = Message),
        (status = 401, description = "'Please login to do this!'", body = ErrorBody),
        (status = 404, description = "No working session of the caller's has this id", body = ErrorBody),
    ))]
async fn end_session(State(state): State<AppState>, caller: Caller, Path(session_id): Path<String>) -> Result<Response, Error> {
    let signed_in = caller.user()?;
    if !session::revoke_own(&state.db, &signed_in.user.id, &session_id).await? {
        return Err(Error::NotFound("This session is not one of yours, or it has already ended.".to_owned()));
    }
    let answer = ApiJson(Message { message: "The session has ended.".to_owned() });
    if session_id == signed_in.session_id {
        return Ok(([(SET_COOKIE, state.keys.clear_cookie())], answer).into_response());
    }
    Ok(answer.into_response())
}

async fn load_profile(state: &AppState, user_id: &str) -> Result<Profile, Error> {
    let (id, email, name, plan_id, Flag(email_verified), created_at, hash): (String, String, String, String, Flag, i64, String) =
        sqlx::query_as("SELECT id, email, name, plan_id, email_verified, created_at, password_hash FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&state.db.pool)
            .await
            .context("reading a profile")?;
    let plan_id = state.config.plan_of(&plan_id).to_owned();
    let user = User { id, email, name, plan_id, email_verified };
    Ok(Profile {
        plan: PlanFlag::from(&user),
        id: user.id,
        email: user.email,
        name: user.name,
        plan_id: user.plan_id,
        email_verified,
        has_password: password::stored(&hash).is_some(),
        created_at,
    })
}
