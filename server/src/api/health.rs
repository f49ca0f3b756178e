//! `GET /api/health`: liveness and the running version, for CI, deploy checks and humans.

use axum::Json;
use serde::Serialize;

#[derive(Debug, Serialize)]
pub struct Health {
    status: &'static str,
    version: &'static str,
}

pub async fn get() -> Json<Health> {
    Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION") })
}
