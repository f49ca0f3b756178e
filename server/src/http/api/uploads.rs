//! File and image uploads for form file fields and image columns, and serving them back.
//!
//! An upload names the block (and, when the block has several, the field) it is for: whoever
//! may add rows through that block may upload for it ([`crate::access::audience`]). The type is read from
//! the bytes and must be one the field accepts (`file_mime_type`, blocks §3.8; `image/*` for
//! image columns); images may weigh 5 MB, other files 10 MB, and a larger file answers 413.
//!
//! Uploads are served to anyone who has their address: the address goes into a sheet cell that
//! every viewer of the board sees (and into the source spreadsheet), and its id is 122 random
//! bits, so it cannot be guessed. Non-images are served as downloads, never rendered, and no
//! answer lets the browser guess another type.

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::audience::{self, RowChange};
use crate::accounts::auth::Caller;
use crate::http::api::ApiJson;
use crate::infra::db::{new_id, now};
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::sheets::files::{self, FileStore, MAX_FILE_BYTES};
use crate::AppState;

/// Room for the multipart framing around the largest file.
const MULTIPART_OVERHEAD: usize = 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload)).routes(routes!(serve)).layer(DefaultBodyLimit::max(MAX_FILE_BYTES + MULTIPART_OVERHEAD))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadParams {
    /// The column of the form field or image column the file is for; needed only when the
    /// block has more than one.
    pub column: Option<String>,
}

/// The multipart form of an upload, as read from the request.
#[derive(Debug, ToSchema)]
#[schema(as = FileUploadForm)]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = UploadedFile)]
pub struct Uploaded {
    pub id: String,
    /// Where the file is served: `/api/uploads/{id}`; put it in the row's cell.
    pub url: String,
    /// The type read from the file's bytes.
    pub content_type: String,
    pub size: i64,
}

fn megabytes(bytes: usize) -> usize {
    bytes / (1024 * 1024)
}

/// Stores one file (the multipart field `file`) for a form file field or an image column.
#[utoipa::path(post, path = "/blocks/{blockId}/uploads", tag = "uploads",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    params(("blockId" = String, Path, description = "The form, table or list block the file is for"), UploadParams),
    responses((status = 201, body = Uploaded), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody, description = "Images over 5 MB, other files over 10 MB"),
        (status = 422, body = ErrorBody, description = "No file, or a type the field does not accept")))]
