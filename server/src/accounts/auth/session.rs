//! Sessions: an HS256 JWT whose `jti` names a row of the `sessions` table.
//!
//! The token travels in the HttpOnly, SameSite=Lax cookie [`COOKIE`] (browsers) or an
//! `Authorization: Bearer` header (API clients). Verification allows HS256 only, and checks the
//! signature, `exp`, `iss` and `aud`; the session row must then exist, be unrevoked and
//! unexpired, so log-out ends a session on every replica at once.

use axum::http::header::{AUTHORIZATION, COOKIE as COOKIE_HEADER};
use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::infra::config::Config;
use crate::infra::db::{new_id, now, Db};
use crate::infra::error::{Error, ResultExt};

pub const COOKIE: &str = "tessera_session";
/// Proves that a browser is the one that signed an account up ([`SessionKeys::signup_proof`]).
pub const SIGNUP_COOKIE: &str = "tessera_signup";
/// How long a browser keeps its sign-up proof: long enough to verify the e-mail later that day.
const SIGNUP_PROOF_SECS: i64 = 24 * 3600;
/// A session's `last_used_at` is refreshed when it is older than this, so a busy session costs
/// one write every few minutes rather than one per request.
const LAST_USED_STEP_SECS: i64 = 5 * 60;
/// The longest user agent kept with a session.
const USER_AGENT_MAX_CHARS: usize = 300;
const ISSUER: &str = "tessera";
const AUDIENCE: &str = "tessera-api";
const SECRET_NAME: &str = "jwt_hs256";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The session id (a row of `sessions`).
    pub jti: String,
    pub iat: i64,
    pub exp: i64,
    pub iss: String,
    pub aud: String,
}

pub struct SessionKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl_secs: i64,
    secure_cookie: bool,
    /// Salts the pseudonyms of guests in the row activity log ([`SessionKeys::guest_pseudonym`]),
    /// so that a logged pseudonym cannot be turned back into an address by trying them all.
    pseudonym_salt: [u8; 32],
    /// Keys the sign-up proofs ([`SessionKeys::signup_proof`]).
    signup_key: [u8; 32],
    /// Seals e-mail bodies in the outbox ([`crate::accounts::mail`]).
    outbox_key: [u8; 32],
}

/// Where a session starts from, as its owner sees it in their list of sessions.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

/// A freshly started session.
#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub id: String,
    pub expires_at: i64,
}

impl SessionKeys {
    /// The signing key is `TESSERA_JWT_SECRET` when set, else a random key kept in the database
    /// (made by whichever replica starts first; the others read it).
    pub async fn load(db: &Db, config: &Config) -> Result<Self, Error> {
        let secret = match &config.jwt_secret {
            Some(secret) => secret.clone(),
            None => shared_secret(db).await?,
        };
        Ok(Self::from_secret(secret.as_bytes(), i64::from(config.session_hours) * 3600, config.public_base_url().starts_with("https://")))
    }

