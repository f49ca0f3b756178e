//! Row writes from blocks: a form submit or a table/list "add new row" appends, and a table's or
//! list's row actions edit, delete and duplicate rows, each addressed by 'ChartApps Record ID'.
//!
//! Every write names the block it comes from; the block decides who may write
//! ([`crate::access::audience`]) and which values are valid, and gives the spreadsheet (its board's or
//! app's) and the tab (`sheet_title`). The source is written first ([`sources::write_through`]:
//! a published CSV link refuses, Google Sheets takes the change), then the stored rows, so the
//! two never disagree about a row the source refused. An invalid write changes nothing. Every
//! stored write is logged in the row activity log ([`crate::history::activity`]).

use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::audience::{self, BlockAccess, RowChange};
use crate::access::scope;
use crate::access::sheet_query::{self, Viewer};
use crate::accounts::auth::Caller;
use crate::boards::blocks::OwnedParent;
use crate::http::api::{ApiJson, SpecParams};
use crate::http::rate_limit::ClientIp;
use crate::infra::db::now;
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::sheets::new_record_id;
use crate::sheets::row_log::{ActivityActor, RowLog, Via};
use crate::sheets::rows::{self, Values, ROW_GONE};
use crate::sheets::store::{self, SheetInfo};
use crate::sources::{self, RowWrite, Source};
use crate::AppState;

/// The answer to a form submit when the form sets no `submit_success` (blocks §3.8).
pub const DEFAULT_SUBMIT_SUCCESS: &str = "Data added to the spreadsheet";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(append)).routes(routes!(edit, delete)).routes(routes!(duplicate))
}

/// Cell values by column name. Text is stored as sent; numbers and true/false as written in
/// JSON; a list (a multi-select) as its items joined by ", "; null as an empty cell.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RowValues {
    #[schema(value_type = Object)]
    pub values: BTreeMap<String, Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Appended {
    pub record_id: String,
    /// The form's `submit_success`, else 'Data added to the spreadsheet'.
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Written {
    pub record_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RowDeleted)]
pub struct Deleted {
    pub deleted: bool,
    pub record_id: String,
}

/// The submitter's offset from UTC, for a form's `[(today)]`.
#[derive(Debug, Default, Deserialize)]
pub struct AppendParams {
    pub tz_offset: Option<String>,
}

/// Adds a row: a form submit, or a table's or list's "add new row".
#[utoipa::path(post, path = "/blocks/{blockId}/rows", tag = "rows", request_body = RowValues,
    params(("blockId" = String, Path, description = "The form, table or list block the row comes from"),
        ("tz_offset" = Option<String>, Query, description = "The submitter's offset from UTC in minutes, east positive (60 for UTC+1), -840 to 840; a form's hidden `[(today)]` field gets the date there (UTC when absent)")),
    responses((status = 201, body = Appended), (status = 400, body = ErrorBody, description = "This kind of block adds no rows, or a form's answer has nothing filled in"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The source is read-only (a published CSV link)"),
        (status = 422, body = ErrorBody, description = "A value is invalid or a required field is blank; `field` names its column")))]
async fn append(
    State(state): State<AppState>,
    caller: Caller,
    ip: ClientIp,
    Path(block_id): Path<String>,
    Query(params): Query<AppendParams>,
    ApiJson(body): ApiJson<RowValues>,
) -> Result<(StatusCode, ApiJson<Appended>), Error> {
    let utc_offset_minutes = crate::access::sheet_query::utc_offset(params.tz_offset.as_deref())?;
    let access = audience::block_access(&state.db, &caller, &block_id).await?;
    access.require(RowChange::Append, &[])?;
    let (source, sheet) = target(&state, &access).await?;
    let mut values = cell_values(body.values)?;
    if access.block_type() == "form" {
        audience::fill_hidden_defaults(&access.block.config, &mut values, caller.email(), now(), utc_offset_minutes);
    }
    audience::check_values(&access.block, &sheet.title, &sheet.columns, &values, RowChange::Append)?;
    audience::check_columns(&access.block, &sheet.columns, values.keys().map(String::as_str))?;
    let record_id = new_record_id();
    sources::write_through(&state, &source, &sheet, &RowWrite::Append { record_id: &record_id, values: &values }).await?;
    state
        .tables
        .write(&sheet.id, rows::append_with_id(&state.db, &sheet, &record_id, &values, log(&state, &caller, ip, &access).as_ref()))
        .await?;
    let message = access
        .block
        .config
        .get("submit_success")
        .and_then(Value::as_str)
        .filter(|message| !message.trim().is_empty())
        .unwrap_or(DEFAULT_SUBMIT_SUCCESS)
        .to_owned();
    Ok((StatusCode::CREATED, ApiJson(Appended { record_id, message })))
}

