//! From the cells a reader found to a [`Sheet`]: the header and row rules of the crate docs, the
//! same for every format, and the cell budget readers draw on while they read.

use std::collections::{HashMap, HashSet};

use crate::{ImportError, Limits, Sheet};

/// Cells and bytes of cell text left for one import. Readers take from it as they go, so a
/// huge file stops early. It also counts the rows read, for the caller's progress.
pub(crate) struct CellBudget<'a> {
    file: String,
    cells: Allowance,
    text: Allowance,
    rows_read: u64,
    progress: Option<&'a mut dyn FnMut(u64)>,
}

/// Rows between two progress reports: often enough for a bar, rare enough to cost nothing.
pub const PROGRESS_ROWS: u64 = 10_000;

/// One limit and how much of it is taken.
#[derive(Debug)]
struct Allowance {
    limit: u64,
    used: u64,
}

impl Allowance {
    fn fits(&self, amount: u64) -> bool {
        self.used.saturating_add(amount) <= self.limit
    }
}

impl<'a> CellBudget<'a> {
    pub(crate) fn new(file: &str, limits: &Limits) -> Self {
        CellBudget {
            file: file.to_owned(),
            cells: Allowance { limit: limits.max_cells, used: 0 },
            text: Allowance { limit: limits.max_text_bytes, used: 0 },
            rows_read: 0,
            progress: None,
        }
    }

    /// The budget of [`CellBudget::new`], telling `progress` the rows read so far every
    /// [`PROGRESS_ROWS`] rows.
    pub(crate) fn reporting(file: &str, limits: &Limits, progress: &'a mut dyn FnMut(u64)) -> Self {
        CellBudget { progress: Some(progress), ..CellBudget::new(file, limits) }
    }

    /// A budget of the same limits with nothing taken, reporting nothing: for a first pass
    /// over cells that a second pass builds again.
    pub(crate) fn fresh(&self) -> CellBudget<'static> {
        CellBudget {
            file: self.file.clone(),
            cells: Allowance { limit: self.cells.limit, used: 0 },
            text: Allowance { limit: self.text.limit, used: 0 },
            rows_read: 0,
            progress: None,
        }
    }

    /// A reader has read one more row (of any tab).
    pub(crate) fn row_read(&mut self) {
        self.rows_read += 1;
        if self.rows_read.is_multiple_of(PROGRESS_ROWS) {
            if let Some(progress) = self.progress.as_mut() {
                progress(self.rows_read);
            }
        }
    }

    pub(crate) fn take(&mut self, cells: u64) -> Result<(), ImportError> {
        self.fits(cells)?;
        self.cells.used += cells;
        Ok(())
    }

    /// Whether `cells` more would stay within the limit, without taking them: for a reader that
    /// learns a tab's size as it goes and takes it once at the end.
    pub(crate) fn fits(&self, cells: u64) -> Result<(), ImportError> {
        if self.cells.fits(cells) {
            Ok(())
        } else {
            Err(ImportError::TooManyCells { file: self.file.clone(), limit: self.cells.limit })
        }
    }

    /// Takes `bytes` of cell text a reader is about to build.
    pub(crate) fn take_text(&mut self, bytes: u64) -> Result<(), ImportError> {
        self.fits_text(bytes)?;
        self.text.used += bytes;
        Ok(())
    }

    /// Whether `bytes` more of cell text would stay within the limit, without taking them: for
    /// text a third-party reader builds before the importer sees a cell.
    pub(crate) fn fits_text(&self, bytes: u64) -> Result<(), ImportError> {
        if self.text.fits(bytes) {
            Ok(())
        } else {
            Err(ImportError::TooMuchText { file: self.file.clone(), limit: self.text.limit })
        }
    }
}

/// What a third-party reader will build for a file, counted from the file before it is opened.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Extent {
    /// Cells of every tab, as the reader expands them.
    pub cells: u64,
    /// The most bytes of text those cells can hold: a reader copies a value stored once (an
    /// XLS shared string, an ODS cell repeated over columns and rows) into every cell that
    /// shows it.
    pub text_bytes: u64,
}

