//! Spreadsheet management for workspace owners (and admins): connect a published CSV link or a
//! Google spreadsheet, list, inspect, refresh and delete spreadsheets, and page through a tab's
//! stored rows for the built-in grid view. Viewers never use these calls: they read rows through
//! the boards and apps that use a spreadsheet.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::roles::workspace_role;
use crate::http::api::ApiJson;
use crate::infra::db::{new_id, now};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::sheets::store;
use crate::sources::{self, google, published_csv, Spreadsheet};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, connect)).routes(routes!(get, delete)).routes(routes!(refresh)).routes(routes!(grid))
}

const NOT_FOUND: &str = "Spreadsheet not found.";
const MAX_GRID_ROWS: i64 = 500;

/// A spreadsheet with its tabs.
#[derive(Debug, Serialize, ToSchema)]
pub struct SpreadsheetView {
    pub id: String,
    pub workspace_id: String,
    pub name: String,
    /// Where the rows come from.
    #[schema(value_type = SpreadsheetKind)]
    pub kind: String,
    /// The link the rows come from (empty for uploads).
    pub source_url: String,
    /// When the stored rows were read from the link (Unix seconds); null for uploads.
    pub fetched_at: Option<i64>,
    pub created_at: i64,
    /// Where the editor's spreadsheet button leads: the Google Sheets address of a linked
    /// spreadsheet, or the built-in grid view of an upload.
    pub open_url: String,
    pub sheets: Vec<SheetView>,
    /// Why the last refresh from the source failed, until a refresh succeeds; null when the last
    /// one worked (and for uploads). Viewers keep getting the rows of `fetched_at` meanwhile.
    pub refresh_failure: Option<RefreshFailureView>,
}

