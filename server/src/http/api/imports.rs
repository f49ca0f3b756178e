//! Progress of long imports (issue 31): a request that carries `X-Import-Id` is tracked by
//! [`track`] under the caller's user id, and `GET /api/imports/{importId}/progress` answers that
//! caller how far it has got (see [`crate::sheets::imports_progress`]).

use axum::extract::{FromRequestParts, Path, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::http::api::ApiJson;
use crate::infra::error::{Error, ErrorBody};
use crate::sheets::imports_progress::{self, ImportProgress, TRACKER};
use crate::AppState;

/// The header a browser names its import with: a random id it polls the progress of.
pub const IMPORT_ID_HEADER: &str = "x-import-id";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(import_progress))
}

const BAD_ID: &str = "An import id has 8 to 64 letters, digits, '-' or '_'.";

fn checked_id(id: &str) -> Result<&str, Error> {
    if (8..=64).contains(&id.len()) && id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_')) {
        Ok(id)
    } else {
        Err(Error::BadRequest(BAD_ID.to_owned()))
    }
}

/// The `X-Import-Id` of a request: `None` without one, a 400 naming the header when malformed.
fn import_id(headers: &HeaderMap) -> Result<Option<String>, Error> {
    let Some(value) = headers.get(IMPORT_ID_HEADER) else { return Ok(None) };
    let id = value.to_str().map_err(|_| Error::BadRequest(format!("X-Import-Id: {BAD_ID}")))?;
    checked_id(id).map(|id| Some(id.to_owned())).map_err(|_| Error::BadRequest(format!("X-Import-Id: {BAD_ID}")))
}

/// Runs a request that names an import with that import as its task's tracker, so the import
/// code reports into it. Guests and requests without the header run untracked: progress is only
/// ever answered to the signed-in user who started the import.
pub async fn track(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let id = match import_id(request.headers()) {
        Ok(Some(id)) => id,
        Ok(None) => return next.run(request).await,
        Err(error) => return error.into_response(),
    };
    let (mut parts, body) = request.into_parts();
    let caller = Caller::from_request_parts(&mut parts, &state).await;
    let request = Request::from_parts(parts, body);
    let tracker = match caller {
        Ok(Caller { signed_in: Some(signed_in) }) => imports_progress::start(&signed_in.user.id, &id),
        _ => None,
    };
    match tracker {
        Some(tracker) => TRACKER.scope(tracker, next.run(request)).await,
        None => next.run(request).await,
    }
}

/// How far an import the caller started has got: while it receives the file, reads it, and
/// stores its rows (with counts), then `ended` for a minute after its answer.
#[utoipa::path(get, path = "/imports/{importId}/progress", tag = "spreadsheets",
    params(("importId" = String, Path, description = "The X-Import-Id the upload, connect or refresh was sent with")),
    responses((status = 200, body = ImportProgress), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn import_progress(caller: Caller, Path(id): Path<String>) -> Result<ApiJson<ImportProgress>, Error> {
    let user = caller.user()?;
    let id = checked_id(&id)?;
    // Another user's import is as unknown as one that never ran: its id says nothing to them.
    imports_progress::get(&user.user.id, id)
        .map(ApiJson)
        .ok_or_else(|| Error::NotFound("No import with this id is running or has just ended for you.".to_owned()))
}
