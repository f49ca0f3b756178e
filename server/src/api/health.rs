//! `GET /api/health`: liveness and the running version, for CI, deploy checks and humans.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    status: &'static str,
    version: &'static str,
}

/// The server is up; which version it runs.
#[utoipa::path(get, path = "/health", tag = "health", responses((status = 200, body = Health)))]
async fn get() -> Json<Health> {
    Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION") })
}
