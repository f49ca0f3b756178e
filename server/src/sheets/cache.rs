//! Parsed sheets kept in memory per sheet and data version.
//!
//! A request reads the sheet's version (one indexed row) and reuses the parsed table when the
//! version matches, so no request re-parses an unchanged sheet. The cache is only a cache: every
//! replica has its own, and a stale entry can never be served because the version comes from the
//! database on every request. Memory is bounded by the tables' own heap sizes; the least recently
//! used go first.
//!
//! Writes keep the cache warm: a row write answers the version it made and the change
//! ([`Written`]), and [`TableCache::write`] turns the table held at the version before into the
//! table at that version. Without it, a sheet taking form submissions would be read from the
//! database and parsed again after every submission, by every request that found it stale.
//! When the table must be read anyway (first use, a re-import, a write this replica did not
//! see), one request per sheet reads it and the others wait for that one; a read that finds a
//! version being applied waits for that too. Tables are kept warm ([`Table::warm`]): their
//! parsed forms are built before they are kept, so no viewer's query pays for them.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use tokio::sync::OwnedMutexGuard;

use tessera_core::table::{Table, TableBuilder, TableError, RECORD_ID_COLUMN};

use super::rows::{RowEdit, Written};
use super::store::{self, SheetInfo};
use crate::infra::db::Db;
use crate::infra::error::{Error, ResultExt};

/// How often a read of a sheet's rows is tried again when a write lands while it reads.
const CONSISTENT_READ_ATTEMPTS: usize = 3;

