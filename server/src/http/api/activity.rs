//! The activity feed of row writes and kept imports (issue 30): a spreadsheet's feed and a
//! board's, filtered and exported as CSV; restoring a deleted row or reverting a change from an
//! entry; listing and restoring the earlier uploads of a spreadsheet. Owners and admins only.
//! The rules live in [`crate::history::activity`] and [`crate::history::imports`].

use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::auth::Caller;
use crate::accounts::roles::workspace_role;
use crate::history::activity::{self, ActivityEntry, ActivityPage, Filter};
use crate::history::imports::{self, SnapshotList};
use crate::http::api::ApiJson;
use crate::infra::error::{Error, ErrorBody, ResultExt};
use crate::sheets::row_log::{ActivityActor, Kind, RowLog, Via};
use crate::sheets::rows::{self, Values};
use crate::sheets::store;
use crate::sources::{self, RowWrite, Source, Spreadsheet};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(spreadsheet_activity))
        .routes(routes!(board_activity))
        .routes(routes!(revert))
        .routes(routes!(snapshots))
        .routes(routes!(restore_snapshot))
}

/// The most entries one CSV export holds (the newest).
const CSV_ROWS: i64 = 50_000;

/// The filters and page of a feed.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityParams {
    /// Only this person's writes (an `actors` value of the facets).
    actor: Option<String>,
    /// Only writes through this block.
    block: Option<String>,
    /// add, edit, delete, duplicate, restore, revert or import.
    kind: Option<String>,
    /// From this time on (Unix seconds).
    since: Option<i64>,
    /// Before this time (Unix seconds).
    until: Option<i64>,
    /// Entries per page, 1 to 500 (default 100).
    limit: Option<i64>,
    offset: Option<i64>,
    /// `csv`: every matching entry (at most 50,000) as a CSV attachment.
    format: Option<String>,
}

impl ActivityParams {
    fn filter(&self, spreadsheet_id: Option<String>, board_id: Option<String>) -> Result<Filter, Error> {
        let given = |text: &Option<String>| text.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned);
        let kind = match given(&self.kind) {
            None => None,
            Some(kind) => Some(Kind::parse(&kind).ok_or_else(|| {
                Error::invalid(
                    "kind",
                    format!("`{kind}` is not a kind of change; use add, edit, delete, duplicate, restore, revert or import."),
                )
            })?),
        };
        Ok(Filter {
            spreadsheet_id,
            board_id,
            actor: given(&self.actor),
            block_id: given(&self.block),
            kind,
            since: self.since,
            until: self.until,
        })
    }

    async fn answer(&self, state: &AppState, filter: Filter, name: &str) -> Result<Response, Error> {
        if self.format.as_deref() == Some("csv") {
            let entries = activity::entries(&state.db, &filter, CSV_ROWS, 0).await?;
            let file = format!("attachment; filename=\"{}-activity.csv\"", name);
            return Ok(([(CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()), (CONTENT_DISPOSITION, file)], activity::csv(&entries))
                .into_response());
        }
        let limit = self.limit.unwrap_or(100);
        if !(1..=500).contains(&limit) {
            return Err(Error::invalid("limit", "`limit` must be from 1 to 500."));
        }
        let offset = self.offset.unwrap_or(0).max(0);
        Ok(ApiJson(activity::page(&state.db, &filter, limit, offset).await?).into_response())
    }
}

/// The spreadsheet, when the caller may manage it: guests 401, others 403, unknown 404.
async fn manageable(state: &AppState, caller: &Caller, id: &str) -> Result<Spreadsheet, Error> {
    caller.user()?;
    let spreadsheet = sources::find(&state.db, id).await?.ok_or_else(|| Error::NotFound("Spreadsheet not found.".to_owned()))?;
    workspace_role(caller, &spreadsheet.owner_id).require_edit()?;
    Ok(spreadsheet)
}

