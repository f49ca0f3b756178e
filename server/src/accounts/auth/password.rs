//! Password hashing with argon2id at the OWASP Password Storage Cheat Sheet's first
//! recommendation: 19 MiB of memory, 2 iterations, 1 lane.
//!
//! An account may have no password ([`NO_PASSWORD`] is stored): verifying an e-mail from a
//! browser other than the one that signed up clears the password chosen at sign-up (issue 45);
//! its owner then logs in with e-mailed links or sets one with a reset code or on the account page.

use std::sync::LazyLock;

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::infra::error::{Error, ResultExt};

/// The rule a new password must meet, as users read it.
pub const RULE: &str = "Password must be at least 8 characters long.";
const MIN_CHARS: usize = 8;
/// argon2 hashes any length, but a megabyte-long "password" is a denial-of-service attempt.
const MAX_BYTES: usize = 1024;

/// What `users.password_hash` holds for an account without a password: no hash parses as it,
/// and [`stored`] reads it as none.
pub const NO_PASSWORD: &str = "";

/// The stored hash of an account, `None` when it has no password.
pub fn stored(password_hash: &str) -> Option<&str> {
    (password_hash != NO_PASSWORD).then_some(password_hash)
}

/// What a log-in without a password to check is verified against: the hash of a random secret,
/// made with the same parameters on first use. The answer is thrown away; the work is what
/// counts, so that an unknown e-mail costs as long as a known one.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let mut secret = [0u8; 32];
    OsRng.fill_bytes(&mut secret);
    hash_now(&secret).expect("hashing 32 random bytes with fixed parameters")
});

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
    tokio::task::spawn_blocking(move || hash_now(password.as_bytes())).await.context("hashing a password")?.context("hashing a password")
}

fn hash_now(password: &[u8]) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    argon2().hash_password(password, &salt).map(|hash| hash.to_string()).map_err(|e| e.to_string())
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

/// Checks a log-in attempt: `stored` is the account's hash, `None` for an unknown e-mail or an
/// account without a password. Either way exactly one argon2 verification runs, so how long the
/// answer takes does not tell which e-mails have accounts (the texts still differ, as the spec
/// fixes them; the rate limits bound how many e-mails anyone can try).
pub async fn verify_login(given: &str, stored: Option<&str>) -> Result<bool, Error> {
    match stored {
        Some(stored) => verify(given, stored).await,
        None => {
            let dummy = LazyLock::force(&DUMMY_HASH);
            verify(given, dummy).await?;
            Ok(false)
        }
    }
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

    #[tokio::test]
    async fn a_log_in_without_a_hash_to_check_does_the_same_argon2_work_and_never_matches() {
        let real_hash = hash("correct horse").await.unwrap();
        let real = PasswordHash::new(&real_hash).unwrap();
        // The dummy parses (so `verify` runs argon2 on it rather than failing fast) with the
        // very algorithm, version, parameters and lengths of a real hash: the same work.
        let dummy = PasswordHash::new(DUMMY_HASH.as_str()).unwrap();
        assert_eq!((dummy.algorithm, dummy.version, &dummy.params), (real.algorithm, real.version, &real.params));
        assert_eq!(dummy.salt.map(|salt| salt.len()), real.salt.map(|salt| salt.len()));
        assert_eq!(dummy.hash.map(|output| output.len()), real.hash.map(|output| output.len()));
        assert!(!verify(DUMMY_HASH.as_str(), DUMMY_HASH.as_str()).await.unwrap());
        for given in ["correct horse", "", DUMMY_HASH.as_str()] {
            assert!(!verify_login(given, None).await.unwrap(), "{given}");
        }
        assert!(verify_login("correct horse", Some(&real_hash)).await.unwrap());
        assert_eq!(stored(NO_PASSWORD), None);
        assert!(PasswordHash::new(NO_PASSWORD).is_err(), "no password is ever checked against the empty hash");
    }

    #[test]
    fn short_passwords_are_refused_with_the_rule() {
        assert_eq!(check_rule("password", "seven77").unwrap_err().to_string(), RULE);
        assert!(check_rule("password", "eight888").is_ok());
        assert!(check_rule("password", &"x".repeat(2000)).is_err());
    }
}