pub struct TableCache {
    budget_bytes: usize,
    inner: Mutex<Entries>,
    /// Per sheet, one read of its rows or one row write at a time ([`Turn`]).
    loading: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

#[derive(Default)]
struct Entries {
    by_sheet: HashMap<String, Entry>,
    clock: u64,
    bytes: usize,
}

struct Entry {
    version: i64,
    table: Arc<Table>,
    bytes: usize,
    used: u64,
}

impl TableCache {
    pub fn new(budget_bytes: usize) -> Self {
        Self { budget_bytes, inner: Mutex::new(Entries::default()), loading: Mutex::default() }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The table held for `sheet_id` if it is at `version` or newer (a write that landed after
    /// the caller read the version: newer data is as good).
    fn get(&self, sheet_id: &str, version: i64) -> Option<(Arc<Table>, i64)> {
        let mut entries = self.entries();
        entries.clock += 1;
        let clock = entries.clock;
        let entry = entries.by_sheet.get_mut(sheet_id).filter(|entry| entry.version >= version)?;
        entry.used = clock;
        Some((entry.table.clone(), entry.version))
    }

    /// Keeps `table` as `sheet_id` at `version`, unless a newer version is held already.
    fn put(&self, sheet_id: &str, version: i64, table: Arc<Table>) {
        let bytes = table.heap_bytes();
        let mut entries = self.entries();
        if entries.by_sheet.get(sheet_id).is_some_and(|held| held.version > version) {
            return;
        }
        entries.clock += 1;
        let used = entries.clock;
        if let Some(old) = entries.by_sheet.insert(sheet_id.to_owned(), Entry { version, table, bytes, used }) {
            entries.bytes -= old.bytes;
        }
        entries.bytes += bytes;
        while entries.bytes > self.budget_bytes && entries.by_sheet.len() > 1 {
            let Some(oldest) = entries.by_sheet.iter().min_by_key(|(_, entry)| entry.used).map(|(id, _)| id.clone()) else { break };
            if let Some(evicted) = entries.by_sheet.remove(&oldest) {
                entries.bytes -= evicted.bytes;
            }
        }
    }

    /// The parsed table of `sheet` at its current version: from memory, or read and parsed once.
    /// Answers `None` when the sheet was deleted meanwhile.
    pub async fn table(&self, db: &Db, sheet: &SheetInfo) -> Result<Option<(Arc<Table>, i64)>, Error> {
        let Some(version) = store::version(db, &sheet.id).await? else { return Ok(None) };
        self.table_at(db, sheet, version).await
    }

    /// [`Self::table`] for a caller that has just read the sheet's `version` itself (the answer
    /// cache's key holds it), so that a miss reads it once, not twice.
    pub async fn table_at(&self, db: &Db, sheet: &SheetInfo, version: i64) -> Result<Option<(Arc<Table>, i64)>, Error> {
        if let Some(held) = self.get(&sheet.id, version) {
            return Ok(Some(held));
        }
        let _turn = self.turn(&sheet.id).await;
        // The read or write that had the turn before may have brought this version already.
        match self.get(&sheet.id, version) {
            Some(held) => Ok(Some(held)),
            None => self.read(db, sheet).await,
        }
    }

    /// Reads and parses `sheet` from the database whatever is in memory (`_vercel_no_cache=1`),
    /// and keeps the result for the next request.
    pub async fn reload(&self, db: &Db, sheet: &SheetInfo) -> Result<Option<(Arc<Table>, i64)>, Error> {
        let _turn = self.turn(&sheet.id).await;
        self.read(db, sheet).await
    }

    /// Runs `write`, one of [`super::rows`]' writes to `sheet_id`, and applies it to the table
    /// held at the version before it, so that the next read finds the new version in memory.
    ///
    /// The write has the sheet's turn: a read that finds the new version while the table is
    /// being brought to it waits for that instead of reading the whole sheet from the database,
    /// and writes to one sheet queue here rather than inside the database.
    pub async fn write(&self, sheet_id: &str, write: impl Future<Output = Result<Written, Error>>) -> Result<(), Error> {
        let _turn = self.turn(sheet_id).await;
        let written = write.await?;
        self.apply(sheet_id, written).await;
        Ok(())
    }

    /// Brings the table held at the version before `written` to its version. Does nothing when
    /// the table held is at another version (a write this replica did not see, or none held):
    /// the next read then reads the sheet from the database, as it would without this.
    async fn apply(&self, sheet_id: &str, written: Written) {
        let Some((before, version)) = self.get(sheet_id, written.version - 1) else { return };
        if version != written.version - 1 {
            return;
        }
        // Copying a large sheet is CPU work: keep it off the async workers.
        let derived = tokio::task::spawn_blocking(move || {
            let table = edited(&before, &written.edit);
            if let Ok(Some(table)) = &table {
                table.warm();
            }
            table
        })
        .await;
        match derived {
            Ok(Ok(Some(table))) => self.put(sheet_id, written.version, Arc::new(table)),
            // The row is not in the table held (it cannot be, at the version before the write
            // that changed it) or the table would be refused: leave it to the next read.
            Ok(Ok(None)) | Ok(Err(_)) => {}
            Err(error) => tracing::warn!(%error, "applying a row write to a cached sheet"),
        }
    }

    /// Waits for `sheet_id`'s turn: one read of its rows or one write at a time.
    async fn turn(&self, sheet_id: &str) -> Turn<'_> {
        let gate = self.gates().entry(sheet_id.to_owned()).or_default().clone();
        Turn { cache: self, sheet_id: sheet_id.to_owned(), guard: Some(gate.lock_owned().await) }
    }

    fn gates(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<tokio::sync::Mutex<()>>>> {
        self.loading.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Reads every row of `sheet` and parses them. The version is read before and after the
    /// rows: when they differ a write landed meanwhile and the rows may be of either version,
    /// so the read is made again; only a table whose version is certain is kept.
    async fn read(&self, db: &Db, sheet: &SheetInfo) -> Result<Option<(Arc<Table>, i64)>, Error> {
        let mut attempt = 1;
        let (table, version, settled) = loop {
            let Some(before) = store::version(db, &sheet.id).await? else { return Ok(None) };
            let table = parse_stored(db, sheet).await?;
            let Some(after) = store::version(db, &sheet.id).await? else { return Ok(None) };
            // When writes keep landing, the last rows read are answered (they are at least as
            // new as `before`) but not kept.
            if before == after || attempt == CONSISTENT_READ_ATTEMPTS {
                break (table, before, before == after);
            }
            attempt += 1;
        };
        let table = Arc::new(table);
        if settled {
            self.put(&sheet.id, version, table.clone());
        }
        Ok(Some((table, version)))
    }
}

/// Rows handed from the database reader to the parser at a time.
const ROWS_PER_BATCH: usize = 4096;

/// The stored rows of `sheet` as a warm table. Rows stream from the database into the builder
/// on a blocking thread a batch at a time, so reading a 1,000,000-row sheet holds the table
/// and two batches, not every row as strings too (that was 5x the table's size at its peak).
async fn parse_stored(db: &Db, sheet: &SheetInfo) -> Result<Table, Error> {
    use futures_util::StreamExt;
    let (batches, mut incoming) = tokio::sync::mpsc::channel::<Vec<String>>(2);
    let columns = sheet.columns.clone();
    // Parsing is CPU work: keep it off the async workers.
    let parser = tokio::task::spawn_blocking(move || -> Result<Table, Error> {
        let mut builder = TableBuilder::new(columns);
        while let Some(batch) = incoming.blocking_recv() {
            for cells in batch {
                let cells: Vec<String> = serde_json::from_str(&cells).context("reading a sheet row")?;
                builder.push_row(cells.iter().map(String::as_str)).map_err(|error| Error::internal("parsing a stored sheet", error))?;
            }
        }
        let table = builder.finish().map_err(|error| Error::internal("parsing a stored sheet", error))?;
        // The parsed forms the first queries need, built here rather than by the first query
        // (a first search of a 1,000,000-row sheet took 7x a later one), and before the table
        // is kept, so that the cache's budget counts them.
        table.warm();
        Ok(table)
    });
    let mut rows = std::pin::pin!(store::cells_in_order(db, &sheet.id));
    let mut batch = Vec::with_capacity(ROWS_PER_BATCH);
    let mut read = Ok(());
    while let Some(cells) = rows.next().await {
        match cells {
            Ok(cells) => batch.push(cells),
            Err(error) => {
                read = Err(error);
                break;
            }
        }
        if batch.len() == ROWS_PER_BATCH && batches.send(std::mem::replace(&mut batch, Vec::with_capacity(ROWS_PER_BATCH))).await.is_err() {
            // The parser stopped early: its error says why.
            break;
        }
    }
    if read.is_ok() && !batch.is_empty() {
        let _ = batches.send(batch).await;
    }
    drop(batches);
    let parsed = parser.await.context("parsing a sheet")?;
    read?;
    parsed
}

/// A sheet's turn; on drop its gate is forgotten when nobody else holds or waits for it, so the
/// map holds only sheets being read or written.
struct Turn<'a> {
    cache: &'a TableCache,
    sheet_id: String,
    guard: Option<OwnedMutexGuard<()>>,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        let Some(guard) = self.guard.take() else { return };
        let gate = OwnedMutexGuard::mutex(&guard).clone();
        drop(guard);
        let mut gates = self.cache.gates();
        // Two owners: the map and `gate`; a waiter would be a third.
        if Arc::strong_count(&gate) == 2 {
            gates.remove(&self.sheet_id);
        }
    }
}

/// `table` with `edit` made, or `None` when the row the edit names is not in it.
fn edited(table: &Table, edit: &RowEdit) -> Result<Option<Table>, TableError> {
    let names = table.column_names();
    let width = names.len();
    let row_of = |record_id: &str| {
        let column = names.iter().position(|name| name == RECORD_ID_COLUMN)?;
        (0..table.row_count()).find(|&row| table.cell(row, column) == record_id)
    };
    let (at, replaced, added) = match edit {
        RowEdit::Append { cells } => (table.row_count(), false, Some(cells)),
        RowEdit::Replace { record_id, cells } => match row_of(record_id) {
            Some(row) => (row, true, Some(cells)),
            None => return Ok(None),
        },
        RowEdit::Remove { record_id } => match row_of(record_id) {
            Some(row) => (row, true, None),
            None => return Ok(None),
        },
        RowEdit::InsertAfter { record_id, cells } => match row_of(record_id) {
            Some(row) => (row + 1, false, Some(cells)),
            None => return Ok(None),
        },
    };
    let mut builder = TableBuilder::new(names.to_vec());
    let held_row = |row: usize| (0..width).map(move |column| table.cell(row, column));
    for row in 0..at {
        builder.push_row(held_row(row))?;
    }
    if let Some(cells) = added {
        builder.push_row(cells.iter().map(String::as_str))?;
    }
    for row in at + usize::from(replaced)..table.row_count() {
        builder.push_row(held_row(row))?;
    }
    builder.finish().map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: usize) -> Arc<Table> {
        let cells: Vec<Vec<String>> = (0..rows).map(|i| vec![format!("row {i}")]).collect();
        Arc::new(Table::from_rows(vec!["Name".to_owned()], &cells).unwrap())
    }

