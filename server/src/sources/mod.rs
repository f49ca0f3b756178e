//! Where a spreadsheet's rows come from, and where writes go first.
//!
//! | kind            | rows                                   | writes                                  |
//! |-----------------|----------------------------------------|-----------------------------------------|
//! | `upload`        | stored here; the upload is the source  | stored here                             |
//! | `csv_url`       | a snapshot of a published-CSV link     | refused: a published link is read-only  |
//! | `google_sheets` | a snapshot read through Sheets API v4  | to Google first, then to the snapshot   |
//!
//! Linked snapshots (`csv_url`, `google_sheets`) are refreshed on demand: by the refresh call,
//! and by [`refresh_if_stale`] when a sheet-data request finds one older than
//! `TESSERA_CSV_LINK_TTL_SECS`. A fetch is bounded by `TESSERA_SOURCE_TIMEOUT_SECS`. A failed
//! fetch keeps the stored snapshot (viewers get the last good rows) and is recorded on the
//! spreadsheet (`refresh_error`, `refresh_failed_at`) for its owner to see until a fetch
//! succeeds.

pub mod google;
mod google_tabs;
pub mod published_csv;

use std::time::Duration;

use tokio::time::timeout;

use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::incoming::Incoming;
use crate::sheets::rows::Values;
use crate::sheets::store::{SheetInfo, StoredTab};
use crate::AppState;

/// A spreadsheet as the row writers need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub spreadsheet_id: String,
    pub kind: String,
    pub url: String,
}

/// One row change, before it is applied to the stored rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowWrite<'a> {
    Append { record_id: &'a str, values: &'a Values },
    Update { record_id: &'a str, values: &'a Values },
    Delete { record_id: &'a str },
    Duplicate { record_id: &'a str, copy_id: &'a str },
}

pub const READ_ONLY_LINK: &str =
    "This sheet comes from a published CSV link, which is read-only. Connect the spreadsheet through Google Sheets or upload it to change its rows.";

/// Sends a row change to the spreadsheet's source when the source can take it; only then may
/// the caller store it. A source that cannot take writes refuses with a text saying why.
pub async fn write_through(state: &AppState, source: &Source, sheet: &SheetInfo, write: &RowWrite<'_>) -> Result<(), Error> {
    match source.kind.as_str() {
        "upload" => Ok(()),
        "csv_url" => Err(Error::Conflict(READ_ONLY_LINK.to_owned())),
        "google_sheets" => google::write_through(state, source, sheet, write).await,
        other => Err(Error::internal("writing a row", format!("unknown source kind `{other}`"))),
    }
}

pub const NOTHING_TO_REFRESH: &str =
    "This spreadsheet was uploaded, so there is no source to refresh it from. Upload the file again to replace its rows.";

/// A stored spreadsheet with the owner of its workspace (who manages it and whose Google quota
/// its reads use).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spreadsheet {
    pub id: String,
    pub workspace_id: String,
    pub owner_id: String,
    pub name: String,
    pub kind: String,
    pub url: String,
    pub fetched_at: Option<i64>,
    pub created_at: i64,
    /// The last failed refresh, until a refresh succeeds.
    pub refresh_failure: Option<RefreshFailure>,
}

/// Why the last refresh of a linked spreadsheet failed (the text shown to its owner) and when
/// (Unix seconds). The stored rows are still those of the last good fetch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshFailure {
    pub message: String,
    pub failed_at: i64,
}

type SpreadsheetRow = (String, String, String, String, String, String, Option<i64>, i64, Option<String>, Option<i64>);

const SELECT_SPREADSHEET: &str = "SELECT s.id, s.workspace_id, w.owner_id, s.name, s.source_kind, s.source_url, s.fetched_at, \
     s.created_at, s.refresh_error, s.refresh_failed_at FROM spreadsheets s JOIN workspaces w ON w.id = s.workspace_id";

fn spreadsheet_of(row: SpreadsheetRow) -> Spreadsheet {
    let (id, workspace_id, owner_id, name, kind, url, fetched_at, created_at, error, failed_at) = row;
    let refresh_failure = error.zip(failed_at).map(|(message, failed_at)| RefreshFailure { message, failed_at });
    Spreadsheet { id, workspace_id, owner_id, name, kind, url, fetched_at, created_at, refresh_failure }
}

