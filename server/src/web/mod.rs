//! The built web app (platform §2, "Screens and routes").
//!
//! The app is a single-page React app: the browser router decides what each route shows, so the
//! server answers every client route with `index.html`. It still knows the route table, so that
//! an unmatched path answers 404 (with `index.html`, whose app then shows 'This page could not
//! be found') instead of a misleading 200. Files in `web/dist` are served as they are.
//!
//! `/embed?board={slug}` adds the board's `frame-ancestors` (its `embed_origins`) to the policy,
//! so only the sites its owner listed may frame it. A public board's page carries its title and
//! link-preview tags (`link_preview.rs`); the page of a board address no board has says so
//! ([`MISSING_BOARD_META`]), so the app shows its 404 without a failing request, and so does the
//! page of a private board asked for without a session ([`PRIVATE_BOARD_META`]: the 403).

pub(crate) mod csp;
pub mod link_preview;

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::State;
use axum::handler::Handler;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::services::ServeDir;

use crate::accounts::auth::session;
use crate::boards::board_state;
use crate::infra::config::Config;
use crate::infra::db::Db;
use crate::infra::error::Error;
use crate::infra::html::{Markup, Safe};
use crate::infra::text::escape;
use crate::AppState;

/// The fixed client routes of platform §2. `/:board_slug` is matched by [`is_board_slug`].
const CLIENT_ROUTES: &[&str] = &[
    "/",
    "/accept-invitation",
    "/admin",
    "/admin_old",
    "/boardWorkspace",
    "/dashboard",
    "/marketplace",
    "/payment_success",
    "/payment_fail",
    "/dashboard/account",
    "/dashboard/accountbilling",
    "/dashboard/auth",
    "/dashboard/signup",
    "/dashboard/signupbackup",
    "/dashboard/emailVerify",
    "/dashboard/forgetPassword",
    "/dashboard/new-multipage",
    "/dashboard/new-workspace",
    "/dashboard/start",
    "/dashboard/redeemappsumocodes",
    "/embed",
    "/docs",
];

#[derive(Clone)]
pub(crate) struct WebApp {
    dist: Arc<PathBuf>,
    /// The `<script id="tessera-config">` element written into every page (see [`page_config`]).
    config_tag: Arc<String>,
    /// The Content-Security-Policy header of every page (`csp.rs`).
    policy: Arc<String>,
    /// For the board an `/embed` page or a board's page shows.
    db: Db,
    /// For the addresses in a board's link preview.
    config: Arc<Config>,
}

/// The operator's settings that the web app needs before its first paint (web/src/config/runtime.ts
/// reads them): written into the page, so they cost no request.
fn page_config(config: &Config) -> String {
    let base_url = config.public_base_url();
    let base_host = base_url.split_once("://").map_or(base_url.as_str(), |(_, rest)| rest).split(['/', ':']).next().unwrap_or_default();
    let json = serde_json::json!({
        "baseHost": base_host.to_ascii_lowercase(),
        "docsUrl": config.docs_url,
        "liveChatScript": config.live_chat_script,
        "tutorialVideos": config.tutorial_videos,
        "release": env!("CARGO_PKG_VERSION"),
        "boardBaseUrl": config.board_base_url,
        "mapTilesUrl": config.map_tiles_url,
        "geocoderUrl": config.geocoder_url,
    });
    // `<` escaped keeps a value such as `</script>` from ending the element early.
    format!(r#"<script id="tessera-config" type="application/json">{}</script>"#, json.to_string().replace('<', "\\u003c"))
}

/// The `<meta name>` of a page whose address names a board that does not exist, with the slug as
/// its content: the app's board route shows its 404 at once instead of asking POST
/// /api/board/update-metadata for it (web/src/features/board/missingBoard.ts). The page still
/// answers 200, since on an app's host the same address is one of the app's pages.
pub const MISSING_BOARD_META: &str = "tessera-missing-board";

/// The `<meta name>` of a private board's page requested without a session, with the slug as its
/// content: such a visitor is refused for certain, so the app shows the 403 screen (with its
/// 'Log in') at once instead of asking for the board and logging the refusal in the visitor's
/// console (web/src/features/board/missingBoard.ts). It says no more than that refusal would.
pub const PRIVATE_BOARD_META: &str = "tessera-private-board";

/// What a server-rendered route (the embed, `embed/`) writes into `index.html`.
pub(crate) struct Prerendered<'a> {
    /// The page's `<title>` text, escaped here; `None` keeps the page's own.
    pub title: Option<&'a str>,
    /// Markup for the end of `<head>`.
    pub head: &'a Safe,
    /// Markup put just before the app's `<div id="root">`.
    pub body: &'a Safe,
}

impl WebApp {
    pub(crate) fn new(state: &AppState) -> Self {
        let config = &state.config;
        Self {
            dist: Arc::new(config.web_dist.clone()),
            config_tag: Arc::new(page_config(config)),
            policy: Arc::new(csp::policy(config)),
            db: state.db.clone(),
            config: state.config.clone(),
        }
    }

