//! User accounts as stored: creation and lookup. The HTTP side (sign-up, log-in, codes) is in
//! `api::auth` and `api::account`.

pub mod auth;
pub mod codes;
pub mod mail;
pub mod roles;
pub mod subdomains;

use crate::accounts::auth::{password, User};
use crate::infra::db::{is_unique_violation, new_id, now, Db, Flag};
use crate::infra::error::{Error, ResultExt};

/// E-mails are compared and stored trimmed and lower-cased.
pub fn normalise_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// The simple shape check of platform §5 (local part, @, domain, dot, two or more letters): the
/// core's one rule, `tessera_core::form::is_valid_email` (Unicode letters count, so `.рф` does),
/// which the users dialog, the form's e-mail fields and sign-up all share.
pub use tessera_core::form::is_valid_email;

/// Creates a user with a hashed password. `409` when the e-mail already has an account.
pub async fn create_user(db: &Db, name: &str, email: &str, password: &str, email_verified: bool) -> Result<User, Error> {
    let email = normalise_email(email);
    let password_hash = password::hash(password).await?;
    let id = new_id();
    let at = now();
    let inserted = sqlx::query(
        "INSERT INTO users (id, email, name, password_hash, email_verified, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&id)
    .bind(&email)
    .bind(name.trim())
    .bind(&password_hash)
    .bind(Flag(email_verified))
    .bind(at)
    .execute(&db.pool)
    .await;
    match inserted {
        Ok(_) => Ok(User { id, email, name: name.trim().to_owned(), plan_id: "free".to_owned(), email_verified }),
        Err(error) if is_unique_violation(&error) => {
            Err(Error::Conflict("An account with this e-mail already exists. Please log in instead.".to_owned()))
        }
        Err(error) => Err(Error::internal("creating a user", error)),
    }
}

/// A user and their password hash, by e-mail (any case).
pub async fn find_by_email(db: &Db, email: &str) -> Result<Option<(User, String)>, Error> {
    let row: Option<(String, String, String, String, Flag, String)> =
        sqlx::query_as("SELECT id, email, name, plan_id, email_verified, password_hash FROM users WHERE email = $1")
            .bind(normalise_email(email))
            .fetch_optional(&db.pool)
            .await
            .context("looking up a user by e-mail")?;
    Ok(row.map(|(id, email, name, plan_id, Flag(email_verified), hash)| (User { id, email, name, plan_id, email_verified }, hash)))
}

/// A user by id.
pub async fn find_by_id(db: &Db, id: &str) -> Result<Option<User>, Error> {
    let row: Option<(String, String, String, String, Flag)> =
        sqlx::query_as("SELECT id, email, name, plan_id, email_verified FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await
            .context("looking up a user")?;
    Ok(row.map(|(id, email, name, plan_id, Flag(email_verified))| User { id, email, name, plan_id, email_verified }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_follow_the_simple_pattern_of_the_users_dialog() {
        for good in ["ada@example.com", "a.b+c@mail.example.org", "x@y.io"] {
            assert!(is_valid_email(good), "{good}");
        }
        for bad in ["", "ada", "ada@", "@example.com", "ada@example", "ada@example.c", "ada@exa mple.com", "ada@example.c0m", "a@b@c.com"] {
            assert!(!is_valid_email(bad), "{bad}");
        }
        for unicode in ["ada@пример.рф", "ada@例え.テスト", "ada@example.café"] {
            assert!(is_valid_email(unicode), "the core's rule: Unicode letters after the last dot: {unicode}");
        }
        assert_eq!(normalise_email("  Ada@Example.COM "), "ada@example.com");
    }
}
