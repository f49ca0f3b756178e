//! Pages of multi-page apps: `GET /api/pages/{appId}`, `GET /api/page/{slug}` and
//! `POST /api/page/update-metadata` of platform §7, and the editing calls under
//! `/api/apps/{appId}/pages` (create, change, delete, reorder), which need the app's owner or an
//! admin.
//!
//! The viewer calls find the app from the `app_id` or `app` (sub-domain) query parameter, else
//! from the request's host (`{sub}.localhost` or `{sub}.{TESSERA_BASE_URL host}`).

use std::collections::HashSet;

use axum::extract::{Path, Query, State};
use axum::http::header::HOST;
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{ApiJson, SpecParams};
use crate::access::sheet_query;
use crate::accounts::auth::Caller;
use crate::boards::apps::{self, App, AppLocator, Page, PageSettings, PageState};
use crate::boards::board_state::check_sign_in_method;
use crate::history::revisions::Target;
use crate::infra::db::{is_unique_violation, new_id, now};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::infra::text::is_colour;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(by_slug))
        .routes(routes!(home))
        .routes(routes!(update_metadata))
        .routes(routes!(create))
        .routes(routes!(update, delete))
        .routes(routes!(reorder))
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PageListAnswer)]
pub struct PageList {
    /// In their order.
    pub pages: Vec<Page>,
    /// The page with page_type 'home' and no slug, else the first.
    pub home_page_id: Option<String>,
}

async fn page_list(state: &AppState, app_id: &str) -> Result<PageList, Error> {
    let pages = apps::pages(&state.db, app_id).await?;
    let home_page_id = apps::home_page(&pages).map(|page| page.id.clone());
    Ok(PageList { pages, home_page_id })
}

/// The app's pages (platform §7). Private apps answer only callers who may view them.
#[utoipa::path(get, path = "/pages/{appId}", tag = "pages",
    params(("appId" = String, Path, description = "The app's id"), SpecParams),
    responses((status = 200, body = PageList), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list(State(state): State<AppState>, caller: Caller, Path(app_id): Path<String>) -> Result<ApiJson<PageList>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.viewer_role(&state.db, &caller).await?;
    Ok(ApiJson(page_list(&state, &app.id).await?))
}

/// The page state of the page at `path` of the app the request names.
async fn state_at(state: &AppState, caller: &Caller, locator: &AppLocator, headers: &HeaderMap, path: &str) -> Result<PageState, Error> {
    let host = headers.get(HOST).and_then(|value| value.to_str().ok());
    let app = locator.resolve(&state.db, host, &state.config.public_base_url()).await?;
    let role = app.viewer_role(&state.db, caller).await?;
    let page = apps::page_at_path(&state.db, &app.id, path).await?;
    apps::page_state(&state.db, &app, page, role).await
}

