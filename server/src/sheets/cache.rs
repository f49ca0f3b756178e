//! Parsed sheets kept in memory per sheet and data version.
//!
//! A request reads the sheet's version (one indexed row) and reuses the parsed table when the
//! version matches, so no request re-parses an unchanged sheet. The cache is only a cache: every
//! replica has its own, and a stale entry can never be served because the version comes from the
//! database on every request. Memory is bounded by the tables' own heap sizes; the least recently
//! used go first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tessera_core::table::{Table, TableBuilder};

use super::store::{self, SheetInfo};
use crate::db::Db;
use crate::error::{Error, ResultExt};

pub struct TableCache {
    budget_bytes: usize,
    inner: Mutex<Entries>,
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
        Self { budget_bytes, inner: Mutex::new(Entries::default()) }
    }

    fn get(&self, sheet_id: &str, version: i64) -> Option<Arc<Table>> {
        let mut entries = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        entries.clock += 1;
        let clock = entries.clock;
        let entry = entries.by_sheet.get_mut(sheet_id).filter(|entry| entry.version == version)?;
        entry.used = clock;
        Some(entry.table.clone())
    }

    fn put(&self, sheet_id: &str, version: i64, table: Arc<Table>) {
        let bytes = table.heap_bytes();
        let mut entries = self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
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
        match self.get(&sheet.id, version) {
            Some(table) => Ok(Some((table, version))),
            None => self.reload(db, sheet).await,
        }
    }

    /// Reads and parses `sheet` from the database whatever is in memory (`_vercel_no_cache=1`),
    /// and keeps the result for the next request.
    pub async fn reload(&self, db: &Db, sheet: &SheetInfo) -> Result<Option<(Arc<Table>, i64)>, Error> {
        let Some(version) = store::version(db, &sheet.id).await? else { return Ok(None) };
        let rows = store::rows(db, &sheet.id).await?;
        let columns = sheet.columns.clone();
        // Parsing a large sheet is CPU work: keep it off the async workers.
        let table = tokio::task::spawn_blocking(move || {
            let mut builder = TableBuilder::new(columns);
            for (_, cells) in &rows {
                builder.push_row(cells.iter().map(String::as_str))?;
            }
            builder.finish()
        })
        .await
        .context("parsing a sheet")?
        .map_err(|error| Error::internal("parsing a stored sheet", error))?;
        let table = Arc::new(table);
        self.put(&sheet.id, version, table.clone());
        Ok(Some((table, version)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: usize) -> Arc<Table> {
        let cells: Vec<Vec<String>> = (0..rows).map(|i| vec![format!("row {i}")]).collect();
        Arc::new(Table::from_rows(vec!["Name".to_owned()], &cells).unwrap())
    }

    #[test]
    fn an_entry_serves_only_its_version() {
        let cache = TableCache::new(1 << 20);
        cache.put("s1", 3, table(2));
        assert!(cache.get("s1", 3).is_some());
        assert!(cache.get("s1", 4).is_none());
        cache.put("s1", 4, table(3));
        assert!(cache.get("s1", 3).is_none());
        assert_eq!(cache.get("s1", 4).unwrap().row_count(), 3);
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
}