/// A failed refresh of a linked spreadsheet, as its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RefreshFailure)]
pub struct RefreshFailureView {
    /// What went wrong and what to do about it.
    pub message: String,
    /// When it failed (Unix seconds).
    pub failed_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SheetView {
    pub title: String,
    /// Column names in order, 'ChartApps Record ID' included.
    pub columns: Vec<String>,
    pub row_count: i64,
    /// Goes up with every change of the tab's rows.
    pub version: i64,
}

/// Where a spreadsheet's rows come from (documentation only: the stored text).
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum SpreadsheetKind {
    Upload,
    CsvUrl,
    GoogleSheets,
}

/// The kinds read from a link (and refreshed from it).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    CsvUrl,
    GoogleSheets,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSpreadsheet {
    pub workspace_id: String,
    /// Default: the Google spreadsheet's title, or the CSV file's name.
    pub name: Option<String>,
    pub kind: LinkKind,
    /// A Google Sheets address (`https://docs.google.com/spreadsheets/d/…`) or a CSV link.
    pub url: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WorkspaceQuery {
    pub workspace_id: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Window {
    /// Rows to skip, default 0.
    pub offset: Option<i64>,
    /// Rows to answer, default and at most 500.
    pub limit: Option<i64>,
}

/// A page of a tab's stored rows, every column included.
#[derive(Debug, Serialize, ToSchema)]
pub struct GridPage {
    pub columns: Vec<String>,
    /// Cells in the order of `columns`.
    pub rows: Vec<Vec<String>>,
    pub total: i64,
    pub offset: i64,
    pub limit: i64,
    pub version: i64,
}

/// 401 for guests, 403 unless the caller owns the workspace (or is an admin), 404 when absent.
async fn manageable_workspace(state: &AppState, caller: &Caller, workspace_id: &str) -> Result<(), Error> {
    caller.user()?;
    let owner: Option<(String,)> = sqlx::query_as("SELECT owner_id FROM workspaces WHERE id = $1")
        .bind(workspace_id)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a workspace")?;
    let (owner,) = owner.ok_or_else(|| Error::NotFound("Workspace not found.".to_owned()))?;
    workspace_role(caller, &owner).require_edit()
}

/// The spreadsheet `id` for its workspace's owner or an admin: the check of the grid call, which
/// `sheet_columns` shares.
pub(super) async fn manageable(state: &AppState, caller: &Caller, id: &str) -> Result<Spreadsheet, Error> {
    caller.user()?;
    let spreadsheet = sources::find(&state.db, id).await?.ok_or_else(|| Error::NotFound(NOT_FOUND.to_owned()))?;
    workspace_role(caller, &spreadsheet.owner_id).require_edit()?;
    Ok(spreadsheet)
}

async fn view(state: &AppState, spreadsheet: Spreadsheet) -> Result<SpreadsheetView, Error> {
    let counts: Vec<(String, i64)> = sqlx::query_as(
        "SELECT s.id, COUNT(r.record_id) FROM sheets s LEFT JOIN sheet_rows r ON r.sheet_id = s.id WHERE s.spreadsheet_id = $1 GROUP BY s.id",
    )
    .bind(&spreadsheet.id)
    .fetch_all(&state.db.pool)
    .await
    .context("counting sheet rows")?;
    let sheets = store::list(&state.db, &spreadsheet.id)
        .await?
        .into_iter()
        .map(|sheet| SheetView {
            row_count: counts.iter().find(|(id, _)| *id == sheet.id).map_or(0, |(_, count)| *count),
            title: sheet.title,
            columns: sheet.columns,
            version: sheet.version,
        })
        .collect();
    let open_url = match spreadsheet.kind.as_str() {
        "upload" => format!("/dashboard/spreadsheets/{}", spreadsheet.id),
        _ => spreadsheet.url.clone(),
    };
    Ok(SpreadsheetView {
        id: spreadsheet.id,
        workspace_id: spreadsheet.workspace_id,
        name: spreadsheet.name,
        kind: spreadsheet.kind,
        source_url: spreadsheet.url,
        fetched_at: spreadsheet.fetched_at,
        created_at: spreadsheet.created_at,
        open_url,
        sheets,
        refresh_failure: spreadsheet
            .refresh_failure
            .map(|failure| RefreshFailureView { message: failure.message, failed_at: failure.failed_at }),
    })
}

/// The spreadsheets of a workspace with their tabs and row counts (owner or admin).
#[utoipa::path(get, path = "/spreadsheets", tag = "spreadsheets", params(WorkspaceQuery),
    responses((status = 200, body = [SpreadsheetView]), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    caller: Caller,
    Query(query): Query<WorkspaceQuery>,
) -> Result<ApiJson<Vec<SpreadsheetView>>, Error> {
    manageable_workspace(&state, &caller, &query.workspace_id).await?;
    let mut views = Vec::new();
    for spreadsheet in sources::list(&state.db, &query.workspace_id).await? {
        views.push(view(&state, spreadsheet).await?);
    }
    Ok(ApiJson(views))
}

/// Connects a published CSV link or a Google spreadsheet: reads it now and stores its rows.
/// A Google tab without a 'ChartApps Record ID' column gets one, written back to Google. Through
/// the service account, a Google spreadsheet this workspace does not have yet needs the
/// workspace's consent code in its title (403 naming the code otherwise); it is named without it.
#[utoipa::path(post, path = "/spreadsheets", tag = "spreadsheets", request_body = NewSpreadsheet,
    responses((status = 201, body = SpreadsheetView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody), (status = 503, body = ErrorBody)))]
async fn connect(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewSpreadsheet>,
) -> Result<(StatusCode, ApiJson<SpreadsheetView>), Error> {
    manageable_workspace(&state, &caller, &body.workspace_id).await?;
    let name = body.name.as_deref().map(str::trim).filter(|name| !name.is_empty());
    if name.is_some_and(|name| name.chars().count() > 200) {
        return Err(Error::invalid("name", "A spreadsheet name has at most 200 characters."));
    }
    let kind = match body.kind {
        LinkKind::CsvUrl => "csv_url",
        LinkKind::GoogleSheets => "google_sheets",
    };
    // Bad addresses are refused before any outside call.
    match body.kind {
        LinkKind::CsvUrl => published_csv::checked_url(&body.url).map(drop)?,
        LinkKind::GoogleSheets => google::spreadsheet_id(&body.url).map(drop)?,
    }
    let owner: (String,) =
        sqlx::query_as("SELECT owner_id FROM workspaces WHERE id = $1").bind(&body.workspace_id).fetch_one(&state.db.pool).await?;
    if matches!(body.kind, LinkKind::GoogleSheets) {
        google::require_consent(&state, &body.url, &body.workspace_id, &owner.0).await?;
    }
    let fetched_at = now();
    let fetched = sources::fetch(&state, kind, &body.url, &owner.0, name).await?;
    // Named as its owner named it, without the consent code put in its title to connect it.
    let fetched_name = match body.kind {
        LinkKind::GoogleSheets => google::without_consent_code(&fetched.name, &google::consent_code(&body.workspace_id)),
        LinkKind::CsvUrl => fetched.name,
    };
    let spreadsheet = Spreadsheet {
        id: new_id(),
        workspace_id: body.workspace_id,
        owner_id: owner.0,
        name: name.map(str::to_owned).unwrap_or(fetched_name),
        kind: kind.to_owned(),
        url: body.url.trim().to_owned(),
        fetched_at: Some(fetched_at),
        created_at: fetched_at,
        refresh_failure: None,
    };
    sqlx::query(
        "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, source_url, fetched_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&spreadsheet.id)
    .bind(&spreadsheet.workspace_id)
    .bind(&spreadsheet.name)
    .bind(&spreadsheet.kind)
    .bind(&spreadsheet.url)
    .bind(fetched_at)
    .bind(spreadsheet.created_at)
    .execute(&state.db.pool)
    .await
    .context("adding a spreadsheet")?;
    if let Err(error) = sources::store_snapshot(&state, &spreadsheet.id, fetched.sheets, fetched_at).await {
        // Without its rows the spreadsheet is of no use: do not leave it half made.
        let _ = sqlx::query("DELETE FROM spreadsheets WHERE id = $1").bind(&spreadsheet.id).execute(&state.db.pool).await;
        return Err(error);
    }
    Ok((StatusCode::CREATED, ApiJson(view(&state, spreadsheet).await?)))
}

/// One spreadsheet with its tabs, columns, row counts and where its button leads (owner or admin).
#[utoipa::path(get, path = "/spreadsheets/{spreadsheetId}", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id")),
    responses((status = 200, body = SpreadsheetView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<SpreadsheetView>, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    Ok(ApiJson(view(&state, spreadsheet).await?))
}

/// Reads a linked spreadsheet again now. When the source fails, the stored rows stay, the
/// answer says what went wrong, and the spreadsheet keeps the failure (`refresh_failure`) until
/// a refresh succeeds. Uploads have nothing to refresh from (409).
#[utoipa::path(post, path = "/spreadsheets/{spreadsheetId}/refresh", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id")),
    responses((status = 200, body = SpreadsheetView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 503, body = ErrorBody)))]
async fn refresh(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<SpreadsheetView>, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    sources::refresh(&state, &spreadsheet).await?;
    let refreshed = sources::find(&state.db, &id).await?.ok_or_else(|| Error::NotFound(NOT_FOUND.to_owned()))?;
    Ok(ApiJson(view(&state, refreshed).await?))
}

/// Deletes a spreadsheet and its rows. Boards and apps that used it keep existing, without a
/// spreadsheet. The source (Google, the CSV link) is not touched.
#[utoipa::path(delete, path = "/spreadsheets/{spreadsheetId}", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<StatusCode, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    sqlx::query("DELETE FROM spreadsheets WHERE id = $1")
        .bind(&spreadsheet.id)
        .execute(&state.db.pool)
        .await
        .context("deleting a spreadsheet")?;
    Ok(StatusCode::NO_CONTENT)
}

