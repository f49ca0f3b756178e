//! `GET /api/getENV/{name}` (platform §7): the three configuration values the web app reads,
//! as plain text. No other name is answered, so no other configuration can leak.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::infra::error::{Error, ErrorBody};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_env))
}

/// The value of `name` for the web app, or why there is none.
fn value_of(state: &AppState, name: &str) -> Result<String, Error> {
    let config = &state.config;
    match name {
        "BEANSTALK_ENDPOINT" => Ok(config.beanstalk_endpoint.clone().unwrap_or_else(|| config.public_base_url())),
        "CHARTMAT_BOARD_BASE_URL" => Ok(config.board_base_url.clone().unwrap_or_else(|| config.public_base_url())),
        "CHARTMAT_MAPBOX_AUTH_TOKEN" => config
            .mapbox_token
            .clone()
            .ok_or_else(|| Error::NotFound("No map token is configured on this server (CHARTMAT_MAPBOX_AUTH_TOKEN).".to_owned())),
        _ => Err(Error::NotFound(format!(
            "`{name}` is not available; only BEANSTALK_ENDPOINT, CHARTMAT_BOARD_BASE_URL and CHARTMAT_MAPBOX_AUTH_TOKEN are."
        ))),
    }
}

/// One of BEANSTALK_ENDPOINT, CHARTMAT_BOARD_BASE_URL, CHARTMAT_MAPBOX_AUTH_TOKEN, as plain text.
#[utoipa::path(get, path = "/getENV/{name}", tag = "spec",
    params(("name" = String, Path, description = "BEANSTALK_ENDPOINT, CHARTMAT_BOARD_BASE_URL or CHARTMAT_MAPBOX_AUTH_TOKEN"), crate::http::api::SpecParams),
    responses((status = 200, body = String, content_type = "text/plain"), (status = 404, body = ErrorBody)))]
async fn get_env(State(state): State<AppState>, Path(name): Path<String>) -> Result<impl IntoResponse, Error> {
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], value_of(&state, &name)?))
}
