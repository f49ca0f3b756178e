//! Plans (platform §6: the paid plan unlocks embedding) and the three ways a user's plan changes:
//! redeeming a code, an administrator, and the payment provider's signed webhook.

use hmac::{Hmac, Mac};
use rand::Rng;
use serde::Serialize;
use sha2::Sha256;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::accounts::auth::User;
use crate::infra::config::Config;
use crate::infra::db::{now, Db, Flag};
use crate::infra::error::{Error, ResultExt};

/// A row of the plans table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Plan {
    pub id: String,
    pub name: String,
    /// Whether boards may be embedded in other sites on this plan.
    pub embedding: bool,
    pub description: String,
}

/// A user's plan as the web app reads it (platform §3 "Plan: isFreePlan").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlanRef {
    pub id: String,
    #[serde(rename = "isFreePlan")]
    pub is_free_plan: bool,
}

impl PlanRef {
    /// The plan of `user` once it is `plan_id`, judged by the same rule as the session's user.
    pub fn after_change(user: &User, plan_id: &str) -> Self {
        let changed = User { plan_id: plan_id.to_owned(), ..user.clone() };
        Self { is_free_plan: changed.is_free_plan(), id: changed.plan_id }
    }
}

/// Every plan, free first.
pub async fn list(db: &Db) -> Result<Vec<Plan>, Error> {
    let rows: Vec<(String, String, Flag, String)> =
        sqlx::query_as("SELECT id, name, embedding, description FROM plans ORDER BY embedding, id")
            .fetch_all(&db.pool)
            .await
            .context("listing plans")?;
    Ok(rows.into_iter().map(|(id, name, Flag(embedding), description)| Plan { id, name, embedding, description }).collect())
}

/// Ok when the plan of `owner_id` (a workspace's owner), or the operator's plan for every
/// workspace, includes embedding in other sites; else 403 naming that plan. The workspace's embed
/// secret signs embed tokens, so whoever reads it can embed: it is refused exactly where minting a
/// token is (platform §6: embedding needs a paid plan).
pub async fn require_embedding(db: &Db, config: &Config, owner_id: &str) -> Result<(), Error> {
    let stored: Option<(String,)> = sqlx::query_as("SELECT plan_id FROM users WHERE id = $1")
        .bind(owner_id)
        .fetch_optional(&db.pool)
        .await
        .context("looking up the owner's plan")?;
    let Some((stored,)) = stored else { return Err(Error::NotFound("Workspace not found.".to_owned())) };
    let plan: Option<(String, Flag)> = sqlx::query_as("SELECT name, embedding FROM plans WHERE id = $1")
        .bind(config.plan_of(&stored))
        .fetch_optional(&db.pool)
        .await
        .context("looking up the owner's plan")?;
    match plan {
        Some((_, Flag(true))) => Ok(()),
        Some((name, Flag(false))) => Err(Error::NotPermitted(format!(
            "Signed embed links are not part of the {name} plan this workspace's owner is on: embedding needs a paid plan."
        ))),
        None => Err(Error::NotFound("Workspace not found.".to_owned())),
    }
}

/// Ok when `plan_id` names a plan; else 422 naming `field`.
pub async fn require_known(db: &Db, field: &str, plan_id: &str) -> Result<(), Error> {
    let found: Option<(String,)> =
        sqlx::query_as("SELECT id FROM plans WHERE id = $1").bind(plan_id).fetch_optional(&db.pool).await.context("looking up a plan")?;
    match found {
        Some(_) => Ok(()),
        None => Err(Error::invalid(field, format!("There is no plan `{plan_id}`; plans are `free` and `paid`."))),
    }
}

/// Puts a user on `plan_id` inside the caller's transaction.
pub async fn set_user_plan(conn: &mut AnyConnection, user_id: &str, plan_id: &str) -> Result<(), Error> {
    sqlx::query("UPDATE users SET plan_id = $1, updated_at = $2 WHERE id = $3")
        .bind(plan_id)
        .bind(now())
        .bind(user_id)
        .execute(conn)
        .await
        .context("changing a user's plan")?;
    Ok(())
}

// Redemption codes ------------------------------------------------------------------------------

/// Letters and digits that cannot be misread for one another (no I, O, 0 or 1).
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_GROUPS: usize = 4;
const CODE_GROUP_LEN: usize = 4;
/// How many codes one request may generate.
pub const MAX_CODES_PER_REQUEST: i64 = 500;
const MAX_PREFIX_LEN: usize = 12;

pub const UNKNOWN_CODE: &str = "This code does not exist. Please check it and try again.";
pub const CODE_ALREADY_REDEEMED: &str = "This code has already been redeemed.";

/// Codes are compared trimmed and upper-case, so users may type them in any case.
pub fn normalise_code(input: &str) -> String {
    input.trim().to_uppercase()
}

