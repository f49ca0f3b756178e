//! Single-row writes, addressed by 'ChartApps Record ID'. Each runs in one transaction that
//! first bumps the sheet's version: that takes the sheet's row lock on PostgreSQL (SQLite has one
//! writer at a time anyway), so concurrent writes to one sheet apply one after the other and
//! none is lost, whichever rows they touch.
//!
//! A write given a [`RowLog`] files its activity entry ([`super::row_log`]) in the same
//! transaction, so the log and the rows never disagree.
//!
//! Each write answers a [`Written`]: the sheet's new version and the change made, so that the
//! parsed-table cache can apply the change to the table it holds instead of reading the whole
//! sheet again ([`super::cache::TableCache::write`]).

use std::collections::BTreeMap;

use sqlx::AnyConnection;
use tessera_core::table::RECORD_ID_COLUMN;

use super::new_record_id;
use super::row_log::{self, Kind, RowLog};
use super::store::{insert_rows, SheetInfo};
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};

/// The answer to a write of a row that is no longer there.
pub const ROW_GONE: &str = "This row no longer exists: someone may have deleted it. Reload to see the current data.";

/// Cell values by column name, as a form or an edit sends them.
pub type Values = BTreeMap<String, String>;

/// A committed row write: the version it gave the sheet and what it changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub version: i64,
    pub edit: RowEdit,
}

/// One row change, with the cells exactly as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowEdit {
    /// A new last row.
    Append { cells: Vec<String> },
    /// The row `record_id` now holds `cells`.
    Replace { record_id: String, cells: Vec<String> },
    /// The row `record_id` is gone.
    Remove { record_id: String },
    /// A new row just below the row `record_id`.
    InsertAfter { record_id: String, cells: Vec<String> },
}

/// Adds a row at the end of the sheet; answers its record id. Columns not in `values` stay empty.
pub async fn append(db: &Db, sheet: &SheetInfo, values: &Values, log: Option<&RowLog>) -> Result<String, Error> {
    let record_id = new_record_id();
    append_with_id(db, sheet, &record_id, values, log).await?;
    Ok(record_id)
}

/// [`append`] with a record id the caller chose (from [`new_record_id`]), so that a source
/// written first and the stored row carry the same id.
pub async fn append_with_id(db: &Db, sheet: &SheetInfo, record_id: &str, values: &Values, log: Option<&RowLog>) -> Result<Written, Error> {
    let mut cells = vec![String::new(); sheet.columns.len()];
    apply(sheet, &mut cells, values)?;
    set_record_id(sheet, &mut cells, record_id);
    let record_id = record_id.to_owned();
    let mut tx = db.pool.begin().await.context("starting a row append")?;
    let version = bump_version(&mut tx, &sheet.id).await?;
    let (last,): (Option<i64>,) =
        sqlx::query_as("SELECT MAX(position) FROM sheet_rows WHERE sheet_id = $1").bind(&sheet.id).fetch_one(&mut *tx).await?;
    insert_rows(&mut tx, &sheet.id, last.map_or(0, |last| last + 1), std::iter::once((&record_id, &cells))).await?;
    if let Some(log) = log {
        let written = row_log::Written { kind: Kind::Add, sheet, record_id: &record_id, before: None, after: Some(&cells) };
        row_log::file(&mut tx, log, written).await?;
    }
    tx.commit().await.context("committing a row append")?;
    Ok(Written { version, edit: RowEdit::Append { cells } })
}

/// Changes the given columns of one row; the others keep their values.
pub async fn update(db: &Db, sheet: &SheetInfo, record_id: &str, values: &Values, log: Option<&RowLog>) -> Result<Written, Error> {
    let mut tx = db.pool.begin().await.context("starting a row edit")?;
    let version = bump_version(&mut tx, &sheet.id).await?;
    let (_, mut cells) = current(&mut tx, &sheet.id, record_id).await?;
    let before = cells.clone();
    apply(sheet, &mut cells, values)?;
    sqlx::query("UPDATE sheet_rows SET cells = $1 WHERE sheet_id = $2 AND record_id = $3")
        .bind(serde_json::to_string(&cells).context("writing a sheet row")?)
        .bind(&sheet.id)
        .bind(record_id)
        .execute(&mut *tx)
        .await
        .context("editing a row")?;
    if let Some(log) = log {
        row_log::file(&mut tx, log, row_log::Written { kind: Kind::Edit, sheet, record_id, before: Some(&before), after: Some(&cells) })
            .await?;
    }
    tx.commit().await.context("committing a row edit")?;
    Ok(Written { version, edit: RowEdit::Replace { record_id: record_id.to_owned(), cells } })
}

