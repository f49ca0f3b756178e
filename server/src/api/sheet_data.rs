use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// The calls of platform §7 served under `/v3` (paths here are relative to it).
pub fn v3_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}
