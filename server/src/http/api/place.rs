//! [`Place`]: "a board or an app page", as a data call names it. A board route
//! (`/board/{spreadsheetId}/…`) names the board by `board` (its slug) and its spreadsheet in the
//! path, and may carry an `embed_token`; its app-page twin (`/api/page/…`) names the app by
//! `app_id`, `app` or the host's sub-domain, and the page by `board`. Either way the handler gets
//! the caller's [`Scope`] there and the [`Viewer`], so a board call and its app-page twin share one
//! body; each twin keeps its own route and OpenAPI description.

use axum::extract::{FromRequestParts, Query, RawPathParams};
use axum::http::header::HOST;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::SpecParams;
use crate::access::scope::{self, Scope};
use crate::access::sheet_query::Viewer;
use crate::accounts::auth::Caller;
use crate::boards::apps::AppLocator;
use crate::infra::error::Error;
use crate::sources;
use crate::AppState;

/// The caller, what the query says of the place (`SpecParams`), and which place it is.
pub struct Place {
    caller: Caller,
    spec: SpecParams,
    at: At,
}

enum At {
    /// A board route: the spreadsheet its path names.
    Board { spreadsheet_id: String },
    /// An app-page route: the app as the query or the host names it.
    Page { locator: AppLocator, host: Option<String> },
}

impl FromRequestParts<AppState> for Place {
    type Rejection = Response;

    /// Reads what the twins read, in their order: the caller, the `SpecParams` query, then (app
    /// pages) the `AppLocator` query and the host. Nothing is looked up until [`Place::scope`].
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let params = RawPathParams::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let spreadsheet_id = params.iter().find(|(name, _)| *name == "spreadsheetId").map(|(_, value)| value.to_owned());
        let Query(spec) = Query::<SpecParams>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let at = match spreadsheet_id {
            Some(spreadsheet_id) => At::Board { spreadsheet_id },
            None => {
                let Query(locator) = Query::<AppLocator>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
                let host = parts.headers.get(HOST).and_then(|value| value.to_str().ok()).map(str::to_owned);
                At::Page { locator, host }
            }
        };
        Ok(Self { caller, spec, at })
    }
}

impl Place {
    /// The caller's scope at this place (a linked spreadsheet refreshed first when stale).
    pub async fn scope(&self, state: &AppState) -> Result<Scope, Error> {
        let board = self.spec.board.as_deref();
        match &self.at {
            At::Board { spreadsheet_id } => {
                board_scope(state, &self.caller, board, Some(spreadsheet_id), self.spec.embed_token.as_deref()).await
            }
            At::Page { locator, host } => page_scope(state, &self.caller, locator, host.as_deref(), board).await,
        }
    }

    /// Who reads, with the session row and URL filters the query carries.
    pub fn viewer(self) -> Viewer {
        viewer(&self.caller, self.spec)
    }
}

pub(super) fn viewer(caller: &Caller, spec: SpecParams) -> Viewer {
    Viewer::new(caller, spec.session_row_id, spec.url_filters)
}

/// The scope of the board the request names, read by the caller or through `embed_token`; its
/// spreadsheet must be `spreadsheet_id` when given.
pub(super) async fn board_scope(
    state: &AppState,
    caller: &Caller,
    board: Option<&str>,
    spreadsheet_id: Option<&str>,
    embed_token: Option<&str>,
) -> Result<Scope, Error> {
    let scope = scope::board_scope(&state.db, caller, board.unwrap_or_default(), spreadsheet_id, embed_token).await?;
    refresh_linked(state, &scope).await;
    Ok(scope)
}

/// The scope of the app page at `board` of the app the request (or its `host`) names.
pub(super) async fn page_scope(
    state: &AppState,
    caller: &Caller,
    locator: &AppLocator,
    host: Option<&str>,
    board: Option<&str>,
) -> Result<Scope, Error> {
    let app = locator.resolve(&state.db, host, &state.config.public_base_url()).await?;
    let scope = scope::page_scope(&state.db, caller, &app, board.unwrap_or_default()).await?;
    refresh_linked(state, &scope).await;
    Ok(scope)
}

/// A linked spreadsheet (published CSV or Google Sheets) older than its time-to-live is fetched
/// again first. A failed fetch keeps the stored snapshot: viewers get the last good rows rather
/// than an error, and the failure is kept on the spreadsheet for its owner to see.
async fn refresh_linked(state: &AppState, scope: &Scope) {
    if let Err(error) = sources::refresh_if_stale(state, &scope.spreadsheet_id).await {
        tracing::warn!(spreadsheet = %scope.spreadsheet_id, %error, "serving the stored rows: the source could not be refreshed");
    }
}
