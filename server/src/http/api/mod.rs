//! `/api/*`: JSON only. Unknown paths and methods answer a JSON error, never the web app.
//!
//! Each module owns the routes of one subject and returns them as a `utoipa_axum`
//! [`OpenApiRouter`], so that every route is also described in the OpenAPI document served at
//! `/api/openapi.json` (built from the handlers' `#[utoipa::path]` attributes).

mod account;
mod activity;
mod admin;
mod app_users;
mod apps;
mod auth;
pub(crate) mod block_view;
mod blocks;
mod board_preview;
mod boards;
mod client_errors;
mod docs;
mod embed_tokens;
mod env;
mod first_paint;
mod health;
mod history;
mod imports;
mod marketplace;
mod onboarding;
mod pages;
mod place;
mod plans;
mod row_actions;
mod rows;
mod sheet_columns;
mod sheet_data;
mod sheet_values;
mod spreadsheet_files;
mod spreadsheets;
mod templates;
mod uploads;
mod workspaces;

use std::sync::Arc;

use axum::extract::{FromRequest, OriginalUri};
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::openapi::OpenApi as Document;
use utoipa::{IntoParams, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::{AppState, Error};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tessera API",
        description = "The calls of Tessera's web app (platform §7) and the editing, account and administration calls behind them. Errors answer `{\"error\": text}`, with `field` when one input is at fault."
    ),
    components(schemas(crate::infra::error::ErrorBody))
)]
struct ApiDoc;

/// The `/api` routes, relative to the `/api` prefix they are nested under, with their state.
pub fn router(state: AppState) -> Router {
    let (routes, _) = routes().split_for_parts();
    let document = Arc::new(openapi());
    routes
        .route("/openapi.json", get(move || async move { Json(document.as_ref().clone()) }))
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(state.clone(), imports::track))
        .with_state(state)
}

/// The OpenAPI document of the whole API, as served at `/api/openapi.json`.
pub fn openapi() -> Document {
    let (_, mut document) = routes().split_for_parts();
    document = prefixed(document, "/api");
    document.merge(prefixed(v3_routes().split_for_parts().1, "/v3"));
    unique_operation_ids(&mut document);
    document
}

/// utoipa names an operation after its handler, and modules reuse handler names (`list`,
/// `get`, `delete`); OpenAPI requires operation ids to be unique (the web's type generator
/// checks it), so a shared name gets its path appended: `delete_api_boards_boardId`.
fn unique_operation_ids(document: &mut Document) {
    fn operations(item: &mut utoipa::openapi::path::PathItem) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
        [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.options,
            &mut item.head,
            &mut item.patch,
            &mut item.trace,
        ]
        .into_iter()
        .flatten()
    }
    let mut uses = std::collections::HashMap::<String, usize>::new();
    for item in document.paths.paths.values_mut() {
        for id in operations(item).filter_map(|op| op.operation_id.clone()) {
            *uses.entry(id).or_default() += 1;
        }
    }
    for (path, item) in document.paths.paths.iter_mut() {
        let slug: String =
            path.chars().filter(|c| !matches!(c, '{' | '}')).map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        for operation in operations(item) {
            if let Some(id) = operation.operation_id.as_mut().filter(|id| uses.get(id.as_str()).is_some_and(|n| *n > 1)) {
                *id = format!("{id}{slug}");
            }
        }
    }
}

/// The sheet-data calls that platform §7 places under `/v3`, relative to that prefix.
pub fn v3_router(state: AppState) -> Router {
    let (routes, _) = v3_routes().split_for_parts();
    routes.method_not_allowed_fallback(method_not_allowed).with_state(state)
}

/// Every documented route, one module a subject.
fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(health::router())
        .merge(auth::router())
        .merge(account::router())
        .merge(onboarding::router())
        .merge(workspaces::router())
        .merge(boards::router())
        .merge(embed_tokens::router())
        .merge(board_preview::router())
        .merge(marketplace::router())
        .merge(templates::router())
        .merge(blocks::router())
        .merge(history::router())
        .merge(activity::router())
        .merge(env::router())
        .merge(client_errors::router())
        .merge(docs::router())
        .merge(apps::router())
        .merge(pages::router())
        .merge(app_users::router())
        .merge(plans::router())
        .merge(admin::router())
        .merge(spreadsheets::router())
        .merge(spreadsheet_files::router())
        .merge(sheet_columns::router())
        .merge(sheet_data::router())
        .merge(sheet_values::router())
        .merge(block_view::router())
        .merge(first_paint::router())
        .merge(rows::router())
        .merge(row_actions::router())
        .merge(uploads::router())
        .merge(imports::router())
}

/// The app-page calls under `/v3`: sheet data, block views and the page's first paint.
fn v3_routes() -> OpenApiRouter<AppState> {
    sheet_data::v3_router().merge(sheet_values::v3_router()).merge(block_view::v3_router()).merge(first_paint::v3_router())
}

/// Handlers declare paths relative to `/api`; the document names them in full.
fn prefixed(mut document: Document, prefix: &str) -> Document {
    let paths = std::mem::take(&mut document.paths.paths);
    document.paths.paths = paths.into_iter().map(|(path, item)| (format!("{prefix}{path}"), item)).collect();
    document
}

async fn not_found(method: Method, OriginalUri(uri): OriginalUri) -> Error {
    Error::ApiNotFound { method, path: uri.path().to_owned() }
}

async fn method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> Error {
    Error::MethodNotAllowed { method, path: uri.path().to_owned() }
}

/// A `LIKE ... ESCAPE '\\'` pattern for "contains `search`, any case": `%` and `_` typed in a
/// search are searched for, not wildcards.
pub fn like_pattern(search: &str) -> String {
    let escaped = search.trim().to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// A JSON body or answer. A body that cannot be read answers 400, or 422 naming the field.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(Error))]
pub struct ApiJson<T>(pub T);

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// The query parameters every request of the web app carries (platform §7). They say where the
/// browser is, never who the caller is: identity comes from the session alone.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SpecParams {
    /// The browser's path without its leading slash: the board slug, or a page slug of an app.
    pub board: Option<String>,
    pub referer: Option<String>,
    /// The `_id` of session storage; adds an equality filter on sheets with an `_id` column.
    #[serde(rename = "_id")]
    #[param(rename = "_id")]
    pub session_row_id: Option<String>,
    /// Ignored for identity; the session decides who the caller is.
    #[serde(rename = "_email")]
    #[param(rename = "_email")]
    pub claimed_email: Option<String>,
    /// The `filters` query of the page: comma-separated `name:value` pairs.
    #[serde(rename = "_filters")]
    #[param(rename = "_filters")]
    pub url_filters: Option<String>,
    /// A signed embed token (`POST /api/boards/{boardId}/embed-token`): lets the `/embed` page
    /// read the board it names, private or not, with its locked filters; a refused one is a 403
    /// with the reason.
    pub embed_token: Option<String>,
}
