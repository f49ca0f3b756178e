//! Multi-page apps: `GET /api/apps/{appId}` and `POST /api/app/app-info` of platform §7, and the
//! editing calls behind the dashboard (list, create, change, delete, duplicate).
//!
//! An app's sub-domain shares one registry with workspaces, so a clash with either answers 409
//! 'A workspace or app with this subdomain already exists'.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ApiJson;
use crate::accounts::auth::Caller;
use crate::accounts::roles::workspace_role;
use crate::accounts::subdomains::{self, Owner};
use crate::boards::app_settings;
use crate::boards::apps::{App, AppJson, AppLocator};
use crate::boards::blocks::{self, Parent};
use crate::history::revisions::Target;
use crate::infra::db::{new_id, now, Db, Flag};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get, update, delete))
        .routes(routes!(duplicate))
        .routes(routes!(app_info))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppAnswer {
    pub app: AppJson,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppList {
    pub apps: Vec<AppJson>,
}

/// The apps in the caller's workspaces, oldest first.
#[utoipa::path(get, path = "/apps", tag = "apps",
    responses((status = 200, body = AppList), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, caller: Caller) -> Result<ApiJson<AppList>, Error> {
    let me = caller.user()?;
    let apps = App::of_owner(&state.db, &me.user.id).await?;
    Ok(ApiJson(AppList { apps: apps.iter().map(App::json).collect() }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewApp {
    pub workspace_id: String,
    pub name: String,
    /// 3 to 63 lowercase letters, digits or hyphens; unique across workspaces and apps.
    pub subdomain: String,
    #[serde(default)]
    pub spreadsheet_url: Option<String>,
}

/// Creates an app with its home page (page_type 'home', empty slug). Workspace owner or admin.
#[utoipa::path(post, path = "/apps", tag = "apps", request_body = NewApp,
    responses((status = 201, body = AppAnswer), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "The subdomain is taken", body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewApp>,
) -> Result<(StatusCode, ApiJson<AppAnswer>), Error> {
    caller.user()?;
    let owner_id = workspace_owner(&state.db, &body.workspace_id).await?;
    workspace_role(&caller, &owner_id).require_edit()?;
    let name = app_name(&body.name)?;
    let subdomain = subdomains::normalise("subdomain", &body.subdomain)?;
    let spreadsheet_url = spreadsheet_url(body.spreadsheet_url.as_deref().unwrap_or_default())?;
    let id = new_id();
    let at = now();
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO apps (id, workspace_id, name, subdomain, spreadsheet_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&id)
    .bind(&body.workspace_id)
    .bind(&name)
    .bind(&subdomain)
    .bind(&spreadsheet_url)
    .bind(at)
    .execute(&mut *tx)
    .await
    .context("creating an app")?;
    subdomains::claim(&mut tx, &subdomain, Owner::App(&id)).await?;
    insert_page(&mut tx, &new_id(), &id, ("Home", "", "home", 0), "{}").await?;
    tx.commit().await?;
    super::history::saved(&state, &caller, Target::App(id.clone())).await;
    Ok((StatusCode::CREATED, ApiJson(AppAnswer { app: App::get(&state.db, &id).await?.json() })))
}

async fn workspace_owner(db: &Db, workspace_id: &str) -> Result<String, Error> {
    let owner: Option<(String,)> = sqlx::query_as("SELECT owner_id FROM workspaces WHERE id = $1")
        .bind(workspace_id)
        .fetch_optional(&db.pool)
        .await
        .context("loading a workspace")?;
    owner.map(|(owner_id,)| owner_id).ok_or_else(|| Error::NotFound("Workspace not found.".to_owned()))
}

/// Inserts a page; `(name, slug, type, position)` as stored.
async fn insert_page(conn: &mut AnyConnection, id: &str, app_id: &str, page: (&str, &str, &str, i64), settings: &str) -> Result<(), Error> {
    let (name, slug, page_type, position) = page;
    sqlx::query(
        "INSERT INTO pages (id, app_id, page_name, page_slug, page_type, position, settings, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(id)
    .bind(app_id)
    .bind(name)
    .bind(slug)
    .bind(page_type)
    .bind(position)
    .bind(settings)
    .bind(now())
    .execute(conn)
    .await
    .context("creating a page")?;
    Ok(())
}

fn app_name(input: &str) -> Result<String, Error> {
    let name = input.trim();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(Error::invalid("name", "Give the app a name of 1 to 200 characters."));
    }
    Ok(name.to_owned())
}

/// The link the editor's spreadsheet button opens: empty, or an http(s) URL.
fn spreadsheet_url(input: &str) -> Result<String, Error> {
    let url = input.trim();
    if url.is_empty() || url.starts_with("https://") || url.starts_with("http://") {
        Ok(url.to_owned())
    } else {
        Err(Error::invalid("spreadsheet_url", "The spreadsheet URL must start with https:// or http://."))
    }
}

/// The app (platform §7). Public apps answer everyone; private ones their owner, admins and
/// invited app users; anyone else gets 403 'Access denied'.
#[utoipa::path(get, path = "/apps/{appId}", tag = "apps",
    params(("appId" = String, Path, description = "The app's id"), super::SpecParams),
    responses((status = 200, body = AppAnswer), (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, caller: Caller, Path(app_id): Path<String>) -> Result<ApiJson<AppAnswer>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    let role = app.viewer_role(&state.db, &caller).await?;
    Ok(ApiJson(AppAnswer { app: app.json_for(role) }))
}

/// A change to an app; absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppChange {
    pub name: Option<String>,
    /// A new sub-domain; the old one is released.
    pub subdomain: Option<String>,
    pub spreadsheet_url: Option<String>,
    /// A spreadsheet of the app's workspace, or null to disconnect it.
    #[serde(rename = "spreadsheetId", default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub spreadsheet_id: Option<Option<String>>,
    pub public: Option<bool>,
    /// Settings to merge into the app's settings; a null value removes that setting.
    /// `sign_in_method` ('', 'password' or 'link') and `header` / `footer` (the settings of a
    /// header or footer block shown on every page without its own) are checked; a 422 names the
    /// setting, or the block setting at fault inside `header` or `footer`.
    #[schema(value_type = Option<Object>)]
    pub settings: Option<Map<String, Value>>,
}

/// Tells a field given as null (`Some(None)`) from an absent one (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// Changes an app's name, sub-domain, spreadsheet, visibility or settings. Owner or admin.
#[utoipa::path(put, path = "/apps/{appId}", tag = "apps", request_body = AppChange,
    params(("appId" = String, Path, description = "The app's id")),
    responses((status = 200, body = AppAnswer), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, description = "Names the field at fault", body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(app_id): Path<String>,
    ApiJson(change): ApiJson<AppChange>,
) -> Result<ApiJson<AppAnswer>, Error> {
    let mut app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let old_subdomain = app.subdomain.clone();
    if let Some(name) = &change.name {
        app.name = app_name(name)?;
    }
    if let Some(subdomain) = &change.subdomain {
        app.subdomain = subdomains::normalise("subdomain", subdomain)?;
    }
    if let Some(url) = &change.spreadsheet_url {
        app.spreadsheet_url = spreadsheet_url(url)?;
    }
    if let Some(spreadsheet_id) = change.spreadsheet_id {
        if let Some(id) = &spreadsheet_id {
            require_spreadsheet_in(&state.db, id, &app.workspace_id).await?;
        }
        app.spreadsheet_id = spreadsheet_id;
    }
    if let Some(public) = change.public {
        app.public = public;
    }
    for (key, value) in change.settings.unwrap_or_default() {
        match value {
            Value::Null => app.settings.remove(&key),
            value => {
                let value = app_settings::checked(&key, value)?;
                app.settings.insert(key, value)
            }
        };
    }
    let mut tx = state.db.pool.begin().await?;
    if app.subdomain != old_subdomain {
        subdomains::rename(&mut tx, &app.subdomain, Owner::App(&app.id)).await?;
    }
    sqlx::query(
        "UPDATE apps SET name = $1, subdomain = $2, spreadsheet_url = $3, spreadsheet_id = $4, public = $5, settings = $6, updated_at = $7 \
         WHERE id = $8",
    )
    .bind(&app.name)
    .bind(&app.subdomain)
    .bind(&app.spreadsheet_url)
    .bind(&app.spreadsheet_id)
    .bind(Flag(app.public))
    .bind(serde_json::to_string(&app.settings).context("writing app settings")?)
    .bind(now())
    .bind(&app.id)
    .execute(&mut *tx)
    .await
    .context("changing an app")?;
    tx.commit().await?;
    super::history::saved(&state, &caller, Target::App(app.id.clone())).await;
    Ok(ApiJson(AppAnswer { app: app.json() }))
}

async fn require_spreadsheet_in(db: &Db, spreadsheet_id: &str, workspace_id: &str) -> Result<(), Error> {
    let found: Option<(String,)> = sqlx::query_as("SELECT id FROM spreadsheets WHERE id = $1 AND workspace_id = $2")
        .bind(spreadsheet_id)
        .bind(workspace_id)
        .fetch_optional(&db.pool)
        .await
        .context("looking up a spreadsheet")?;
    found.map(|_| ()).ok_or_else(|| Error::invalid("spreadsheetId", "No spreadsheet with this id is connected to the app's workspace."))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AppDeleted {
    pub deleted: bool,
    pub id: String,
}

/// Deletes an app with its pages, blocks and app users, and frees its sub-domain. Owner or admin.
#[utoipa::path(delete, path = "/apps/{appId}", tag = "apps",
    params(("appId" = String, Path, description = "The app's id")),
    responses((status = 200, body = AppDeleted), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, caller: Caller, Path(app_id): Path<String>) -> Result<ApiJson<AppDeleted>, Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    // Pages, blocks, app users and the sub-domain go with it (ON DELETE CASCADE).
    sqlx::query("DELETE FROM apps WHERE id = $1").bind(&app.id).execute(&state.db.pool).await.context("deleting an app")?;
    Ok(ApiJson(AppDeleted { deleted: true, id: app.id }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AppDuplicate {
    /// The copy's sub-domain (required: sub-domains are unique).
    pub subdomain: String,
    /// The copy's name; default '{name} (copy)'.
    #[serde(default)]
    pub name: Option<String>,
}

/// Copies an app with its settings, pages and blocks into the same workspace, under a new
/// sub-domain. App users are not copied: an invitation is to one app. Owner or admin.
#[utoipa::path(post, path = "/apps/{appId}/duplicate", tag = "apps", request_body = AppDuplicate,
    params(("appId" = String, Path, description = "The app to copy")),
    responses((status = 201, body = AppAnswer), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn duplicate(
    State(state): State<AppState>,
    caller: Caller,
    Path(app_id): Path<String>,
    ApiJson(body): ApiJson<AppDuplicate>,
) -> Result<(StatusCode, ApiJson<AppAnswer>), Error> {
    let app = App::get(&state.db, &app_id).await?;
    app.require_edit(&state.db, &caller).await?;
    let subdomain = subdomains::normalise("subdomain", &body.subdomain)?;
    let name = app_name(body.name.as_deref().unwrap_or(&format!("{} (copy)", app.name)))?;
    let pages: Vec<(String, String, String, String, i64, String)> =
        sqlx::query_as("SELECT id, page_name, page_slug, page_type, position, settings FROM pages WHERE app_id = $1")
            .bind(&app.id)
            .fetch_all(&state.db.pool)
            .await
            .context("reading pages to copy")?;
    let copy_id = new_id();
    let at = now();
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO apps (id, workspace_id, name, subdomain, spreadsheet_url, spreadsheet_id, public, settings, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(&copy_id)
    .bind(&app.workspace_id)
    .bind(&name)
    .bind(&subdomain)
    .bind(&app.spreadsheet_url)
    .bind(&app.spreadsheet_id)
    .bind(Flag(app.public))
    .bind(serde_json::to_string(&app.settings).context("writing app settings")?)
    .bind(at)
    .execute(&mut *tx)
    .await
    .context("copying an app")?;
    subdomains::claim(&mut tx, &subdomain, Owner::App(&copy_id)).await?;
    for (page_id, page_name, page_slug, page_type, position, settings) in &pages {
        let copy_page_id = new_id();
        insert_page(&mut tx, &copy_page_id, &copy_id, (page_name, page_slug, page_type, *position), settings).await?;
        blocks::copy_all(&mut tx, Parent::Page(page_id), Parent::Page(&copy_page_id)).await?;
    }
    tx.commit().await?;
    super::history::saved(&state, &caller, Target::App(copy_id.clone())).await;
    Ok((StatusCode::CREATED, ApiJson(AppAnswer { app: App::get(&state.db, &copy_id).await?.json() })))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AppInfoRequest {
    /// The host's sub-domain; empty on `www` and numeric hosts.
    #[serde(rename = "appName", default)]
    pub app_name: String,
}

/// Resolves an app by sub-domain (platform §7). When `appName` is empty, the `app` (sub-domain)
/// or `app_id` query parameter names the app instead, for hosts without a sub-domain such as
/// `localhost` in development. Private apps answer only callers who may view them.
#[utoipa::path(post, path = "/app/app-info", tag = "apps", request_body = AppInfoRequest,
    params(AppLocator, super::SpecParams),
    responses((status = 200, body = AppAnswer), (status = 403, description = "A private app", body = ErrorBody),
        (status = 404, description = "No app has this sub-domain, or none was named", body = ErrorBody)))]
async fn app_info(
    State(state): State<AppState>,
    caller: Caller,
    Query(locator): Query<AppLocator>,
    ApiJson(body): ApiJson<AppInfoRequest>,
) -> Result<ApiJson<AppAnswer>, Error> {
    let locator = match body.app_name.trim() {
        "" => locator,
        name => AppLocator { app_id: None, app: Some(name.to_owned()) },
    };
    let app = locator.resolve(&state.db, None, &state.config.public_base_url()).await?;
    let role = app.viewer_role(&state.db, &caller).await?;
    Ok(ApiJson(AppAnswer { app: app.json_for(role) }))
}
