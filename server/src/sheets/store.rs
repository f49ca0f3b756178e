//! Tabs and their rows in the database.

use sqlx::AnyConnection;

use super::{ensure_record_ids, ImportedSheet, RecordIds};
use crate::infra::db::{new_id, now, Db};
use crate::infra::error::{Error, ResultExt};
use crate::sheets::imports_progress;

/// A stored tab, without its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetInfo {
    pub id: String,
    pub spreadsheet_id: String,
    pub title: String,
    pub position: i64,
    pub columns: Vec<String>,
    pub version: i64,
}

type SheetRow = (String, String, String, i64, String, i64);

fn info((id, spreadsheet_id, title, position, columns, version): SheetRow) -> Result<SheetInfo, Error> {
    let columns = serde_json::from_str(&columns).context("reading a sheet's columns")?;
    Ok(SheetInfo { id, spreadsheet_id, title, position, columns, version })
}

const SELECT: &str = "SELECT id, spreadsheet_id, title, position, columns, version FROM sheets";

/// The tabs of a spreadsheet, in order.
pub async fn list(db: &Db, spreadsheet_id: &str) -> Result<Vec<SheetInfo>, Error> {
    let rows: Vec<SheetRow> = sqlx::query_as(&format!("{SELECT} WHERE spreadsheet_id = $1 ORDER BY position, title"))
        .bind(spreadsheet_id)
        .fetch_all(&db.pool)
        .await
        .context("listing sheets")?;
    rows.into_iter().map(info).collect()
}

/// The tab of a spreadsheet with this title, if any.
pub async fn find(db: &Db, spreadsheet_id: &str, title: &str) -> Result<Option<SheetInfo>, Error> {
    let row: Option<SheetRow> = sqlx::query_as(&format!("{SELECT} WHERE spreadsheet_id = $1 AND title = $2"))
        .bind(spreadsheet_id)
        .bind(title)
        .fetch_optional(&db.pool)
        .await
        .context("looking up a sheet")?;
    row.map(info).transpose()
}

/// The current version of a tab (cheap: one indexed row), to check a cached table against.
pub async fn version(db: &Db, sheet_id: &str) -> Result<Option<i64>, Error> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT version FROM sheets WHERE id = $1")
        .bind(sheet_id)
        .fetch_optional(&db.pool)
        .await
        .context("reading a sheet version")?;
    Ok(row.map(|(version,)| version))
}

/// Every row of a tab in order: record id and cells.
pub async fn rows(db: &Db, sheet_id: &str) -> Result<Vec<(String, Vec<String>)>, Error> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT record_id, cells FROM sheet_rows WHERE sheet_id = $1 ORDER BY position")
        .bind(sheet_id)
        .fetch_all(&db.pool)
        .await
        .context("reading sheet rows")?;
    rows.into_iter().map(|(record_id, cells)| Ok((record_id, serde_json::from_str(&cells).context("reading a sheet row")?))).collect()
}

/// Each stored row's cells as their JSON text, in sheet order, as the database sends them: a
/// reader of a 10,000,000-cell sheet holds a batch at a time, not every row twice.
pub fn cells_in_order<'a>(db: &'a Db, sheet_id: &'a str) -> impl futures_util::Stream<Item = Result<String, Error>> + Send + 'a {
    use futures_util::StreamExt;
    sqlx::query_scalar("SELECT cells FROM sheet_rows WHERE sheet_id = $1 ORDER BY position")
        .bind(sheet_id)
        .fetch(&db.pool)
        .map(|cells| cells.context("reading sheet rows"))
}

/// Stores `sheets` in place of a spreadsheet's tabs, inside the caller's transaction, given the
/// tabs stored before (none for a spreadsheet made in the same transaction). Tabs keep their ids
/// by title (blocks name tabs by title) and get a new version; tabs the import no longer has are
/// removed.
pub async fn write_tabs(
    tx: &mut AnyConnection,
    spreadsheet_id: &str,
    existing: &[SheetInfo],
    sheets: Vec<ImportedSheet>,
) -> Result<Vec<StoredTab>, Error> {
    let mut stored = Vec::with_capacity(sheets.len());
    imports_progress::storing(sheets.iter().map(|sheet| sheet.rows.len() as u64).sum());
    for (position, mut sheet) in sheets.into_iter().enumerate() {
        let id_column = ensure_record_ids(&mut sheet);
        let info = put_tab(tx, spreadsheet_id, existing, position, sheet.title, sheet.columns).await?;
        insert_with_ids(tx, &info.id, 0, &sheet.rows, id_column).await?;
        stored.push(StoredTab { sheet: info, rows: sheet.rows.len() as u64 });
    }
    finish(tx, spreadsheet_id, existing, &stored).await?;
    Ok(stored)
}