    /// The policy of a page that shows `board` in another site's frame: the common one plus the
    /// board's `frame-ancestors` (the sites its owner listed, or this site alone on a free plan).
    pub(crate) fn policy_for(&self, board: &board_state::Board) -> Option<String> {
        board_state::frame_ancestors(board, &self.config).map(|directive| format!("{}; {directive}", self.policy))
    }
}

/// Static files first; what no file matches goes to [`client_route`].
pub fn router(state: &AppState) -> Router {
    let app = WebApp::new(state);
    let config = &state.config;
    let files = ServeDir::new(&config.web_dist)
        // `/` and folders are client routes, not directory listings or folder index pages.
        .append_index_html_on_directories(false)
        .fallback(client_route.with_state(app));
    Router::new().fallback_service(files)
}

/// Answers a path that is no file in `web/dist`: `index.html`, with 200 for a client route and
/// 404 for anything else.
async fn client_route(State(app): State<WebApp>, uri: Uri, headers: HeaderMap) -> Result<Response, Error> {
    let status = if is_client_route(uri.path()) { StatusCode::OK } else { StatusCode::NOT_FOUND };
    let path = uri.path().trim_end_matches('/');
    let policy = match path {
        "/embed" => embed_policy(&app, uri.query()).await?,
        _ => None,
    };
    // A fixed route (`/dashboard`) is never a board: reserved slugs keep boards off them.
    let slug = (is_board_slug(path) && !CLIENT_ROUTES.contains(&path)).then(|| &path[1..]);
    let preview = match slug {
        Some(slug) => link_preview::for_board(&app.db, &app.config, slug).await?,
        None => None,
    };
    let head = match (&preview, slug) {
        (Some(preview), _) => Some(preview.head()),
        (None, Some(slug)) => refused_board_head(&app.db, slug, session::session_token(&headers).is_some()).await?,
        (None, None) => None,
    };
    let nothing = Safe::fixed("");
    let title = preview.as_ref().map(|preview| preview.title.as_str());
    let prerendered = head.as_ref().map(|head| Prerendered { title, head, body: &nothing });
    index_html(&app, status, policy.as_deref(), prerendered.as_ref()).await
}

/// The [`MISSING_BOARD_META`] tag when no board has the address `slug`, the
/// [`PRIVATE_BOARD_META`] tag when a private board has it and the request has no session, else
/// nothing (a signed-in visitor may be its owner: the app asks).
async fn refused_board_head(db: &Db, slug: &str, has_session: bool) -> Result<Option<Safe>, Error> {
    let slug = slug.to_lowercase();
    let name = match board_state::find_by_slug(db, &slug).await? {
        None => MISSING_BOARD_META,
        Some(board) if !board.public && !has_session => PRIVATE_BOARD_META,
        Some(_) => return Ok(None),
    };
    let mut markup = Markup::new();
    markup.empty("meta", &[("name", name.into()), ("content", slug.as_str().into())]);
    Ok(Some(markup.finish()))
}

/// The policy of `/embed?board={slug}` when that board limits who may frame it.
async fn embed_policy(app: &WebApp, query: Option<&str>) -> Result<Option<String>, Error> {
    let slug = url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()).find(|(name, _)| *name == "board").map(|(_, slug)| slug);
    let Some(slug) = slug.map(|slug| slug.trim().to_lowercase()).filter(|slug| !slug.is_empty()) else { return Ok(None) };
    let board = board_state::find_by_slug(&app.db, &slug).await?;
    Ok(board.as_ref().and_then(|board| app.policy_for(board)))
}

/// `index.html` with the operator's settings, and what a server-rendered route adds; `policy`
/// replaces the common Content-Security-Policy (an embed's `frame-ancestors`).
pub(crate) async fn index_html(
    app: &WebApp,
    status: StatusCode,
    policy: Option<&str>,
    prerendered: Option<&Prerendered<'_>>,
) -> Result<Response, Error> {
    let dist = app.dist.as_path();
    let path = dist.join("index.html");
    match tokio::fs::read_to_string(&path).await {
        Ok(html) => Ok((
            status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                // The page names hashed asset files: a stale copy would load an old build.
                (header::CACHE_CONTROL, "no-cache"),
                (header::CONTENT_SECURITY_POLICY, policy.unwrap_or(&app.policy)),
            ],
            prerender(html, prerendered).replacen("</head>", &format!("{}</head>", app.config_tag), 1),
        )
            .into_response()),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Err(Error::WebAppNotBuilt { dist: dist.to_path_buf() }),
        Err(err) => Err(Error::internal(format!("reading {}", path.display()), err)),
    }
}