/// A fresh code such as `PREFIX-K7QX-M2NP-ZR4T-8HWC`: 80 random bits from a cryptographic
/// generator, so codes cannot be guessed.
pub fn generate_code(prefix: Option<&str>) -> String {
    let mut rng = rand::rng();
    let groups = (0..CODE_GROUPS)
        .map(|_| (0..CODE_GROUP_LEN).map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())])).collect::<String>());
    prefix.into_iter().map(str::to_owned).chain(groups).collect::<Vec<_>>().join("-")
}

/// An optional code prefix, upper-cased; 1 to 12 letters or digits. Empty means none.
pub fn normalise_prefix(input: Option<&str>) -> Result<Option<String>, Error> {
    let prefix = normalise_code(input.unwrap_or_default());
    if prefix.is_empty() {
        return Ok(None);
    }
    if prefix.len() > MAX_PREFIX_LEN || !prefix.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Error::invalid("prefix", format!("A prefix has 1 to {MAX_PREFIX_LEN} letters or digits.")));
    }
    Ok(Some(prefix))
}

/// Redeems `input` for `user_id` and returns the plan it grants. The code is claimed by a
/// conditional UPDATE first, so of two concurrent redemptions exactly one changes a row; the
/// user's plan changes in the same transaction.
pub async fn redeem(db: &Db, user_id: &str, input: &str) -> Result<String, Error> {
    let code = normalise_code(input);
    if code.is_empty() {
        return Err(Error::invalid("code", "Please enter a redemption code."));
    }
    let mut tx = db.pool.begin().await?;
    let claimed: Option<(String,)> = sqlx::query_as(
        "UPDATE redemption_codes SET redeemed_by = $1, redeemed_at = $2 WHERE code = $3 AND redeemed_at IS NULL RETURNING plan_id",
    )
    .bind(user_id)
    .bind(now())
    .bind(&code)
    .fetch_optional(&mut *tx)
    .await
    .context("claiming a redemption code")?;
    let Some((plan_id,)) = claimed else {
        tx.rollback().await?;
        return Err(code_refusal(db, &code, CODE_ALREADY_REDEEMED).await);
    };
    set_user_plan(&mut tx, user_id, &plan_id).await?;
    tx.commit().await?;
    Ok(plan_id)
}

/// Why a code could not be used: 404 when it does not exist, else 409 with `conflict`.
pub async fn code_refusal(db: &Db, code: &str, conflict: &str) -> Error {
    let found: Result<Option<(String,)>, Error> = sqlx::query_as("SELECT code FROM redemption_codes WHERE code = $1")
        .bind(code)
        .fetch_optional(&db.pool)
        .await
        .context("looking up a redemption code");
    match found {
        Ok(Some(_)) => Error::Conflict(conflict.to_owned()),
        Ok(None) => Error::NotFound(UNKNOWN_CODE.to_owned()),
        Err(error) => error,
    }
}

// Payment webhook -------------------------------------------------------------------------------

/// How far the signed timestamp may be from the server's clock, either way.
pub const SIGNATURE_TOLERANCE_SECS: i64 = 300;
const SIGNATURE_FORMAT: &str = "The Tessera-Signature header must look like t=<unix seconds>,v1=<hex HMAC-SHA256>.";

/// Checks a `Tessera-Signature` header (`t=<unix seconds>,v1=<hex>`, several `v1` allowed while
/// a secret is being rotated) against the exact bytes received: HMAC-SHA256 over `"<t>.<body>"`,
/// compared in constant time. Any failure is a 400 and the body must not be processed.
pub fn verify_signature(secret: &[u8], header: Option<&str>, body: &[u8], now: i64) -> Result<(), Error> {
    let header = header.ok_or_else(|| Error::BadRequest("The Tessera-Signature header is missing.".to_owned()))?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value),
            Some(("v1", value)) => signatures.push(value),
            _ => {}
        }
    }
    let (Some(timestamp), false) = (timestamp, signatures.is_empty()) else {
        return Err(Error::BadRequest(SIGNATURE_FORMAT.to_owned()));
    };
    let seconds: i64 = timestamp.parse().map_err(|_| Error::BadRequest(SIGNATURE_FORMAT.to_owned()))?;
    if (now - seconds).abs() > SIGNATURE_TOLERANCE_SECS {
        return Err(Error::BadRequest(format!(
            "The webhook timestamp is more than {SIGNATURE_TOLERANCE_SECS} seconds from the server's clock; the event was refused."
        )));
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).context("preparing the webhook HMAC")?;
    mac.update(timestamp.as_bytes());
    mac.update(b".");
    mac.update(body);
    let matches =
        signatures.iter().filter_map(|signature| hex::decode(signature).ok()).any(|bytes| mac.clone().verify_slice(&bytes).is_ok());
    if matches {
        Ok(())
    } else {
        Err(Error::BadRequest("The webhook signature does not match the body.".to_owned()))
    }
}

/// The outcome of a payment event, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentStatus {
    Succeeded,
    Failed,
}