/// A tab as an import stored it, with its row count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTab {
    pub sheet: SheetInfo,
    pub rows: u64,
}

/// A tab's header as its reader found it, before its rows.
#[derive(Debug)]
pub struct TabHeader {
    pub title: String,
    pub columns: Vec<String>,
    /// The rows the reader will send after it.
    pub rows: u64,
}

/// What a reading thread sends, in file order: each tab's header, then batches of its rows.
pub enum Arrival {
    Tab(TabHeader),
    Rows(Vec<Vec<String>>),
}

/// The tabs of a file read on another thread and handed over a batch of rows at a time while
/// they are stored (an upload, a CSV link, a kept upload restored), so that an import holds a
/// batch, never a tab
/// (issue 31). The first tab's header has arrived; an error from the reader ends the import.
pub struct IncomingTabs {
    /// The header of the tab whose rows come next, until it is taken.
    next: Option<TabHeader>,
    arrivals: tokio::sync::mpsc::Receiver<Result<Arrival, Error>>,
    /// The rows the tab being taken said it has, and those received so far.
    expected: u64,
    received: u64,
}

impl IncomingTabs {
    pub fn new(first: TabHeader, arrivals: tokio::sync::mpsc::Receiver<Result<Arrival, Error>>) -> Self {
        IncomingTabs { next: Some(first), arrivals, expected: 0, received: 0 }
    }

    /// The first tab's header, which a caller may retitle (a link's tab is named after its spreadsheet).
    pub fn first(&mut self) -> Option<&mut TabHeader> {
        self.next.as_mut()
    }

    /// The next tab's header, once every row of the one before has been taken; `None` at the end.
    pub async fn next_tab(&mut self) -> Result<Option<TabHeader>, Error> {
        let header = match self.next.take() {
            Some(header) => Some(header),
            None => match self.arrivals.recv().await.transpose()? {
                Some(Arrival::Tab(header)) => Some(header),
                Some(Arrival::Rows(_)) => return Err(Error::internal("storing tabs", "their reader sent rows before their tab")),
                None => None,
            },
        };
        if let Some(header) = &header {
            (self.expected, self.received) = (header.rows, 0);
        }
        Ok(header)
    }

    /// The next batch of the current tab's rows; `None` once every one has arrived. A reader
    /// that stopped short (it panicked, or was dropped) is an error, so a partial tab is never stored.
    pub async fn next_batch(&mut self) -> Result<Option<Vec<Vec<String>>>, Error> {
        let arrival = match self.next {
            Some(_) => None,
            None => self.arrivals.recv().await.transpose()?,
        };
        match arrival {
            Some(Arrival::Rows(batch)) => {
                self.received += batch.len() as u64;
                return Ok(Some(batch));
            }
            Some(Arrival::Tab(header)) => self.next = Some(header),
            None => {}
        }
        if self.received == self.expected {
            Ok(None)
        } else {
            Err(Error::internal("storing tabs", format!("their reader stopped after {} of {} rows", self.received, self.expected)))
        }
    }
}

/// [`write_tabs`] of tabs whose rows are stored as they arrive.
pub async fn write_incoming(
    tx: &mut AnyConnection,
    spreadsheet_id: &str,
    existing: &[SheetInfo],
    mut tabs: IncomingTabs,
) -> Result<Vec<StoredTab>, Error> {
    let mut stored = Vec::new();
    while let Some(header) = tabs.next_tab().await? {
        imports_progress::storing(header.rows);
        let mut columns = header.columns;
        let mut ids = RecordIds::for_columns(&mut columns);
        let info = put_tab(tx, spreadsheet_id, existing, stored.len(), header.title, columns).await?;
        let mut position = 0;
        while let Some(mut batch) = tabs.next_batch().await? {
            for row in &mut batch {
                ids.fix(row);
            }
            insert_with_ids(tx, &info.id, position, &batch, ids.column()).await?;
            position += batch.len() as i64;
        }
        stored.push(StoredTab { sheet: info, rows: header.rows });
    }
    finish(tx, spreadsheet_id, existing, &stored).await?;
    Ok(stored)
}

