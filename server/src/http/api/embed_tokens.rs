//! Signed embed links (rules in `crate::access::embed_token`): a workspace's embed secret, which only its
//! owner or an admin may read or rotate, and tokens minted for a board by those who may edit it.
//!
//! | call | answers |
//! |------|---------|
//! | `GET /api/workspaces/{workspaceId}/embed-secret` | `{secret, rotated_at}`, made on first need |
//! | `POST /api/workspaces/{workspaceId}/embed-secret/rotate` | the new `{secret, rotated_at}` |
//! | `POST /api/boards/{boardId}/embed-token` `{filters, expires_in_minutes}` | `{token, url, expires_at}` |

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::boards::board_by_id;
use super::workspaces::manageable;
use super::ApiJson;
use crate::access::embed_token::{self, EmbedClaims, EmbedSecret, MAX_MINUTES, MIN_MINUTES};
use crate::accounts::auth::Caller;
use crate::boards::board_state;
use crate::boards::plans;
use crate::infra::db::now;
use crate::infra::error::{Error, ErrorBody};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read_secret)).routes(routes!(rotate_secret)).routes(routes!(mint))
}

/// The workspace's embed secret, made now if it has none (owner or admin; 403 naming the plan when
/// the owner's plan has no embedding, as for minting a token). An owner's own server
/// signs embed tokens with it (HS256; the key is this text); the claims are those of
/// `POST /api/boards/{boardId}/embed-token`.
#[utoipa::path(get, path = "/workspaces/{workspaceId}/embed-secret", tag = "embed",
    params(("workspaceId" = String, Path, description = "The workspace id")),
    responses((status = 200, body = EmbedSecret), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn read_secret(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<EmbedSecret>, Error> {
    let workspace = manageable(&state, &caller, &id).await?;
    plans::require_embedding(&state.db, &state.config, &workspace.owner_id).await?;
    Ok(ApiJson(embed_token::secret(&state.db, &workspace.id).await?))
}

/// Replaces the workspace's embed secret (owner or admin, on a plan with embedding): every signed
/// link made with the old one stops working at once.
#[utoipa::path(post, path = "/workspaces/{workspaceId}/embed-secret/rotate", tag = "embed",
    params(("workspaceId" = String, Path, description = "The workspace id")),
    responses((status = 200, body = EmbedSecret), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn rotate_secret(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<EmbedSecret>, Error> {
    let workspace = manageable(&state, &caller, &id).await?;
    plans::require_embedding(&state.db, &state.config, &workspace.owner_id).await?;
    Ok(ApiJson(embed_token::rotate(&state.db, &workspace.id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEmbedToken {
    /// A stored filter's name → the value the embed shows, which its viewer cannot change.
    #[serde(default)]
    pub filters: BTreeMap<String, String>,
    /// 1 minute to 1 year (525,600).
    pub expires_in_minutes: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MintedEmbedToken {
    pub token: String,
    /// `{public base}/embed?board={slug}&token={token}`: the address for the iframe.
    pub url: String,
    /// Unix seconds (the token's `exp`).
    pub expires_at: i64,
}

/// A signed embed link for a board (owner or admin), signed with its workspace's embed secret.
///
/// The token is a JWT signed with HS256 (no other algorithm is accepted) whose claims are:
/// `board` (the board id), `filters` (optional object: a stored filter's name → its locked value),
/// `exp` (required, Unix seconds) and `aud` (`tessera-embed`). The `/embed?board={slug}&token=…`
/// page sends it as `embed_token` with every call: it may then read the board even when it is
/// private, as a guest that never writes, and its locked filters apply to every row; a viewer's
/// own filters can only narrow further. A token for another board, expired, not HS256 or not
/// signed with the current secret is refused with 403 and the reason.
#[utoipa::path(post, path = "/boards/{boardId}/embed-token", tag = "embed", request_body = NewEmbedToken,
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, body = MintedEmbedToken), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody, description = "An unknown filter, an empty value or an expiry out of range")))]
async fn mint(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NewEmbedToken>,
) -> Result<ApiJson<MintedEmbedToken>, Error> {
    let (board, role) = board_by_id(&state, &caller, &id).await?;
    role.require_edit()?;
    if !board.owner_may_embed(&state.config) {
        return Err(Error::NotPermitted(board_state::EMBED_NEEDS_PAID_PLAN.to_owned()));
    }
    if !(MIN_MINUTES..=MAX_MINUTES).contains(&body.expires_in_minutes) {
        return Err(Error::invalid("expires_in_minutes", "`expires_in_minutes` must be from 1 minute to 525600 (one year)."));
    }
    let names = embed_token::filter_names(&board)?;
    let mut filters = BTreeMap::new();
    for (name, value) in body.filters {
        let name = name.trim().to_owned();
        if !names.iter().any(|known| known.trim() == name) {
            return Err(Error::invalid("filters", format!("The board has no filter named `{name}`.")));
        }
        if value.trim().is_empty() {
            return Err(Error::invalid(
                "filters",
                format!("The filter `{name}` needs a value to lock; leave it out to let viewers choose."),
            ));
        }
        filters.insert(name, value);
    }
    let issued = now();
    let claims = EmbedClaims {
        board: board.id.clone(),
        filters,
        exp: issued + body.expires_in_minutes * 60,
        aud: embed_token::AUDIENCE.to_owned(),
        iat: Some(issued),
    };
    let secret = embed_token::secret(&state.db, &board.workspace_id).await?;
    let token = embed_token::sign(&secret.secret, &claims)?;
    let query =
        url::form_urlencoded::Serializer::new(String::new()).append_pair("board", &board.slug).append_pair("token", &token).finish();
    let url = format!("{}/embed?{query}", state.config.public_base_url().trim_end_matches('/'));
    Ok(ApiJson(MintedEmbedToken { token, url, expires_at: claims.exp }))
}
