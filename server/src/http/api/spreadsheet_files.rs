//! Spreadsheet files: upload a CSV, TSV, Parquet or Excel/OpenDocument workbook as a new
//! spreadsheet, upload a new file over an uploaded spreadsheet, and download a tab as Parquet.
//!
//! Files are read by `tessera-files` on a blocking thread (parsing a 200 MiB workbook must not
//! stall the async workers) and stored in one transaction, so a file that cannot be read, or a
//! write that fails, leaves what was stored before. Delimited text and Parquet are stored while
//! they are read, a batch of rows at a time ([`Incoming`]), as a new spreadsheet or as a new file
//! over one ([`imports::replace`], which also keeps the rows it replaces): such an import holds
//! the file and a few batches, never the whole tab (issue 31). Workbooks, whose readers build
//! their tabs whole, are stored whole.

use axum::body::Bytes;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tessera_files::{ImportError, Limits};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::roles::{workspace_role, Role};
use crate::history::imports;
use crate::http::api::ApiJson;
use crate::infra::db::{new_id, now};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::sheets::incoming::Incoming;
use crate::sheets::row_log::{ActivityActor, RowLog, Via};
use crate::sheets::store::{self, StoredTab};
use crate::AppState;

/// Room for the multipart framing and the small text fields around the file, so that a file of
/// exactly the crate's size limit still fits in the body.
const FORM_OVERHEAD_BYTES: u64 = 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let body_limit = Limits::default().max_file_bytes + FORM_OVERHEAD_BYTES;
    OpenApiRouter::new()
        .routes(routes!(upload))
        .routes(routes!(replace))
        .routes(routes!(export))
        .layer(DefaultBodyLimit::max(usize::try_from(body_limit).unwrap_or(usize::MAX)))
}