    #[test]
    fn an_entry_serves_its_version_and_older_requests_never_an_older_table() {
        let cache = TableCache::new(1 << 20);
        cache.put("s1", 3, table(2));
        assert_eq!(cache.get("s1", 3).unwrap().1, 3);
        assert!(cache.get("s1", 4).is_none());
        cache.put("s1", 4, table(3));
        // A request that read version 3 before the write gets the newer table.
        let (newer, version) = cache.get("s1", 3).unwrap();
        assert_eq!((newer.row_count(), version), (3, 4));
        // A slow read of the older version does not replace the newer table.
        cache.put("s1", 3, table(2));
        assert_eq!(cache.get("s1", 4).unwrap().0.row_count(), 3);
    }

    #[test]
    fn over_budget_the_least_recently_used_sheet_goes() {
        let one = table(1000).heap_bytes();
        let cache = TableCache::new(one * 2 + one / 2);
        cache.put("a", 1, table(1000));
        cache.put("b", 1, table(1000));
        assert!(cache.get("a", 1).is_some());
        cache.put("c", 1, table(1000));
        assert!(cache.get("b", 1).is_none(), "b was used least recently");
        assert!(cache.get("a", 1).is_some() && cache.get("c", 1).is_some());
    }

    fn sheet(rows: &[[&str; 2]]) -> Table {
        let rows: Vec<Vec<&str>> = rows.iter().map(|row| row.to_vec()).collect();
        Table::from_rows(vec!["Name".to_owned(), RECORD_ID_COLUMN.to_owned()], &rows).unwrap()
    }

