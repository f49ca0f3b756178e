//! Signed embed tokens (issue 10): a JWT that lets an iframe show a private board, with filter
//! values its viewer cannot change.
//!
//! A token is signed with HS256 by the secret of the board's workspace (`embed_secrets`, made on
//! first need, rotated by its owner) and carries these claims:
//!
//! | claim     | meaning                                                                    |
//! |-----------|----------------------------------------------------------------------------|
//! | `board`   | the id of the one board it opens                                           |
//! | `filters` | optional object: a stored filter's name → the value locked for this embed  |
//! | `exp`     | required: Unix seconds after which it is refused                           |
//! | `aud`     | required: `tessera-embed`                                                  |
//!
//! The embed sends it as the `embed_token` query parameter of every call. [`grant`] is the one
//! place a token becomes rights: view the board (guest rights: never a write, never the editor)
//! and locked filters, which apply to every row read like URL filters the viewer cannot remove.
//! A token that is refused answers 403 with the reason, also on a public board, so a broken embed
//! says why. Rotating the secret refuses every token signed with the old one at once.

use std::collections::BTreeMap;

use base64::Engine;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::accounts::auth::Caller;
use crate::accounts::roles::Role;
use crate::boards::board_state::Board;
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};

/// The `aud` of every embed token: a session token or another service's JWT signed with the
/// same text is not an embed token.
pub const AUDIENCE: &str = "tessera-embed";

/// How long a token minted by `POST /api/boards/{id}/embed-token` may live: 1 minute to 1 year.
pub const MIN_MINUTES: i64 = 1;
pub const MAX_MINUTES: i64 = 365 * 24 * 60;

/// The claims of an embed token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbedClaims {
    pub board: String,
    #[serde(default)]
    pub filters: BTreeMap<String, String>,
    /// Defaults only so that a token without it reaches validation, which refuses it by name.
    #[serde(default)]
    pub exp: i64,
    #[serde(default)]
    pub aud: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iat: Option<i64>,
}

/// What a valid token gives its viewer on the board it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedGrant {
    pub board_id: String,
    /// Stored filter name → locked value, applied to every row read.
    pub locked_filters: Vec<(String, String)>,
    pub expires_at: i64,
}

/// A workspace's embed secret, as its owner sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EmbedSecret {
    /// The HMAC-SHA256 key: this text itself (its UTF-8 bytes).
    pub secret: String,
    /// Unix seconds: when it was made or last rotated.
    pub rotated_at: i64,
}

fn refused(reason: impl Into<String>) -> Error {
    Error::NotPermitted(reason.into())
}

const BAD_SIGNATURE: &str = "This embed link's signature does not match: it was signed with another key, or the workspace's embed \
                             secret has been rotated since. Ask the board's owner for a new link.";

/// 32 bytes from the thread's CSPRNG, as hex text.
fn fresh_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

async fn stored_secret(db: &Db, workspace_id: &str) -> Result<Option<EmbedSecret>, Error> {
    let row: Option<(String, i64)> = sqlx::query_as("SELECT secret, rotated_at FROM embed_secrets WHERE workspace_id = $1")
        .bind(workspace_id)
        .fetch_optional(&db.pool)
        .await
        .context("reading a workspace's embed secret")?;
    Ok(row.map(|(secret, rotated_at)| EmbedSecret { secret, rotated_at }))
}

/// The workspace's secret, made now if it has none. Two replicas making it at once keep the first.
pub async fn secret(db: &Db, workspace_id: &str) -> Result<EmbedSecret, Error> {
    if let Some(secret) = stored_secret(db, workspace_id).await? {
        return Ok(secret);
    }
    sqlx::query("INSERT INTO embed_secrets (workspace_id, secret, rotated_at) VALUES ($1, $2, $3) ON CONFLICT (workspace_id) DO NOTHING")
        .bind(workspace_id)
        .bind(fresh_secret())
        .bind(now())
        .execute(&db.pool)
        .await
        .context("making a workspace's embed secret")?;
    stored_secret(db, workspace_id).await?.ok_or_else(|| Error::internal("making a workspace's embed secret", "no row after insert"))
}

/// Replaces the workspace's secret: every token signed with the old one is refused from now on.
pub async fn rotate(db: &Db, workspace_id: &str) -> Result<EmbedSecret, Error> {
    let rotated = EmbedSecret { secret: fresh_secret(), rotated_at: now() };
    sqlx::query(
        "INSERT INTO embed_secrets (workspace_id, secret, rotated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (workspace_id) DO UPDATE SET secret = excluded.secret, rotated_at = excluded.rotated_at",
    )
    .bind(workspace_id)
    .bind(&rotated.secret)
    .bind(rotated.rotated_at)
    .execute(&db.pool)
    .await
    .context("rotating a workspace's embed secret")?;
    Ok(rotated)
}