/// The multipart form of an upload (documentation only: the handler reads the parts itself).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
#[schema(as = SpreadsheetUploadForm)]
pub struct UploadForm {
    /// The workspace the new spreadsheet belongs to (POST only).
    workspace_id: String,
    /// The spreadsheet's name; the file name without its extension when absent (POST only).
    name: Option<String>,
    /// The file: .csv, .tsv, .txt, .parquet, .xlsx, .xlsm, .xls or .ods.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Uploaded {
    pub spreadsheet: UploadedSpreadsheet,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedSpreadsheet {
    pub id: String,
    pub name: String,
    pub source_kind: String,
    pub sheets: Vec<UploadedSheet>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedSheet {
    pub title: String,
    /// Column names, 'ChartApps Record ID' included.
    pub columns: Vec<String>,
    /// How many rows were stored.
    pub rows: usize,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportParams {
    /// The tab's title; the first tab when absent.
    pub sheet: Option<String>,
}

fn too_large() -> Error {
    let limit = Limits::default().max_file_bytes / (1024 * 1024);
    Error::TooLarge(format!("The file is too large: files may be at most {limit} MiB."))
}

/// Body limit hits answer 413; anything else about the form is a bad request.
fn form_error(error: MultipartError) -> Error {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        Error::BadRequest(format!("The upload cannot be read: {}", error.body_text()))
    }
}

/// The parts of an upload form that the server uses.
#[derive(Default)]
struct Form {
    workspace_id: Option<String>,
    name: Option<String>,
    file: Option<(String, Bytes)>,
}

async fn read_form(multipart: Result<Multipart, MultipartRejection>) -> Result<Form, Error> {
    let mut multipart =
        multipart.map_err(|rejection| Error::BadRequest(format!("Send the file as multipart/form-data: {}", rejection.body_text())))?;
    let mut form = Form::default();
    while let Some(field) = multipart.next_field().await.map_err(form_error)? {
        match field.name().unwrap_or("") {
            "workspace_id" => form.workspace_id = Some(field.text().await.map_err(form_error)?),
            "name" => form.name = Some(field.text().await.map_err(form_error)?),
            "file" => {
                let file_name = field.file_name().unwrap_or("").to_owned();
                form.file = Some((file_name, field.bytes().await.map_err(form_error)?));
            }
            // Unknown parts (a browser may add some) are read past and ignored.
            _ => {
                field.bytes().await.map_err(form_error)?;
            }
        }
    }
    Ok(form)
}

fn file_of(form: &mut Form) -> Result<(String, Bytes), Error> {
    let (file_name, bytes) = form.file.take().ok_or_else(|| Error::invalid("file", "Choose a file to upload."))?;
    if file_name.trim().is_empty() {
        return Err(Error::invalid("file", "The file part has no file name; send it as a file."));
    }
    Ok((file_name, bytes))
}

/// What a file that cannot be imported answers: 413 when too large, else 422 with the
/// importer's text, which names the file and what to change.
fn import_error(error: ImportError) -> Error {
    match error {
        ImportError::FileTooLarge { .. } => too_large(),
        error => Error::invalid("file", error.to_string()),
    }
}

fn answer(id: String, name: String, source_kind: String, stored: Vec<StoredTab>) -> Uploaded {
    let sheets = stored
        .into_iter()
        .map(|StoredTab { sheet, rows }| UploadedSheet { title: sheet.title, columns: sheet.columns, rows: rows as usize })
        .collect();
    Uploaded { spreadsheet: UploadedSpreadsheet { id, name, source_kind, sheets } }
}

/// The file name without its extension, as the default spreadsheet name.
fn stem(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    base.rsplit_once('.').map_or(base, |(stem, _)| stem).trim().to_owned()
}

fn checked_name(name: Option<&str>, file_name: &str) -> Result<String, Error> {
    let name = match name.map(str::trim).filter(|name| !name.is_empty()) {
        Some(name) => name.to_owned(),
        None => stem(file_name),
    };
    if name.is_empty() || name.chars().count() > 200 {
        return Err(Error::invalid("name", "A spreadsheet name has 1 to 200 characters."));
    }
    Ok(name)
}

/// Creates a spreadsheet from an uploaded file (workspace owner or admin).
#[utoipa::path(post, path = "/spreadsheets/upload", tag = "spreadsheets",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Uploaded), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    caller: Caller,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, ApiJson<Uploaded>), Error> {
    caller.user()?;
    let mut form = read_form(multipart).await?;
    let workspace_id = form
        .workspace_id
        .take()
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| Error::invalid("workspace_id", "Say which workspace the spreadsheet is for."))?;
    let owner: Option<(String,)> = sqlx::query_as("SELECT owner_id FROM workspaces WHERE id = $1")
        .bind(workspace_id.trim())
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up a workspace")?;
    let (owner_id,) = owner.ok_or_else(|| Error::NotFound("Workspace not found.".to_owned()))?;
    workspace_role(&caller, &owner_id).require_edit()?;
    let (file_name, bytes) = file_of(&mut form)?;
    let name = checked_name(form.name.as_deref(), &file_name)?;
    let incoming = Incoming::read(file_name, bytes, import_error).await?;

    let id = new_id();
    sqlx::query(
        "INSERT INTO spreadsheets (id, workspace_id, name, source_kind, created_at, updated_at) VALUES ($1, $2, $3, 'upload', $4, $4)",
    )
    .bind(&id)
    .bind(workspace_id.trim())
    .bind(&name)
    .bind(now())
    .execute(&state.db.pool)
    .await
    .context("creating a spreadsheet")?;
    let stored = match incoming.store(&state.db, &id).await {
        Ok(stored) => stored,
        Err(error) => {
            // The tabs were rolled back; the empty spreadsheet must not stay behind either.
            let _ = sqlx::query("DELETE FROM spreadsheets WHERE id = $1").bind(&id).execute(&state.db.pool).await;
            return Err(error);
        }
    };
    Ok((StatusCode::CREATED, ApiJson(answer(id, name, "upload".to_owned(), stored))))
}

/// A spreadsheet the caller may manage: (name, source kind). Guests 401, others 403, unknown 404.
async fn manageable(state: &AppState, caller: &Caller, id: &str) -> Result<(String, String), Error> {
    caller.user()?;
    let row: Option<(String, String, String)> = sqlx::query_as(
        "SELECT s.name, s.source_kind, w.owner_id FROM spreadsheets s JOIN workspaces w ON w.id = s.workspace_id WHERE s.id = $1",
    )
    .bind(id)
    .fetch_optional(&state.db.pool)
    .await
    .context("looking up a spreadsheet")?;
    let (name, source_kind, owner_id) = row.ok_or_else(|| Error::NotFound("Spreadsheet not found.".to_owned()))?;
    workspace_role(caller, &owner_id).require_edit()?;
    Ok((name, source_kind))
}

