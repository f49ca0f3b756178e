//! `/api/*`: JSON only. Unknown paths and methods answer a JSON error, never the web app.

mod health;

use axum::extract::OriginalUri;
use axum::http::Method;
use axum::routing::get;
use axum::Router;

use crate::Error;

/// The `/api` routes, relative to the `/api` prefix they are nested under.
pub fn router() -> Router {
    Router::new().route("/health", get(health::get)).method_not_allowed_fallback(method_not_allowed).fallback(not_found)
}

async fn not_found(method: Method, OriginalUri(uri): OriginalUri) -> Error {
    Error::ApiNotFound { method, path: uri.path().to_owned() }
}

async fn method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> Error {
    Error::MethodNotAllowed { method, path: uri.path().to_owned() }
}
