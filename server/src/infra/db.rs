//! The database: SQLite (the embedded default) or PostgreSQL, behind one sqlx `AnyPool`.
//!
//! Queries are written once, with `$1`-style parameters, which both backends accept. Times are
//! Unix seconds ([`now`]); ids are random UUIDs ([`new_id`]).
//!
//! SQLite runs in WAL mode with `synchronous = FULL`: a write is on disk before the server
//! answers, so an acknowledged write survives the server process being killed and also a power
//! cut. (`NORMAL` would survive the process being killed but may lose the last commits on power
//! loss; Tessera's write rate is far below what a sync per commit costs.)
//!
//! When PostgreSQL is down or restarting, requests wait at most [`ACQUIRE_TIMEOUT`] for a
//! connection and are answered 503 with a text to try again (`Error::DatabaseUnavailable`);
//! the pool drops broken connections (each is tested before use) and connects again once the
//! database is back, so the server needs no restart.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

/// Which database a URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Result<Self, DbError> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Self::Postgres)
        } else {
            Err(DbError::UnsupportedUrl(redact(url)))
        }
    }
}

/// A connection pool and the backend it talks to. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("DATABASE_URL must start with sqlite: or postgres:, got `{0}`")]
    UnsupportedUrl(String),
    #[error("cannot create the data folder {}: {source}", path.display())]
    DataFolder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot connect to the database at {url}: {source}")]
    Connect {
        url: String,
        #[source]
        source: sqlx::Error,
    },
    #[error("cannot apply the database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// The longest a request waits for a database connection before it is answered 503.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

static MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

impl Db {
    /// Connects to `url`, prepares each connection (SQLite pragmas), and applies pending
    /// migrations. For SQLite the file's folder is created and the file too when missing.
    pub async fn connect(url: &str) -> Result<Self, DbError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url)?;
        let mut url = url.to_owned();
        if backend == Backend::Sqlite {
            if let Some(folder) = sqlite_path(&url).and_then(|path| path.parent().map(Path::to_path_buf)) {
                if !folder.as_os_str().is_empty() {
                    std::fs::create_dir_all(&folder).map_err(|source| DbError::DataFolder { path: folder.clone(), source })?;
                }
            }
            if !url.contains("mode=") {
                url.push_str(if url.contains('?') { "&mode=rwc" } else { "?mode=rwc" });
            }
        }
        let options = AnyConnectOptions::from_str(&url).map_err(|source| DbError::Connect { url: redact(&url), source })?;
        let pool = AnyPoolOptions::new()
            // SQLite allows one writer at a time; a handful of connections is plenty for readers.
            .max_connections(if backend == Backend::Sqlite { 4 } else { 10 })
            // How long a request waits for a connection: while the database is down or restarting
            // the pool keeps trying to connect until then, and the request gets a 503 after it.
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|source| DbError::Connect { url: redact(&url), source })?;
        MIGRATIONS.run(&pool).await?;
        Ok(Self { pool, backend })
    }

    /// Waits for queries in flight and closes every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The file of a `sqlite:` URL, if it names one (not `sqlite::memory:`).
fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && !path.starts_with(":memory:")).then(|| PathBuf::from(path))
}

/// The URL without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.split_once(':') {
                Some((user, _password)) => format!("{}{user}:***{}", &url[..scheme_end + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// Seconds since the Unix epoch: every stored time uses it.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|elapsed| elapsed.as_secs() as i64).unwrap_or(0)
}

/// A fresh random id (UUID v4, 122 random bits): ids in URLs cannot be guessed.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// A yes/no column, stored as BIGINT 0 or 1: sqlx's Any driver cannot read SQLite's BOOLEAN.
/// Bind and read flags as `Flag`, never as `bool`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Flag(pub bool);

impl sqlx::Type<sqlx::Any> for Flag {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <i64 as sqlx::Type<sqlx::Any>>::type_info()
    }
}

impl<'q> sqlx::Encode<'q, sqlx::Any> for Flag {
    fn encode_by_ref(
        &self,
        buf: &mut <sqlx::Any as sqlx::Database>::ArgumentBuffer<'q>,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <i64 as sqlx::Encode<'q, sqlx::Any>>::encode(i64::from(self.0), buf)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Flag {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        Ok(Self(<i64 as sqlx::Decode<'r, sqlx::Any>>::decode(value)? != 0))
    }
}

impl From<Flag> for bool {
    fn from(flag: Flag) -> Self {
        flag.0
    }
}

/// True when a database error is a unique-constraint violation, on either backend.
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(db) => db.is_unique_violation(),
        _ => false,
    }
}

/// A random id that starts with the time in milliseconds as 12 hex digits, so that ordering by
/// id is ordering by time on both databases, also within one second (activity entries, kept
/// imports).
pub fn time_ordered_id() -> String {
    let millis = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_millis());
    format!("{millis:012x}{}", &uuid::Uuid::new_v4().simple().to_string()[..20])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_choose_the_backend() {
        assert_eq!(Backend::of_url("sqlite://data/tessera.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::of_url("postgres://postgres@127.0.0.1/tessera").unwrap(), Backend::Postgres);
        assert_eq!(Backend::of_url("postgresql://localhost/x").unwrap(), Backend::Postgres);
        let error = Backend::of_url("mysql://root:secret@localhost/x").unwrap_err();
        assert_eq!(error.to_string(), "DATABASE_URL must start with sqlite: or postgres:, got `mysql://root:***@localhost/x`");
    }

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(sqlite_path("sqlite://data/tessera.db?mode=rwc"), Some(PathBuf::from("data/tessera.db")));
        assert_eq!(sqlite_path("sqlite:/var/lib/tessera.db"), Some(PathBuf::from("/var/lib/tessera.db")));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
    }

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(redact("postgres://app:hunter2@db:5432/tessera"), "postgres://app:***@db:5432/tessera");
        assert_eq!(redact("postgres://app@db/tessera"), "postgres://app@db/tessera");
        assert_eq!(redact("sqlite://data/tessera.db"), "sqlite://data/tessera.db");
    }
}