/// The spreadsheet with this id, if any.
pub async fn find(db: &Db, id: &str) -> Result<Option<Spreadsheet>, Error> {
    let row: Option<SpreadsheetRow> = sqlx::query_as(&format!("{SELECT_SPREADSHEET} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
        .context("looking up a spreadsheet")?;
    Ok(row.map(spreadsheet_of))
}

/// The spreadsheets of a workspace, oldest first.
pub async fn list(db: &Db, workspace_id: &str) -> Result<Vec<Spreadsheet>, Error> {
    let rows: Vec<SpreadsheetRow> =
        sqlx::query_as(&format!("{SELECT_SPREADSHEET} WHERE s.workspace_id = $1 ORDER BY s.created_at, s.name, s.id"))
            .bind(workspace_id)
            .fetch_all(&db.pool)
            .await
            .context("listing spreadsheets")?;
    Ok(rows.into_iter().map(spreadsheet_of).collect())
}

/// A linked spreadsheet as read from its source: a name to offer and its tabs (a CSV link's
/// rows still arriving).
pub struct Fetched {
    pub name: String,
    pub sheets: Incoming,
}

/// Reads a linked source now, in at most `TESSERA_SOURCE_TIMEOUT_SECS` however many calls it
/// takes. `name` titles the single tab of a CSV link.
pub async fn fetch(state: &AppState, kind: &str, url: &str, owner_id: &str, name: Option<&str>) -> Result<Fetched, Error> {
    let secs = state.config.source_timeout_secs;
    let limit = Duration::from_secs(secs);
    match kind {
        "csv_url" => timeout(limit, published_csv::fetch(state, url, name)).await.unwrap_or_else(|_| Err(published_csv::too_slow(secs))),
        "google_sheets" => timeout(limit, google::fetch(state, url, owner_id)).await.unwrap_or_else(|_| Err(google::too_slow(secs))),
        "upload" => Err(Error::Conflict(NOTHING_TO_REFRESH.to_owned())),
        other => Err(Error::internal("reading a spreadsheet source", format!("unknown source kind `{other}`"))),
    }
}

/// Stores a fetched snapshot in place of the old one, records when it was fetched, and clears
/// the last refresh failure.
pub async fn store_snapshot(state: &AppState, spreadsheet_id: &str, sheets: Incoming, fetched_at: i64) -> Result<Vec<StoredTab>, Error> {
    let stored = sheets.store(&state.db, spreadsheet_id).await?;
    sqlx::query("UPDATE spreadsheets SET fetched_at = $1, refresh_error = NULL, refresh_failed_at = NULL WHERE id = $2")
        .bind(fetched_at)
        .bind(spreadsheet_id)
        .execute(&state.db.pool)
        .await
        .context("recording a fetch")?;
    Ok(stored)
}

/// Reads the source of a linked spreadsheet now and replaces its snapshot. On failure the
/// stored rows stay as they were, the failure is recorded for the owner, and the error says
/// what went wrong.
pub async fn refresh(state: &AppState, spreadsheet: &Spreadsheet) -> Result<Vec<StoredTab>, Error> {
    let started = now();
    match fetch(state, &spreadsheet.kind, &spreadsheet.url, &spreadsheet.owner_id, Some(&spreadsheet.name)).await {
        Ok(fetched) => store_snapshot(state, &spreadsheet.id, fetched.sheets, started).await,
        Err(error) => {
            record_failure(state, &spreadsheet.id, &error, started).await?;
            Err(error)
        }
    }
}

/// Keeps the text of a failed fetch on the spreadsheet, where its owner sees it.
async fn record_failure(state: &AppState, spreadsheet_id: &str, error: &Error, failed_at: i64) -> Result<(), Error> {
    sqlx::query("UPDATE spreadsheets SET refresh_error = $1, refresh_failed_at = $2 WHERE id = $3")
        .bind(error.to_string())
        .bind(failed_at)
        .bind(spreadsheet_id)
        .execute(&state.db.pool)
        .await
        .context("recording a failed refresh")
        .map(drop)
}

/// After a failed refresh, sheet-data requests leave the spreadsheet alone for this long (or
/// for the time-to-live when it is shorter), so that a dead link does not slow every request.
const PAUSE_AFTER_FAILURE_SECS: i64 = 60;

/// Refreshes a linked spreadsheet whose snapshot is older than `TESSERA_CSV_LINK_TTL_SECS`;
/// called before sheet data is read. Uploads and fresh snapshots are left alone, and so is a
/// snapshot another request is refreshing already (that request claimed it by moving
/// `fetched_at`) or whose last refresh failed moments ago. An error means the fetch failed: the
/// old snapshot is still stored, so the caller may serve it, and the failure is recorded.
pub async fn refresh_if_stale(state: &AppState, spreadsheet_id: &str) -> Result<(), Error> {
    let Some(spreadsheet) = find(&state.db, spreadsheet_id).await? else { return Ok(()) };
    let started = now();
    let ttl = i64::try_from(state.config.csv_link_ttl_secs).unwrap_or(i64::MAX);
    let fresh = spreadsheet.fetched_at.is_some_and(|at| started.saturating_sub(at) < ttl);
    let pause = ttl.min(PAUSE_AFTER_FAILURE_SECS);
    let failed_lately = spreadsheet.refresh_failure.as_ref().is_some_and(|failure| started.saturating_sub(failure.failed_at) < pause);
    if spreadsheet.kind == "upload" || fresh || failed_lately {
        return Ok(());
    }
    let previous = spreadsheet.fetched_at.unwrap_or(-1);
    let claimed = sqlx::query("UPDATE spreadsheets SET fetched_at = $1 WHERE id = $2 AND COALESCE(fetched_at, -1) = $3")
        .bind(started)
        .bind(spreadsheet_id)
        .bind(previous)
        .execute(&state.db.pool)
        .await
        .context("claiming a refresh")?;
    if claimed.rows_affected() == 0 {
        return Ok(());
    }
    let result = match fetch(state, &spreadsheet.kind, &spreadsheet.url, &spreadsheet.owner_id, Some(&spreadsheet.name)).await {
        Ok(fetched) => store_snapshot(state, spreadsheet_id, fetched.sheets, started).await.map(drop),
        Err(error) => Err(error),
    };
    if let Err(error) = &result {
        tracing::warn!(spreadsheet = spreadsheet_id, %error, "refreshing a linked spreadsheet failed; its old rows stay");
        // `fetched_at` says when the stored rows were fetched, so the claim is undone; the
        // failure is recorded with it unless a refresh by hand has stored new rows meanwhile.
        let release =
            "UPDATE spreadsheets SET fetched_at = $1, refresh_error = $2, refresh_failed_at = $3 WHERE id = $4 AND fetched_at = $5";
        sqlx::query(release)
            .bind(spreadsheet.fetched_at)
            .bind(error.to_string())
            .bind(now())
            .bind(spreadsheet_id)
            .bind(started)
            .execute(&state.db.pool)
            .await
            .context("releasing a refresh")?;
    }
    result
}
