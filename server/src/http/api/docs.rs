//! `GET /api/docs/guides`: the user guides the docs page at `/docs` shows and searches
//! (`docs_guides.rs`). Public: documentation needs no account.

use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::docs_guides::{self, Guide};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(guides))
}

/// Every user guide, in reading order: title, summary, plain text for search, and sanitised HTML.
#[utoipa::path(get, path = "/docs/guides", tag = "docs", responses((status = 200, body = [Guide])))]
async fn guides() -> Json<&'static [Guide]> {
    Json(docs_guides::guides())
}
