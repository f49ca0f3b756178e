//! Account settings of the signed-in user (`/dashboard/account`): profile, name, password, and
//! deleting the account with everything it owns.

use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::auth::{check_name, set_password, start_session, Message, PlanFlag, SessionAnswer};
use crate::api::ApiJson;
use crate::auth::{password, session, Caller, SignedIn, User};
use crate::db::{now, Db, Flag};
use crate::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(profile, rename, delete_account)).routes(routes!(change_password))
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
    pub current_password: String,
    pub new_password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeleteBody {
    /// The current password, to confirm.
    pub password: String,
}

/// The signed-in user's profile.
#[utoipa::path(get, path = "/account", tag = "account", responses(
    (status = 200, body = Profile),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn profile(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<Profile>, Error> {
    Ok(ApiJson(load_profile(&state.db, &caller.user()?.user.id).await?))
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
    Ok(ApiJson(load_profile(&state.db, user_id).await?))
}

/// Changes the password. Every session ends, then this one is re-issued: a stolen session
/// elsewhere stops working, the user stays logged in here.
#[utoipa::path(put, path = "/account/password", tag = "account", request_body = PasswordChange, responses(
    (status = 200, body = SessionAnswer, headers(("Set-Cookie" = String, description = "The new session cookie"))),
    (status = 400, description = "The current password is wrong", body = ErrorBody),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
    (status = 422, description = "The new password is too short", body = ErrorBody),
))]
async fn change_password(State(state): State<AppState>, caller: Caller, ApiJson(body): ApiJson<PasswordChange>) -> Result<Response, Error> {
    let signed_in = caller.user()?;
    password::check_rule("new_password", &body.new_password)?;
    confirm_password(&state.db, signed_in, &body.current_password).await?;
    set_password(&state.db, &signed_in.user.id, &body.new_password).await?;
    session::revoke_all(&state.db, &signed_in.user.id).await?;
    start_session(&state, &signed_in.user).await
}

/// Deletes the account, its workspaces with their boards and apps, and its sessions; their
/// sub-domains become free again.
#[utoipa::path(delete, path = "/account", tag = "account", request_body = DeleteBody, responses(
    (status = 200, body = Message, headers(("Set-Cookie" = String, description = "Removes the session cookie"))),
    (status = 400, description = "The password is wrong", body = ErrorBody),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn delete_account(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<DeleteBody>,
) -> Result<impl IntoResponse, Error> {
    let signed_in = caller.user()?;
    confirm_password(&state.db, signed_in, &body.password).await?;
    // Sessions, workspaces with everything in them, and their sub-domains go with the user
    // (ON DELETE CASCADE).
    sqlx::query("DELETE FROM users WHERE id = $1").bind(&signed_in.user.id).execute(&state.db.pool).await.context("deleting an account")?;
    Ok(([(SET_COOKIE, state.keys.clear_cookie())], ApiJson(Message { message: "Your account has been deleted.".to_owned() })))
}

async fn confirm_password(db: &Db, signed_in: &SignedIn, given: &str) -> Result<(), Error> {
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE id = $1")
        .bind(&signed_in.user.id)
        .fetch_one(&db.pool)
        .await
        .context("reading a password hash")?;
    if password::verify(given, &hash).await? {
        Ok(())
    } else {
        Err(Error::BadRequest("Your current password is not correct. Please try again.".to_owned()))
    }
}

async fn load_profile(db: &Db, user_id: &str) -> Result<Profile, Error> {
    let (id, email, name, plan_id, Flag(email_verified), created_at): (String, String, String, String, Flag, i64) =
        sqlx::query_as("SELECT id, email, name, plan_id, email_verified, created_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&db.pool)
            .await
            .context("reading a profile")?;
    let user = User { id, email, name, plan_id, email_verified };
    Ok(Profile {
        plan: PlanFlag::from(&user),
        id: user.id,
        email: user.email,
        name: user.name,
        plan_id: user.plan_id,
        email_verified,
        created_at,
    })
}
