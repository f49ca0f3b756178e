//! Server configuration, read from the environment once at start-up. Every variable is listed
//! in README.md ("Configuration").

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

/// Where the server listens, what it serves and which outside services it uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `TESSERA_BIND`, default 127.0.0.1 (local only; 0.0.0.0 to listen on every interface).
    pub bind: IpAddr,
    /// `PORT`, default 8080; 0 picks a free port (the start-up line shows which).
    pub port: u16,
    /// `TESSERA_WEB_DIST`, default `web/dist`: the output of `npm run build` in `web/`.
    pub web_dist: PathBuf,
    /// `DATABASE_URL`, default `sqlite://data/tessera.db` (the data folder is created on start).
    /// `postgres://user@host/db` switches to PostgreSQL.
    pub database_url: String,
    /// `TESSERA_BASE_URL`: the address users reach the product at, used in e-mailed links and
    /// as `CHARTMAT_BOARD_BASE_URL` when that is unset. Never taken from request headers.
    /// Default: the address the server listens on.
    pub base_url: Option<String>,
    /// `TESSERA_ADMIN_EMAILS`: comma-separated e-mails of platform administrators.
    pub admin_emails: Vec<String>,
    /// `TESSERA_SMTP_URL`, e.g. `smtps://user:password@smtp.example.com` or
    /// `smtp://127.0.0.1:2525`. Unset: e-mails go to the outbox table and the log.
    pub smtp_url: Option<String>,
    /// `TESSERA_MAIL_FROM`, default `Tessera <no-reply@tessera.local>`.
    pub mail_from: String,
    /// `TESSERA_JWT_SECRET`: the key that signs session tokens. Unset: a random key is made once
    /// and kept in the database, which every replica shares.
    pub jwt_secret: Option<String>,
    /// `TESSERA_SESSION_HOURS`, default 168 (one week).
    pub session_hours: u32,
    /// `TESSERA_PAYMENT_WEBHOOK_SECRET`: the shared secret of the payment provider's webhook.
    /// Unset: the webhook answers 503.
    pub payment_webhook_secret: Option<String>,
    /// `TESSERA_PLAN`: the plan every workspace is on (`free` or `paid`), whatever its owner's
    /// stored plan. Unset: on an install with no billing (no `TESSERA_PAYMENT_WEBHOOK_SECRET`)
    /// every workspace is on the highest plan, `paid`, so a self-hosted install can embed; an
    /// install that sells plans keeps each owner's own (`None`).
    pub plan: Option<String>,
    /// `TESSERA_TRUST_PROXY=1`: take the client address for rate limits from the last
    /// `X-Forwarded-For` entry (set this only behind a proxy that writes that header).
    pub trust_proxy: bool,
    /// `TESSERA_SHEET_CACHE_MB`, default 256: memory for parsed sheets, per server process.
    pub sheet_cache_mb: usize,
    /// `TESSERA_ANSWER_CACHE_MB`, default 64: memory for answers many viewers share (a page of
    /// rows, a chart), per server process; 0 turns the cache off (`answer_cache`).
    pub answer_cache_mb: usize,
    /// How much history is kept (issue 30): `TESSERA_HISTORY_DAYS`, `TESSERA_HISTORY_REVISIONS`,
    /// `TESSERA_ACTIVITY_ROWS`, `TESSERA_KEPT_IMPORTS`.
    pub history: HistoryLimits,
    /// `TESSERA_ALLOW_PRIVATE_FETCH=1`: links that users enter may point at private network
    /// addresses (a self-hosted install whose data lives on its own network). Default off.
    pub allow_private_fetch: bool,
    /// `TESSERA_OUTBOUND_ALLOW`: comma-separated `address:port` pairs (`10.0.0.5:8080`,
    /// `[fd00::5]:443`) that user-entered links and API-call actions may reach although private.
    pub outbound_allow: Vec<std::net::SocketAddr>,
    /// `TESSERA_UPLOADS_DIR`: the folder of uploaded files. Unset: `uploads` next to the SQLite
    /// file, or `data/uploads` with PostgreSQL (see [`Config::uploads_folder`]).
    pub uploads_dir: Option<PathBuf>,
    /// `TESSERA_DEMO`, default on: the first start on an empty database creates the demo
    /// workspace. `0` turns it off.
    pub demo: bool,
    /// The values `GET /api/getENV/{name}` answers (platform §7), from variables of the same name.
    pub beanstalk_endpoint: Option<String>,
    pub board_base_url: Option<String>,
    pub mapbox_token: Option<String>,
    /// `TESSERA_GOOGLE_API_KEY`: reads public Google Sheets (shared "anyone with the link").
    /// It cannot write; writes need the service account.
    pub google_api_key: Option<String>,
    /// `TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE`: the service account's JSON key (client_email,
    /// private_key, token_uri). Reads and writes the sheets shared with that account.
    pub google_service_account_file: Option<PathBuf>,
    /// `TESSERA_GOOGLE_API_BASE`, default `https://sheets.googleapis.com` (tests use a stand-in).
    pub google_api_base: String,
    /// `TESSERA_CSV_LINK_TTL_SECS`, default 300: how old a snapshot of a linked spreadsheet may
    /// get before a sheet-data request refreshes it.
    pub csv_link_ttl_secs: u64,
    /// `TESSERA_SOURCE_TIMEOUT_SECS`, default 20: the longest one read of a linked spreadsheet
    /// may take, every call and retry included. A viewer's request that refreshes a stale
    /// snapshot waits at most this long before it is served the stored rows.
    pub source_timeout_secs: u64,
    /// `TESSERA_DOCS_URL`, default `/docs`: where the editor's Docs button goes.
    pub docs_url: String,
    /// `TESSERA_MAP_TILES_URL`, default OpenStreetMap's `https://tile.openstreetmap.org/{z}/{x}/{y}.png`:
    /// the tile source of map blocks (`{z}`, `{x}`, `{y}` are filled in by the browser).
    pub map_tiles_url: String,
    /// `TESSERA_GEOCODER_URL`, default `https://api.mapbox.com`: the geocoding service map blocks
    /// ask for addresses (with the `CHARTMAT_MAPBOX_AUTH_TOKEN` token); tests point it at a stand-in.
    pub geocoder_url: String,
    /// `TESSERA_LIVE_CHAT_SCRIPT`: the script URL of a live-chat widget, loaded on the product's
    /// front pages only (platform §2). Unset: no widget.
    pub live_chat_script: Option<String>,
    /// `TESSERA_TUTORIAL_VIDEO_BOARD_SETTINGS`, `_ADD_BLOCK`, `_PUBLISH`: the videos of the
    /// Tutorial Videos popup. Unset: the built-in walkthrough of screenshots of the product.
    pub tutorial_videos: TutorialVideos,
    /// `TESSERA_SENTRY_DSN`: a Sentry-compatible DSN that the browser's error reports are
    /// forwarded to. Unset: reports are only logged.
    pub sentry_dsn: Option<SentryDsn>,
}

