//! Sheets as the server stores them: tabs of a spreadsheet whose rows live one per record in
//! `sheet_rows`, each carrying a stable 'ChartApps Record ID'.
//!
//! - [`store`] replaces a spreadsheet's tabs with imported ones and looks tabs up.
//! - [`incoming`] reads a file's tabs for the store, delimited text and Parquet a batch of rows at a time.
//! - [`cache`] keeps parsed [`tessera_core::table::Table`]s per sheet and data version, so a
//!   request never re-parses a sheet that has not changed.
//! - [`rows`] appends, edits, deletes and duplicates single rows, atomically, by record id.

pub mod answer_cache;
pub mod cache;
pub mod files;
pub mod imports_progress;
pub mod incoming;
pub mod row_log;
pub mod rows;
pub mod store;

use std::collections::HashSet;

use tessera_core::table::{RECORD_ID_COLUMN, ROW_INDEX_COLUMN};

/// One tab as an importer or a source hands it over: a header and rows of text cells. Rows may
/// be shorter than the header (trailing empty cells); longer rows are an importer's error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedSheet {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// A fresh record id: random, so ids never repeat across sheets, imports or replicas.
pub fn new_record_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Makes every row addressable: adds the 'ChartApps Record ID' column when the sheet has none,
/// pads rows to the header, drops the hidden `chartmat_row_index` column (the server numbers
/// rows itself), and gives a new id to each row whose id is empty or repeats an earlier one.
/// Answers the id column's index: each row's id is its cell there.
pub fn ensure_record_ids(sheet: &mut ImportedSheet) -> usize {
    let mut ids = RecordIds::for_columns(&mut sheet.columns);
    for row in &mut sheet.rows {
        ids.fix(row);
    }
    ids.column()
}

/// [`ensure_record_ids`] one row at a time, for rows stored as they are read.
///
/// A 10,000,000-cell import passes through here, so nothing is held per row beyond the id
/// itself: rows grow to exactly the header's width (a `Vec` left to grow would double), and
/// ids are remembered only to find repeats among the ids the file brought (fresh ones are
/// random v4 UUIDs).
pub struct RecordIds {
    /// The row index column's place in the rows as read, dropped from each.
    hidden: Option<usize>,
    column: usize,
    width: usize,
    rule: IdRule,
}

impl RecordIds {
    /// Drops the row index from `columns` and adds the id column when it is missing.
    pub fn for_columns(columns: &mut Vec<String>) -> Self {
        let hidden = columns.iter().position(|name| name == ROW_INDEX_COLUMN);
        if let Some(hidden) = hidden {
            columns.remove(hidden);
        }
        let existing = columns.iter().position(|name| name == RECORD_ID_COLUMN);
        let column = existing.unwrap_or_else(|| {
            columns.push(RECORD_ID_COLUMN.to_owned());
            columns.len() - 1
        });
        RecordIds { hidden, column, width: columns.len(), rule: IdRule::new(existing.is_some()) }
    }

    /// The id column's index in the fixed rows.
    pub fn column(&self) -> usize {
        self.column
    }

    /// Makes `row` exactly as wide as the header, with an id of its own.
    pub fn fix(&mut self, row: &mut Vec<String>) {
        self.shape(row);
        self.rule.fix(&mut row[self.column]);
    }

    /// Makes `row` exactly as wide as the header, its id cell left as it is.
    pub fn shape(&self, row: &mut Vec<String>) {
        if let Some(hidden) = self.hidden.filter(|&hidden| hidden < row.len()) {
            row.remove(hidden);
        }
        row.reserve_exact(self.width.saturating_sub(row.len()));
        row.resize(self.width, String::new());
    }
}

/// Which id each row gets, in row order: the id it brought, trimmed, unless that is empty or
/// repeats an earlier row's; else a new one. A sheet without an id column brings none.
pub struct IdRule {
    /// The ids seen so far, when the sheet brought an id column.
    seen: Option<HashSet<String>>,
}

impl IdRule {
    pub fn new(has_id_column: bool) -> Self {
        IdRule { seen: has_id_column.then(HashSet::new) }
    }

    /// Puts the row's id in `cell`, which holds the id the row brought; answers whether that id
    /// was kept (rather than replaced by a new one).
    pub fn fix(&mut self, cell: &mut String) -> bool {
        let Some(seen) = &mut self.seen else {
            *cell = new_record_id();
            return false;
        };
        let trimmed = cell.trim();
        let kept = !trimmed.is_empty() && !seen.contains(trimmed);
        if !kept {
            *cell = new_record_id();
        } else if trimmed.len() != cell.len() {
            *cell = trimmed.to_owned();
        }
        seen.insert(cell.clone());
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(columns: &[&str], rows: &[&[&str]]) -> ImportedSheet {
        ImportedSheet {
            title: "Sales".into(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect(),
        }
    }

    /// The ids [`ensure_record_ids`] left, in row order.
    fn ids_of(imported: &mut ImportedSheet) -> Vec<String> {
        let column = ensure_record_ids(imported);
        imported.rows.iter().map(|row| row[column].clone()).collect()
    }

    #[test]
    fn a_sheet_without_ids_gets_the_column_and_one_id_per_row() {
        let mut imported = sheet(&["Name", "Amount"], &[&["Ada", "10"], &["Bob"]]);
        let ids = ids_of(&mut imported);
        assert_eq!(imported.columns, ["Name", "Amount", RECORD_ID_COLUMN]);
        assert_eq!(ids.len(), 2);
        assert_ne!(ids[0], ids[1]);
        assert_eq!(imported.rows[1], ["Bob".to_owned(), String::new(), ids[1].clone()]);
    }

    #[test]
    fn existing_ids_are_kept_and_blank_or_repeated_ones_replaced() {
        let mut imported = sheet(&[RECORD_ID_COLUMN, "Name"], &[&["r1", "Ada"], &[" ", "Bob"], &["r1", "Cy"], &[" r2 ", "Di"]]);
        let ids = ids_of(&mut imported);
        assert_eq!(ids[0], "r1");
        assert_eq!(ids[3], "r2");
        assert!(ids[1] != "r1" && !ids[1].trim().is_empty());
        assert!(ids[2] != "r1" && ids[2] != ids[1]);
        assert_eq!(imported.rows[2][0], ids[2]);
    }

    #[test]
    fn rows_grow_to_the_header_and_no_further() {
        let mut imported = sheet(&["Name", "Amount"], &[&["Ada", "10"], &["Bob"]]);
        ensure_record_ids(&mut imported);
        assert!(imported.rows.iter().all(|row| row.len() == 3 && row.capacity() == 3), "{:?}", imported.rows);
    }

    #[test]
    fn the_hidden_row_index_column_is_dropped() {
        let mut imported = sheet(&[ROW_INDEX_COLUMN, "Name"], &[&["0", "Ada"]]);
        ensure_record_ids(&mut imported);
        assert_eq!(imported.columns, ["Name", RECORD_ID_COLUMN]);
        assert_eq!(imported.rows[0][0], "Ada");
    }
}