/// Stores a tab's header at `position`: the tab of `existing` with the same title keeps its id,
/// loses its rows and gets a new version; a new title is a new tab at version 1.
async fn put_tab(
    tx: &mut AnyConnection,
    spreadsheet_id: &str,
    existing: &[SheetInfo],
    position: usize,
    title: String,
    columns: Vec<String>,
) -> Result<SheetInfo, Error> {
    let previous = existing.iter().find(|old| old.title == title);
    let id = previous.map(|old| old.id.clone()).unwrap_or_else(new_id);
    let columns_json = serde_json::to_string(&columns).context("writing sheet columns")?;
    // The version is bumped in the database, not from `existing`: a row write may have
    // bumped it since, and two different contents must never share a version.
    let version = match previous {
        Some(_) => {
            let (version,): (i64,) = sqlx::query_as(
                "UPDATE sheets SET position = $1, columns = $2, version = version + 1, updated_at = $3 WHERE id = $4 RETURNING version",
            )
            .bind(position as i64)
            .bind(&columns_json)
            .bind(now())
            .bind(&id)
            .fetch_one(&mut *tx)
            .await
            .context("updating a sheet")?;
            sqlx::query("DELETE FROM sheet_rows WHERE sheet_id = $1").bind(&id).execute(&mut *tx).await.context("clearing sheet rows")?;
            version
        }
        None => {
            sqlx::query("INSERT INTO sheets (id, spreadsheet_id, title, position, columns, version, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(&id)
                .bind(spreadsheet_id)
                .bind(&title)
                .bind(position as i64)
                .bind(&columns_json)
                .bind(1_i64)
                .bind(now())
                .execute(&mut *tx)
                .await
                .context("adding a sheet")?;
            1
        }
    };
    Ok(SheetInfo { id, spreadsheet_id: spreadsheet_id.to_owned(), title, position: position as i64, columns, version })
}

/// Removes the tabs of `existing` that `stored` no longer has and marks the spreadsheet changed.
async fn finish(tx: &mut AnyConnection, spreadsheet_id: &str, existing: &[SheetInfo], stored: &[StoredTab]) -> Result<(), Error> {
    for gone in existing.iter().filter(|old| stored.iter().all(|new| new.sheet.id != old.id)) {
        sqlx::query("DELETE FROM sheets WHERE id = $1").bind(&gone.id).execute(&mut *tx).await.context("removing a sheet")?;
    }
    sqlx::query("UPDATE spreadsheets SET updated_at = $1 WHERE id = $2").bind(now()).bind(spreadsheet_id).execute(&mut *tx).await?;
    Ok(())
}

/// Rows per INSERT: 4 parameters each stays far below SQLite's and PostgreSQL's limits.
const ROWS_PER_INSERT: usize = 500;

/// [`insert_rows`] of rows whose ids are their cells at `id_column`. (The pairs are collected a
/// batch at a time: an iterator mapping through a closure, held across the inserts' awaits,
/// would make the callers' futures not `Send`.)
async fn insert_with_ids(
    conn: &mut AnyConnection,
    sheet_id: &str,
    first_position: i64,
    rows: &[Vec<String>],
    id_column: usize,
) -> Result<(), Error> {
    for (batch, rows) in rows.chunks(ROWS_PER_INSERT).enumerate() {
        let with_ids: Vec<(&String, &Vec<String>)> = rows.iter().map(|row| (&row[id_column], row)).collect();
        insert_rows(conn, sheet_id, first_position + (batch * ROWS_PER_INSERT) as i64, with_ids.into_iter()).await?;
    }
    Ok(())
}

/// Inserts rows at positions `first_position`, `first_position + 1`, ... Rows become JSON a
/// batch at a time, so a 10,000,000-cell import never holds a second copy of all its rows
/// (issue 31), and each batch counts towards the request's import progress.
pub(super) async fn insert_rows<'a>(
    conn: &mut AnyConnection,
    sheet_id: &str,
    first_position: i64,
    rows: impl Iterator<Item = (&'a String, &'a Vec<String>)>,
) -> Result<(), Error> {
    let mut position = first_position;
    let mut rows = rows.peekable();
    while rows.peek().is_some() {
        let batch: Vec<(&String, String)> = rows
            .by_ref()
            .take(ROWS_PER_INSERT)
            .map(|(id, cells)| Ok((id, serde_json::to_string(cells).context("writing a sheet row")?)))
            .collect::<Result<_, Error>>()?;
        let values: Vec<String> =
            (0..batch.len()).map(|i| format!("(${}, ${}, ${}, ${})", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4)).collect();
        let sql = format!("INSERT INTO sheet_rows (sheet_id, record_id, position, cells) VALUES {}", values.join(", "));
        let mut query = sqlx::query(&sql);
        for (record_id, cells) in &batch {
            query = query.bind(sheet_id).bind(*record_id).bind(position).bind(cells);
            position += 1;
        }
        query.execute(&mut *conn).await.context("writing sheet rows")?;
        imports_progress::stored(batch.len() as u64);
    }
    Ok(())
}
