//! `/embed?board=<slug>`, rendered on the server (platform §2 "embedded view"): the page the
//! browser gets already holds the board as a guest sees it (rows, scorecards, charts as SVG,
//! markdown, texts), with the styles it needs inlined, so it reads with JavaScript off and
//! paints before any script runs. The React app starts beside it and takes over once its own
//! board has drawn (`web/src/features/embed/EmbedPage.tsx`). The marketplace preview image
//! (`GET /api/boards/{boardId}/preview.svg`, `api/board_preview.rs`) is drawn from the same
//! data.
//!
//! **Who sees what.** [`scope_for`] is the one place that decides whether a board may be
//! embedded and with which rows: a guest's (a caller without a session), whoever asks, so a
//! private board answers the 403 page, unless the page carries a signed embed token
//! (`embed_token.rs`), which opens the board and locks filter values. The embed never reads the
//! caller's session, so no signed-in viewer's rows can reach a page that other sites frame. The
//! board's `frame-ancestors` go with every answer about it.
//!
//! **Cache.** A rendered board is kept in memory under its board id and a fingerprint of
//! everything it was drawn from: the board's settings, the scope, the blocks as stored, the
//! data version of every tab of its spreadsheet (which every write bumps) and the UTC day
//! (filters such as `today` move with it), and the locale its values are written in (the
//! browser's first `Accept-Language`, as the app's own rows calls send `navigator.language`, so
//! the page does not change its numbers when the app takes over). Each request reads those
//! (four small queries), so a
//! write to a sheet or a block shows in the next answer; nothing needs to be invalidated.
//! Memory is bounded by the pages' sizes ([`CACHE_BYTES`]).

pub mod chart_svg;
mod preview;
mod render;
mod snapshot;

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Extension;
use axum::Router;
use serde::Deserialize;

use crate::access::embed_token;
use crate::access::scope::{guest_scope, Scope};
use crate::access::sheet_query::Viewer;
use crate::accounts::auth::Caller;
use crate::accounts::roles::Role;
use crate::boards::blocks::StoredBlock;
use crate::boards::board_state::{self, Board};
use crate::infra::error::Error;
use crate::infra::html::Safe;
use crate::infra::rendered_cache::Key;
pub use crate::infra::rendered_cache::{Cache, Rendered, CACHE_BYTES};
use crate::sheets::store::{self, SheetInfo};
use crate::web::{self, Prerendered, WebApp};
use crate::AppState;

/// The `/embed` route, with its state.
pub fn router(state: AppState) -> Router {
    let web = WebApp::new(&state);
    Router::new().route("/embed", get(page)).layer(Extension(web)).with_state(state)
}

#[derive(Debug, Deserialize)]
struct EmbedQuery {
    /// The board's slug.
    board: Option<String>,
    /// The page's `filters` query (`name:value,...`), which the viewer's filter bar writes.
    filters: Option<String>,
    /// A signed embed token (`embed_token.rs`): opens a private board, locks filter values.
    token: Option<String>,
}

/// The embed page: `index.html` with the board drawn in, or as it is when there is no board to
/// show (the app then shows its 404 or 403 screen, and the answer has that status; `/embed`
/// without `board` is a route of the app like any other). A caller
/// whose session may see a board that its embed refuses (the owner of a private board) gets
/// the app as it is too, which draws the board from their own calls.
async fn page(
    State(state): State<AppState>,
    Extension(web): Extension<WebApp>,
    caller: Caller,
    headers: HeaderMap,
    Query(query): Query<EmbedQuery>,
) -> Result<Response, Error> {
    let slug = query.board.as_deref().map(str::trim).unwrap_or_default().to_lowercase();
    // `/embed` alone is a route of platform §2 like any other: the app says what is missing.
    if slug.is_empty() {
        return web::index_html(&web, StatusCode::OK, None, None).await;
    }
    let Some(board) = board_state::find_by_slug(&state.db, &slug).await? else {
        return web::index_html(&web, StatusCode::NOT_FOUND, None, None).await;
    };
    let policy = web.policy_for(&board);
    let policy = policy.as_deref();
    let scope = match scope_for(&state, &board, query.token.as_deref()).await {
        Ok(scope) => scope,
        // The app shows why (the private-app screen, or the token's refusal in its own words).
        Err(refused @ Error::Private) => {
            let status = if board.role(&caller).can_view(board.public) { StatusCode::OK } else { refused.status() };
            return web::index_html(&web, status, policy, None).await;
        }
        Err(refused @ Error::NotPermitted(_)) => return web::index_html(&web, refused.status(), policy, None).await,
        Err(other) => return Err(other),
    };
    let viewer = Viewer { url_filters: query.filters.filter(|filters| !filters.trim().is_empty()), ..Viewer::default() };
    let rendered = match rendered(&state, &board, &scope, &viewer, first_language(&headers)).await {
        Ok(rendered) => rendered,
        // The browser's board still loads; it shows what went wrong in its own words.
        Err(error) => {
            tracing::error!(board = %board.id, error = ?error, "rendering an embed");
            return web::index_html(&web, StatusCode::OK, policy, None).await;
        }
    };
    let head = Safe::fixed(render::STYLE);
    let page = Prerendered { title: Some(&rendered.title), head: &head, body: &rendered.markup };
    web::index_html(&web, StatusCode::OK, policy, Some(&page)).await
}