/// The rectangle positioned cells span: what a tab of them costs once its rows are padded to
/// the same width (see [`shape`]), however few cells hold a value.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Span {
    rows: Option<(u32, u32)>,
    columns: (u32, u32),
}

impl Span {
    pub(crate) fn add(&mut self, (row, column): (u32, u32)) {
        match self.rows {
            None => {
                self.rows = Some((row, row));
                self.columns = (column, column);
            }
            Some((first, last)) => {
                self.rows = Some((first.min(row), last.max(row)));
                self.columns = (self.columns.0.min(column), self.columns.1.max(column));
            }
        }
    }

    /// The leftmost column of a cell, `None` without cells.
    pub(crate) fn first_column(&self) -> Option<u32> {
        self.rows.map(|_| self.columns.0)
    }

    pub(crate) fn cells(&self) -> u64 {
        self.rows.map_or(0, |(first, last)| u64::from(last - first + 1) * u64::from(self.columns.1 - self.columns.0 + 1))
    }
}

pub(crate) fn blank(cell: &str) -> bool {
    cell.trim().is_empty()
}

/// The header rule followed while rows go by, keeping none of them but the header's: readers
/// that hand their rows over one at a time (delimited text, Parquet, XLSX) learn a tab's header
/// and row count from it in a first pass, before the second pass builds a row.
#[derive(Debug, Default)]
pub(crate) struct Outline {
    seen: usize,
    header: Option<(usize, Vec<String>)>,
    data_end: usize,
    width: usize,
}

impl Outline {
    /// One more row, its fields in order.
    pub(crate) fn see<'f>(&mut self, fields: impl DoubleEndedIterator<Item = &'f str> + ExactSizeIterator + Clone) {
        let last = fields.clone().rposition(|field| !blank(field));
        self.see_row(last, || fields.map(str::to_owned).collect());
    }

    /// One more row given as positioned cells (a workbook's: column, text), in any order.
    pub(crate) fn see_cells(&mut self, cells: &[(usize, String)]) {
        let last = cells.iter().filter(|(_, text)| !blank(text)).map(|(column, _)| *column).max();
        self.see_row(last, || {
            let mut row = vec![String::new(); cells.iter().map(|(column, _)| column + 1).max().unwrap_or(0)];
            for (column, text) in cells {
                row[*column].clone_from(text);
            }
            row
        });
    }

    /// `rows` more rows without a cell (a workbook leaves them out).
    pub(crate) fn see_blank(&mut self, rows: usize) {
        self.seen += rows;
    }

    /// A row whose last field with a value is at `last`; `header` builds its fields, called
    /// for the header only.
    fn see_row(&mut self, last: Option<usize>, header: impl FnOnce() -> Vec<String>) {
        let row = self.seen;
        self.seen += 1;
        if let Some(last) = last {
            self.width = self.width.max(last + 1);
            self.data_end = row + 1;
            if self.header.is_none() {
                self.header = Some((row, header()));
            }
        }
    }

    /// The tab the rows seen make; `None` when no row has a value.
    pub(crate) fn shape(self) -> Option<Shape> {
        self.shape_from(0)
    }

    /// [`Outline::shape`] of a tab whose first column is the field at `first_column` (a
    /// workbook tab starts at its first used column).
    pub(crate) fn shape_from(self, first_column: usize) -> Option<Shape> {
        let (header_at, mut header) = self.header?;
        header.resize(self.width, String::new());
        let header = header.get(first_column..).unwrap_or_default();
        Some(Shape { header_at, data_end: self.data_end, columns: unique_names(header) })
    }
}

/// Where a tab's header and data rows are among the rows a reader sees, and its column names.
#[derive(Debug)]
pub(crate) struct Shape {
    /// The first row with a value.
    header_at: usize,
    /// One past the last row with a value: blank rows after it go.
    data_end: usize,
    /// The header's names, unique: one per column up to the last with a value in any row, so
    /// also the width of every row.
    pub columns: Vec<String>,
}

