//! `POST /api/client-errors`: where the web app reports an error it could not handle (platform
//! §8). Anyone may report, signed in or not, so the call is rate-limited per address and its
//! body is small; see `crate::http::client_errors` for what happens to a report.

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ApiJson;
use crate::http::client_errors::{self, ClientError};
use crate::http::rate_limit::{self, Action, ClientIp};
use crate::infra::error::{Error, ErrorBody};
use crate::AppState;

/// A report with its stack fits well within this; more is not a report.
const MAX_BODY_BYTES: usize = 32 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(report)).layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// Records an error the browser met; forwarded to the configured Sentry-compatible DSN, if any.
#[utoipa::path(post, path = "/client-errors", tag = "platform", request_body = ClientError,
    responses((status = 204, description = "Recorded"), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody),
        (status = 429, description = "Too many reports from this address", body = ErrorBody)))]
async fn report(State(state): State<AppState>, ip: ClientIp, ApiJson(report): ApiJson<ClientError>) -> Result<StatusCode, Error> {
    rate_limit::check(&state.db, Action::ClientError, ip, None).await?;
    let report = report.clipped();
    client_errors::log(&report);
    if let Some(dsn) = state.config.sentry_dsn.clone() {
        // The browser does not wait for the service: a slow one must not hold its connection.
        let http = state.http.clone();
        tokio::spawn(async move { client_errors::forward(&http, &dsn, &report).await });
    }
    Ok(StatusCode::NO_CONTENT)
}