/// The plan of the `plans` table with every feature: a self-hosted install without billing is on it.
pub const HIGHEST_PLAN: &str = "paid";

pub const DEFAULT_MAP_TILES_URL: &str = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
pub const DEFAULT_GEOCODER_URL: &str = "https://api.mapbox.com";

/// A URL the web app loads or links to: absolute http(s), or a path on this server. Anything else
/// (`javascript:`, a bare word) would end up in a `src` or `href` of every page.
fn web_url(name: &'static str, value: String) -> Result<String, ConfigError> {
    let value = value.trim().to_owned();
    let ok = value.starts_with("https://") || value.starts_with("http://") || (value.starts_with('/') && !value.starts_with("//"));
    if ok {
        Ok(value)
    } else {
        Err(ConfigError::WebUrl { name, value })
    }
}

/// The three videos of the Tutorial Videos popup (platform §2); `None` keeps its built-in walkthrough.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TutorialVideos {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_settings: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub add_block: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publish: Option<String>,
}

/// A parsed Sentry DSN, `{scheme}://{public_key}@{host}[/{path}]/{project_id}`: events go to
/// `{scheme}://{host}[/{path}]/api/{project_id}/store/` with the key in `X-Sentry-Auth`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentryDsn {
    pub store_url: String,
    pub public_key: String,
}

