//! The server's one error type. Each variant knows its HTTP status; `/api` errors reach the
//! client as JSON `{"error": "..."}`, internal details only reach the log.

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

    /// 500: anything unexpected. The context and source are logged, the client sees a generic text.
    #[error("internal server error")]
    Internal {
        context: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl Error {
    pub fn internal(context: impl Into<String>, source: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self::Internal { context: context.into(), source: source.into() }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::ApiNotFound { .. } => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::WebAppNotBuilt { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
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
            _ => error_json(status, self.to_string()),
        }
    }
}

fn error_json(status: StatusCode, message: String) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

fn not_built_page(dist: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Tessera: web app not built</title></head>\n\
         <body>\n<h1>The Tessera web app is not built yet</h1>\n\
         <p>The server found no <code>index.html</code> in <code>{}</code>.</p>\n\
         <p>Run <code>cargo xtask build</code> (or <code>cargo xtask run</code>) at the repository root, then reload this page.</p>\n\
         </body>\n</html>\n",
        escape_html(dist)
    )
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
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
        assert_eq!(internal.to_string(), "internal server error");
    }

    #[test]
    fn the_not_built_page_escapes_the_folder_name() {
        let page = not_built_page("/tmp/<dist>");
        assert!(page.contains("/tmp/&lt;dist&gt;"));
        assert!(page.contains("cargo xtask build"));
    }
}