/// Signs `claims` with `secret` (HS256).
pub fn sign(secret: &str, claims: &EmbedClaims) -> Result<String, Error> {
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(secret.as_bytes()))
        .context("signing an embed token")
}

/// The `alg` a token's header claims, read before any check so a refusal can name it.
fn claimed_algorithm(token: &str) -> Option<String> {
    let header = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token.split('.').next()?).ok()?;
    let header: Value = serde_json::from_slice(&header).ok()?;
    header.get("alg")?.as_str().map(str::to_owned)
}

/// Checks `token` for the board `board_id`, whose stored filters are named `filter_names`:
/// HS256 only, signed with `secret`, `exp` present and not past, `aud` [`AUDIENCE`], `board` this
/// board, every locked filter one of the board's. Refusals are 403 with the reason.
pub fn verify(secret: &str, token: &str, board_id: &str, filter_names: &[String]) -> Result<EmbedGrant, Error> {
    match claimed_algorithm(token) {
        None => return Err(refused("This embed token cannot be read: it must be a JWT (header.payload.signature).")),
        Some(alg) if alg != "HS256" => {
            return Err(refused(format!("This embed token is signed with `{alg}`; embed tokens must be signed with HS256.")))
        }
        Some(_) => {}
    }
    let mut validation = Validation::new(Algorithm::HS256);
    validation.algorithms = vec![Algorithm::HS256];
    validation.set_audience(&[AUDIENCE]);
    validation.set_required_spec_claims(&["exp", "aud"]);
    validation.leeway = 0;
    let claims = jsonwebtoken::decode::<EmbedClaims>(token, &DecodingKey::from_secret(secret.as_bytes()), &validation)
        .map_err(|error| {
            refused(match error.into_kind() {
                ErrorKind::InvalidSignature => BAD_SIGNATURE.to_owned(),
                ErrorKind::ExpiredSignature => "This embed link has expired; ask the board's owner for a new one.".to_owned(),
                ErrorKind::InvalidAudience => format!("This token is not an embed token: its `aud` must be `{AUDIENCE}`."),
                ErrorKind::MissingRequiredClaim(claim) => {
                    format!("This embed token has no `{claim}` claim; embed tokens need `exp` and `aud`.")
                }
                ErrorKind::InvalidAlgorithm | ErrorKind::InvalidAlgorithmName => "Embed tokens must be signed with HS256.".to_owned(),
                ErrorKind::Json(error) => format!("The claims of this embed token cannot be read: {error}."),
                other => format!("This embed token cannot be read ({other:?})."),
            })
        })?
        .claims;
    if claims.board != board_id {
        return Err(refused("This embed token is for another board."));
    }
    if let Some(name) = claims.filters.keys().find(|name| !filter_names.iter().any(|known| known.trim() == name.trim())) {
        return Err(refused(format!("This embed token locks the filter `{name}`, but the board has no filter of that name.")));
    }
    let locked_filters = claims.filters.into_iter().map(|(name, value)| (name.trim().to_owned(), value)).collect();
    Ok(EmbedGrant { board_id: claims.board, locked_filters, expires_at: claims.exp })
}

/// The names of the board's stored filters (`settings.filters`).
pub fn filter_names(board: &Board) -> Result<Vec<String>, Error> {
    Ok(board.settings()?.filters.iter().filter_map(|filter| filter.get("name").and_then(Value::as_str)).map(str::to_owned).collect())
}

/// What `token` (the `embed_token` parameter; absent or empty: none) gives its viewer on `board`:
/// `None` without a token, the grant for a valid one, 403 with the reason for any other.
pub async fn grant(db: &Db, board: &Board, token: Option<&str>) -> Result<Option<EmbedGrant>, Error> {
    let Some(token) = token.map(str::trim).filter(|token| !token.is_empty()) else { return Ok(None) };
    // A workspace that never made a secret signed no token.
    let secret = stored_secret(db, &board.workspace_id).await?.ok_or_else(|| refused(BAD_SIGNATURE))?;
    verify(&secret.secret, token, &board.id, &filter_names(board)?).map(Some)
}