/// The page whose slug is the first segment of `slug` (platform §7), as page state.
#[utoipa::path(get, path = "/page/{slug}", tag = "pages",
    params(("slug" = String, Path, description = "The browser path's first segment"), AppLocator, SpecParams),
    responses((status = 200, body = PageState), (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app or page", body = ErrorBody)))]
async fn by_slug(
    State(state): State<AppState>,
    caller: Caller,
    Path(slug): Path<String>,
    Query(locator): Query<AppLocator>,
    headers: HeaderMap,
) -> Result<ApiJson<PageState>, Error> {
    Ok(ApiJson(state_at(&state, &caller, &locator, &headers, &slug).await?))
}

/// The home page, for the root path whose first segment is empty.
#[utoipa::path(get, path = "/page/", tag = "pages", params(AppLocator, SpecParams),
    responses((status = 200, body = PageState), (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app", body = ErrorBody)))]
async fn home(
    State(state): State<AppState>,
    caller: Caller,
    Query(locator): Query<AppLocator>,
    headers: HeaderMap,
) -> Result<ApiJson<PageState>, Error> {
    Ok(ApiJson(state_at(&state, &caller, &locator, &headers, "").await?))
}

/// The page state of the page at `board` (the browser path without its leading slash; empty
/// for the home page), with `can_edit`, `user_role` and `owner_email` for the caller's session.
#[utoipa::path(post, path = "/page/update-metadata", tag = "pages", params(SpecParams, AppLocator),
    responses((status = 200, body = PageState), (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No such app or page", body = ErrorBody)))]
async fn update_metadata(
    State(state): State<AppState>,
    caller: Caller,
    Query(params): Query<SpecParams>,
    Query(locator): Query<AppLocator>,
    headers: HeaderMap,
) -> Result<ApiJson<PageState>, Error> {
    let path = params.board.unwrap_or_default();
    Ok(ApiJson(state_at(&state, &caller, &locator, &headers, &path).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PageAnswer {
    pub page: Page,
    pub settings: PageSettings,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPage {
    pub page_name: String,
    /// Lowercase letters, digits and hyphens; made from the name when absent.
    #[serde(default)]
    pub page_slug: Option<String>,
}

/// Adds a page at the end of the app. Owner or admin.
#[utoipa::path(post, path = "/apps/{appId}/pages", tag = "pages", request_body = NewPage,
    params(("appId" = String, Path, description = "The app's id")),
    responses((status = 201, body = PageAnswer), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "The slug is taken in this app", body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    Path(app_id): Path<String>,
    ApiJson(body): ApiJson<NewPage>,
) -> Result<(StatusCode, ApiJson<PageAnswer>), Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let name = page_name(&body.page_name)?;
    let slug = page_slug(body.page_slug.as_deref().unwrap_or(&slug_from(&name)))?;
    let (next,): (i64,) = sqlx::query_as("SELECT COALESCE(MAX(position), -1) + 1 FROM pages WHERE app_id = $1")
        .bind(&app.id)
        .fetch_one(&state.db.pool)
        .await
        .context("numbering a page")?;
    let id = new_id();
    let inserted = sqlx::query(
        "INSERT INTO pages (id, app_id, page_name, page_slug, page_type, position, created_at, updated_at) VALUES ($1, $2, $3, $4, 'page', $5, $6, $6)",
    )
    .bind(&id)
    .bind(&app.id)
    .bind(&name)
    .bind(&slug)
    .bind(next)
    .bind(now())
    .execute(&state.db.pool)
    .await;
    inserted.map_err(|error| slug_clash(error, &slug))?;
    let page = apps::page(&state.db, &app.id, &id).await?;
    super::history::saved(&state, &caller, Target::App(app.id.clone())).await;
    Ok((StatusCode::CREATED, ApiJson(PageAnswer { page, settings: PageSettings::default() })))
}

fn slug_clash(error: sqlx::Error, slug: &str) -> Error {
    if is_unique_violation(&error) {
        Error::Conflict(format!("This app already has a page with the slug `{slug}`. Please choose another slug."))
    } else {
        Error::internal("storing a page", error)
    }
}

fn page_name(input: &str) -> Result<String, Error> {
    let name = input.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(Error::invalid("page_name", "Give the page a name of 1 to 100 characters."));
    }
    Ok(name.to_owned())
}

/// A slug made of the name's letters and digits, words joined by hyphens.
fn slug_from(name: &str) -> String {
    let lowered = name.to_lowercase();
    let words = lowered.split(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit())).filter(|word| !word.is_empty());
    words.collect::<Vec<_>>().join("-")
}

fn page_slug(input: &str) -> Result<String, Error> {
    let slug = input.trim().to_lowercase();
    let well_formed = (1..=100).contains(&slug.len())
        && slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !slug.starts_with('-')
        && !slug.ends_with('-');
    if well_formed {
        Ok(slug)
    } else {
        Err(Error::invalid(
            "page_slug",
            "A page slug has 1 to 100 lowercase letters, digits or hyphens, and starts and ends with a letter or digit.",
        ))
    }
}

/// A change to a page; absent fields stay as they are.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PageChange {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_name: Option<String>,
    /// Not for the home page, whose slug is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_slug: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_background: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block_border: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block_shadow: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nav_background: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hero_background: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<String>>,
    /// Filters of platform §3: name, active, condition, sheet_column {sheet, column}, value.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub filters: Option<Vec<Map<String, Value>>>,
    /// Comma-separated search terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sign_in_method: Option<String>,
}

const COLOUR_FIELDS: [&str; 5] = ["page_background", "block_border", "block_shadow", "nav_background", "hero_background"];

fn colour_error(field: &str) -> Error {
    Error::invalid(field, format!("{field} must be a colour such as #FAFAFA (#RGB, #RRGGBB or #RRGGBBAA)."))
}

/// The settings part of `change`, checked.
fn settings_of(change: &PageChange) -> Result<Map<String, Value>, Error> {
    let Value::Object(mut settings) = serde_json::to_value(change).context("reading a page change")? else {
        return Err(Error::BadRequest("Send the page change as a JSON object.".to_owned()));
    };
    settings.remove("page_name");
    settings.remove("page_slug");
    for field in COLOUR_FIELDS {
        if settings.get(field).and_then(Value::as_str).is_some_and(|value| !is_colour(value)) {
            return Err(colour_error(field));
        }
    }
    if let Some(method) = &change.sign_in_method {
        check_sign_in_method(method)?;
    }
    if change.palette.iter().flatten().any(|colour| !is_colour(colour)) {
        return Err(colour_error("palette"));
    }
    if let Some(filters) = &change.filters {
        let filters: Vec<Value> = filters.iter().cloned().map(Value::Object).collect();
        sheet_query::check_stored_filters(&filters)?;
    }
    Ok(settings)
}

/// Renames a page, changes its slug or its settings. Owner or admin.
#[utoipa::path(put, path = "/apps/{appId}/pages/{pageId}", tag = "pages", request_body = PageChange,
    params(("appId" = String, Path, description = "The app's id"), ("pageId" = String, Path, description = "The page's id")),
    responses((status = 200, body = PageAnswer), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, description = "Names the field at fault", body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path((app_id, page_id)): Path<(String, String)>,
    ApiJson(change): ApiJson<PageChange>,
) -> Result<ApiJson<PageAnswer>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let mut page = apps::page(&state.db, &app.id, &page_id).await?;
    if let Some(name) = &change.page_name {
        page.page_name = page_name(name)?;
    }
    if let Some(slug) = &change.page_slug {
        if page.is_home() && !slug.trim().is_empty() {
            return Err(Error::invalid("page_slug", "The home page has no slug: it is the app's root address."));
        }
        if !page.is_home() {
            page.page_slug = page_slug(slug)?;
        }
    }
    let mut settings = apps::stored_page_settings(&state.db, &page.id).await?;
    settings.extend(settings_of(&change)?);
    let updated = sqlx::query("UPDATE pages SET page_name = $1, page_slug = $2, settings = $3, updated_at = $4 WHERE id = $5")
        .bind(&page.page_name)
        .bind(&page.page_slug)
        .bind(serde_json::to_string(&settings).context("writing page settings")?)
        .bind(now())
        .bind(&page.id)
        .execute(&state.db.pool)
        .await;
    updated.map_err(|error| slug_clash(error, &page.page_slug))?;
    super::history::saved(&state, &caller, Target::App(app.id.clone())).await;
    Ok(ApiJson(PageAnswer { page, settings: apps::page_settings(settings)? }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PageDeleted {
    pub deleted: bool,
    pub id: String,
}

/// Deletes a page and its blocks. The home page cannot be deleted. Owner or admin.
#[utoipa::path(delete, path = "/apps/{appId}/pages/{pageId}", tag = "pages",
    params(("appId" = String, Path, description = "The app's id"), ("pageId" = String, Path, description = "The page's id")),
    responses((status = 200, body = PageDeleted), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "The home page", body = ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    Path((app_id, page_id)): Path<(String, String)>,
) -> Result<ApiJson<PageDeleted>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let page = apps::page(&state.db, &app.id, &page_id).await?;
    if page.page_type == "home" {
        return Err(Error::Conflict("The home page cannot be deleted. Rename it or change its blocks instead.".to_owned()));
    }
    sqlx::query("DELETE FROM pages WHERE id = $1").bind(&page.id).execute(&state.db.pool).await.context("deleting a page")?;
    super::history::saved(&state, &caller, Target::App(app.id.clone())).await;
    Ok(ApiJson(PageDeleted { deleted: true, id: page.id }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PageOrder {
    /// Every page id of the app, once each, in the new order.
    pub ids: Vec<String>,
}

/// Puts the app's pages in the given order. Owner or admin.
#[utoipa::path(put, path = "/apps/{appId}/pages/order", tag = "pages", request_body = PageOrder,
    params(("appId" = String, Path, description = "The app's id")),
    responses((status = 200, body = PageList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, description = "`ids` is not exactly the app's pages", body = ErrorBody)))]
async fn reorder(
    State(state): State<AppState>,
    caller: Caller,
    Path(app_id): Path<String>,
    ApiJson(order): ApiJson<PageOrder>,
) -> Result<ApiJson<PageList>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let current: HashSet<String> = apps::pages(&state.db, &app.id).await?.into_iter().map(|page| page.id).collect();
    let given: HashSet<&String> = order.ids.iter().collect();
    if given.len() != order.ids.len() || given.len() != current.len() || !given.iter().all(|id| current.contains(*id)) {
        return Err(Error::invalid("ids", "List every page of the app exactly once."));
    }
    let mut tx = state.db.pool.begin().await?;
    let at = now();
    for (position, id) in (0_i64..).zip(&order.ids) {
        sqlx::query("UPDATE pages SET position = $1, updated_at = $2 WHERE id = $3 AND app_id = $4")
            .bind(position)
            .bind(at)
            .bind(id)
            .bind(&app.id)
            .execute(&mut *tx)
            .await
            .context("ordering pages")?;
    }
    tx.commit().await?;
    super::history::saved(&state, &caller, Target::App(app.id.clone())).await;
    Ok(ApiJson(page_list(&state, &app.id).await?))
}
