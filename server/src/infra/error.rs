//! The server's one error type. Each variant knows its HTTP status; `/api` errors reach the
//! client as JSON `{"error": "..."}` (plus `"field"` when one input is at fault), internal
//! details only reach the log. Texts of platform §8 are used where the spec has one.

use std::path::PathBuf;

use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// 404: no `/api` route has this path.
    #[error("no API route for {method} {path}")]
    ApiNotFound { method: Method, path: String },

    /// 405: the `/api` path exists but not for this method.
    #[error("{method} is not allowed on {path}")]
    MethodNotAllowed { method: Method, path: String },

    /// 503: `web/dist/index.html` is missing, so no page can be shown.
    #[error("the web app is not built: {} has no index.html; run `cargo xtask build`", dist.display())]
    WebAppNotBuilt { dist: PathBuf },

    /// 400: the request cannot be read (bad JSON, a wrong code, ...). The text says what to fix.
    #[error("{0}")]
    BadRequest(String),

    /// 422: one input is missing or out of its rules; `field` names it as the request spelt it.
    #[error("{message}")]
    Invalid { field: String, message: String },

    /// 401: the call needs a signed-in user and the request has no valid session.
    #[error("{}", messages::LOGIN_REQUIRED)]
    Unauthorized,

    /// 403: the board or app is private to the caller (platform §6). Only this refusal says
    /// 'Access denied', which the web app answers with its private-app toast (platform §8).
    #[error("Access denied: {}", messages::PRIVATE_APP)]
    Private,

    /// 401 with its own text (a wrong password), where [`Error::Unauthorized`] asks to log in.
    #[error("{0}")]
    BadCredentials(String),

    /// 403 for anything else the caller may not do (write as a Read user, change someone
    /// else's board, an unverified e-mail): the text says what was refused and what to do, with
    /// no 'Access denied', so the web app shows it instead of its private-app toast.
    #[error("{0}")]
    NotPermitted(String),

    /// 404: the named thing does not exist, or the caller may not know that it does.
    #[error("{0}")]
    NotFound(String),

    /// 409: the change clashes with what is stored (a taken e-mail or sub-domain, ...).
    #[error("{0}")]
    Conflict(String),

    /// 413: an uploaded file over its size limit; the text says the limit.
    #[error("{0}")]
    TooLarge(String),

    /// 413: a JSON request body over the limit of its call.
    #[error("The request body is larger than this call accepts.")]
    BodyTooLarge,

    /// 429: too many attempts from this address or for this account.
    #[error("Too many attempts. Please wait {retry_after_secs} seconds and try again.")]
    TooManyRequests { retry_after_secs: u64 },

    /// 503: a feature whose outside service is not configured on this server.
    #[error("{0}")]
    Unavailable(String),

    /// 503: the database did not answer: it is down or restarting, every connection stayed busy
    /// past the pool's wait, or (SQLite) another connection held its lock past the busy wait.
    /// The cause is logged; the client is told to try again.
    #[error("{}", messages::DATABASE_UNAVAILABLE)]
    DatabaseUnavailable {
        context: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },

    /// 502: an outside address a user configured (an API-call action's endpoint) failed or was
    /// refused; the text is the one to show.
    #[error("{0}")]
    BadGateway(String),

    /// 500: anything unexpected. The context and source are logged, the client sees a generic text.
    #[error("{}", messages::SERVER_ERROR)]
    Internal {
        context: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// The body of every `/api` error answer.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words a user can act on.
    pub error: String,
    /// The request field at fault, for 422 answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// Texts of platform §8 that the server sends.
pub mod messages {
    pub const LOGIN_REQUIRED: &str = "Please login to do this!";
    pub const SERVER_ERROR: &str = "Sorry there has been a server error..";
    pub const PRIVATE_APP: &str = "This application is private and you do not have permission to access it.";
    pub const USER_EMAIL_NOT_FOUND: &str = "UserEmail not found. Please check and try again";
    pub const INVALID_OTP: &str = "Invalid OTP, please enter the valid OTP";
    pub const OTP_EXPIRED: &str = "OTP has expired";
    pub const VERIFICATION_CODE_EXPIRED: &str = "Verification code has expired";
    pub const ACCOUNT_NOT_FOUND: &str = "Account Not Found. Please Sign Up to Create an Account.";
    pub const SUBDOMAIN_TAKEN: &str = "A workspace or app with this subdomain already exists";
    pub const SEND_JSON: &str = "Send the request body as JSON with the header Content-Type: application/json";
    /// Also for a pool whose connections all stayed busy past its wait: from the error alone
    /// the two cannot be told apart (while PostgreSQL restarts, connecting times out the same way).
    pub const DATABASE_UNAVAILABLE: &str = "Tessera's database is not answering right now (it may be restarting or too busy), \
         so this could not be done. Please try again in a minute; if it keeps happening, tell this site's administrator.";
}

impl Error {
    /// 403 for a private board or app (platform §6): the body contains 'Access denied'.
    pub fn private() -> Self {
        Self::Private
    }

    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Invalid { field: field.into(), message: message.into() }
    }

    /// A 500 for what went wrong while doing `context`, or a 503 when the cause is a database
    /// that cannot be reached (which a later try fixes, unlike a bug).
    pub fn internal(context: impl Into<String>, source: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        let source = source.into();
        if database_unreachable(source.as_ref()) {
            return Self::DatabaseUnavailable { context: context.into(), source };
        }
        Self::Internal { context: context.into(), source }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::ApiNotFound { .. } => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::WebAppNotBuilt { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Unauthorized | Self::BadCredentials(_) => StatusCode::UNAUTHORIZED,
            Self::Private | Self::NotPermitted(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::TooLarge(_) | Self::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) | Self::DatabaseUnavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Internal { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for Error {
    fn from(source: sqlx::Error) -> Self {
        Self::internal("database query", source)
    }
}

/// Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached.
const DATABASE_RETRY_AFTER_SECS: u64 = 5;

/// True when `error`, or an error it was caused by, says the database cannot be reached: no
/// connection within the pool's wait, a connection that broke, PostgreSQL refusing work
/// because it is shutting down, starting, out of connections or read-only while a standby is
/// promoted (SQLSTATE class 08, 57P01-57P03, 53300, 25006), or SQLite still finding the database or a table locked by another connection when
/// its busy wait ran out ("database is locked", SQLITE_BUSY and SQLITE_LOCKED with their
/// extended codes). Each passes on its own, so a later try succeeds, unlike a bug.
fn database_unreachable(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(error) = next {
        if let Some(sqlx) = error.downcast_ref::<sqlx::Error>() {
            return match sqlx {
                sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => true,
                sqlx::Error::Database(db) => {
                    let code = db.code().unwrap_or_default();
                    match db.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
                        // SQLite's codes are numbers whose low byte is the primary code.
                        Some(_) => code.parse::<i32>().is_ok_and(|code| matches!(code & 0xff, 5 | 6)),
                        None => code.starts_with("08") || matches!(code.as_ref(), "57P01" | "57P02" | "57P03" | "53300" | "25006"),
                    }
                }
                _ => false,
            };
        }
        next = error.source();
    }
    false
}

/// `.context("what was being done")` on any fallible result turns its error into a logged 500.
pub trait ResultExt<T> {
    fn context(self, context: &str) -> Result<T, Error>;
}

impl<T, E: Into<Box<dyn std::error::Error + Send + Sync>>> ResultExt<T> for Result<T, E> {
    fn context(self, context: &str) -> Result<T, Error> {
        self.map_err(|source| Error::internal(context, source))
    }
}

/// Bad JSON bodies name what is wrong: serde's message quotes the missing or mistyped field.
impl From<axum::extract::rejection::JsonRejection> for Error {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        use axum::extract::rejection::JsonRejection;
        match rejection {
            JsonRejection::JsonDataError(error) => {
                let detail = std::error::Error::source(&error).map(ToString::to_string).unwrap_or_else(|| error.body_text());
                match quoted_field(&detail) {
                    Some(field) => Self::invalid(field, format!("Invalid request body: {detail}")),
                    None => Self::BadRequest(format!("Invalid request body: {detail}")),
                }
            }
            JsonRejection::MissingJsonContentType(_) => Self::BadRequest(messages::SEND_JSON.to_owned()),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => Self::BodyTooLarge,
            other => Self::BadRequest(format!("Invalid JSON body: {}", other.body_text())),
        }
    }
}

/// The field a serde message is about: its path prefix (`permissions: unknown variant ...`,
/// `data.plan: invalid type ...`), else the first name quoted in backticks (`missing field `email``).
fn quoted_field(message: &str) -> Option<String> {
    if let Some((path, _)) = message.split_once(": ").filter(|(path, _)| !path.is_empty() && !path.contains(' ')) {
        return Some(path.to_owned());
    }
    let start = message.find('`')? + 1;
    let end = start + message[start..].find('`')?;
    Some(message[start..end].to_owned())
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            // A browser asked for a page: answer with a page that says what to do.
            Self::WebAppNotBuilt { dist } => {
                tracing::warn!("{self}");
                let html = not_built_page(&dist.display().to_string());
                (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
            }
            Self::Internal { context, source } => {
                tracing::error!(%context, error = %source, "internal server error");
                error_json(status, self.to_string())
            }
            Self::DatabaseUnavailable { context, source } => {
                tracing::warn!(%context, error = %source, "the database cannot be reached");
                let mut response = error_json(status, self.to_string());
                response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(DATABASE_RETRY_AFTER_SECS));
                response
            }
            Self::Invalid { field, message } => (status, Json(serde_json::json!({ "error": message, "field": field }))).into_response(),
            Self::TooLarge(message) => (status, Json(serde_json::json!({ "error": message, "field": "file" }))).into_response(),
            Self::TooManyRequests { retry_after_secs } => {
                let mut response = error_json(status, self.to_string());
                if let Ok(value) = retry_after_secs.to_string().parse() {
                    response.headers_mut().insert(header::RETRY_AFTER, value);
                }
                response
            }
            _ => error_json(status, self.to_string()),
        }
    }
}