/// Who is reading `board` and through what: the caller's role and the grant of `token`. 403
/// 'Access denied' when neither lets the caller view the board.
#[derive(Debug, Clone)]
pub struct BoardReader {
    pub role: Role,
    pub grant: Option<EmbedGrant>,
    /// The caller may view the board only through the token: read-only, whatever its blocks allow.
    pub only_through_token: bool,
}

pub async fn reader(db: &Db, caller: &Caller, board: &Board, token: Option<&str>) -> Result<BoardReader, Error> {
    let grant = grant(db, board, token).await?;
    let role = board.role(caller);
    let may_view = role.can_view(board.public);
    if grant.is_none() {
        role.require_view(board.public)?;
    }
    Ok(BoardReader { role, only_through_token: grant.is_some() && !may_view, grant })
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    fn claims(exp: i64) -> EmbedClaims {
        EmbedClaims {
            board: "b1".into(),
            filters: BTreeMap::from([("Region".to_owned(), "North".to_owned())]),
            exp,
            aud: AUDIENCE.into(),
            iat: Some(now()),
        }
    }

    fn names() -> Vec<String> {
        vec!["Region".to_owned(), "Team".to_owned()]
    }

    fn refusal(token: &str) -> String {
        let error = verify(KEY, token, "b1", &names()).unwrap_err();
        assert_eq!(error.status(), axum::http::StatusCode::FORBIDDEN, "{error}");
        error.to_string()
    }

    #[test]
    fn a_well_signed_token_for_this_board_grants_its_locked_filters() {
        let token = sign(KEY, &claims(now() + 60)).unwrap();
        let grant = verify(KEY, &token, "b1", &names()).unwrap();
        assert_eq!(grant.locked_filters, [("Region".to_owned(), "North".to_owned())]);
        assert_eq!(grant.board_id, "b1");
    }

    #[test]
    fn an_unsigned_alg_none_token_is_refused_naming_the_algorithm() {
        let encode = |json: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
        let payload = serde_json::to_string(&claims(now() + 60)).unwrap();
        let token = format!("{}.{}.", encode(r#"{"alg":"none","typ":"JWT"}"#), encode(&payload));
        assert_eq!(refusal(&token), "This embed token is signed with `none`; embed tokens must be signed with HS256.");
    }

    #[test]
    fn other_algorithms_and_garbage_are_refused() {
        let hs512 =
            jsonwebtoken::encode(&Header::new(Algorithm::HS512), &claims(now() + 60), &EncodingKey::from_secret(KEY.as_bytes())).unwrap();
        assert!(refusal(&hs512).contains("`HS512`"));
        assert!(refusal("not-a-token").contains("cannot be read"));
    }

    #[test]
    fn a_token_signed_with_another_key_or_a_rotated_secret_is_refused() {
        let token = sign("another-key-0123456789abcdef0123456789abcdef", &claims(now() + 60)).unwrap();
        assert_eq!(refusal(&token), BAD_SIGNATURE);
    }

    #[test]
    fn an_expired_token_is_refused() {
        assert!(refusal(&sign(KEY, &claims(now() - 1)).unwrap()).contains("expired"));
    }

    #[test]
    fn a_token_without_exp_is_refused() {
        let mut without = serde_json::to_value(claims(now() + 60)).unwrap();
        without.as_object_mut().unwrap().remove("exp");
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &without, &EncodingKey::from_secret(KEY.as_bytes())).unwrap();
        assert!(refusal(&token).contains("no `exp` claim"), "{}", refusal(&token));
    }

    #[test]
    fn a_token_for_another_audience_is_refused() {
        let mut other = claims(now() + 60);
        other.aud = "tessera-api".into();
        assert!(refusal(&sign(KEY, &other).unwrap()).contains("`aud` must be `tessera-embed`"));
    }

    #[test]
    fn a_token_for_another_board_is_refused() {
        let mut other = claims(now() + 60);
        other.board = "b2".into();
        assert_eq!(refusal(&sign(KEY, &other).unwrap()), "This embed token is for another board.");
    }

    #[test]
    fn a_token_locking_a_filter_the_board_does_not_have_is_refused() {
        let mut unknown = claims(now() + 60);
        unknown.filters.insert("Colour".into(), "red".into());
        assert_eq!(
            refusal(&sign(KEY, &unknown).unwrap()),
            "This embed token locks the filter `Colour`, but the board has no filter of that name."
        );
    }

    #[test]
    fn fresh_secrets_are_32_random_bytes() {
        let (a, b) = (fresh_secret(), fresh_secret());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
    }
}
