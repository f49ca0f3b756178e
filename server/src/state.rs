//! What every handler shares: configuration, the database and the session keys. The server
//! keeps nothing else between requests, so any replica can answer any request.

use std::sync::Arc;

use crate::answer_cache::AnswerCache;
use crate::auth::session::SessionKeys;
use crate::db::Db;
use crate::mail::Mailer;
use crate::sheets::cache::TableCache;
use crate::Config;

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
    pub embeds: Arc<crate::embed::cache::Cache>,
    /// For outside services the operator configured (Google Sheets API, SMTP is separate).
    pub http: reqwest::Client,
    /// For addresses users type in (published-CSV links): private networks are refused at
    /// connect time and in redirects unless `TESSERA_ALLOW_PRIVATE_FETCH` is set (see `outbound`).
    pub user_http: reqwest::Client,
    /// For API-call row actions: as `user_http`, with a 10-second limit and at most 3 redirects.
    pub action_http: reqwest::Client,
}
