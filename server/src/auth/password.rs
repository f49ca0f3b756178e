//! Password hashing with argon2id at the OWASP Password Storage Cheat Sheet's first
//! recommendation: 19 MiB of memory, 2 iterations, 1 lane.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::{Error, ResultExt};

/// The rule a new password must meet, as users read it.
pub const RULE: &str = "Password must be at least 8 characters long.";
const MIN_CHARS: usize = 8;
/// argon2 hashes any length, but a megabyte-long "password" is a denial-of-service attempt.
const MAX_BYTES: usize = 1024;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("OWASP argon2id parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Checks a new password against [`RULE`]; `field` names the request field in the error.
pub fn check_rule(field: &str, password: &str) -> Result<(), Error> {
    if password.chars().count() < MIN_CHARS {
        return Err(Error::invalid(field, RULE));
    }
    if password.len() > MAX_BYTES {
        return Err(Error::invalid(field, format!("Password must be at most {MAX_BYTES} bytes long.")));
    }
    Ok(())
}

/// An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). Runs on a blocking
/// thread: hashing takes tens of milliseconds of CPU.
pub async fn hash(password: &str) -> Result<String, Error> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        argon2().hash_password(password.as_bytes(), &salt).map(|hash| hash.to_string()).map_err(|e| e.to_string())
    })
    .await
    .context("hashing a password")?
    .context("hashing a password")
}

/// True when `password` matches `stored`. A stored hash that cannot be parsed is a server fault.
pub async fn verify(password: &str, stored: &str) -> Result<bool, Error> {
    if password.len() > MAX_BYTES {
        return Ok(false);
    }
    let password = password.to_owned();
    let stored = stored.to_owned();
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored).map_err(|e| e.to_string())?;
        Ok::<bool, String>(argon2().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .context("checking a password")?
    .context("checking a password")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_is_argon2id_with_owasp_parameters_and_verifies_only_its_password() {
        let stored = hash("correct horse").await.unwrap();
        assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
        assert!(verify("correct horse", &stored).await.unwrap());
        assert!(!verify("correct horsE", &stored).await.unwrap());
        assert_ne!(stored, hash("correct horse").await.unwrap(), "each hash has its own salt");
    }

    #[test]
    fn short_passwords_are_refused_with_the_rule() {
        assert_eq!(check_rule("password", "seven77").unwrap_err().to_string(), RULE);
        assert!(check_rule("password", "eight888").is_ok());
        assert!(check_rule("password", &"x".repeat(2000)).is_err());
    }
}