    fn cells(table: &Table) -> Vec<Vec<String>> {
        (0..table.row_count()).map(|row| (0..2).map(|column| table.cell(row, column).to_owned()).collect()).collect()
    }

    fn strings(row: [&str; 2]) -> Vec<String> {
        row.map(str::to_owned).to_vec()
    }

    #[test]
    fn each_row_edit_gives_the_table_a_read_of_the_stored_rows_would() {
        let held = sheet(&[["Ada", "r1"], ["Bob", "r2"], ["Cy", "r3"]]);
        let cases = [
            (RowEdit::Append { cells: strings(["Di", "r4"]) }, vec![["Ada", "r1"], ["Bob", "r2"], ["Cy", "r3"], ["Di", "r4"]]),
            (RowEdit::Replace { record_id: "r2".into(), cells: strings(["Bo", "r2"]) }, vec![["Ada", "r1"], ["Bo", "r2"], ["Cy", "r3"]]),
            (RowEdit::Remove { record_id: "r1".into() }, vec![["Bob", "r2"], ["Cy", "r3"]]),
            (RowEdit::Remove { record_id: "r3".into() }, vec![["Ada", "r1"], ["Bob", "r2"]]),
            (
                RowEdit::InsertAfter { record_id: "r2".into(), cells: strings(["Bob", "r9"]) },
                vec![["Ada", "r1"], ["Bob", "r2"], ["Bob", "r9"], ["Cy", "r3"]],
            ),
        ];
        for (edit, expected) in cases {
            let table = edited(&held, &edit).unwrap().unwrap();
            assert_eq!(cells(&table), cells(&sheet(&expected)), "{edit:?}");
        }
        // A row the table does not hold leaves the decision to a read of the database.
        assert!(edited(&held, &RowEdit::Remove { record_id: "gone".into() }).unwrap().is_none());
    }

    #[tokio::test]
    async fn a_write_moves_the_table_held_at_the_version_before_it_and_no_other() {
        let cache = TableCache::new(1 << 20);
        cache.put("s1", 7, Arc::new(sheet(&[["Ada", "r1"]])));
        let append = |version| Written { version, edit: RowEdit::Append { cells: strings(["Bob", "r2"]) } };
        // A write this replica did not see came first (7 -> 8): the table held stays at 7.
        cache.write("s1", async { Ok(append(9)) }).await.unwrap();
        assert!(cache.get("s1", 8).is_none());
        cache.write("s1", async { Ok(append(8)) }).await.unwrap();
        let (table, version) = cache.get("s1", 8).unwrap();
        assert_eq!((version, cells(&table)), (8, cells(&sheet(&[["Ada", "r1"], ["Bob", "r2"]]))));
        // No table held: nothing to move.
        cache.write("s2", async { Ok(append(2)) }).await.unwrap();
        assert!(cache.get("s2", 0).is_none());
        assert!(cache.gates().is_empty(), "turns are forgotten once over");
    }
}
