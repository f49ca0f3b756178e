//! Sign-up, e-mail verification, log-in (password or e-mailed link), forgotten password and
//! log-out, plus the two calls of platform §7: `POST /api/auth` {token} and `GET /api/auth`.
//!
//! A successful log-in answers `{token, user}` and sets the session cookie; API clients send the
//! token as a Bearer header. Codes and log-in tokens are in [`crate::accounts::codes`]; every call that
//! names an account or checks a secret is rate-limited ([`crate::http::rate_limit`]). Links in e-mails
//! are built from `TESSERA_BASE_URL`, never from request headers, so a forged `Host` cannot send
//! someone's log-in link elsewhere.
//!
//! Anyone can sign up with someone else's e-mail. So a session starts only for a verified
//! account, and verifying clears the password chosen at sign-up unless the verifying browser is
//! the one that signed up (it holds the sign-up proof cookie); the account's sessions end too
//! (`mark_verified`). Otherwise the first comer's password would open the real owner's account
//! once they verify it (issue 45).

use axum::extract::{FromRequestParts, State};
use axum::http::header::{SET_COOKIE, USER_AGENT};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::session::Origin;
use crate::accounts::auth::{password, session, Caller, User};
use crate::accounts::codes::{self, Purpose, Refusal};
use crate::accounts::{self, normalise_email};
use crate::boards::app_settings;
use crate::boards::apps::{App, AppLocator};
use crate::http::api::ApiJson;
use crate::http::rate_limit::{self, Action, ClientIp};
use crate::infra::db::{now, Db, Flag};
use crate::infra::error::{messages, Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current_user, exchange_token))
        .routes(routes!(signup))
        .routes(routes!(verify_email))
        .routes(routes!(resend_code))
        .routes(routes!(login))
        .routes(routes!(login_link))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(logout))
}

const NAME_MAX_CHARS: usize = 100;

/// The user as the web app knows them (platform §3 "User"), and whether they administer the
/// platform, so the web app shows the platform tabs of /admin only to those who may use them.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthUser {
    pub id: String,
    pub email: String,
    pub name: String,
    pub plan: PlanFlag,
    /// The e-mail is in `TESSERA_ADMIN_EMAILS`. Only a hint for what to show: every admin call
    /// checks the session itself.
    pub is_admin: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanFlag {
    #[serde(rename = "isFreePlan")]
    pub is_free_plan: bool,
}

impl From<&User> for PlanFlag {
    fn from(user: &User) -> Self {
        Self { is_free_plan: user.is_free_plan() }
    }
}

impl AuthUser {
    fn new(user: &User, is_admin: bool) -> Self {
        Self { id: user.id.clone(), email: user.email.clone(), name: user.name.clone(), plan: PlanFlag::from(user), is_admin }
    }
}

/// A started session: the token (also set as the session cookie) and who it belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionAnswer {
    pub token: String,
    pub user: AuthUser,
}

/// A short confirmation for the user.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