/// A page of a tab's stored rows for the built-in grid view, every column included (owner or admin).
#[utoipa::path(get, path = "/spreadsheets/{spreadsheetId}/sheets/{title}/grid", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id"), ("title" = String, Path, description = "The tab title"), Window),
    responses((status = 200, body = GridPage), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn grid(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, title)): Path<(String, String)>,
    Query(window): Query<Window>,
) -> Result<ApiJson<GridPage>, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    let offset = window.offset.unwrap_or(0);
    let limit = window.limit.unwrap_or(MAX_GRID_ROWS);
    if offset < 0 {
        return Err(Error::invalid("offset", "offset is a number of rows from 0."));
    }
    if !(1..=MAX_GRID_ROWS).contains(&limit) {
        return Err(Error::invalid("limit", format!("limit is a number of rows from 1 to {MAX_GRID_ROWS}.")));
    }
    let sheet = store::find(&state.db, &spreadsheet.id, &title)
        .await?
        .ok_or_else(|| Error::NotFound(format!("This spreadsheet has no tab named `{title}`.")))?;
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sheet_rows WHERE sheet_id = $1")
        .bind(&sheet.id)
        .fetch_one(&state.db.pool)
        .await
        .context("counting rows")?;
    let cells: Vec<(String,)> = sqlx::query_as("SELECT cells FROM sheet_rows WHERE sheet_id = $1 ORDER BY position LIMIT $2 OFFSET $3")
        .bind(&sheet.id)
        .bind(limit)
        .bind(offset)
        .fetch_all(&state.db.pool)
        .await
        .context("reading a page of rows")?;
    let width = sheet.columns.len();
    let rows = cells
        .into_iter()
        .map(|(cells,)| {
            let mut row: Vec<String> = serde_json::from_str(&cells).context("reading a sheet row")?;
            row.resize(width, String::new());
            Ok(row)
        })
        .collect::<Result<_, Error>>()?;
    Ok(ApiJson(GridPage { columns: sheet.columns, rows, total, offset, limit, version: sheet.version }))
}