impl SentryDsn {
    pub fn parse(dsn: &str) -> Option<Self> {
        let (scheme, rest) = dsn.trim().split_once("://")?;
        if scheme != "http" && scheme != "https" {
            return None;
        }
        let (credentials, location) = rest.split_once('@')?;
        let public_key = credentials.split(':').next().filter(|key| !key.is_empty())?;
        let (host_and_path, project) = location.trim_end_matches('/').rsplit_once('/')?;
        if host_and_path.is_empty() || project.is_empty() || !project.chars().all(|c| c.is_ascii_alphanumeric()) {
            return None;
        }
        Some(Self { store_url: format!("{scheme}://{host_and_path}/api/{project}/store/"), public_key: public_key.to_owned() })
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            web_dist: PathBuf::from("web/dist"),
            database_url: "sqlite://data/tessera.db".to_owned(),
            base_url: None,
            admin_emails: Vec::new(),
            smtp_url: None,
            mail_from: "Tessera <no-reply@tessera.local>".to_owned(),
            jwt_secret: None,
            session_hours: 168,
            payment_webhook_secret: None,
            plan: None,
            trust_proxy: false,
            sheet_cache_mb: 256,
            answer_cache_mb: 64,
            history: HistoryLimits::default(),
            allow_private_fetch: false,
            outbound_allow: Vec::new(),
            uploads_dir: None,
            demo: true,
            beanstalk_endpoint: None,
            board_base_url: None,
            mapbox_token: None,
            google_api_key: None,
            google_service_account_file: None,
            google_api_base: "https://sheets.googleapis.com".to_owned(),
            csv_link_ttl_secs: 300,
            source_timeout_secs: 20,
            docs_url: "/docs".to_owned(),
            map_tiles_url: DEFAULT_MAP_TILES_URL.to_owned(),
            geocoder_url: DEFAULT_GEOCODER_URL.to_owned(),
            live_chat_script: None,
            tutorial_videos: TutorialVideos::default(),
            sentry_dsn: None,
        }
    }
}

/// How long and how much history the server keeps; pruning ([`crate::history::retention`])
/// applies them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryLimits {
    /// Revisions, row activity and kept imports older than this many days are pruned (default
    /// 90). 0 keeps no history at all: nothing is recorded.
    pub days: i64,
    /// The most revisions kept per board or app (default 500); older ones are pruned first.
    pub revisions: i64,
    /// The most row-activity entries kept per spreadsheet (default 100,000).
    pub activity_rows: i64,
    /// How many earlier uploads of a spreadsheet are kept when a new one replaces them (default 5;
    /// 0 keeps none).
    pub kept_imports: i64,
}

impl Default for HistoryLimits {
    fn default() -> Self {
        Self { days: 90, revisions: 500, activity_rows: 100_000, kept_imports: 5 }
    }
}

impl HistoryLimits {
    /// Whether anything is recorded.
    pub fn keeps_history(&self) -> bool {
        self.days > 0
    }
}