/// An e-mail went out to `email`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MailSent {
    pub email: String,
    pub message: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignupBody {
    pub name: String,
    pub email: String,
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SignupAnswer {
    pub email: String,
    /// Always `sent`: the verification e-mail went out.
    pub verification: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailBody {
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeBody {
    pub email: String,
    pub code: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    pub email: String,
    pub password: String,
    /// Refused when this app signs in by e-mailed link only.
    #[serde(flatten)]
    pub on_app: SignInApp,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginLinkBody {
    pub email: String,
    /// The link then leads back to this app, and is refused when it signs in by password only.
    #[serde(flatten)]
    pub on_app: SignInApp,
}

/// The app whose own pages a log-in happens on, by id or, where only the address is known (the
/// 403 screen of a private app), by sub-domain. Neither: the dashboard's log-in.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SignInApp {
    #[serde(default)]
    pub app_id: Option<String>,
    /// The app's sub-domain.
    #[serde(default)]
    pub app: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenBody {
    /// The `token` of a log-in link.
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetBody {
    pub email: String,
    pub code: String,
    /// The new password.
    pub password: String,
}

/// Creates an unverified account and e-mails a verification code and a one-time log-in link.
#[utoipa::path(post, path = "/auth/signup", tag = "auth", request_body = SignupBody, responses(
    (status = 201, body = SignupAnswer),
    (status = 409, description = "The e-mail already has an account", body = ErrorBody),
    (status = 422, description = "Missing name, malformed e-mail or too short password", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn signup(State(state): State<AppState>, ip: ClientIp, ApiJson(body): ApiJson<SignupBody>) -> Result<impl IntoResponse, Error> {
    rate_limit::check(&state.db, Action::Signup, ip, Some(&body.email)).await?;
    let name = check_name("name", &body.name)?;
    let email = normalise_email(&body.email);
    if !accounts::is_valid_email(&email) {
        return Err(Error::invalid("email", "Please enter a valid e-mail address (e.g., ada@example.com)."));
    }
    password::check_rule("password", &body.password)?;
    let user = accounts::create_user(&state.db, name, &email, &body.password, false).await?;
    send_verification(&state, &user).await?;
    let proof = state.keys.signup_proof(&user.id, &password_hash(&state.db, &user.id).await?);
    Ok((
        StatusCode::CREATED,
        [(SET_COOKIE, state.keys.signup_cookie(&proof))],
        ApiJson(SignupAnswer { email: user.email, verification: "sent".to_owned() }),
    ))
}

/// Checks the e-mailed verification code, marks the e-mail verified and starts a session. The
/// password chosen at sign-up stays only when this browser is the one that signed up.
#[utoipa::path(post, path = "/auth/verify-email", tag = "auth", request_body = CodeBody, responses(
    (status = 200, body = SessionAnswer, headers(("Set-Cookie" = String, description = "The session cookie"))),
    (status = 400, description = "'Invalid OTP, please enter the valid OTP' or 'Verification code has expired'", body = ErrorBody),
    (status = 404, description = "'UserEmail not found. Please check and try again'", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn verify_email(
    State(state): State<AppState>,
    ip: ClientIp,
    origin: Origin,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CodeBody>,
) -> Result<Response, Error> {
    rate_limit::check(&state.db, Action::VerifyEmail, ip, Some(&body.email)).await?;
    let mut user = user_by_email(&state.db, &body.email, messages::USER_EMAIL_NOT_FOUND).await?;
    redeem_counted(&state, &user, Purpose::VerifyEmail, &body.code).await?.map_err(|refusal| match refusal {
        Refusal::Invalid => Error::BadRequest(messages::INVALID_OTP.to_owned()),
        Refusal::Expired => Error::BadRequest(messages::VERIFICATION_CODE_EXPIRED.to_owned()),
    })?;
    let keep_password = signed_up_here(&state, &headers, &user.id).await?;
    mark_verified(&state.db, &user.id, keep_password).await?;
    user.email_verified = true;
    start_session(&state, &user, &origin).await
}

/// E-mails a new verification code (and log-in link); older ones stop working.
#[utoipa::path(post, path = "/auth/resend-code", tag = "auth", request_body = EmailBody, responses(
    (status = 200, body = MailSent),
    (status = 400, description = "The e-mail is already verified", body = ErrorBody),
    (status = 404, description = "'UserEmail not found. Please check and try again'", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn resend_code(State(state): State<AppState>, ip: ClientIp, ApiJson(body): ApiJson<EmailBody>) -> Result<ApiJson<MailSent>, Error> {
    rate_limit::check(&state.db, Action::ResendCode, ip, Some(&body.email)).await?;
    let user = user_by_email(&state.db, &body.email, messages::USER_EMAIL_NOT_FOUND).await?;
    if user.email_verified {
        return Err(Error::BadRequest("This e-mail is already verified. Please log in.".to_owned()));
    }
    send_verification(&state, &user).await?;
    Ok(ApiJson(MailSent { message: format!("We sent a new verification code to {}.", user.email), email: user.email }))
}

/// Logs in with e-mail and password. An unverified account gets a fresh code and a 403.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginBody, responses(
    (status = 200, body = SessionAnswer, headers(("Set-Cookie" = String, description = "The session cookie"))),
    (status = 400, description = "The app signs in with an e-mailed link only", body = ErrorBody),
    (status = 401, description = "Wrong password", body = ErrorBody),
    (status = 403, description = "The e-mail is not verified yet; a new code was sent", body = ErrorBody),
    (status = 404, description = "'Account Not Found. Please Sign Up to Create an Account.'", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn login(State(state): State<AppState>, ip: ClientIp, origin: Origin, ApiJson(body): ApiJson<LoginBody>) -> Result<Response, Error> {
    rate_limit::check(&state.db, Action::Login, ip, Some(&body.email)).await?;
    app_signing_in(&state, body.on_app, SignIn::Password).await?;
    let found = accounts::find_by_email(&state.db, &body.email).await?;
    // Checked before asking whether the account exists: one argon2 verification either way.
    let matched = password::verify_login(&body.password, found.as_ref().and_then(|(_, hash)| password::stored(hash))).await?;
    let (user, _) = found.ok_or_else(|| Error::NotFound(messages::ACCOUNT_NOT_FOUND.to_owned()))?;
    if !matched {
        return Err(Error::BadCredentials("Incorrect password. Please try again, or reset your password.".to_owned()));
    }
    if !user.email_verified {
        send_verification(&state, &user).await?;
        let text = format!("Please verify your e-mail before logging in. We sent a new verification code to {}.", user.email);
        return Err(Error::NotPermitted(text));
    }
    start_session(&state, &user, &origin).await
}

/// E-mails a one-time log-in link.
#[utoipa::path(post, path = "/auth/login-link", tag = "auth", request_body = LoginLinkBody, responses(
    (status = 200, body = MailSent),
    (status = 400, description = "The app signs in with a password only", body = ErrorBody),
    (status = 404, description = "'Account Not Found. Please Sign Up to Create an Account.'", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn login_link(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<LoginLinkBody>,
) -> Result<ApiJson<MailSent>, Error> {
    rate_limit::check(&state.db, Action::LoginLink, ip, Some(&body.email)).await?;
    let app = app_signing_in(&state, body.on_app, SignIn::Link).await?;
    let user = user_by_email(&state.db, &body.email, messages::ACCOUNT_NOT_FOUND).await?;
    let token = codes::issue(&state.db, &user.id, Purpose::LoginToken).await?;
    let (link, place) = match &app {
        Some(app) => (app_login_url(&state, app, &token)?, app.name.as_str()),
        None => (login_url(&state, &token), "Tessera"),
    };
    let body = format!(
        "Hello {},\n\nUse this link to log in to {place}. It works once, within {} minutes:\n{link}\n\n\
         If you did not ask to log in, you can ignore this e-mail; nobody can log in without the link.\n",
        user.name,
        minutes(Purpose::LoginToken),
    );
    state.mailer.send(&state.db, &user.email, &format!("Your {place} log-in link"), &body).await?;
    Ok(ApiJson(MailSent { message: format!("We sent a log-in link to {}.", user.email), email: user.email }))
}

/// Exchanges a one-time log-in token (the link of a log-in or verification e-mail) for a session
/// (platform §7). Following the link proves control of the e-mail, so it also verifies it, with
/// the sign-up password kept only in the browser that signed up.
#[utoipa::path(post, path = "/auth", tag = "auth", request_body = TokenBody, responses(
    (status = 200, body = SessionAnswer, headers(("Set-Cookie" = String, description = "The session cookie"))),
    (status = 400, description = "The link is unknown, used or expired", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn exchange_token(
    State(state): State<AppState>,
    ip: ClientIp,
    origin: Origin,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TokenBody>,
) -> Result<Response, Error> {
    rate_limit::check(&state.db, Action::RedeemToken, ip, None).await?;
    let user_id = codes::redeem_token(&state.db, &body.token).await?.map_err(|refusal| {
        Error::BadRequest(match refusal {
            Refusal::Invalid => "This log-in link is not valid or was already used. Please ask for a new one.".to_owned(),
            Refusal::Expired => "This log-in link has expired. Please ask for a new one.".to_owned(),
        })
    })?;
    let keep_password = signed_up_here(&state, &headers, &user_id).await?;
    mark_verified(&state.db, &user_id, keep_password).await?;
    let user =
        accounts::find_by_id(&state.db, &user_id).await?.ok_or_else(|| Error::BadRequest("This account no longer exists.".to_owned()))?;
    start_session(&state, &user, &origin).await
}

/// The signed-in user (platform §7).
#[utoipa::path(get, path = "/auth", tag = "auth", responses(
    (status = 200, body = AuthUser),
    (status = 401, description = "'Please login to do this!'", body = ErrorBody),
))]
async fn current_user(caller: Caller) -> Result<ApiJson<AuthUser>, Error> {
    let signed_in = caller.user()?;
    Ok(ApiJson(AuthUser::new(&signed_in.user, signed_in.is_admin)))
}

/// E-mails a code to choose a new password with.
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", request_body = EmailBody, responses(
    (status = 200, body = MailSent),
    (status = 404, description = "'UserEmail not found. Please check and try again'", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn forgot_password(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<EmailBody>,
) -> Result<ApiJson<MailSent>, Error> {
    rate_limit::check(&state.db, Action::ForgotPassword, ip, Some(&body.email)).await?;
    let user = user_by_email(&state.db, &body.email, messages::USER_EMAIL_NOT_FOUND).await?;
    let code = codes::issue(&state.db, &user.id, Purpose::ResetPassword).await?;
    let body = format!(
        "Hello {},\n\nYour Tessera password reset code is: {code}\n\nEnter it with your new password within {} minutes.\n\n\
         If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is.\n",
        user.name,
        minutes(Purpose::ResetPassword)
    );
    state.mailer.send(&state.db, &user.email, "Reset your Tessera password", &body).await?;
    Ok(ApiJson(MailSent { message: format!("We sent a password reset code to {}.", user.email), email: user.email }))
}

/// Sets a new password with the e-mailed reset code and ends every session of the account.
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth", request_body = ResetBody, responses(
    (status = 200, body = Message),
    (status = 400, description = "'Invalid OTP, please enter the valid OTP' or 'OTP has expired'", body = ErrorBody),
    (status = 404, description = "'UserEmail not found. Please check and try again'", body = ErrorBody),
    (status = 422, description = "The new password is too short", body = ErrorBody),
    (status = 429, description = "Too many attempts", body = ErrorBody),
))]
async fn reset_password(State(state): State<AppState>, ip: ClientIp, ApiJson(body): ApiJson<ResetBody>) -> Result<ApiJson<Message>, Error> {
    rate_limit::check(&state.db, Action::ResetPassword, ip, Some(&body.email)).await?;
    // Before the code is checked, so a too-short password does not use the code up.
    password::check_rule("password", &body.password)?;
    let user = user_by_email(&state.db, &body.email, messages::USER_EMAIL_NOT_FOUND).await?;
    redeem_counted(&state, &user, Purpose::ResetPassword, &body.code).await?.map_err(|refusal| match refusal {
        Refusal::Invalid => Error::BadRequest(messages::INVALID_OTP.to_owned()),
        Refusal::Expired => Error::BadRequest(messages::OTP_EXPIRED.to_owned()),
    })?;
    set_password(&state.db, &user.id, &body.password).await?;
    // The reset code reached the mailbox, which proves control of it, and the new password is
    // that mailbox owner's own.
    mark_verified(&state.db, &user.id, true).await?;
    session::revoke_all(&state.db, &user.id).await?;
    Ok(ApiJson(Message { message: "Your password has been changed. Please log in with your new password.".to_owned() }))
}

/// Ends the current session and removes the cookie; a guest gets the same answer.
#[utoipa::path(post, path = "/auth/logout", tag = "auth", responses(
    (status = 200, body = Message, headers(("Set-Cookie" = String, description = "Removes the session cookie"))),
))]
async fn logout(State(state): State<AppState>, caller: Caller) -> Result<impl IntoResponse, Error> {
    if let Some(signed_in) = &caller.signed_in {
        session::revoke(&state.db, &signed_in.session_id).await?;
    }
    Ok(([(SET_COOKIE, state.keys.clear_cookie())], ApiJson(Message { message: "You are logged out.".to_owned() })))
}

/// Starts a session for `user`: `{token, user}` with the session cookie. Never for an
/// unverified account: whoever signed it up may not own the e-mail.
pub(super) async fn start_session(state: &AppState, user: &User, origin: &Origin) -> Result<Response, Error> {
    if !user.email_verified {
        return Err(Error::NotPermitted("Please verify your e-mail before logging in.".to_owned()));
    }
    let session = state.keys.start(&state.db, &user.id, origin).await?;
    let cookie = state.keys.cookie(&session);
    let user = AuthUser::new(user, state.config.is_admin(&user.email));
    Ok(([(SET_COOKIE, cookie)], ApiJson(SessionAnswer { token: session.token, user })).into_response())
}

/// A trimmed, non-empty display name of at most [`NAME_MAX_CHARS`].
pub(super) fn check_name<'a>(field: &str, name: &'a str) -> Result<&'a str, Error> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::invalid(field, "Please enter your name."));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(Error::invalid(field, format!("A name has at most {NAME_MAX_CHARS} characters.")));
    }
    Ok(name)
}