/// `html` with the page's title replaced (when one is given), `head` at the end of `<head>` and
/// `body` before the app's root (at the end of `<body>` in a page without one).
fn prerender(mut html: String, prerendered: Option<&Prerendered<'_>>) -> String {
    let Some(prerendered) = prerendered else { return html };
    if let Some(text) = prerendered.title {
        let mut title = String::new();
        escape(text, &mut title);
        html = match (html.find("<title>"), html.find("</title>")) {
            (Some(start), Some(end)) if start < end => format!("{}<title>{title}{}", &html[..start], &html[end..]),
            _ => html.replacen("</head>", &format!("<title>{title}</title></head>"), 1),
        };
    }
    html = html.replacen("</head>", &format!("{}</head>", prerendered.head.as_str()), 1);
    match html.find("<div id=\"root\"") {
        Some(at) => html.insert_str(at, prerendered.body.as_str()),
        None => html = html.replacen("</body>", &format!("{}</body>", prerendered.body.as_str()), 1),
    }
    html
}

/// True for the routes of platform §2. One trailing slash is tolerated (`/dashboard/`).
pub(crate) fn is_client_route(path: &str) -> bool {
    let path = match path.strip_suffix('/') {
        Some(trimmed) if !trimmed.is_empty() => trimmed,
        _ => path,
    };
    CLIENT_ROUTES.contains(&path) || is_board_slug(path) || is_spreadsheet_screen(path) || is_docs_page(path)
}

/// `/docs/api` (the HTTP API reference), `/docs/blocks/{type}` (a block type's page of the
/// settings reference) and `/docs/guides/{slug}` (a user guide).
fn is_docs_page(path: &str) -> bool {
    let segment = |prefix: &str, allowed: fn(char) -> bool| {
        path.strip_prefix(prefix).is_some_and(|name| !name.is_empty() && name.chars().all(allowed))
    };
    path == "/docs/api"
        || segment("/docs/blocks/", |c| c.is_ascii_alphanumeric())
        || segment("/docs/guides/", |c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// `/dashboard/spreadsheets/new` and `/dashboard/spreadsheets/{id}`: the connect screen and the
/// grid view of an uploaded spreadsheet.
fn is_spreadsheet_screen(path: &str) -> bool {
    path.strip_prefix("/dashboard/spreadsheets/").is_some_and(|id| !id.is_empty() && !id.contains(['/', '.']))
}

/// `/:board_slug`: one path segment. A segment with a dot is taken for a missing file
/// (`/favicon.ico`, `/sw.js`) rather than a board, so a script loader gets a 404 instead of an
/// HTML page it cannot run.
fn is_board_slug(path: &str) -> bool {
    match path.strip_prefix('/') {
        Some(segment) => !segment.is_empty() && !segment.contains(['/', '.']),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{is_client_route, page_config};
    use crate::infra::config::Config;

    #[test]
    fn the_page_config_carries_the_operator_settings_and_cannot_end_its_element() {
        let config = Config {
            base_url: Some("https://Tessera.Example.com:8443/".to_owned()),
            live_chat_script: Some("https://chat.example/w.js?</script><script>alert(1)</script>".to_owned()),
            ..Config::default()
        };
        let tag = page_config(&config);
        let json = tag.strip_prefix(r#"<script id="tessera-config" type="application/json">"#).unwrap().strip_suffix("</script>").unwrap();
        assert!(!json.contains('<'), "{json}");
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(value["baseHost"], "tessera.example.com");
        assert_eq!(value["docsUrl"], "/docs");
        assert_eq!(value["liveChatScript"], "https://chat.example/w.js?</script><script>alert(1)</script>");
        assert_eq!(value["tutorialVideos"], serde_json::json!({}));
        assert_eq!(value["mapTilesUrl"], "https://tile.openstreetmap.org/{z}/{x}/{y}.png");
        assert_eq!(value["geocoderUrl"], "https://api.mapbox.com");
    }

    #[test]
    fn every_route_of_the_table_and_a_board_slug_is_a_client_route() {
        for route in super::CLIENT_ROUTES {
            assert!(is_client_route(route), "{route}");
        }
        assert!(is_client_route("/sales-q3"));
        assert!(is_client_route("/dashboard/auth/"));
        assert!(is_client_route("/dashboard/spreadsheets/new"));
        assert!(is_client_route("/dashboard/spreadsheets/0b1c2d"));
        assert!(is_client_route("/docs/blocks/imageGallery"));
        assert!(is_client_route("/docs/guides/self-hosting"));
        assert!(is_client_route("/docs/api"));
    }

    #[test]
    fn deeper_or_file_like_paths_are_not_client_routes() {
        assert!(!is_client_route("/dashboard/unknown"));
        assert!(!is_client_route("/sales-q3/extra"));
        assert!(!is_client_route("/favicon.ico"));
        assert!(!is_client_route("/Dashboard/Auth"));
        assert!(!is_client_route("/dashboard/spreadsheets/a/b"));
        assert!(!is_client_route("/docs/blocks/"));
        assert!(!is_client_route("/docs/blocks/a/b"));
        assert!(!is_client_route("/docs/guides/"));
        assert!(!is_client_route("/docs/guides/Filters"));
        assert!(!is_client_route("/docs/guides/a/b"));
        assert!(!is_client_route("/docs/api/x"));
    }
}
