//! One-time secrets sent by e-mail: 6-digit codes (e-mail verification, password reset) and
//! log-in tokens (the link in a log-in or verification e-mail).
//!
//! Only the SHA-256 of a secret is stored, so a copy of the database cannot sign anyone in.
//! Issuing a secret of a purpose retires the user's older unused ones of that purpose, every
//! secret works once, and a code dies after [`MAX_ATTEMPTS`] wrong guesses: with a million
//! possible codes, a guesser has 5 tries per code that its owner asked for.

use rand::Rng;
use sha2::{Digest, Sha256};

use crate::infra::db::{new_id, now, Db};
use crate::infra::error::{Error, ResultExt};

/// Wrong guesses after which a code no longer works, even when the right one follows.
pub const MAX_ATTEMPTS: i64 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    ResetPassword,
    LoginToken,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::VerifyEmail => "verify_email",
            Self::ResetPassword => "reset_password",
            Self::LoginToken => "login_token",
        }
    }

    /// How long a secret of this purpose works, in seconds.
    pub fn lifetime_secs(self) -> i64 {
        match self {
            Self::VerifyEmail => 10 * 60,
            Self::ResetPassword => 15 * 60,
            Self::LoginToken => 30 * 60,
        }
    }

    /// A fresh secret: six digits to type, or 32 random bytes in hex to put in a link.
    fn generate(self) -> String {
        let mut rng = rand::rng();
        match self {
            Self::VerifyEmail | Self::ResetPassword => format!("{:06}", rng.random_range(0..1_000_000u32)),
            Self::LoginToken => hex::encode(rng.random::<[u8; 32]>()),
        }
    }
}

/// Why a secret was not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Wrong, unknown, already used, replaced by a newer one, or out of attempts.
    Invalid,
    /// Right, but past its expiry.
    Expired,
}

fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.trim().as_bytes()))
}

/// Makes a new secret for `user_id`, retiring the older unused ones of the same purpose, and
/// returns it in clear (to be e-mailed; it is not kept).
pub async fn issue(db: &Db, user_id: &str, purpose: Purpose) -> Result<String, Error> {
    let secret = purpose.generate();
    let at = now();
    let mut tx = db.pool.begin().await.context("starting to issue a one-time code")?;
    sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(at)
        .bind(user_id)
        .bind(purpose.as_str())
        .execute(&mut *tx)
        .await
        .context("retiring older one-time codes")?;
    sqlx::query(
        "INSERT INTO one_time_codes (id, user_id, purpose, code_hash, attempts, created_at, expires_at) VALUES ($1, $2, $3, $4, 0, $5, $6)",
    )
    .bind(new_id())
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(digest(&secret))
    .bind(at)
    .bind(at + purpose.lifetime_secs())
    .execute(&mut *tx)
    .await
    .context("storing a one-time code")?;
    tx.commit().await.context("issuing a one-time code")?;
    Ok(secret)
}

/// Accepts `code` as the user's current code of `purpose` and uses it up. A wrong code counts
/// as an attempt against the current one.
pub async fn redeem_code(db: &Db, user_id: &str, purpose: Purpose, code: &str) -> Result<Result<(), Refusal>, Error> {
    let current: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT id, code_hash, expires_at FROM one_time_codes \
         WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .fetch_optional(&db.pool)
    .await
    .context("looking up a one-time code")?;
    let Some((id, code_hash, expires_at)) = current else { return Ok(Err(Refusal::Invalid)) };
    // The attempt is counted before the comparison, so parallel guesses cannot exceed the limit.
    let counted = sqlx::query("UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1 AND used_at IS NULL AND attempts < $2")
        .bind(&id)
        .bind(MAX_ATTEMPTS)
        .execute(&db.pool)
        .await
        .context("counting a one-time code attempt")?;
    // Comparing digests: how long the comparison takes tells nothing about the code itself.
    if counted.rows_affected() != 1 || code_hash != digest(code) {
        return Ok(Err(Refusal::Invalid));
    }
    if expires_at <= now() {
        return Ok(Err(Refusal::Expired));
    }
    Ok(use_up(db, &id).await?.then_some(()).ok_or(Refusal::Invalid))
}

/// Accepts a log-in token and uses it up; answers whose token it was.
pub async fn redeem_token(db: &Db, token: &str) -> Result<Result<String, Refusal>, Error> {
    let found: Option<(String, String, i64)> =
        sqlx::query_as("SELECT id, user_id, expires_at FROM one_time_codes WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL")
            .bind(digest(token))
            .bind(Purpose::LoginToken.as_str())
            .fetch_optional(&db.pool)
            .await
            .context("looking up a log-in token")?;
    let Some((id, user_id, expires_at)) = found else { return Ok(Err(Refusal::Invalid)) };
    if expires_at <= now() {
        return Ok(Err(Refusal::Expired));
    }
    Ok(use_up(db, &id).await?.then_some(user_id).ok_or(Refusal::Invalid))
}

/// Marks a secret used. False when a concurrent request used it first: a secret works once.
async fn use_up(db: &Db, id: &str) -> Result<bool, Error> {
    let done = sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
        .bind(now())
        .bind(id)
        .execute(&db.pool)
        .await
        .context("using up a one-time code")?;
    Ok(done.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits_and_tokens_64_hex_characters() {
        for _ in 0..50 {
            let code = Purpose::VerifyEmail.generate();
            assert!(code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()), "{code}");
        }
        let token = Purpose::LoginToken.generate();
        assert!(token.len() == 64 && token.chars().all(|c| c.is_ascii_hexdigit()), "{token}");
        assert_ne!(token, Purpose::LoginToken.generate());
    }

    #[test]
    fn only_a_digest_is_kept_and_surrounding_spaces_do_not_matter() {
        assert_eq!(digest("123456"), "8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92");
        assert_eq!(digest(" 123456\n"), digest("123456"));
    }
}