/// Stores a new password hash for `user_id`.
pub(super) async fn set_password(db: &Db, user_id: &str, new_password: &str) -> Result<(), Error> {
    let hash = password::hash(new_password).await?;
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now())
        .bind(user_id)
        .execute(&db.pool)
        .await
        .context("storing a new password")?;
    Ok(())
}

async fn user_by_email(db: &Db, email: &str, not_found: &str) -> Result<User, Error> {
    Ok(accounts::find_by_email(db, email).await?.ok_or_else(|| Error::NotFound(not_found.to_owned()))?.0)
}

/// Marks an unverified e-mail verified. Verifying proves control of the mailbox, not that the
/// password chosen at sign-up is the mailbox owner's, so unless `keep_password` (the verifying
/// browser signed up, or the password was just set with a code from the mailbox) the password is
/// cleared; every session of the account ends either way. One transaction, so no moment exists
/// where the account is verified and the first comer's password still works.
pub(crate) async fn mark_verified(db: &Db, user_id: &str, keep_password: bool) -> Result<(), Error> {
    let at = now();
    let mut tx = db.pool.begin().await.context("starting to verify an e-mail")?;
    let verified = sqlx::query("UPDATE users SET email_verified = $1, updated_at = $2 WHERE id = $3 AND email_verified = $4")
        .bind(Flag(true))
        .bind(at)
        .bind(user_id)
        .bind(Flag(false))
        .execute(&mut *tx)
        .await
        .context("marking an e-mail verified")?;
    if verified.rows_affected() == 1 {
        if !keep_password {
            sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
                .bind(password::NO_PASSWORD)
                .bind(user_id)
                .execute(&mut *tx)
                .await
                .context("clearing the password chosen before verification")?;
        }
        sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
            .bind(at)
            .bind(user_id)
            .execute(&mut *tx)
            .await
            .context("ending the sessions of a newly verified account")?;
    }
    tx.commit().await.context("verifying an e-mail")?;
    Ok(())
}