/// A configuration variable that is set but unusable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("PORT must be a number from 0 to 65535, got `{0}`")]
    Port(String),
    #[error("TESSERA_BIND must be an IP address such as 127.0.0.1 or 0.0.0.0, got `{0}`")]
    Bind(String),
    #[error("TESSERA_SESSION_HOURS must be a whole number of hours from 1 to 8760, got `{0}`")]
    SessionHours(String),
    #[error("{name} must be 0 or 1, got `{value}`")]
    Flag { name: &'static str, value: String },
    #[error("TESSERA_BASE_URL must start with http:// or https://, got `{0}`")]
    BaseUrl(String),
    #[error("TESSERA_SHEET_CACHE_MB must be a whole number of megabytes from 1 to 1048576, got `{0}`")]
    SheetCache(String),
    #[error("TESSERA_ANSWER_CACHE_MB must be a whole number of megabytes from 0 (off) to 1048576, got `{0}`")]
    AnswerCache(String),
    #[error(
        "TESSERA_OUTBOUND_ALLOW lists address:port pairs such as 10.0.0.5:8080 or [fd00::5]:443, separated by commas; `{0}` is not one"
    )]
    OutboundAllow(String),
    #[error("TESSERA_GOOGLE_API_BASE must start with http:// or https://, got `{0}`")]
    GoogleApiBase(String),
    #[error("TESSERA_CSV_LINK_TTL_SECS must be a whole number of seconds from 0 to 86400, got `{0}`")]
    CsvLinkTtl(String),
    #[error("TESSERA_SOURCE_TIMEOUT_SECS must be a whole number of seconds from 1 to 600, got `{0}`")]
    SourceTimeout(String),
    #[error("TESSERA_SENTRY_DSN must look like https://<key>@<host>/<project id>, got `{0}`")]
    SentryDsn(String),
    #[error("{name} must be an http:// or https:// URL or a path starting with /, got `{value}`")]
    WebUrl { name: &'static str, value: String },
    #[error("{name} must be a whole number from {min} to {max}, got `{value}`")]
    Count { name: &'static str, min: i64, max: i64, value: String },
    #[error("TESSERA_JWT_SECRET must be at least 32 characters long")]
    JwtSecretTooShort,
}

impl Config {
    /// Reads `PORT`, `TESSERA_BIND` and `TESSERA_WEB_DIST`; unset or empty means the default.
    /// A relative `web_dist` is made absolute against the current directory, so messages name
    /// the exact folder.
    pub fn from_env() -> Result<Self, ConfigError> {
        let mut config = Self::from_lookup(|name| std::env::var(name).ok())?;
        if let Ok(absolute) = std::path::absolute(&config.web_dist) {
            config.web_dist = absolute;
        }
        Ok(config)
    }

    /// Builds a configuration from any variable lookup (the environment, or a table in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());
        let mut config = Self::default();
        if let Some(port) = var("PORT") {
            config.port = port.trim().parse().map_err(|_| ConfigError::Port(port))?;
        }
        if let Some(bind) = var("TESSERA_BIND") {
            config.bind = bind.trim().parse().map_err(|_| ConfigError::Bind(bind))?;
        }
        if let Some(dist) = var("TESSERA_WEB_DIST") {
            config.web_dist = PathBuf::from(dist);
        }
        if let Some(url) = var("DATABASE_URL") {
            config.database_url = url.trim().to_owned();
        }
        if let Some(url) = var("TESSERA_BASE_URL") {
            let url = url.trim().trim_end_matches('/').to_owned();
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::BaseUrl(url));
            }
            config.base_url = Some(url);
        }
        if let Some(emails) = var("TESSERA_ADMIN_EMAILS") {
            config.admin_emails = emails.split(',').map(|email| email.trim().to_lowercase()).filter(|email| !email.is_empty()).collect();
        }
        config.smtp_url = var("TESSERA_SMTP_URL").map(|url| url.trim().to_owned());
        if let Some(from) = var("TESSERA_MAIL_FROM") {
            config.mail_from = from.trim().to_owned();
        }
        if let Some(secret) = var("TESSERA_JWT_SECRET") {
            if secret.len() < 32 {
                return Err(ConfigError::JwtSecretTooShort);
            }
            config.jwt_secret = Some(secret);
        }
        if let Some(hours) = var("TESSERA_SESSION_HOURS") {
            config.session_hours =
                hours.trim().parse().ok().filter(|hours| (1..=8760).contains(hours)).ok_or(ConfigError::SessionHours(hours))?;
        }
        config.payment_webhook_secret = var("TESSERA_PAYMENT_WEBHOOK_SECRET");
        config.plan = match var("TESSERA_PLAN") {
            Some(plan) => Some(plan.trim().to_owned()),
            None if config.payment_webhook_secret.is_none() => Some(HIGHEST_PLAN.to_owned()),
            None => None,
        };
        if let Some(value) = var("TESSERA_TRUST_PROXY") {
            config.trust_proxy = flag("TESSERA_TRUST_PROXY", value)?;
        }
        if let Some(mb) = var("TESSERA_SHEET_CACHE_MB") {
            config.sheet_cache_mb = mb.trim().parse().ok().filter(|mb| (1..=1_048_576).contains(mb)).ok_or(ConfigError::SheetCache(mb))?;
        }
        if let Some(mb) = var("TESSERA_ANSWER_CACHE_MB") {
            config.answer_cache_mb = mb.trim().parse().ok().filter(|mb| *mb <= 1_048_576).ok_or(ConfigError::AnswerCache(mb))?;
        }
        let count = |name: &'static str, min: i64, max: i64, default: i64| match var(name) {
            None => Ok(default),
            Some(value) => {
                value.trim().parse().ok().filter(|n| (min..=max).contains(n)).ok_or(ConfigError::Count { name, min, max, value })
            }
        };
        let defaults = HistoryLimits::default();
        config.history = HistoryLimits {
            days: count("TESSERA_HISTORY_DAYS", 0, 36_500, defaults.days)?,
            revisions: count("TESSERA_HISTORY_REVISIONS", 1, 1_000_000, defaults.revisions)?,
            activity_rows: count("TESSERA_ACTIVITY_ROWS", 1, 100_000_000, defaults.activity_rows)?,
            kept_imports: count("TESSERA_KEPT_IMPORTS", 0, 100, defaults.kept_imports)?,
        };
        if let Some(value) = var("TESSERA_ALLOW_PRIVATE_FETCH") {
            config.allow_private_fetch = flag("TESSERA_ALLOW_PRIVATE_FETCH", value)?;
        }
        if let Some(list) = var("TESSERA_OUTBOUND_ALLOW") {
            config.outbound_allow = list
                .split(',')
                .map(str::trim)
                .filter(|pair| !pair.is_empty())
                .map(|pair| pair.parse().map_err(|_| ConfigError::OutboundAllow(pair.to_owned())))
                .collect::<Result<_, _>>()?;
        }
        config.uploads_dir = var("TESSERA_UPLOADS_DIR").map(|dir| PathBuf::from(dir.trim()));
        if let Some(value) = var("TESSERA_DEMO") {
            config.demo = flag("TESSERA_DEMO", value)?;
        }
        config.beanstalk_endpoint = var("BEANSTALK_ENDPOINT");
        config.board_base_url = var("CHARTMAT_BOARD_BASE_URL");
        config.mapbox_token = var("CHARTMAT_MAPBOX_AUTH_TOKEN");
        config.google_api_key = var("TESSERA_GOOGLE_API_KEY").map(|key| key.trim().to_owned());
        config.google_service_account_file = var("TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE").map(|path| PathBuf::from(path.trim()));
        if let Some(base) = var("TESSERA_GOOGLE_API_BASE") {
            let base = base.trim().trim_end_matches('/').to_owned();
            if !(base.starts_with("http://") || base.starts_with("https://")) {
                return Err(ConfigError::GoogleApiBase(base));
            }
            config.google_api_base = base;
        }
        if let Some(secs) = var("TESSERA_CSV_LINK_TTL_SECS") {
            config.csv_link_ttl_secs = secs.trim().parse().ok().filter(|secs| *secs <= 86_400).ok_or(ConfigError::CsvLinkTtl(secs))?;
        }
        if let Some(secs) = var("TESSERA_SOURCE_TIMEOUT_SECS") {
            let parsed = secs.trim().parse().ok().filter(|secs| (1..=600).contains(secs));
            config.source_timeout_secs = parsed.ok_or(ConfigError::SourceTimeout(secs))?;
        }
        let web_url =
            |name: &'static str| -> Result<Option<String>, ConfigError> { var(name).map(|value| web_url(name, value)).transpose() };
        if let Some(docs) = web_url("TESSERA_DOCS_URL")? {
            config.docs_url = docs;
        }
        if let Some(tiles) = web_url("TESSERA_MAP_TILES_URL")? {
            config.map_tiles_url = tiles;
        }
        if let Some(geocoder) = web_url("TESSERA_GEOCODER_URL")? {
            config.geocoder_url = geocoder.trim_end_matches('/').to_owned();
        }
        config.live_chat_script = web_url("TESSERA_LIVE_CHAT_SCRIPT")?;
        config.tutorial_videos = TutorialVideos {
            board_settings: web_url("TESSERA_TUTORIAL_VIDEO_BOARD_SETTINGS")?,
            add_block: web_url("TESSERA_TUTORIAL_VIDEO_ADD_BLOCK")?,
            publish: web_url("TESSERA_TUTORIAL_VIDEO_PUBLISH")?,
        };
        if let Some(dsn) = var("TESSERA_SENTRY_DSN") {
            config.sentry_dsn = Some(SentryDsn::parse(&dsn).ok_or(ConfigError::SentryDsn(dsn))?);
        }
        Ok(config)
    }

    /// The address users reach the product at, without a trailing slash.
    /// The private addresses user-entered links and API-call actions may reach.
    pub fn private_access(&self) -> crate::infra::outbound::PrivateAccess {
        crate::infra::outbound::PrivateAccess { all: self.allow_private_fetch, exceptions: self.outbound_allow.clone() }
    }

    pub fn public_base_url(&self) -> String {
        self.base_url.clone().unwrap_or_else(|| format!("http://{}", display_addr(self.socket_addr())))
    }

    /// Where uploaded files are kept: `TESSERA_UPLOADS_DIR`, else beside the data they belong to
    /// (the SQLite file's folder), else `data/uploads`.
    pub fn uploads_folder(&self) -> PathBuf {
        if let Some(dir) = &self.uploads_dir {
            return dir.clone();
        }
        let sqlite_file = self.database_url.strip_prefix("sqlite://").or_else(|| self.database_url.strip_prefix("sqlite:"));
        match sqlite_file.map(|file| PathBuf::from(file.split('?').next().unwrap_or_default())) {
            Some(file) => file.parent().unwrap_or(std::path::Path::new("")).join("uploads"),
            None => PathBuf::from("data/uploads"),
        }
    }

    /// The plan a workspace whose owner is stored on `stored` is on: the operator's
    /// ([`Config::plan`]) when set, else the owner's.
    pub fn plan_of<'a>(&'a self, stored: &'a str) -> &'a str {
        self.plan.as_deref().unwrap_or(stored)
    }

    pub fn is_admin(&self, email: &str) -> bool {
        self.admin_emails.iter().any(|admin| admin.eq_ignore_ascii_case(email))
    }

    pub fn socket_addr(&self) -> SocketAddr {
        SocketAddr::new(self.bind, self.port)
    }
}