    pub fn from_secret(secret: &[u8], ttl_secs: i64, secure_cookie: bool) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 0;
        let pseudonym_salt = Sha256::new().chain_update(b"tessera guest pseudonyms\0").chain_update(secret).finalize().into();
        let signup_key = Sha256::new().chain_update(b"tessera sign-up proofs\0").chain_update(secret).finalize().into();
        let outbox_key = Sha256::new().chain_update(b"tessera outbox bodies\0").chain_update(secret).finalize().into();
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl_secs,
            secure_cookie,
            pseudonym_salt,
            signup_key,
            outbox_key,
        }
    }

    /// The key that seals e-mail bodies in the outbox: the same on every replica and across
    /// restarts, as the signing secret is.
    pub fn outbox_key(&self) -> [u8; 32] {
        self.outbox_key
    }

    /// The proof a browser gets when it signs an account up: a MAC of the account and the hash
    /// of the password it chose. Verifying the e-mail from that browser keeps the password;
    /// from anywhere else it is cleared, because whoever chose it may not own the mailbox
    /// (issue 45, pre-registration takeover).
    pub fn signup_proof(&self, user_id: &str, password_hash: &str) -> String {
        hex::encode(self.signup_mac(user_id, password_hash).finalize().into_bytes())
    }

    /// True when `proof` is [`SessionKeys::signup_proof`] of this account and password hash.
    pub fn is_signup_proof(&self, proof: &str, user_id: &str, password_hash: &str) -> bool {
        hex::decode(proof).is_ok_and(|bytes| self.signup_mac(user_id, password_hash).verify_slice(&bytes).is_ok())
    }

    fn signup_mac(&self, user_id: &str, password_hash: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.signup_key).expect("HMAC takes any key length");
        mac.update(user_id.as_bytes());
        mac.update(b"\0");
        mac.update(password_hash.as_bytes());
        mac
    }

    /// The `Set-Cookie` value that keeps a sign-up proof, sent only to the auth calls.
    pub fn signup_cookie(&self, proof: &str) -> String {
        format!("{SIGNUP_COOKIE}={proof}; Path=/api/auth; Max-Age={SIGNUP_PROOF_SECS}; HttpOnly; SameSite=Strict{}", self.secure_suffix())
    }

    /// A guest as the row activity log names them: `Guest ` and 8 hex digits of a salted SHA-256
    /// of their address, the same for every write from that address and never the address.
    pub fn guest_pseudonym(&self, address: std::net::IpAddr) -> String {
        let digest = Sha256::new().chain_update(self.pseudonym_salt).chain_update(address.to_string().as_bytes()).finalize();
        format!("Guest {}", &hex::encode(digest)[..8])
    }

    /// The claims of a token that is well signed, unexpired and ours; `None` otherwise.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|data| data.claims)
    }

    /// Starts a session for `user_id`: stores its row, then signs its token.
    pub async fn start(&self, db: &Db, user_id: &str, origin: &Origin) -> Result<Session, Error> {
        let id = new_id();
        let issued = now();
        let expires_at = issued + self.ttl_secs;
        let user_agent = origin.user_agent.as_deref().map(|agent| agent.chars().take(USER_AGENT_MAX_CHARS).collect::<String>());
        sqlx::query(
            "INSERT INTO sessions (id, user_id, created_at, expires_at, last_used_at, user_agent, ip) VALUES ($1, $2, $3, $4, $3, $5, $6)",
        )
        .bind(&id)
        .bind(user_id)
        .bind(issued)
        .bind(expires_at)
        .bind(user_agent)
        .bind(&origin.ip)
        .execute(&db.pool)
        .await
        .context("storing a new session")?;
        let claims = Claims {
            sub: user_id.to_owned(),
            jti: id.clone(),
            iat: issued,
            exp: expires_at,
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).context("signing a session token")?;
        Ok(Session { token, id, expires_at })
    }

    /// The `Set-Cookie` value that stores `session` in the browser.
    pub fn cookie(&self, session: &Session) -> String {
        let max_age = (session.expires_at - now()).max(0);
        format!("{COOKIE}={}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{}", session.token, self.secure_suffix())
    }

    /// The `Set-Cookie` value that removes the session cookie.
    pub fn clear_cookie(&self) -> String {
        format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{}", self.secure_suffix())
    }

    fn secure_suffix(&self) -> &'static str {
        if self.secure_cookie {
            "; Secure"
        } else {
            ""
        }
    }
}

/// Ends one session (log-out).
pub async fn revoke(db: &Db, session_id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now())
        .bind(session_id)
        .execute(&db.pool)
        .await
        .context("revoking a session")?;
    Ok(())
}

/// A session of a user's as their account page lists it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Listed {
    pub id: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub expires_at: i64,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
}

/// The user's sessions that still work (unrevoked, unexpired), newest first.
pub async fn active(db: &Db, user_id: &str) -> Result<Vec<Listed>, Error> {
    sqlx::query_as(
        "SELECT id, created_at, last_used_at, expires_at, user_agent, ip FROM sessions \
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC, id",
    )
    .bind(user_id)
    .bind(now())
    .fetch_all(&db.pool)
    .await
    .context("listing a user's sessions")
}

/// Ends one of `user_id`'s own sessions; false when no working session of theirs has that id,
/// so nobody can end, or learn of, another user's session.
pub async fn revoke_own(db: &Db, user_id: &str, session_id: &str) -> Result<bool, Error> {
    let done = sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL AND expires_at > $1")
        .bind(now())
        .bind(session_id)
        .bind(user_id)
        .execute(&db.pool)
        .await
        .context("ending one of a user's sessions")?;
    Ok(done.rows_affected() == 1)
}

/// Ends every session of `user_id` but `keep` ("log out everywhere else"); answers how many.
pub async fn revoke_others(db: &Db, user_id: &str, keep: &str) -> Result<u64, Error> {
    let done =
        sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL AND expires_at > $1")
            .bind(now())
            .bind(user_id)
            .bind(keep)
            .execute(&db.pool)
            .await
            .context("ending a user's other sessions")?;
    Ok(done.rows_affected())
}

/// Records that a session was used now, when its `last_used_at` (read with the session) is
/// older than [`LAST_USED_STEP_SECS`].
pub async fn touch(db: &Db, session_id: &str, last_used_at: Option<i64>) -> Result<(), Error> {
    let at = now();
    if last_used_at.is_some_and(|last| at - last < LAST_USED_STEP_SECS) {
        return Ok(());
    }
    sqlx::query("UPDATE sessions SET last_used_at = $1 WHERE id = $2")
        .bind(at)
        .bind(session_id)
        .execute(&db.pool)
        .await
        .context("recording a session's use")?;
    Ok(())
}