async fn upload(
    State(state): State<AppState>,
    caller: Caller,
    Path(block_id): Path<String>,
    Query(params): Query<UploadParams>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, ApiJson<Uploaded>), Error> {
    let access = audience::block_access(&state.db, &caller, &block_id).await?;
    access.require(RowChange::Append, &[])?;
    let accepted = accepted_types(&access.block.config, params.column.as_deref())?;
    let mut multipart =
        multipart.map_err(|rejection| Error::BadRequest(format!("Send the file as multipart/form-data: {}", rejection.body_text())))?;
    let (file_name, UploadForm { file: bytes }) = read_file(&mut multipart).await?;
    if bytes.is_empty() {
        return Err(Error::invalid("file", "The file is empty."));
    }
    let detected = files::detect(&bytes);
    if !files::accepts(&accepted, &detected.content_type) {
        let message = format!("This field accepts {accepted}; the file is {} (read from its contents).", detected.content_type);
        return Err(Error::invalid("file", message));
    }
    if bytes.len() > detected.max_bytes() {
        let kind = if detected.is_image() { "Images" } else { "Files" };
        return Err(Error::TooLarge(format!("{kind} must be under {} MB.", megabytes(detected.max_bytes()))));
    }
    let id = new_id();
    let store = files::store(&state.config);
    store.put(&id, &bytes).await?;
    let size = bytes.len() as i64;
    let recorded = sqlx::query(
        "INSERT INTO uploads (id, workspace_id, file_name, content_type, size_bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(&access.workspace_id)
    .bind(files::safe_file_name(&file_name))
    .bind(&detected.content_type)
    .bind(size)
    .bind(now())
    .execute(&state.db.pool)
    .await;
    if let Err(error) = recorded {
        store.delete(&id).await?;
        return Err(Error::internal("recording an upload", error));
    }
    let url = format!("/api/uploads/{id}");
    Ok((StatusCode::CREATED, ApiJson(Uploaded { id, url, content_type: detected.content_type, size })))
}

/// The accepted-types rule of the file field or image column an upload is for: the one named by
/// `column`, else the block's only one.
fn accepted_types(config: &Map<String, Value>, column: Option<&str>) -> Result<String, Error> {
    let kind = |entry: &Map<String, Value>| entry.get("type").and_then(Value::as_str).map(str::trim).unwrap_or_default().to_owned();
    let fields: Vec<&Map<String, Value>> =
        audience::axis_entries(config).filter(|entry| matches!(kind(entry).as_str(), "file" | "image")).collect();
    let field = match column {
        Some(column) => fields
            .iter()
            .find(|entry| entry.get("column").and_then(Value::as_str) == Some(column))
            .ok_or_else(|| Error::invalid("column", format!("This block has no file field or image column `{column}`.")))?,
        None => match fields.as_slice() {
            [only] => only,
            [] => return Err(Error::invalid("column", "This block has no file field or image column to upload to.")),
            _ => return Err(Error::invalid("column", "This block has several file fields; name one with `column`.")),
        },
    };
    let rule = match kind(field).as_str() {
        "image" => None,
        _ => field.get("file_mime_type").and_then(Value::as_str).filter(|rule| !rule.trim().is_empty()),
    };
    Ok(rule.unwrap_or("image/*").to_owned())
}

/// The multipart field `file`: its name as the browser gave it and its bytes. A body over the
/// transport limit answers 413.
async fn read_file(multipart: &mut Multipart) -> Result<(String, UploadForm), Error> {
    let unreadable = |error: axum::extract::multipart::MultipartError| match error.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Error::TooLarge(format!("Files must be under {} MB.", megabytes(MAX_FILE_BYTES))),
        _ => Error::BadRequest(format!("The upload could not be read: {}", error.body_text())),
    };
    while let Some(field) = multipart.next_field().await.map_err(unreadable)? {
        if field.name() == Some("file") {
            let name = field.file_name().unwrap_or("file").to_owned();
            let bytes = field.bytes().await.map_err(unreadable)?;
            return Ok((name, UploadForm { file: bytes.to_vec() }));
        }
    }
    Err(Error::invalid("file", "Send the file in the multipart field `file`."))
}

/// Serves an uploaded file with the type read from its bytes: images inline, anything else as a
/// download.
#[utoipa::path(get, path = "/uploads/{uploadId}", tag = "uploads",
    params(("uploadId" = String, Path, description = "The upload id")),
    responses((status = 200, description = "The file's bytes, with the type read from them", content_type = "application/octet-stream"),
        (status = 404, body = ErrorBody)))]
async fn serve(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, Error> {
    let missing = || Error::NotFound("This file does not exist or was removed.".to_owned());
    let safe_id = id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !safe_id {
        return Err(missing());
    }
    let row: Option<(String, String)> = sqlx::query_as("SELECT file_name, content_type FROM uploads WHERE id = $1")
        .bind(&id)
        .fetch_optional(&state.db.pool)
        .await
        .context("looking up an upload")?;
    let (file_name, content_type) = row.ok_or_else(missing)?;
    let bytes = files::store(&state.config).get(&id).await?.ok_or_else(missing)?;
    let detected = files::Detected { content_type };
    let disposition = match detected.is_image() {
        true => "inline".to_owned(),
        false => format!("attachment; filename=\"{}\"", files::safe_file_name(&file_name)),
    };
    let header_value = |text: &str| HeaderValue::from_str(text).context("writing an upload header");
    Ok((
        [
            (header::CONTENT_TYPE, header_value(&detected.content_type)?),
            (header::CONTENT_DISPOSITION, header_value(&disposition)?),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox")),
            // An upload never changes under its id.
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")),
        ],
        bytes,
    )
        .into_response())
}