fn flag(name: &'static str, value: String) -> Result<bool, ConfigError> {
    match value.trim() {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(ConfigError::Flag { name, value }),
    }
}

/// The `host:port` to show for a bound address. An unspecified address (0.0.0.0, ::) listens on
/// every interface; the loopback form is the one a browser on this machine can open.
pub(crate) fn display_addr(addr: SocketAddr) -> String {
    let mut shown = addr;
    if addr.ip().is_unspecified() {
        shown.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    shown.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unspecified_bind_address_is_shown_as_loopback() {
        assert_eq!(display_addr("0.0.0.0:8080".parse().unwrap()), "127.0.0.1:8080");
        assert_eq!(display_addr("[::]:9000".parse().unwrap()), "[::1]:9000");
        assert_eq!(display_addr("192.168.1.2:80".parse().unwrap()), "192.168.1.2:80");
    }

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_lookup(|name| vars.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_string()))
    }

    #[test]
    fn no_variables_give_loopback_8080_and_web_dist() {
        let config = config(&[]).unwrap();
        assert_eq!(config.socket_addr().to_string(), "127.0.0.1:8080");
        assert_eq!(config.web_dist, PathBuf::from("web/dist"));
    }

    #[test]
    fn variables_override_the_defaults() {
        let config = config(&[("PORT", "3000"), ("TESSERA_BIND", "0.0.0.0"), ("TESSERA_WEB_DIST", "/srv/tessera")]).unwrap();
        assert_eq!(config.socket_addr().to_string(), "0.0.0.0:3000");
        assert_eq!(config.web_dist, PathBuf::from("/srv/tessera"));
    }

    #[test]
    fn without_billing_every_workspace_is_on_the_highest_plan_unless_the_operator_names_one() {
        assert_eq!(config(&[]).unwrap().plan.as_deref(), Some("paid"));
        assert_eq!(config(&[("TESSERA_PLAN", " free ")]).unwrap().plan.as_deref(), Some("free"));
        let selling = config(&[("TESSERA_PAYMENT_WEBHOOK_SECRET", "whsec")]).unwrap();
        assert_eq!(selling.plan, None);
        assert_eq!(selling.plan_of("free"), "free");
        let chosen = config(&[("TESSERA_PAYMENT_WEBHOOK_SECRET", "whsec"), ("TESSERA_PLAN", "paid")]).unwrap();
        assert_eq!(chosen.plan_of("free"), "paid");
    }

    #[test]
    fn a_sentry_dsn_gives_the_store_endpoint_and_key() {
        let dsn = SentryDsn::parse("https://abc123@o1.ingest.example.com/42").unwrap();
        assert_eq!(dsn.store_url, "https://o1.ingest.example.com/api/42/store/");
        assert_eq!(dsn.public_key, "abc123");
        let with_path = SentryDsn::parse("http://key:secret@127.0.0.1:9000/sentry/7").unwrap();
        assert_eq!(with_path.store_url, "http://127.0.0.1:9000/sentry/api/7/store/");
        assert_eq!(with_path.public_key, "key");
        for bad in ["abc@host/1", "ftp://k@h/1", "https://host/1", "https://k@host", "https://k@host/x-y"] {
            assert_eq!(SentryDsn::parse(bad), None, "{bad}");
        }
        assert_eq!(config(&[("TESSERA_SENTRY_DSN", "nonsense")]), Err(ConfigError::SentryDsn("nonsense".into())));
    }

    #[test]
    fn web_urls_must_be_http_or_a_local_path() {
        let set = config(&[("TESSERA_LIVE_CHAT_SCRIPT", "https://chat.example/w.js"), ("TESSERA_TUTORIAL_VIDEO_PUBLISH", "/media/p.mp4")])
            .unwrap();
        assert_eq!(set.live_chat_script.as_deref(), Some("https://chat.example/w.js"));
        assert_eq!(set.tutorial_videos.publish.as_deref(), Some("/media/p.mp4"));
        assert_eq!(set.docs_url, "/docs");
        for bad in ["javascript:alert(1)", "//evil.example/x.js", "chat.js"] {
            assert!(matches!(config(&[("TESSERA_LIVE_CHAT_SCRIPT", bad)]), Err(ConfigError::WebUrl { .. })), "{bad}");
        }
    }

    #[test]
    fn map_tiles_and_geocoder_default_to_public_services_and_may_be_replaced() {
        let defaults = config(&[]).unwrap();
        assert_eq!(defaults.map_tiles_url, "https://tile.openstreetmap.org/{z}/{x}/{y}.png");
        assert_eq!(defaults.geocoder_url, "https://api.mapbox.com");
        let set = config(&[
            ("TESSERA_MAP_TILES_URL", "https://tiles.example/{z}/{x}/{y}.png"),
            ("TESSERA_GEOCODER_URL", "http://127.0.0.1:9999/"),
        ])
        .unwrap();
        assert_eq!(
            (set.map_tiles_url.as_str(), set.geocoder_url.as_str()),
            ("https://tiles.example/{z}/{x}/{y}.png", "http://127.0.0.1:9999")
        );
        assert!(matches!(config(&[("TESSERA_GEOCODER_URL", "javascript:alert(1)")]), Err(ConfigError::WebUrl { .. })));
    }

    #[test]
    fn an_empty_variable_means_the_default() {
        assert_eq!(config(&[("PORT", "")]).unwrap().port, 8080);
    }

    #[test]
    fn a_bad_port_or_address_is_an_error_quoting_the_value() {
        assert_eq!(config(&[("PORT", "80a")]), Err(ConfigError::Port("80a".into())));
        assert_eq!(config(&[("PORT", "70000")]).unwrap_err().to_string(), "PORT must be a number from 0 to 65535, got `70000`");
        assert_eq!(config(&[("TESSERA_BIND", "localhost")]), Err(ConfigError::Bind("localhost".into())));
    }

    #[test]
    fn accounts_and_services_are_configured_from_their_variables() {
        let config = config(&[
            ("DATABASE_URL", "postgres://postgres@127.0.0.1/tessera"),
            ("TESSERA_BASE_URL", "https://boards.example.com/"),
            ("TESSERA_ADMIN_EMAILS", " Ada@Example.com, ,bob@example.com"),
            ("TESSERA_SESSION_HOURS", "12"),
            ("TESSERA_DEMO", "0"),
            ("CHARTMAT_MAPBOX_AUTH_TOKEN", "pk.test"),
        ])
        .unwrap();
        assert_eq!(config.database_url, "postgres://postgres@127.0.0.1/tessera");
        assert_eq!(config.public_base_url(), "https://boards.example.com");
        assert_eq!(config.admin_emails, ["ada@example.com", "bob@example.com"]);
        assert!(config.is_admin("ADA@example.com"));
        assert_eq!(config.session_hours, 12);
        assert!(!config.demo);
        assert_eq!(config.mapbox_token.as_deref(), Some("pk.test"));
    }

    #[test]
    fn uploads_live_beside_the_sqlite_file_unless_a_folder_is_named() {
        assert_eq!(config(&[]).unwrap().uploads_folder(), PathBuf::from("data/uploads"));
        let sqlite = config(&[("DATABASE_URL", "sqlite:///srv/tessera/main.db?mode=rwc")]).unwrap();
        assert_eq!(sqlite.uploads_folder(), PathBuf::from("/srv/tessera/uploads"));
        let postgres = config(&[("DATABASE_URL", "postgres://postgres@127.0.0.1/tessera")]).unwrap();
        assert_eq!(postgres.uploads_folder(), PathBuf::from("data/uploads"));
        let named = config(&[("DATABASE_URL", "sqlite://data/tessera.db"), ("TESSERA_UPLOADS_DIR", " /mnt/files ")]).unwrap();
        assert_eq!(named.uploads_dir, Some(PathBuf::from("/mnt/files")));
        assert_eq!(named.uploads_folder(), PathBuf::from("/mnt/files"));
    }

    #[test]
    fn without_a_base_url_links_point_at_the_listening_address() {
        assert_eq!(config(&[("PORT", "3000")]).unwrap().public_base_url(), "http://127.0.0.1:3000");
    }

    #[test]
    fn unusable_account_settings_are_refused_with_the_rule() {
        assert_eq!(config(&[("TESSERA_SESSION_HOURS", "0")]), Err(ConfigError::SessionHours("0".into())));
        assert_eq!(config(&[("TESSERA_JWT_SECRET", "short")]), Err(ConfigError::JwtSecretTooShort));
        assert_eq!(config(&[("TESSERA_BASE_URL", "boards.example.com")]), Err(ConfigError::BaseUrl("boards.example.com".into())));
        assert_eq!(config(&[("TESSERA_DEMO", "yes")]).unwrap_err().to_string(), "TESSERA_DEMO must be 0 or 1, got `yes`");
    }

    #[test]
    fn google_and_link_settings_come_from_their_variables() {
        let defaults = config(&[]).unwrap();
        assert_eq!(defaults.google_api_base, "https://sheets.googleapis.com");
        assert_eq!(defaults.csv_link_ttl_secs, 300);
        assert_eq!(defaults.source_timeout_secs, 20);
        assert_eq!((defaults.google_api_key, defaults.google_service_account_file), (None, None));
        let set = config(&[
            ("TESSERA_GOOGLE_API_KEY", " key-1 "),
            ("TESSERA_GOOGLE_SERVICE_ACCOUNT_FILE", "/etc/tessera/google.json"),
            ("TESSERA_GOOGLE_API_BASE", "http://127.0.0.1:9000/"),
            ("TESSERA_CSV_LINK_TTL_SECS", "60"),
            ("TESSERA_SOURCE_TIMEOUT_SECS", "5"),
        ])
        .unwrap();
        assert_eq!(set.google_api_key.as_deref(), Some("key-1"));
        assert_eq!(set.google_service_account_file, Some(PathBuf::from("/etc/tessera/google.json")));
        assert_eq!(set.google_api_base, "http://127.0.0.1:9000");
        assert_eq!(set.csv_link_ttl_secs, 60);
        assert_eq!(set.source_timeout_secs, 5);
    }

    #[test]
    fn unusable_google_and_link_settings_are_refused() {
        assert_eq!(
            config(&[("TESSERA_GOOGLE_API_BASE", "sheets.googleapis.com")]),
            Err(ConfigError::GoogleApiBase("sheets.googleapis.com".into()))
        );
        assert_eq!(config(&[("TESSERA_CSV_LINK_TTL_SECS", "-1")]), Err(ConfigError::CsvLinkTtl("-1".into())));
        assert_eq!(config(&[("TESSERA_CSV_LINK_TTL_SECS", "86401")]), Err(ConfigError::CsvLinkTtl("86401".into())));
        assert_eq!(config(&[("TESSERA_SOURCE_TIMEOUT_SECS", "0")]), Err(ConfigError::SourceTimeout("0".into())));
    }
}