/// Removes one row.
pub async fn delete(db: &Db, sheet: &SheetInfo, record_id: &str, log: Option<&RowLog>) -> Result<Written, Error> {
    let mut tx = db.pool.begin().await.context("starting a row deletion")?;
    let version = bump_version(&mut tx, &sheet.id).await?;
    // The log keeps the deleted values, so that the row can be restored from it.
    let before = match log {
        Some(_) => Some(current(&mut tx, &sheet.id, record_id).await?.1),
        None => None,
    };
    let deleted = sqlx::query("DELETE FROM sheet_rows WHERE sheet_id = $1 AND record_id = $2")
        .bind(&sheet.id)
        .bind(record_id)
        .execute(&mut *tx)
        .await
        .context("deleting a row")?;
    if deleted.rows_affected() == 0 {
        return Err(Error::NotFound(ROW_GONE.to_owned()));
    }
    if let Some(log) = log {
        row_log::file(&mut tx, log, row_log::Written { kind: Kind::Delete, sheet, record_id, before: before.as_deref(), after: None })
            .await?;
    }
    tx.commit().await.context("committing a row deletion")?;
    Ok(Written { version, edit: RowEdit::Remove { record_id: record_id.to_owned() } })
}

/// Copies one row to just below it, with a new record id; answers that id.
pub async fn duplicate(db: &Db, sheet: &SheetInfo, record_id: &str, log: Option<&RowLog>) -> Result<String, Error> {
    let copy_id = new_record_id();
    duplicate_with_id(db, sheet, record_id, &copy_id, log).await?;
    Ok(copy_id)
}

/// [`duplicate`] with the copy's record id chosen by the caller (from [`new_record_id`]), so
/// that a source written first and the stored copy carry the same id.
pub async fn duplicate_with_id(db: &Db, sheet: &SheetInfo, record_id: &str, copy_id: &str, log: Option<&RowLog>) -> Result<Written, Error> {
    let mut tx = db.pool.begin().await.context("starting a row copy")?;
    let version = bump_version(&mut tx, &sheet.id).await?;
    let (position, mut cells) = current(&mut tx, &sheet.id, record_id).await?;
    sqlx::query("UPDATE sheet_rows SET position = position + 1 WHERE sheet_id = $1 AND position > $2")
        .bind(&sheet.id)
        .bind(position)
        .execute(&mut *tx)
        .await
        .context("making room for a row copy")?;
    set_record_id(sheet, &mut cells, copy_id);
    let copy_id = copy_id.to_owned();
    insert_rows(&mut tx, &sheet.id, position + 1, std::iter::once((&copy_id, &cells))).await?;
    if let Some(log) = log {
        let written = row_log::Written { kind: Kind::Duplicate, sheet, record_id: &copy_id, before: None, after: Some(&cells) };
        row_log::file(&mut tx, log, written).await?;
    }
    tx.commit().await.context("committing a row copy")?;
    Ok(Written { version, edit: RowEdit::InsertAfter { record_id: record_id.to_owned(), cells } })
}

/// The stored cells of one row, or `None` when there is no such row.
pub async fn stored(db: &Db, sheet: &SheetInfo, record_id: &str) -> Result<Option<Vec<String>>, Error> {
    let row: Option<(String,)> = sqlx::query_as("SELECT cells FROM sheet_rows WHERE sheet_id = $1 AND record_id = $2")
        .bind(&sheet.id)
        .bind(record_id)
        .fetch_optional(&db.pool)
        .await
        .context("reading a row")?;
    row.map(|(cells,)| serde_json::from_str(&cells).context("reading a sheet row")).transpose()
}

/// Answers the sheet's new version.
async fn bump_version(conn: &mut AnyConnection, sheet_id: &str) -> Result<i64, Error> {
    let bumped: Option<(i64,)> = sqlx::query_as("UPDATE sheets SET version = version + 1, updated_at = $1 WHERE id = $2 RETURNING version")
        .bind(now())
        .bind(sheet_id)
        .fetch_optional(conn)
        .await
        .context("bumping a sheet version")?;
    bumped
        .map(|(version,)| version)
        .ok_or_else(|| Error::NotFound("This sheet no longer exists. Reload to see the current data.".to_owned()))
}

async fn current(conn: &mut AnyConnection, sheet_id: &str, record_id: &str) -> Result<(i64, Vec<String>), Error> {
    let row: Option<(i64, String)> = sqlx::query_as("SELECT position, cells FROM sheet_rows WHERE sheet_id = $1 AND record_id = $2")
        .bind(sheet_id)
        .bind(record_id)
        .fetch_optional(conn)
        .await
        .context("reading a row")?;
    let (position, cells) = row.ok_or_else(|| Error::NotFound(ROW_GONE.to_owned()))?;
    Ok((position, serde_json::from_str(&cells).context("reading a sheet row")?))
}

/// Writes `values` into `cells`. A column the sheet lacks is refused, naming it; the record id
/// is the server's to give, never the writer's.
fn apply(sheet: &SheetInfo, cells: &mut Vec<String>, values: &Values) -> Result<(), Error> {
    cells.resize(sheet.columns.len(), String::new());
    for (column, value) in values {
        if column == RECORD_ID_COLUMN {
            continue;
        }
        let index = sheet
            .columns
            .iter()
            .position(|name| name == column)
            .ok_or_else(|| Error::invalid(column.clone(), format!("The sheet `{}` has no column `{column}`.", sheet.title)))?;
        cells[index] = value.clone();
    }
    Ok(())
}

fn set_record_id(sheet: &SheetInfo, cells: &mut [String], record_id: &str) {
    if let Some(index) = sheet.columns.iter().position(|name| name == RECORD_ID_COLUMN) {
        cells[index] = record_id.to_owned();
    }
}
