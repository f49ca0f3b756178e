//! Tessera's HTTP server: its modules, top down (`ARCHITECTURE.md` has the map), and the
//! [`AppState`] every handler gets: configuration, the database, the session keys, the mailer
//! and the caches. [`http::server`] builds the state and the router and serves them; `main.rs`
//! only calls its `run`.

pub mod access;
pub mod accounts;
pub mod boards;
pub mod embed;
pub mod history;
pub mod http;
pub mod infra;
pub mod sheets;
pub mod sources;
pub mod web;

use std::sync::Arc;

use accounts::auth::session::SessionKeys;
use accounts::mail::Mailer;
use infra::db::Db;
use sheets::answer_cache::AnswerCache;
use sheets::cache::TableCache;

pub use infra::config::{Config, ConfigError, HistoryLimits, SentryDsn};
pub use infra::error::Error;

/// What every handler shares: configuration, the database and the session keys. The server
/// keeps nothing else between requests, so any replica can answer any request.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub keys: Arc<SessionKeys>,
    pub mailer: Mailer,
    /// Parsed sheets by version; a cache that any replica may lose at any time.
    pub tables: Arc<TableCache>,
    /// Answers many viewers share, by data version and effective query (`answer_cache`); a cache too.
    pub answers: Arc<AnswerCache>,
    /// Embeds and preview images as drawn, by board and data version (`embed`); a cache too.
    pub embeds: Arc<infra::rendered_cache::Cache>,
    /// For outside services the operator configured (Google Sheets API, SMTP is separate).
    pub http: reqwest::Client,
    /// For addresses users type in (published-CSV links): private networks are refused at
    /// connect time and in redirects unless `TESSERA_ALLOW_PRIVATE_FETCH` is set (see `outbound`).
    pub user_http: reqwest::Client,
    /// For API-call row actions: as `user_http`, with a 10-second limit and at most 3 redirects.
    pub action_http: reqwest::Client,
}