fn error_json(status: StatusCode, message: String) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

/// `text` escaped for HTML by the same rule as every server-written page (`text::escape`).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    crate::infra::text::escape(text, &mut out);
    out
}

fn not_built_page(dist: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Tessera: web app not built</title></head>\n\
         <body>\n<h1>The Tessera web app is not built yet</h1>\n\
         <p>The server found no <code>index.html</code> in <code>{}</code>.</p>\n\
         <p>Run <code>cargo xtask build</code> (or <code>cargo xtask run</code>) at the repository root, then reload this page.</p>\n\
         </body>\n</html>\n",
        escaped(dist)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_carries_its_status() {
        let path = "/api/x".to_string();
        assert_eq!(Error::ApiNotFound { method: Method::GET, path: path.clone() }.status(), StatusCode::NOT_FOUND);
        assert_eq!(Error::MethodNotAllowed { method: Method::POST, path }.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(Error::WebAppNotBuilt { dist: "web/dist".into() }.status(), StatusCode::SERVICE_UNAVAILABLE);
        let io = std::io::Error::other("disk on fire");
        let internal = Error::internal("reading index.html", io);
        assert_eq!(internal.status(), StatusCode::INTERNAL_SERVER_ERROR);
        // The source stays out of the message the client sees.
        assert_eq!(internal.to_string(), "Sorry there has been a server error..");
    }

    #[test]
    fn an_unreachable_database_is_a_503_that_says_to_try_again() {
        for cause in [sqlx::Error::PoolTimedOut, sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset))] {
            let error = Error::from(cause);
            assert_eq!(error.status(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(error.to_string(), messages::DATABASE_UNAVAILABLE);
        }
        // Also when the database error is the cause of another error.
        #[derive(Debug, thiserror::Error)]
        #[error("loading keys")]
        struct Outer(#[source] sqlx::Error);
        assert_eq!(Error::internal("reading", Outer(sqlx::Error::PoolTimedOut)).status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(Error::from(sqlx::Error::RowNotFound).status(), StatusCode::INTERNAL_SERVER_ERROR);
        let response = Error::from(sqlx::Error::PoolTimedOut).into_response();
        assert_eq!(response.headers().get(header::RETRY_AFTER).unwrap(), "5");
    }

    #[tokio::test]
    async fn a_sqlite_database_locked_by_another_connection_is_a_503_that_says_to_try_again() {
        use sqlx::{Connection, Executor};
        sqlx::any::install_default_drivers();
        let file = std::env::temp_dir().join(format!("tessera-locked-{}.db", crate::infra::db::new_id()));
        let url = format!("sqlite://{}?mode=rwc", file.display());
        let mut holder = sqlx::AnyConnection::connect(&url).await.unwrap();
        holder.execute("CREATE TABLE t (x INTEGER)").await.unwrap();
        holder.execute("BEGIN EXCLUSIVE").await.unwrap();
        let mut waiter = sqlx::AnyConnection::connect(&url).await.unwrap();
        // No busy wait: the lock is held for the whole test, so waiting would only slow it down.
        waiter.execute("PRAGMA busy_timeout = 0").await.unwrap();
        let locked = waiter.execute("SELECT x FROM t").await.unwrap_err();
        assert!(locked.to_string().contains("database is locked"), "{locked}");
        let response = Error::from(locked).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers().get(header::RETRY_AFTER).unwrap(), "5");
        drop((holder, waiter));
        let _ = std::fs::remove_file(&file);
    }

    #[test]
    fn access_errors_carry_the_text_the_web_app_reacts_to() {
        assert_eq!(Error::private().to_string(), "Access denied: This application is private and you do not have permission to access it.");
        assert_eq!(Error::Unauthorized.to_string(), "Please login to do this!");
        assert_eq!(Error::Unauthorized.status(), StatusCode::UNAUTHORIZED);
    }

    #[test]
    fn serde_messages_name_the_field() {
        assert_eq!(quoted_field("missing field `email` at line 1 column 2").as_deref(), Some("email"));
        assert_eq!(quoted_field("permissions: unknown variant `owner`, expected `read` or `read-write`").as_deref(), Some("permissions"));
        assert_eq!(quoted_field("email_verified: invalid type: string \"yes\", expected a boolean").as_deref(), Some("email_verified"));
        assert_eq!(quoted_field("expected value at line 1 column 1"), None);
    }

    #[test]
    fn the_not_built_page_escapes_the_folder_name() {
        let page = not_built_page("/tmp/<dist>");
        assert!(page.contains("/tmp/&lt;dist&gt;"));
        assert!(page.contains("cargo xtask build"));
    }
}
