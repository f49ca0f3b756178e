//! Who calls: the [`Caller`] of a request, from its session token (a bearer header or the session
//! cookie, `accounts/auth/session.rs`), looked up in the database on every request. A missing,
//! unknown, expired or revoked session is a guest, and so is any request of a page opened as a
//! guest preview (Share's 'Open as a guest': `as=guest` in the query of every call it makes).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::accounts::auth::{session, Caller, SignedIn, User};
use crate::infra::db::{now, Flag};
use crate::infra::error::{Error, ResultExt};
use crate::AppState;

impl FromRequestParts<AppState> for Caller {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if previews_as_guest(parts) {
            return Ok(Self::default());
        }
        let Some(token) = session::session_token(&parts.headers) else {
            return Ok(Self::default());
        };
        let Some(claims) = state.keys.verify(&token) else {
            return Ok(Self::default());
        };
        let row: Option<(String, String, String, String, Flag, Option<i64>)> = sqlx::query_as(
            "SELECT u.id, u.email, u.name, u.plan_id, u.email_verified, s.last_used_at FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3",
        )
        .bind(&claims.jti)
        .bind(&claims.sub)
        .bind(now())
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a session")?;
        let Some((id, email, name, plan_id, Flag(email_verified), last_used_at)) = row else {
            return Ok(Self::default());
        };
        session::touch(&state.db, &claims.jti, last_used_at).await?;
        let is_admin = state.config.is_admin(&email);
        // The operator's plan, when set, is every user's (`TESSERA_PLAN`): what the session says
        // of the plan is what every check of it reads.
        let plan_id = state.config.plan_of(&plan_id).to_owned();
        Ok(Self { signed_in: Some(SignedIn { user: User { id, email, name, plan_id, email_verified }, session_id: claims.jti, is_admin }) })
    }
}

/// Whether the request asks to be answered as a guest (`as=guest`). The flag can only take
/// access away, never give any: it sets the session aside, whoever the session is.
fn previews_as_guest(parts: &Parts) -> bool {
    parts.uri.query().is_some_and(|query| url::form_urlencoded::parse(query.as_bytes()).any(|(key, value)| key == "as" && value == "guest"))
}
