//! App users (platform §3, §7 with the spec's spelling `mutipageapp_users`): the people an
//! app's owner invited with Read or Read-Write access.
//!
//! Only the app's owner or a platform admin may list or manage them; invited users, even with
//! Read-Write access, may not. Access is looked up on every request, so a removed user loses it
//! at once. An added user (or a changed e-mail) is e-mailed a link to `/accept-invitation`
//! with a token of its own; [`invitation`] answers that token's holder (and nobody else) who
//! invited which e-mail to which app, and whether that e-mail has an account.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ApiJson;
use crate::accounts::auth::Caller;
use crate::accounts::{self, is_valid_email, normalise_email};
use crate::boards::apps::{self, App, AppUser};
use crate::infra::db::{is_unique_violation, new_id, now};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(add, update, remove)).routes(routes!(invitation))
}

const REQUIRED: &str = "Please fill in both Name and Email.";
const BAD_EMAIL: &str = "Please enter a valid Email address (e.g., name@example.com).";

#[derive(Debug, Serialize, ToSchema)]
pub struct AppUserList {
    /// Oldest invitation first.
    pub app_users: Vec<AppUser>,
}

/// The app's users, sorted by `created_at` (platform §3). Owner or admin.
#[utoipa::path(get, path = "/mutipageapp_users/{appId}", tag = "app users",
    params(("appId" = String, Path, description = "The app's id"), super::SpecParams),
    responses((status = 200, body = AppUserList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn list(State(state): State<AppState>, caller: Caller, Path(app_id): Path<String>) -> Result<ApiJson<AppUserList>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    Ok(ApiJson(AppUserList { app_users: apps::app_users(&state.db, &app.id).await? }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAppUser {
    #[serde(rename = "appId")]
    pub app_id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// 'read' or 'read-write'.
    #[serde(default)]
    pub permissions: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppUserAdded {
    pub new_app_user: AppUser,
}

/// Name, e-mail (lower-cased) and permission, checked with the users dialog's texts (platform §5).
fn checked(name: &str, email: &str, permissions: &str) -> Result<(String, String, String), Error> {
    let (name, email) = (name.trim(), email.trim());
    if name.is_empty() || email.is_empty() {
        return Err(Error::invalid(if name.is_empty() { "name" } else { "email" }, REQUIRED));
    }
    if !is_valid_email(email) {
        return Err(Error::invalid("email", BAD_EMAIL));
    }
    if !matches!(permissions, "read" | "read-write") {
        return Err(Error::invalid("permissions", "permissions must be 'read' or 'read-write'."));
    }
    Ok((name.to_owned(), normalise_email(email), permissions.to_owned()))
}

fn already_invited(error: sqlx::Error) -> Error {
    if is_unique_violation(&error) {
        Error::Conflict("This e-mail has already been added to this app.".to_owned())
    } else {
        Error::internal("storing an app user", error)
    }
}

/// Invites a user to the app and e-mails them the invitation link. Owner or admin.
#[utoipa::path(post, path = "/mutipageapp_users", tag = "app users", request_body = NewAppUser,
    responses((status = 201, body = AppUserAdded), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "The e-mail is already invited", body = ErrorBody),
        (status = 422, body = ErrorBody), (status = 503, description = "The invitation could not be sent; nothing was stored", body = ErrorBody)))]
async fn add(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewAppUser>,
) -> Result<(StatusCode, ApiJson<AppUserAdded>), Error> {
    let app = App::get(&state.db, &body.app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let (name, email, permissions) = checked(&body.name, &body.email, &body.permissions)?;
    let user = AppUser { id: new_id(), name, email, permissions, created_at: now() };
    sqlx::query("INSERT INTO app_users (id, app_id, name, email, permissions, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&user.id)
        .bind(&app.id)
        .bind(&user.name)
        .bind(&user.email)
        .bind(&user.permissions)
        .bind(user.created_at)
        .execute(&state.db.pool)
        .await
        .map_err(already_invited)?;
    if let Err(error) = invite(&state, &caller, &app, &user).await {
        // Without the e-mail the person cannot know; the owner retries after the 503.
        sqlx::query("DELETE FROM app_users WHERE id = $1").bind(&user.id).execute(&state.db.pool).await.context("undoing an invitation")?;
        return Err(error);
    }
    Ok((StatusCode::CREATED, ApiJson(AppUserAdded { new_app_user: user })))
}

/// How an invitation token is kept: its SHA-256, so the table never holds a usable link.
fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Gives `user` a new invitation token (the old link stops working) and e-mails the link.
async fn invite(state: &AppState, caller: &Caller, app: &App, user: &AppUser) -> Result<(), Error> {
    let inviter = caller.signed_in.as_ref().map_or("The app's owner", |signed_in| signed_in.user.name.as_str());
    let access = if user.permissions == "read-write" { "Read-Write" } else { "Read" };
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    sqlx::query("UPDATE app_users SET invite_token_hash = $1, invited_by = $2 WHERE id = $3")
        .bind(token_hash(&token))
        .bind(inviter)
        .bind(&user.id)
        .execute(&state.db.pool)
        .await
        .context("keeping an invitation token")?;
    let base = state.config.public_base_url();
    let link = format!("{base}/accept-invitation?app={}&token={token}", app.id);
    let home = app.home_url(&base)?;
    let subject = format!("You are invited to {}", app.name);
    let body = format!(
        "Hello {},\n\n{inviter} invited you to the app \"{}\" with {access} access.\n\n\
         Accept the invitation here:\n{link}\n\nSign in or sign up with this e-mail address ({}) to open it.\n\n\
         The app itself is at {home}; sign in there with the same e-mail address.\n",
        user.name, app.name, user.email
    );
    state.mailer.send(&state.db, &user.email, &subject, &body).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppUserChange {
    #[serde(rename = "appId")]
    pub app_id: String,
    #[serde(rename = "userId")]
    pub user_id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    /// 'read' or 'read-write'.
    #[serde(default)]
    pub permissions: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppUserUpdated {
    /// With its original `created_at`.
    pub updated_user: AppUser,
}

async fn find(state: &AppState, app_id: &str, user_id: &str) -> Result<AppUser, Error> {
    let row: Option<(String, String, String, String, i64)> =
        sqlx::query_as("SELECT id, name, email, permissions, created_at FROM app_users WHERE id = $1 AND app_id = $2")
            .bind(user_id)
            .bind(app_id)
            .fetch_optional(&state.db.pool)
            .await
            .context("loading an app user")?;
    let (id, name, email, permissions, created_at) =
        row.ok_or_else(|| Error::NotFound("This user is not a user of the app.".to_owned()))?;
    Ok(AppUser { id, name, email, permissions, created_at })
}

async fn store(state: &AppState, user: &AppUser) -> Result<(), Error> {
    sqlx::query("UPDATE app_users SET name = $1, email = $2, permissions = $3 WHERE id = $4")
        .bind(&user.name)
        .bind(&user.email)
        .bind(&user.permissions)
        .bind(&user.id)
        .execute(&state.db.pool)
        .await
        .map_err(already_invited)?;
    Ok(())
}

/// Changes an app user's name, e-mail or permission; a new e-mail gets the invitation. Owner or admin.
#[utoipa::path(put, path = "/mutipageapp_users", tag = "app users", request_body = AppUserChange,
    responses((status = 200, body = AppUserUpdated), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 503, description = "The invitation to the new e-mail could not be sent; nothing was changed", body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<AppUserChange>,
) -> Result<ApiJson<AppUserUpdated>, Error> {
    let app = App::get(&state.db, &body.app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let before = find(&state, &app.id, &body.user_id).await?;
    let (name, email, permissions) = checked(&body.name, &body.email, &body.permissions)?;
    let user = AppUser { name, email, permissions, ..before.clone() };
    store(&state, &user).await?;
    if user.email != before.email {
        if let Err(error) = invite(&state, &caller, &app, &user).await {
            store(&state, &before).await?;
            return Err(error);
        }
    }
    Ok(ApiJson(AppUserUpdated { updated_user: user }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppUserRef {
    #[serde(rename = "appId")]
    pub app_id: String,
    #[serde(rename = "userId")]
    pub user_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppUserRemoved {
    pub deleted: bool,
    #[serde(rename = "userId")]
    pub user_id: String,
}

/// Removes an app user; their access ends with this call. Owner or admin.
#[utoipa::path(delete, path = "/mutipageapp_users", tag = "app users", request_body = AppUserRef,
    responses((status = 200, body = AppUserRemoved), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<AppUserRef>,
) -> Result<ApiJson<AppUserRemoved>, Error> {
    let app = App::get(&state.db, &body.app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let user = find(&state, &app.id, &body.user_id).await?;
    sqlx::query("DELETE FROM app_users WHERE id = $1").bind(&user.id).execute(&state.db.pool).await.context("removing an app user")?;
    Ok(ApiJson(AppUserRemoved { deleted: true, user_id: user.id }))
}

/// What an invitation link's page shows its holder.
#[derive(Debug, Serialize, ToSchema)]
pub struct Invitation {
    pub app_id: String,
    pub app_name: String,
    /// The name of who sent the invitation.
    pub inviter: String,
    /// The invited e-mail, to prefill sign-up or log-in with.
    pub email: String,
    /// Whether that e-mail has an account already: then the page offers to log in, else to create one.
    pub has_account: bool,
}

/// The invitation a link's token stands for, for whoever holds the link (signed in or not): the
/// token, 256 random bits e-mailed only to the invited address, is the proof. Any other token
/// gets the same 404, so nothing here tells whether an e-mail has an account or was invited.
#[utoipa::path(get, path = "/invitations/{token}", tag = "app users",
    params(("token" = String, Path, description = "The token of the invitation link")),
    responses((status = 200, body = Invitation),
        (status = 404, description = "No invitation has this token (any more)", body = ErrorBody)))]
async fn invitation(State(state): State<AppState>, Path(token): Path<String>) -> Result<ApiJson<Invitation>, Error> {
    let row: Option<(String, String, String, String)> = sqlx::query_as(
        "SELECT u.app_id, a.name, u.invited_by, u.email FROM app_users u JOIN apps a ON a.id = u.app_id \
         WHERE u.invite_token_hash = $1",
    )
    .bind(token_hash(&token))
    .fetch_optional(&state.db.pool)
    .await
    .context("looking up an invitation")?;
    let (app_id, app_name, inviter, email) =
        row.ok_or_else(|| Error::NotFound("This invitation link is no longer valid: ask the app's owner to send a new one.".to_owned()))?;
    let has_account = accounts::find_by_email(&state.db, &email).await?.is_some();
    Ok(ApiJson(Invitation { app_id, app_name, inviter, email, has_account }))
}