/// Whether this request comes from the browser that signed `user_id` up with its current
/// password (it carries the sign-up proof cookie).
async fn signed_up_here(state: &AppState, headers: &HeaderMap, user_id: &str) -> Result<bool, Error> {
    let Some(proof) = session::cookie(headers, session::SIGNUP_COOKIE) else { return Ok(false) };
    Ok(state.keys.is_signup_proof(&proof, user_id, &password_hash(&state.db, user_id).await?))
}

async fn password_hash(db: &Db, user_id: &str) -> Result<String, Error> {
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&db.pool)
        .await
        .context("reading a password hash")?;
    Ok(hash)
}

/// Redeems a typed code within the account's daily allowance of wrong codes: refused with 429
/// once it is used up; a wrong code counts, and the one that uses the day up e-mails the owner.
async fn redeem_counted(state: &AppState, user: &User, purpose: Purpose, code: &str) -> Result<Result<(), Refusal>, Error> {
    rate_limit::check_wrong_codes(&state.db, &user.email).await?;
    let outcome = codes::redeem_code(&state.db, &user.id, purpose, code).await?;
    if outcome == Err(Refusal::Invalid) && rate_limit::count_wrong_code(&state.db, &user.email).await? {
        let body = format!(
            "Hello {},\n\nSomeone entered {} wrong codes for your Tessera account ({}) today, so codes for it are refused \
             until the end of the day (UTC).\n\nIf it was you, you can still log in with a log-in link. If it was not, nobody \
             got in: a wrong code opens nothing, and your password and sessions are as they were.\n",
            user.name,
            rate_limit::WRONG_CODES_PER_DAY,
            user.email,
        );
        // The guess is answered either way; a failed notice stays in the outbox with its error.
        if let Err(error) = state.mailer.send(&state.db, &user.email, "Too many wrong codes for your Tessera account", &body).await {
            tracing::error!(?error, "could not tell an account's owner about its wrong codes");
        }
    }
    Ok(outcome)
}