/// Whether `board` may be embedded, and the rows its embed shows: the one place that decides
/// both. Without a token the embed is a guest's view (a private board is refused with the
/// private-app 403); a signed embed token (`embed_token.rs`) opens a private board too and adds
/// its locked filters; a bad token is refused with its reason, even on a public board.
pub async fn scope_for(state: &AppState, board: &Board, token: Option<&str>) -> Result<Scope, Error> {
    let grant = embed_token::grant(&state.db, board, token).await?;
    if grant.is_none() {
        Role::Guest.require_view(board.public)?;
    }
    let mut scope = guest_scope(state, board).await?;
    if let Some(grant) = grant {
        scope.locked_filters = grant.locked_filters;
        scope.read_only = !board.public;
    }
    Ok(scope)
}

/// The first language an `Accept-Language` header names (`de-DE` of `de-DE,de;q=0.9`): the one
/// `navigator.language` gives the app. Empty without one, which reads as en-US.
fn first_language(headers: &HeaderMap) -> &str {
    let header = headers.get(ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok()).unwrap_or_default();
    header.split(',').next().and_then(|tag| tag.split(';').next()).map(str::trim).unwrap_or_default()
}

/// `board` drawn for `viewer` through `scope`, its values written for `locale`: from the cache
/// when nothing it was drawn from changed, else drawn now (one request draws; others asking for
/// the same version wait for it).
pub async fn rendered(state: &AppState, board: &Board, scope: &Scope, viewer: &Viewer, locale: &str) -> Result<Arc<Rendered>, Error> {
    // Tags of one locale (`de-AT`, `de`) share a page.
    let locale = tessera_core::display::Locale::of(locale).tag;
    let blocks = scope.blocks.to_vec();
    let sheets = match scope.spreadsheet_id.is_empty() {
        true => Vec::new(),
        false => store::list(&state.db, &scope.spreadsheet_id).await?,
    };
    let key = Key {
        board_id: board.id.clone(),
        fingerprint: fingerprint(board, scope, viewer, locale, &blocks, &sheets, crate::infra::db::now().div_euclid(86_400)),
    };
    state
        .embeds
        .entries
        .get_or_insert_async(&key, async {
            let snapshot = snapshot::read(state, board, scope, viewer, locale, blocks).await?;
            Ok(Arc::new(Rendered { title: snapshot.title.clone(), markup: render::page(&snapshot), preview: preview::svg(&snapshot) }))
        })
        .await
}

/// Everything a rendering depends on, hashed.
fn fingerprint(board: &Board, scope: &Scope, viewer: &Viewer, locale: &str, blocks: &[StoredBlock], sheets: &[SheetInfo], day: i64) -> u64 {
    let mut hasher = DefaultHasher::new();
    (&board.slug, &board.name, board.public, &board.spreadsheet_id).hash(&mut hasher);
    serde_json::to_string(&board.settings).unwrap_or_default().hash(&mut hasher);
    (scope.role.as_str(), &scope.spreadsheet_id, serde_json::to_string(&scope.filters).unwrap_or_default()).hash(&mut hasher);
    // Two tokens that lock other values must never share a page.
    (&scope.locked_filters, scope.read_only).hash(&mut hasher);
    (viewer.signed_in, &viewer.email, &viewer.session_row_id, &viewer.url_filters, locale).hash(&mut hasher);
    for block in blocks {
        (&block.id, &block.block_type, serde_json::to_string(&block.config).unwrap_or_default()).hash(&mut hasher);
    }
    for sheet in sheets {
        (&sheet.id, &sheet.title, sheet.version, &sheet.columns).hash(&mut hasher);
    }
    day.hash(&mut hasher);
    hasher.finish()
}

/// The marketplace preview of `board` (`api/board_preview.rs` decides who may ask): always drawn
/// with a guest's rows, whoever asks, its values in en-US (the marketplace is written in English).
pub async fn preview(state: &AppState, board: &Board) -> Result<Arc<Rendered>, Error> {
    let scope = guest_scope(state, board).await?;
    rendered(state, board, &scope, &Viewer::default(), "").await
}