impl Shape {
    pub(crate) fn row_count(&self) -> usize {
        self.data_end - self.header_at - 1
    }

    /// Whether the row seen at `index` is a data row.
    pub(crate) fn holds(&self, index: usize) -> bool {
        index > self.header_at && index < self.data_end
    }

    /// Whether no row from `index` on is a data row.
    pub(crate) fn ends_before(&self, index: usize) -> bool {
        index >= self.data_end
    }

    /// A data row padded with empty cells, or cut, to the header's width (a longer row only
    /// loses blank cells).
    pub(crate) fn fit(&self, mut row: Vec<String>) -> Vec<String> {
        row.resize(self.columns.len(), String::new());
        row
    }
}

/// Applies the header rule to the rows of a tab read whole; `None` when no row has a value.
pub(crate) fn shape(title: String, rows: Vec<Vec<String>>) -> Option<Sheet> {
    let mut outline = Outline::default();
    for row in &rows {
        outline.see(row.iter().map(String::as_str));
    }
    let shape = outline.shape()?;
    let rows = rows.into_iter().enumerate().filter(|(index, _)| shape.holds(*index)).map(|(_, row)| shape.fit(row)).collect();
    Some(Sheet { title, columns: shape.columns, rows })
}

/// Trimmed names, `Column N` for empty ones, `Name (2)`… for repeats, all distinct: the header
/// rule of the crate docs, which a Google tab read through its API follows too.
pub fn unique_names(header: &[String]) -> Vec<String> {
    let wanted: Vec<String> = header
        .iter()
        .enumerate()
        .map(|(index, name)| match name.trim() {
            "" => format!("Column {}", index + 1),
            name => name.to_owned(),
        })
        .collect();
    // A repeat must not take a name that a later column has as its own.
    let reserved: HashSet<&str> = wanted.iter().map(String::as_str).collect();
    let mut taken: HashSet<String> = HashSet::with_capacity(wanted.len());
    // Per name, the number its next repeat starts looking from: the names below it stay taken
    // or reserved, so 16,384 columns of one name cost 16,384 lookups, not 134 million.
    let mut next_number: HashMap<&str, u64> = HashMap::new();
    wanted
        .iter()
        .map(|name| {
            let name = if taken.contains(name) {
                let from = next_number.entry(name).or_insert(2);
                let (number, candidate) = (*from..)
                    .map(|n| (n, format!("{name} ({n})")))
                    .find(|(_, candidate)| !taken.contains(candidate) && !reserved.contains(candidate.as_str()))
                    .unwrap_or_default();
                *from = number + 1;
                candidate
            } else {
                name.clone()
            };
            taken.insert(name.clone());
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(cells: &[&[&str]]) -> Vec<Vec<String>> {
        cells.iter().map(|row| row.iter().map(|cell| cell.to_string()).collect()).collect()
    }

    fn shaped(cells: &[&[&str]]) -> Sheet {
        shape("T".into(), rows(cells)).expect("a sheet")
    }

    #[test]
    fn the_first_row_with_a_value_is_the_header() {
        let sheet = shaped(&[&[], &["", " "], &["Name", "Amount"], &["Ada", "10"]]);
        assert_eq!(sheet.columns, ["Name", "Amount"]);
        assert_eq!(sheet.rows, rows(&[&["Ada", "10"]]));
    }

    #[test]
    fn trailing_blank_rows_go_and_blank_rows_between_stay() {
        let sheet = shaped(&[&["A"], &["1"], &[""], &["2"], &[" "], &[]]);
        assert_eq!(sheet.rows, rows(&[&["1"], &[""], &["2"]]));
    }

    #[test]
    fn trailing_blank_columns_go_and_rows_fit_the_header() {
        let sheet = shaped(&[&["A", "B", "", ""], &["1"], &["1", "2", "", " ", ""]]);
        assert_eq!(sheet.columns, ["A", "B"]);
        assert_eq!(sheet.rows, rows(&[&["1", ""], &["1", "2"]]));
    }

    #[test]
    fn values_beyond_the_header_get_named_columns() {
        let sheet = shaped(&[&["A", ""], &["1", "", "", "x"]]);
        assert_eq!(sheet.columns, ["A", "Column 2", "Column 3", "Column 4"]);
        assert_eq!(sheet.rows, rows(&[&["1", "", "", "x"]]));
    }

    #[test]
    fn names_are_trimmed_and_empty_names_numbered() {
        let sheet = shaped(&[&[" Name ", "", "Amount"], &["Ada", "x", "1"]]);
        assert_eq!(sheet.columns, ["Name", "Column 2", "Amount"]);
    }

    #[test]
    fn repeated_names_are_numbered_past_names_already_taken() {
        let sheet = shaped(&[&["A", "A", "A (2)", "a", "A", "Column 6", "", "A"], &["", "", "", "", "", "", "x"]]);
        assert_eq!(sheet.columns, ["A", "A (3)", "A (2)", "a", "A (4)", "Column 6", "Column 7", "A (5)"]);
        let sheet = shaped(&[&["", "Column 1"]]);
        assert_eq!(sheet.columns, ["Column 1", "Column 1 (2)"]);
    }

    #[test]
    fn a_header_of_one_name_over_the_widest_sheet_is_numbered_in_order() {
        // 16,384 columns named alike (a workbook's whole width): each repeat takes the next
        // number. Searching from 2 for each took minutes of a server's time for such a header.
        let header = vec!["dup".to_owned(); 16_384];
        let names = unique_names(&header);
        assert_eq!(names[..3], ["dup", "dup (2)", "dup (3)"]);
        assert_eq!(names[16_383], "dup (16384)");
        assert_eq!(names.iter().collect::<HashSet<_>>().len(), 16_384);
        // Names reserved by later columns are still passed over.
        assert_eq!(
            unique_names(&["x".into(), "x".into(), "x (3)".into(), "x".into(), "x (2)".into()]),
            ["x", "x (4)", "x (3)", "x (5)", "x (2)"]
        );
    }

    #[test]
    fn cells_are_kept_as_they_are() {
        let sheet = shaped(&[&["A"], &["  padded  "]]);
        assert_eq!(sheet.rows[0][0], "  padded  ");
    }

    #[test]
    fn rows_without_values_are_no_sheet() {
        assert_eq!(shape("T".into(), rows(&[&["", " "], &[]])), None);
        assert_eq!(shape("T".into(), Vec::new()), None);
    }

    #[test]
    fn the_budget_refuses_past_its_limit() {
        let mut budget = CellBudget::new("f.csv", &Limits { max_cells: 3, max_text_bytes: 10, ..Limits::default() });
        assert!(budget.fits(3).is_ok());
        assert!(budget.take(3).is_ok());
        assert_eq!(budget.fits(1), Err(ImportError::TooManyCells { file: "f.csv".into(), limit: 3 }));
        assert_eq!(budget.take(1), Err(ImportError::TooManyCells { file: "f.csv".into(), limit: 3 }));
        assert!(budget.fits_text(10).is_ok());
        assert!(budget.take_text(4).is_ok());
        assert!(budget.take_text(6).is_ok());
        assert_eq!(budget.fits_text(1), Err(ImportError::TooMuchText { file: "f.csv".into(), limit: 10 }));
        assert_eq!(budget.take_text(1), Err(ImportError::TooMuchText { file: "f.csv".into(), limit: 10 }));
    }

    #[test]
    fn a_span_is_the_rectangle_of_its_cells() {
        let mut span = Span::default();
        assert_eq!(span.cells(), 0);
        span.add((2, 3));
        assert_eq!(span.cells(), 1);
        span.add((0, 5));
        span.add((1_048_575, 16_383));
        assert_eq!(span.cells(), 1_048_576 * 16_381);
    }
}