impl PaymentStatus {
    /// The status of a provider event type; `None` for types Tessera does not act on.
    pub fn of_event_type(event_type: &str) -> Option<Self> {
        match event_type {
            "payment.succeeded" => Some(Self::Succeeded),
            "payment.failed" => Some(Self::Failed),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
        }
    }
}

/// A verified payment event to store.
pub struct Payment<'a> {
    pub event_id: &'a str,
    pub status: PaymentStatus,
    /// `None` when no account matches the event (kept for support, changes no plan).
    pub user_id: Option<&'a str>,
    pub plan_id: Option<&'a str>,
    pub detail: &'a str,
}

/// Stores `payment` and, when it succeeded, puts its user on its plan, in one transaction.
/// Returns false, changing nothing, when the event id was stored before (a replay).
pub async fn record_payment(db: &Db, payment: &Payment<'_>) -> Result<bool, Error> {
    let mut tx = db.pool.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO payments (id, user_id, status, plan_id, detail, received_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(payment.event_id)
    .bind(payment.user_id)
    .bind(payment.status.as_str())
    .bind(payment.plan_id)
    .bind(payment.detail)
    .bind(now())
    .execute(&mut *tx)
    .await
    .context("storing a payment event")?;
    if inserted.rows_affected() == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    if let (PaymentStatus::Succeeded, Some(user_id), Some(plan_id)) = (payment.status, payment.user_id, payment.plan_id) {
        set_user_plan(&mut tx, user_id, plan_id).await?;
    }
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec_test";

    fn signed(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret).unwrap();
        mac.update(format!("{timestamp}.").as_bytes());
        mac.update(body);
        format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn codes_are_four_groups_from_the_unambiguous_alphabet() {
        let code = generate_code(None);
        let groups: Vec<&str> = code.split('-').collect();
        assert_eq!(groups.len(), 4, "{code}");
        for group in groups {
            assert_eq!(group.len(), 4, "{code}");
            assert!(group.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{code}");
        }
        assert!(!CODE_ALPHABET.iter().any(|b| b"IO01".contains(b)));
        assert!(generate_code(Some("SUMO")).starts_with("SUMO-"));
        assert_ne!(generate_code(None), generate_code(None));
    }

    #[test]
    fn prefixes_are_short_upper_case_words() {
        assert_eq!(normalise_prefix(Some(" sumo ")).unwrap().as_deref(), Some("SUMO"));
        assert_eq!(normalise_prefix(Some("  ")).unwrap(), None);
        assert_eq!(normalise_prefix(None).unwrap(), None);
        for bad in ["SU-MO", "ABCDEFGHIJKLM", "é"] {
            assert!(matches!(normalise_prefix(Some(bad)), Err(Error::Invalid { ref field, .. }) if field == "prefix"), "{bad}");
        }
    }

    #[test]
    fn codes_are_matched_trimmed_and_upper_case() {
        assert_eq!(normalise_code("  abcd-efgh \n"), "ABCD-EFGH");
    }

    #[test]
    fn a_signature_over_the_exact_body_within_tolerance_is_accepted() {
        let body = br#"{"id":"evt_1"}"#;
        let now = 1_800_000_000;
        assert!(verify_signature(SECRET, Some(&signed(SECRET, now, body)), body, now).is_ok());
        assert!(verify_signature(SECRET, Some(&signed(SECRET, now - 300, body)), body, now).is_ok());
        // A rotated secret: any v1 may match.
        let rotated = format!("{},v1=00ff", signed(SECRET, now, body));
        assert!(verify_signature(SECRET, Some(&rotated), body, now).is_ok());
    }

    #[test]
    fn tampering_a_wrong_secret_or_a_stale_timestamp_is_refused() {
        let body = br#"{"id":"evt_1"}"#;
        let now = 1_800_000_000;
        let refused = |header: Option<&str>, body: &[u8]| verify_signature(SECRET, header, body, now).unwrap_err().to_string();
        assert!(refused(Some(&signed(SECRET, now, body)), br#"{"id":"evt_2"}"#).contains("does not match"));
        assert!(refused(Some(&signed(b"other", now, body)), body).contains("does not match"));
        assert!(refused(Some(&signed(SECRET, now - 301, body)), body).contains("300 seconds"));
        assert!(refused(Some(&signed(SECRET, now + 301, body)), body).contains("300 seconds"));
        assert!(refused(None, body).contains("missing"));
        for malformed in ["", "t=abc,v1=00", "v1=00", "t=1800000000"] {
            assert!(refused(Some(malformed), body).contains("must look like"), "{malformed}");
        }
        assert!(refused(Some(&format!("t={now},v1=not-hex")), body).contains("does not match"));
    }

    #[test]
    fn only_the_two_payment_event_types_are_acted_on() {
        assert_eq!(PaymentStatus::of_event_type("payment.succeeded"), Some(PaymentStatus::Succeeded));
        assert_eq!(PaymentStatus::of_event_type("payment.failed"), Some(PaymentStatus::Failed));
        assert_eq!(PaymentStatus::of_event_type("customer.created"), None);
    }
}