/// The verification e-mail: a code to type and a one-time link that verifies and logs in.
async fn send_verification(state: &AppState, user: &User) -> Result<(), Error> {
    let code = codes::issue(&state.db, &user.id, Purpose::VerifyEmail).await?;
    let token = codes::issue(&state.db, &user.id, Purpose::LoginToken).await?;
    let body = format!(
        "Hello {},\n\nWelcome to Tessera! Your verification code is: {code}\n\nEnter it on the verification screen within {} minutes.\n\n\
         Or confirm your e-mail and log in at once with this link, which works once within {} minutes:\n{}\n\n\
         If you did not sign up for Tessera, you can ignore this e-mail.\n",
        user.name,
        minutes(Purpose::VerifyEmail),
        minutes(Purpose::LoginToken),
        login_url(state, &token)
    );
    state.mailer.send(&state.db, &user.email, "Your Tessera verification code", &body).await
}

/// The log-in page with a one-time token; the web app posts it to `POST /api/auth`.
fn login_url(state: &AppState, token: &str) -> String {
    format!("{}/dashboard/auth?token={token}", state.config.public_base_url())
}

/// The app's home page with a one-time token; the app's pages post it to `POST /api/auth`, so
/// the session starts on the app's own host.
fn app_login_url(state: &AppState, app: &App, token: &str) -> Result<String, Error> {
    let mut url = app.home_url(&state.config.public_base_url())?;
    url.query_pairs_mut().append_pair("token", token);
    Ok(url.into())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SignIn {
    Password,
    Link,
}

/// The app a log-in on an app's own pages is for, refused when the app's `sign_in_method` does
/// not offer `method`. Without an app the log-in is the dashboard's, which offers both.
async fn app_signing_in(state: &AppState, on_app: SignInApp, method: SignIn) -> Result<Option<App>, Error> {
    let named = |value: &Option<String>| value.as_deref().is_some_and(|value| !value.trim().is_empty());
    if !named(&on_app.app_id) && !named(&on_app.app) {
        return Ok(None);
    }
    let locator = AppLocator { app_id: on_app.app_id, app: on_app.app };
    let app = locator.resolve(&state.db, None, &state.config.public_base_url()).await?;
    let refusal = match (app_settings::sign_in_method(&app.settings), method) {
        ("link", SignIn::Password) => Some("This app signs in with an e-mailed log-in link: ask for one instead of typing a password."),
        ("password", SignIn::Link) => Some("This app signs in with a password: log in with your e-mail and password."),
        _ => None,
    };
    match refusal {
        Some(text) => Err(Error::BadRequest(text.to_owned())),
        None => Ok(Some(app)),
    }
}

/// Where a session starts from: the client's address as the rate limits see it, and its browser.
impl FromRequestParts<AppState> for Origin {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let ClientIp(ip) = ClientIp::from_request_parts(parts, state).await?;
        let user_agent = parts.headers.get(USER_AGENT).and_then(|value| value.to_str().ok()).map(str::to_owned);
        Ok(Self { ip: Some(ip.to_string()), user_agent })
    }
}

fn minutes(purpose: Purpose) -> i64 {
    purpose.lifetime_secs() / 60
}
