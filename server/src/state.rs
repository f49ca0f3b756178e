//! What every handler shares: configuration, the database and the session keys. The server
//! keeps nothing else between requests, so any replica can answer any request.

use std::sync::Arc;

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
    /// For outside services (Google Sheets, published CSV links, users' API endpoints).
    pub http: reqwest::Client,
}