/// Replaces the data of an uploaded spreadsheet with a new file (owner or admin). Tabs keep
/// their ids by title; a file that cannot be read changes nothing.
#[utoipa::path(put, path = "/spreadsheets/{spreadsheetId}/upload", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id")),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Uploaded), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn replace(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<ApiJson<Uploaded>, Error> {
    let (name, source_kind) = manageable(&state, &caller, &id).await?;
    if source_kind != "upload" {
        return Err(Error::Conflict(
            "This spreadsheet is connected to a link or a Google Sheet; refresh it from its source instead of uploading a file.".to_owned(),
        ));
    }
    let mut form = read_form(multipart).await?;
    let (file_name, bytes) = file_of(&mut form)?;
    let kept_name = file_name.clone();
    let sheets = Incoming::read(file_name, bytes, import_error).await?;
    // The rows this upload replaces are kept, and the replace logged (issue 30).
    let log = RowLog {
        spreadsheet_id: id.clone(),
        actor: ActivityActor::of(&caller, Role::Owner, String::new),
        via: Via::default(),
        undoes: None,
    };
    let stored = imports::replace(&state.db, &state.config.history, &id, sheets, &kept_name, &log).await?;
    Ok(ApiJson(answer(id, name, source_kind, stored)))
}

/// Characters safe in a `Content-Disposition` file name on every browser and file system.
fn safe_file_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ') { c } else { '_' })
        .collect::<String>()
        .trim_matches(|c: char| c == '.' || c == ' ')
        .chars()
        .take(100)
        .collect();
    if safe.is_empty() {
        "sheet".to_owned()
    } else {
        safe
    }
}

/// One tab's stored rows as a Parquet file, every column text (owner or admin).
#[utoipa::path(get, path = "/spreadsheets/{spreadsheetId}/export.parquet", tag = "spreadsheets",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id"), ExportParams),
    responses((status = 200, content_type = "application/vnd.apache.parquet", body = Vec<u8>), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn export(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Query(params): Query<ExportParams>,
) -> Result<Response, Error> {
    let (name, _) = manageable(&state, &caller, &id).await?;
    let sheet = match params.sheet.as_deref() {
        Some(title) => store::find(&state.db, &id, title).await?,
        None => store::list(&state.db, &id).await?.into_iter().next(),
    }
    .ok_or_else(|| Error::NotFound("This spreadsheet has no tab with that title.".to_owned()))?;
    let rows: Vec<Vec<String>> = store::rows(&state.db, &sheet.id).await?.into_iter().map(|(_, cells)| cells).collect();
    let columns = sheet.columns.clone();
    let bytes = tokio::task::spawn_blocking(move || tessera_files::export_parquet(&columns, &rows))
        .await
        .context("writing a Parquet file")?
        .context("writing a Parquet file")?;
    let file_name = safe_file_name(&format!("{name} - {}", sheet.title));
    Ok((
        [
            (header::CONTENT_TYPE, "application/vnd.apache.parquet".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file_name}.parquet\"")),
        ],
        bytes,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_names_are_the_file_stem() {
        assert_eq!(checked_name(None, "sales.csv").unwrap(), "sales");
        assert_eq!(checked_name(Some("  "), "C:\\data\\q1.xlsx").unwrap(), "q1");
        assert_eq!(checked_name(Some(" Budget "), "q1.xlsx").unwrap(), "Budget");
        assert!(checked_name(None, ".csv").is_err());
    }

    #[test]
    fn download_names_keep_only_safe_characters() {
        assert_eq!(safe_file_name("Sales - Q1/2024 \"final\""), "Sales - Q1_2024 _final_");
        assert_eq!(safe_file_name("..\u{202e}"), "_");
        assert_eq!(safe_file_name("   "), "sheet");
    }
}