/// Changes some cells of one row; the columns not sent keep their values.
#[utoipa::path(put, path = "/blocks/{blockId}/rows/{recordId}", tag = "rows", request_body = RowValues,
    params(("blockId" = String, Path, description = "The table or list block"), ("recordId" = String, Path, description = "The row's 'ChartApps Record ID'"), SpecParams),
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such block, or the row is gone"), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn edit(
    State(state): State<AppState>,
    caller: Caller,
    ip: ClientIp,
    Path((block_id, record_id)): Path<(String, String)>,
    Query(spec): Query<SpecParams>,
    ApiJson(body): ApiJson<RowValues>,
) -> Result<ApiJson<Written>, Error> {
    let viewer = Viewer::new(&caller, spec.session_row_id, spec.url_filters);
    let access = audience::block_access(&state.db, &caller, &block_id).await?;
    access.require(RowChange::Edit, &[])?;
    let (source, sheet) = target(&state, &access).await?;
    let values = cell_values(body.values)?;
    shown_row(&state, &caller, &access, &viewer, &record_id).await?;
    let current = current_row(&state, &sheet, &record_id).await?;
    audience::check_values(&access.block, &sheet.title, &sheet.columns, &values, RowChange::Edit)?;
    // A form may send the whole row back: only the cells it changes need to be editable.
    let changed: Vec<&str> = values
        .iter()
        .filter(|(column, value)| {
            let index = sheet.columns.iter().position(|name| name == *column);
            index.and_then(|index| current.get(index)).map_or("", String::as_str) != value.as_str()
        })
        .map(|(column, _)| column.as_str())
        .collect();
    access.require(RowChange::Edit, &changed)?;
    audience::check_columns(&access.block, &sheet.columns, changed.iter().copied())?;
    sources::write_through(&state, &source, &sheet, &RowWrite::Update { record_id: &record_id, values: &values }).await?;
    state.tables.write(&sheet.id, rows::update(&state.db, &sheet, &record_id, &values, log(&state, &caller, ip, &access).as_ref())).await?;
    Ok(ApiJson(Written { record_id }))
}

/// Removes one row.
#[utoipa::path(delete, path = "/blocks/{blockId}/rows/{recordId}", tag = "rows",
    params(("blockId" = String, Path, description = "The table or list block"), ("recordId" = String, Path, description = "The row's 'ChartApps Record ID'"), SpecParams),
    responses((status = 200, body = Deleted), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such block, or the row is gone"), (status = 409, body = ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    ip: ClientIp,
    Path((block_id, record_id)): Path<(String, String)>,
    Query(spec): Query<SpecParams>,
) -> Result<ApiJson<Deleted>, Error> {
    let viewer = Viewer::new(&caller, spec.session_row_id, spec.url_filters);
    let access = audience::block_access(&state.db, &caller, &block_id).await?;
    access.require(RowChange::Delete, &[])?;
    let (source, sheet) = target(&state, &access).await?;
    shown_row(&state, &caller, &access, &viewer, &record_id).await?;
    sources::write_through(&state, &source, &sheet, &RowWrite::Delete { record_id: &record_id }).await?;
    state.tables.write(&sheet.id, rows::delete(&state.db, &sheet, &record_id, log(&state, &caller, ip, &access).as_ref())).await?;
    Ok(ApiJson(Deleted { deleted: true, record_id }))
}