/// Ends every session of a user (password reset, password change).
pub async fn revoke_all(db: &Db, user_id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL")
        .bind(now())
        .bind(user_id)
        .execute(&db.pool)
        .await
        .context("revoking a user's sessions")?;
    Ok(())
}

async fn shared_secret(db: &Db) -> Result<String, Error> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    sqlx::query("INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
        .bind(SECRET_NAME)
        .bind(hex::encode(bytes))
        .bind(now())
        .execute(&db.pool)
        .await
        .context("storing the session signing key")?;
    let (value,): (String,) = sqlx::query_as("SELECT value FROM server_secrets WHERE name = $1")
        .bind(SECRET_NAME)
        .fetch_one(&db.pool)
        .await
        .context("reading the session signing key")?;
    Ok(value)
}

/// The session token a request carries (a bearer header, else the session cookie), unchecked: the
/// page server asks only whether there is one, to know who is certainly a guest.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    bearer_token(headers).or_else(|| cookie_token(headers))
}

pub(crate) fn bearer_token(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim().to_owned()).filter(|token| !token.is_empty())
}

pub(crate) fn cookie_token(headers: &HeaderMap) -> Option<String> {
    cookie(headers, COOKIE)
}

/// The value of the cookie `wanted`, if the request carries a non-empty one.
pub fn cookie(headers: &HeaderMap, wanted: &str) -> Option<String> {
    headers.get_all(COOKIE_HEADER).iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(';')).find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        (name == wanted && !value.is_empty()).then(|| value.to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(secret: &[u8]) -> SessionKeys {
        SessionKeys::from_secret(secret, 3600, false)
    }

    fn claims(exp: i64) -> Claims {
        Claims { sub: "u1".into(), jti: "s1".into(), iat: now(), exp, iss: ISSUER.into(), aud: AUDIENCE.into() }
    }

    fn sign(claims: &Claims, header: Header, secret: &[u8]) -> String {
        jsonwebtoken::encode(&header, claims, &EncodingKey::from_secret(secret)).unwrap()
    }

    #[test]
    fn a_well_signed_unexpired_token_verifies() {
        let token = sign(&claims(now() + 60), Header::new(Algorithm::HS256), b"k1-0123456789abcdef0123456789abcdef");
        assert_eq!(keys(b"k1-0123456789abcdef0123456789abcdef").verify(&token).unwrap().sub, "u1");
    }

    #[test]
    fn wrong_key_expired_wrong_audience_and_other_algorithms_are_refused() {
        let secret = b"k1-0123456789abcdef0123456789abcdef";
        let keys = keys(secret);
        let good = claims(now() + 60);
        assert!(keys.verify(&sign(&good, Header::new(Algorithm::HS256), b"another-key-0123456789abcdef0123")).is_none());
        assert!(keys.verify(&sign(&claims(now() - 1), Header::new(Algorithm::HS256), secret)).is_none());
        let mut audience = good.clone();
        audience.aud = "someone-else".into();
        assert!(keys.verify(&sign(&audience, Header::new(Algorithm::HS256), secret)).is_none());
        let mut issuer = good.clone();
        issuer.iss = "evil".into();
        assert!(keys.verify(&sign(&issuer, Header::new(Algorithm::HS256), secret)).is_none());
        assert!(keys.verify(&sign(&good, Header::new(Algorithm::HS512), secret)).is_none());
    }

    #[test]
    fn an_unsigned_alg_none_token_is_refused() {
        use base64::Engine;
        let encode = |json: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
        let payload = serde_json::to_string(&claims(now() + 60)).unwrap();
        let token = format!("{}.{}.", encode(r#"{"alg":"none","typ":"JWT"}"#), encode(&payload));
        assert!(keys(b"k1-0123456789abcdef0123456789abcdef").verify(&token).is_none());
    }

    #[test]
    fn cookies_are_http_only_same_site_and_secure_on_https() {
        let session = Session { token: "t".into(), id: "s".into(), expires_at: now() + 100 };
        let cookie = keys(b"k").cookie(&session);
        assert!(cookie.starts_with("tessera_session=t; Path=/; Max-Age="), "{cookie}");
        assert!(cookie.ends_with("; HttpOnly; SameSite=Lax"), "{cookie}");
        assert!(SessionKeys::from_secret(b"k", 60, true).clear_cookie().ends_with("Max-Age=0; HttpOnly; SameSite=Lax; Secure"));
    }
}