/// Every row write to a spreadsheet through Tessera, newest first: who, when, through which
/// board or page and block, the record, and the cells before and after.
#[utoipa::path(get, path = "/spreadsheets/{spreadsheetId}/activity", tag = "history",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id"), ActivityParams),
    responses((status = 200, body = ActivityPage, description = "The feed; with `format=csv` a text/csv attachment instead"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn spreadsheet_activity(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Query(params): Query<ActivityParams>,
) -> Result<Response, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    let filter = params.filter(Some(spreadsheet.id), None)?;
    params.answer(&state, filter, "spreadsheet").await
}

/// The row writes made through one board's blocks, newest first, as for a spreadsheet.
#[utoipa::path(get, path = "/boards/{boardId}/activity", tag = "history",
    params(("boardId" = String, Path, description = "The board id"), ActivityParams),
    responses((status = 200, body = ActivityPage, description = "The feed; with `format=csv` a text/csv attachment instead"),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn board_activity(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Query(params): Query<ActivityParams>,
) -> Result<Response, Error> {
    let owner: Option<(String, String)> =
        sqlx::query_as("SELECT w.owner_id, b.slug FROM boards b JOIN workspaces w ON w.id = b.workspace_id WHERE b.id = $1")
            .bind(&id)
            .fetch_optional(&state.db.pool)
            .await
            .context("looking up a board's owner")?;
    let (owner_id, slug) = owner.ok_or_else(|| Error::NotFound("Board not found.".to_owned()))?;
    workspace_role(&caller, &owner_id).require_edit()?;
    let filter = params.filter(None, Some(id))?;
    params.answer(&state, filter, &slug).await
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevertRequest {
    /// Undo although the row changed after the entry (the first answer was 409 saying how).
    #[serde(default)]
    pub force: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Reverted {
    /// The entry the undo itself made.
    pub entry: ActivityEntry,
    /// What was done, for a toast.
    pub message: String,
}

/// Undoes one entry: a deleted row is appended again with its values and record id, an edit's
/// changed cells get their earlier values, an added or duplicated row is deleted, a replaced
/// upload is restored. The undo is logged, and the entry marked as undone.
#[utoipa::path(post, path = "/activity/{entryId}/revert", tag = "history", request_body = RevertRequest,
    params(("entryId" = String, Path, description = "The activity entry to undo")),
    responses((status = 200, body = Reverted), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "No such entry, or its row or tab is gone"),
        (status = 400, body = ErrorBody, description = "Already undone, an undo itself, or a deleted row that is back already"),
        (status = 409, body = ErrorBody, description = "The row changed since this entry: send `force: true` to undo anyway")))]
async fn revert(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RevertRequest>,
) -> Result<ApiJson<Reverted>, Error> {
    caller.user()?;
    let force = body.force;
    let entry =
        activity::find(&state.db, &id).await?.ok_or_else(|| Error::NotFound("This activity entry is no longer kept.".to_owned()))?;
    let spreadsheet = manageable(&state, &caller, &entry.spreadsheet_id).await?;
    if entry.undone_by.is_some() {
        return Err(Error::BadRequest("This change was already undone; see the entry that undid it.".to_owned()));
    }
    let log = RowLog {
        spreadsheet_id: spreadsheet.id.clone(),
        actor: ActivityActor::of(&caller, workspace_role(&caller, &spreadsheet.owner_id), String::new),
        via: Via {
            board_id: entry.board_id.clone(),
            app_id: entry.app_id.clone(),
            page_id: entry.page_id.clone(),
            block_id: entry.block_id.clone(),
            block_title: entry.block_title.clone(),
        },
        undoes: Some(entry.id.clone()),
    };
    let message = match entry.kind {
        Kind::Import => {
            let snapshot =
                entry.snapshot_id.as_deref().ok_or_else(|| Error::NotFound("The upload this replaced is no longer kept.".to_owned()))?;
            restore_import(&state, &spreadsheet, snapshot, log).await?;
            "The earlier upload is back.".to_owned()
        }
        Kind::Restore | Kind::Revert => {
            return Err(Error::BadRequest(
                "This entry undid another change; make that change again instead of undoing the undo.".to_owned(),
            ))
        }
        Kind::Delete | Kind::Edit | Kind::Add | Kind::Duplicate => revert_row(&state, &spreadsheet, &entry, force, &log).await?,
    };
    let entry = newest_undo(&state, &entry.id).await?;
    Ok(ApiJson(Reverted { entry, message }))
}

async fn newest_undo(state: &AppState, undone: &str) -> Result<ActivityEntry, Error> {
    let undone = activity::find(&state.db, undone).await?.and_then(|entry| entry.undone_by);
    let undo = match undone {
        Some(id) => activity::find(&state.db, &id).await?,
        None => None,
    };
    undo.ok_or_else(|| Error::internal("undoing a change", "the undo was not logged"))
}

fn describe_cells(cells: &std::collections::BTreeMap<String, String>, columns: &[&String]) -> String {
    columns.iter().map(|column| format!("{column} = '{}'", cells.get(*column).map_or("", String::as_str))).collect::<Vec<_>>().join(", ")
}

async fn revert_row(
    state: &AppState,
    spreadsheet: &Spreadsheet,
    entry: &ActivityEntry,
    force: bool,
    log: &RowLog,
) -> Result<String, Error> {
    let sheet = store::find(&state.db, &spreadsheet.id, &entry.sheet_title)
        .await?
        .ok_or_else(|| Error::NotFound(format!("The sheet `{}` no longer exists, so this change cannot be undone.", entry.sheet_title)))?;
    let source = Source { spreadsheet_id: spreadsheet.id.clone(), kind: spreadsheet.kind.clone(), url: spreadsheet.url.clone() };
    let now = rows::stored(&state.db, &sheet, &entry.record_id).await?.map(|cells| activity::cells_by_column(&sheet, &cells));
    let record_id = entry.record_id.as_str();
    let empty = Default::default();
    let (before, after) = (entry.before.as_ref().unwrap_or(&empty), entry.after.as_ref().unwrap_or(&empty));
    match entry.kind {
        Kind::Delete => {
            if now.is_some() {
                return Err(Error::BadRequest("A row with this record id is in the sheet again: it was restored already.".to_owned()));
            }
            let values: Values =
                before.iter().filter(|(column, _)| sheet.columns.contains(column)).map(|(k, v)| (k.clone(), v.clone())).collect();
            sources::write_through(state, &source, &sheet, &RowWrite::Append { record_id, values: &values }).await?;
            state.tables.write(&sheet.id, rows::append_with_id(&state.db, &sheet, record_id, &values, Some(log))).await?;
            Ok("The row is back in the sheet.".to_owned())
        }
        Kind::Edit => {
            let now = now.ok_or_else(|| Error::NotFound(rows::ROW_GONE.to_owned()))?;
            let changed: Vec<&String> =
                before.keys().filter(|column| before.get(*column) != after.get(*column) && sheet.columns.contains(column)).collect();
            let edited_since: Vec<&String> = changed.iter().copied().filter(|column| now.get(*column) != after.get(*column)).collect();
            if !edited_since.is_empty() && !force {
                return Err(Error::Conflict(format!(
                    "This row was changed after this edit (now {}). Revert anyway to put back {}?",
                    describe_cells(&now, &edited_since),
                    describe_cells(before, &edited_since)
                )));
            }
            let values: Values =
                changed.iter().map(|column| ((*column).clone(), before.get(*column).cloned().unwrap_or_default())).collect();
            sources::write_through(state, &source, &sheet, &RowWrite::Update { record_id, values: &values }).await?;
            state.tables.write(&sheet.id, rows::update(&state.db, &sheet, record_id, &values, Some(log))).await?;
            Ok("The edit was reverted.".to_owned())
        }
        _ => {
            let now =
                now.ok_or_else(|| Error::NotFound("This row is no longer in the sheet, so there is nothing to revert.".to_owned()))?;
            let edited: Vec<&String> = after.keys().filter(|column| now.get(*column) != after.get(*column)).collect();
            if !edited.is_empty() && !force {
                return Err(Error::Conflict(format!(
                    "This row was edited after it was added (now {}). Delete it anyway?",
                    describe_cells(&now, &edited)
                )));
            }
            sources::write_through(state, &source, &sheet, &RowWrite::Delete { record_id }).await?;
            state.tables.write(&sheet.id, rows::delete(&state.db, &sheet, record_id, Some(log))).await?;
            Ok("The added row was deleted.".to_owned())
        }
    }
}

const NOT_AN_UPLOAD: &str = "Only uploaded spreadsheets keep their earlier uploads; a linked one is refreshed from its source.";

async fn restore_import(state: &AppState, spreadsheet: &Spreadsheet, snapshot_id: &str, log: RowLog) -> Result<(), Error> {
    if spreadsheet.kind != "upload" {
        return Err(Error::Conflict(NOT_AN_UPLOAD.to_owned()));
    }
    let sheets = imports::incoming(&state.db, &spreadsheet.id, snapshot_id).await?;
    imports::replace(&state.db, &state.config.history, &spreadsheet.id, sheets, "(restored earlier upload)", &log).await?;
    Ok(())
}

/// The earlier uploads kept for a spreadsheet (newest first) with their row counts, and the row
/// counts now, to compare.
#[utoipa::path(get, path = "/spreadsheets/{spreadsheetId}/snapshots", tag = "history",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id")),
    responses((status = 200, body = SnapshotList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn snapshots(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<ApiJson<SnapshotList>, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    Ok(ApiJson(imports::list(&state.db, &state.config.history, &spreadsheet.id).await?))
}

/// Puts an earlier upload back in place of the rows now, which are kept in turn.
#[utoipa::path(post, path = "/spreadsheets/{spreadsheetId}/snapshots/{snapshotId}/restore", tag = "history",
    params(("spreadsheetId" = String, Path, description = "The spreadsheet id"), ("snapshotId" = String, Path, description = "The kept upload")),
    responses((status = 200, body = SnapshotList), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "The spreadsheet is linked, not uploaded")))]
async fn restore_snapshot(
    State(state): State<AppState>,
    caller: Caller,
    Path((id, snapshot)): Path<(String, String)>,
) -> Result<ApiJson<SnapshotList>, Error> {
    let spreadsheet = manageable(&state, &caller, &id).await?;
    // The import entry that replaced this upload, if it is still logged, is what this undoes.
    let replaced_by: Option<(String,)> = sqlx::query_as("SELECT id FROM row_activity WHERE snapshot_id = $1 AND undone_by IS NULL")
        .bind(&snapshot)
        .fetch_optional(&state.db.pool)
        .await
        .context("finding the upload that replaced this one")?;
    let log = RowLog {
        spreadsheet_id: spreadsheet.id.clone(),
        actor: ActivityActor::of(&caller, workspace_role(&caller, &spreadsheet.owner_id), String::new),
        via: Via::default(),
        undoes: replaced_by.map(|(id,)| id),
    };
    restore_import(&state, &spreadsheet, &snapshot, log).await?;
    Ok(ApiJson(imports::list(&state.db, &state.config.history, &spreadsheet.id).await?))
}
