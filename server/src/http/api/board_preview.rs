//! `GET /api/boards/{boardId}/preview.svg`: the board's preview image for the marketplace and
//! the Publish popup (1200 x 630, as an Open Graph image), drawn by `crate::embed` from what a
//! guest of the board sees. Anyone may fetch a public board's; a private board's only those who
//! may edit it (an owner looks before publishing). It is always drawn with a guest's rows, so it
//! never shows rows that a guest would not see, whoever asks.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::boards::board_state;
use crate::embed;
use crate::infra::error::{Error, ErrorBody};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(preview))
}

/// An SVG shown as an image runs no script and loads nothing; the policy says so again for one
/// opened on its own.
const POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'";

/// The board as a guest sees it, as an SVG image: its title, its first blocks as cards with
/// their titles, charts, scorecard values and first rows.
#[utoipa::path(get, path = "/boards/{boardId}/preview.svg", tag = "boards",
    params(("boardId" = String, Path, description = "The board id")),
    responses((status = 200, description = "The preview, 1200 x 630", content_type = "image/svg+xml", body = String),
        (status = 403, description = "A private board, and the caller may not edit it", body = ErrorBody),
        (status = 404, description = "No such board", body = ErrorBody)))]
async fn preview(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Response, Error> {
    let board = board_state::find_by_id(&state.db, &id).await?.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    if !board.public && !board.role(&caller).can_edit() {
        return Err(Error::private());
    }
    let rendered = embed::preview(&state, &board).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            // A private board's preview is its owner's; a public one changes with its data.
            (header::CACHE_CONTROL, "private, no-cache"),
        ],
        rendered.preview.as_str().to_owned(),
    )
        .into_response())
}