/// Copies one row to just below it; answers the copy's record id.
#[utoipa::path(post, path = "/blocks/{blockId}/rows/{recordId}/duplicate", tag = "rows",
    params(("blockId" = String, Path, description = "The table block"), ("recordId" = String, Path, description = "The row to copy"), SpecParams),
    responses((status = 201, body = Written), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such block, or the row is gone"), (status = 409, body = ErrorBody)))]
async fn duplicate(
    State(state): State<AppState>,
    caller: Caller,
    ip: ClientIp,
    Path((block_id, record_id)): Path<(String, String)>,
    Query(spec): Query<SpecParams>,
) -> Result<(StatusCode, ApiJson<Written>), Error> {
    let viewer = Viewer::new(&caller, spec.session_row_id, spec.url_filters);
    let access = audience::block_access(&state.db, &caller, &block_id).await?;
    access.require(RowChange::Duplicate, &[])?;
    let (source, sheet) = target(&state, &access).await?;
    shown_row(&state, &caller, &access, &viewer, &record_id).await?;
    let copy_id = new_record_id();
    sources::write_through(&state, &source, &sheet, &RowWrite::Duplicate { record_id: &record_id, copy_id: &copy_id }).await?;
    state
        .tables
        .write(&sheet.id, rows::duplicate_with_id(&state.db, &sheet, &record_id, &copy_id, log(&state, &caller, ip, &access).as_ref()))
        .await?;
    Ok((StatusCode::CREATED, ApiJson(Written { record_id: copy_id })))
}

/// How a write through `access`'s block is logged; `None` when no history is kept
/// (`TESSERA_HISTORY_DAYS=0`).
fn log(state: &AppState, caller: &Caller, ip: ClientIp, access: &BlockAccess) -> Option<RowLog> {
    let spreadsheet_id = access.spreadsheet_id.clone().filter(|_| state.config.history.keeps_history())?;
    let (board_id, page_id) = match &access.block.parent {
        OwnedParent::Board(board) => (Some(board.clone()), None),
        OwnedParent::Page(page) => (None, Some(page.clone())),
    };
    let block_title = access.block.config.get("title").and_then(Value::as_str).unwrap_or_default().trim().to_owned();
    Some(RowLog {
        spreadsheet_id,
        actor: ActivityActor::of(caller, access.role, || state.keys.guest_pseudonym(ip.0)),
        via: Via { board_id, app_id: access.app_id.clone(), page_id, block_id: Some(access.block.id.clone()), block_title },
        undoes: None,
    })
}

/// The spreadsheet and tab a block writes to.
async fn target(state: &AppState, access: &BlockAccess) -> Result<(Source, SheetInfo), Error> {
    let no_spreadsheet = || Error::Conflict("This board or app has no spreadsheet connected; connect one in the editor.".to_owned());
    let spreadsheet_id = access.spreadsheet_id.as_deref().ok_or_else(no_spreadsheet)?;
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT source_kind, source_url FROM spreadsheets WHERE id = $1 AND workspace_id = $2")
            .bind(spreadsheet_id)
            .bind(&access.workspace_id)
            .fetch_optional(&state.db.pool)
            .await
            .context("looking up a block's spreadsheet")?;
    let (kind, url) = row.ok_or_else(no_spreadsheet)?;
    let title = access.block.config.get("sheet_title").and_then(Value::as_str).unwrap_or_default();
    let sheet = store::find(&state.db, spreadsheet_id, title)
        .await?
        .ok_or_else(|| Error::NotFound(format!("The spreadsheet has no sheet `{title}`; choose the block's sheet again in the editor.")))?;
    Ok((Source { spreadsheet_id: spreadsheet_id.to_owned(), kind, url }, sheet))
}

/// Ok when the block shows the row `record_id` to this caller (the scope's rule for every write
/// to an existing row), else 404 with [`ROW_GONE`]: a row the caller cannot see is as good as
/// gone for them.
async fn shown_row(state: &AppState, caller: &Caller, access: &BlockAccess, viewer: &Viewer, record_id: &str) -> Result<(), Error> {
    let scope = scope::block_scope(&state.db, caller, access).await?;
    sheet_query::shown_row(state, &scope, &access.block, viewer, record_id).await.map(drop)
}

/// The stored cells of one row, or 404 with [`ROW_GONE`]. Read before the source is written,
/// so a row that is gone here is never changed at the source.
async fn current_row(state: &AppState, sheet: &SheetInfo, record_id: &str) -> Result<Vec<String>, Error> {
    rows::stored(&state.db, sheet, record_id).await?.ok_or_else(|| Error::NotFound(ROW_GONE.to_owned()))
}

/// The cells a JSON body asks for, as text. Objects have no cell form and are refused, naming
/// the column; the record-id column is the server's and is dropped.
fn cell_values(values: BTreeMap<String, Value>) -> Result<Values, Error> {
    let cells = values
        .into_iter()
        .map(|(column, value)| {
            let cell = match value {
                Value::Null => String::new(),
                Value::String(text) => text,
                Value::Bool(flag) => flag.to_string(),
                Value::Number(number) => number.to_string(),
                Value::Array(items) => {
                    items.iter().map(scalar_text).collect::<Option<Vec<_>>>().map(|items| items.join(", ")).ok_or_else(|| {
                        Error::invalid(column.clone(), format!("`{column}` must be text, a number, true or false, or a list of those."))
                    })?
                }
                Value::Object(_) => {
                    return Err(Error::invalid(
                        column.clone(),
                        format!("`{column}` must be text, a number, true or false, or a list of those."),
                    ))
                }
            };
            Ok((column, cell))
        })
        .collect::<Result<Values, Error>>()?;
    Ok(audience::without_record_id(cells))
}

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Bool(flag) => Some(flag.to_string()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn json_values_become_cells() {
        let values: BTreeMap<String, Value> =
            serde_json::from_value(json!({"a": "x", "b": 3.5, "c": true, "d": null, "e": ["S", 2], "ChartApps Record ID": "forged"}))
                .unwrap();
        let cells = cell_values(values).unwrap();
        let expected: Values = [("a", "x"), ("b", "3.5"), ("c", "true"), ("d", ""), ("e", "S, 2")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        assert_eq!(cells, expected);
        for bad in [json!({"a": {"b": 1}}), json!({"a": [[1]]})] {
            match cell_values(serde_json::from_value(bad).unwrap()).unwrap_err() {
                Error::Invalid { field, .. } => assert_eq!(field, "a"),
                other => panic!("expected a 422, got {other:?}"),
            }
        }
    }
}
