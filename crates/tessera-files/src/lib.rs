//! Spreadsheet files in and out: bytes of an uploaded file become text sheets, and text rows
//! become a Parquet file. Pure and synchronous: no I/O beyond the bytes given, so a caller runs
//! it on a blocking thread and decides where bytes come from and go to.
//!
//! # Formats
//!
//! The format is taken from the file name's extension AND checked against the bytes, so a
//! renamed file is refused with a clear error instead of being misread:
//!
//! | extension            | bytes must be                                   | read with        |
//! |----------------------|-------------------------------------------------|------------------|
//! | `csv`, `tsv`, `txt`  | UTF-8 text (a BOM is allowed)                   | csv-core         |
//! | `parquet`            | `PAR1` at both ends                             | parquet          |
//! | `xlsx`, `xlsm`       | a zip archive with `[Content_Types].xml`        | calamine         |
//! | `xls`                | an OLE2 compound file (`D0 CF 11 E0 A1 B1 1A E1`) | calamine       |
//! | `ods`                | a zip archive whose `mimetype` is an OpenDocument spreadsheet | quick-xml, cell by cell (`ods_cells`) |
//!
//! Delimited text is sniffed among `,` `;` tab and `|`: on the first 50 records (quotes
//! respected) the delimiter whose per-record count is most often the same non-zero number wins.
//! Quoted fields may hold delimiters, newlines and doubled quotes. Every cell stays text: no type
//! is inferred. Parquet values become text as people write them: numbers as they are (floats
//! with a `.0` when whole), booleans `true`/`false`, dates `YYYY-MM-DD`, timestamps
//! `YYYY-MM-DD HH:MM:SS` (with the fraction of a second when there is one), decimals with their
//! scale, unsigned integers unsigned, null → empty. Nested columns (lists, maps, structs) are
//! refused by name.
//! Workbook cells: strings as they are, whole numbers without `.0`, other numbers as the
//! shortest text that reads back to the same number, booleans `TRUE`/`FALSE`, dates
//! `YYYY-MM-DD`, date-times `YYYY-MM-DD HH:MM:SS`, durations `H:MM:SS`, errors as their text
//! (`#DIV/0!`), empty cells empty. A workbook tab starts at its first used column. An XLSX tab's
//! rows must be stored in order, as spreadsheet programs write them: it is read row by row.
//!
//! # Header and rows (every format)
//!
//! - The first row with a non-blank cell is the header; rows above it are dropped.
//! - Blank rows at the end are dropped (blank rows in between are kept).
//! - A column is blank when its header and every one of its cells are blank; blank columns at
//!   the end are dropped. A row longer than the header therefore keeps its extra cells only when
//!   some row has a non-blank cell there; such columns are named like empty header names.
//! - Every row is then padded with empty cells or cut to the header's width.
//! - Header names are trimmed. An empty name becomes `Column N` (N is the 1-based position).
//!   A name seen before becomes `Name (2)`, `Name (3)`, … skipping any name already taken by
//!   another column, so every name is unique.
//! - A cell counts as blank when it is empty or only whitespace; kept cells are not trimmed.
//!
//! Sheet titles: a text or Parquet file gives one sheet titled with the file's stem
//! (`sales.csv` → `sales`); a workbook gives one sheet per tab with data, titled with the tab's
//! name. A file without any non-blank row answers "The file has no data".
//!
//! # Limits
//!
//! [`Limits`] bound what one file may cost: its size is checked first; zip archives (XLSX, ODS)
//! are checked from their central directory (total size, per-entry compression ratio,
//! encryption) and by inflating each entry no further than its declared size before a workbook
//! is opened. Cells count as the rectangle a tab spans, because every row is padded to the
//! tab's width: delimited text costs its records times its widest record, an XLSX tab the
//! rectangle between its outermost values (read cell by cell, stopping at the limit), Parquet
//! its rows times its columns from the footer. An ODS cell can stand for millions (repeated
//! rows and columns) and XLS tabs are built whole by calamine, so what they will build is
//! counted first from the file itself (ODS repeats, XLS declared dimensions and cell
//! positions) and a file past the limit is refused before a cell is built.
//!
//! Cell text is bounded too, because a value a file stores once can fill many cells (an XLSX
//! shared string, a Parquet dictionary entry, an ODS cell repeated over columns and rows):
//! readers take each cell's text from the same budget as they build it, and for ODS, whose one
//! cell can repeat into terabytes, the text is counted from the file first.

mod calamine_xml;
mod cell_text;
mod detect;
mod grid;
mod ods_cells;
mod ods_extent;
mod parquet;
mod parquet_footer;
mod text;
mod workbook;
mod xls_extent;
mod xlsx_extent;

use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;

use detect::Format;
pub use grid::{unique_names, PROGRESS_ROWS};

/// One tab: a header of unique names and rows exactly as wide as the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// What one imported file may cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Size of the file as uploaded.
    pub max_file_bytes: u64,
    /// Cells over all sheets, each tab counted as the rectangle it spans (before trimming).
    pub max_cells: u64,
    /// Sum of the uncompressed sizes of a zip archive's entries (XLSX, ODS).
    pub max_decompressed_bytes: u64,
    /// Tabs of a workbook.
    pub max_sheets: usize,
    /// Bytes of text of all cells together, as the readers build them. A value a file stores
    /// once can fill many cells (an XLSX shared string, a Parquet dictionary entry, an ODS cell
    /// repeated over columns and rows), so a small file can stand for gigabytes of text.
    pub max_text_bytes: u64,
}

const MIB: u64 = 1024 * 1024;

/// Google Sheets' own limit per spreadsheet: a sheet that fits there imports here.
pub const MAX_CELLS: u64 = 10_000_000;
/// The default largest file (see [`Limits::default`] for why 200 MiB).
pub const MAX_FILE_BYTES: u64 = 200 * MIB;

impl Default for Limits {
    /// The file size fits 10,000,000 cells of ordinary content with room to spare: 1,000,000
    /// rows of 10 columns of names, e-mails, cities, dates and amounts are 94 MiB as CSV
    /// (about 10 bytes a cell), so 200 MiB leaves about 20 bytes a cell. An XLSX of the same
    /// cells is 49 MiB and unpacks to 360 MiB (every cell is an XML element, 3.8 times the
    /// CSV), so 1 GiB unpacked takes such a workbook with the same room.
    fn default() -> Self {
        Limits {
            max_file_bytes: MAX_FILE_BYTES,
            max_cells: MAX_CELLS,
            max_decompressed_bytes: 1024 * MIB,
            max_sheets: 200,
            max_text_bytes: 500 * MIB,
        }
    }
}

/// Why a file cannot be imported. Every message names the file and says what to change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("'{file}' is {size} bytes; files may be at most {limit} bytes ({}).", human_bytes(*limit))]
    FileTooLarge { file: String, size: u64, limit: u64 },
    #[error("'{file}' has more than {} cells, the most one import may hold. Split it into smaller files.", grouped(*limit))]
    TooManyCells { file: String, limit: u64 },
    #[error("'{file}' holds more than {} ({limit} bytes) of cell text, the most one import may hold. Split it into smaller files.", human_bytes(*limit))]
    TooMuchText { file: String, limit: u64 },
    #[error("'{file}' has {count} tabs; a workbook may have at most {limit}.")]
    TooManySheets { file: String, count: usize, limit: usize },
    #[error("'{file}' unpacks to more than {} ({limit} bytes), the most one import may unpack.", human_bytes(*limit))]
    DecompressedTooLarge { file: String, limit: u64 },
    #[error("'{file}' looks like a zip bomb: its part '{entry}' is compressed more than 100 to 1.")]
    CompressionRatio { file: String, entry: String },
    #[error("'{file}' is password-protected. Remove the password and upload it again.")]
    Encrypted { file: String },
    #[error("'{file}' is not a supported file. Upload a .csv, .tsv, .txt, .parquet, .xlsx, .xlsm, .xls or .ods file.")]
    UnsupportedExtension { file: String },
    #[error("'{file}' is named like {expected} but its content is {found}. Save it in the format its name says.")]
    FormatMismatch { file: String, expected: &'static str, found: &'static str },
    #[error("'{file}' is not UTF-8 text (line {line}). Save it as UTF-8 and upload it again.")]
    InvalidUtf8 { file: String, line: u64 },
    #[error("'{file}' cannot be read as {format}: {problem}")]
    Malformed { file: String, format: &'static str, problem: String },
    #[error("The file has no data: '{file}' has no row with a value.")]
    NoData { file: String },
}

/// Why rows cannot be written as Parquet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    #[error("the columns cannot be written as Parquet: {0}")]
    Parquet(String),
}

/// A count with thousands separators, as the limits are written in the guide: `10,000,000`.
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

fn human_bytes(bytes: u64) -> String {
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads a spreadsheet file into sheets, one per tab with data (see the crate docs for the
/// rules). `file_name` gives the format (with the bytes) and the title of single-sheet formats.
pub fn import(file_name: &str, bytes: &[u8], limits: &Limits) -> Result<Vec<Sheet>, ImportError> {
    import_reporting(file_name, bytes, limits, &mut |_| ())
}

/// [`import`], telling `rows_read` how many rows it has read every 10,000 rows, for a caller
/// that shows a long import's progress. XLS is built by its reader whole and reports nothing.
pub fn import_reporting(file_name: &str, bytes: &[u8], limits: &Limits, rows_read: &mut dyn FnMut(u64)) -> Result<Vec<Sheet>, ImportError> {
    let mut sheets: Vec<Sheet> = Vec::new();
    read_tabs(file_name, bytes, limits, rows_read, |piece| {
        match piece {
            Piece::Tab { title, columns, rows } => sheets.push(Sheet { title, columns, rows: Vec::with_capacity(rows) }),
            Piece::Row(row) => sheets.last_mut().expect("a row comes after its tab").rows.push(row),
        }
        ControlFlow::Continue(())
    })?;
    Ok(sheets)
}

/// What [`read_tabs`] hands over, in file order: each tab with data as its header, then its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A tab's title, its header (unique names, as [`import`] gives them) and how many rows follow.
    Tab { title: String, columns: Vec<String>, rows: usize },
    /// The next row of the last tab, exactly as wide as its header.
    Row(Vec<String>),
}

/// Reads a spreadsheet file as [`import`] does, handing each tab's header and then its rows to
/// `each` one at a time until it breaks, so that a caller that stores them as they come holds
/// the file's bytes and a batch, never a tab (issue 31: a 10,000,000-cell import in bounded
/// memory). Delimited text, Parquet, XLSX and ODS are read twice, a first pass learning a tab's
/// header and row count without keeping any row; XLS tabs are built whole by calamine, one tab
/// at a time. A failure to read the first tab (size, format, the limits, a
/// damaged file, no data) comes before anything is handed over; a later one (the limits met in
/// a later tab, text past [`Limits::max_text_bytes`]) ends the read with that error, and the
/// caller drops what it was given.
pub fn read_tabs(
    file_name: &str,
    bytes: &[u8],
    limits: &Limits,
    rows_read: &mut dyn FnMut(u64),
    mut each: impl FnMut(Piece) -> ControlFlow<()>,
) -> Result<(), ImportError> {
    let format = checked_format(file_name, bytes, limits)?;
    let mut budget = grid::CellBudget::reporting(file_name, limits, rows_read);
    let Format::Workbook(kind) = format else {
        let tab = Streamed::measure(file_name, bytes, format, &mut budget)?;
        let header = Piece::Tab { title: stem(file_name), columns: tab.shape().columns.clone(), rows: tab.shape().row_count() };
        if each(header).is_break() {
            return Ok(());
        }
        return tab.rows(file_name, &mut budget, |row| each(Piece::Row(row)));
    };
    let mut tabs = 0;
    untrusted(file_name, format, || {
        workbook::read(file_name, bytes, kind, limits, &mut budget, &mut |piece| {
            tabs += usize::from(matches!(piece, Piece::Tab { .. }));
            each(piece)
        })
    })?;
    if tabs == 0 {
        return Err(ImportError::NoData { file: file_name.to_owned() });
    }
    Ok(())
}

/// The file's format, once its size is within the limit.
fn checked_format(file_name: &str, bytes: &[u8], limits: &Limits) -> Result<Format, ImportError> {
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(ImportError::FileTooLarge { file: file_name.to_owned(), size: bytes.len() as u64, limit: limits.max_file_bytes });
    }
    detect::format(file_name, bytes)
}

/// What `read` answers, read by third-party code parsing untrusted bytes, where a panic is a
/// damaged file to the user, not a crashed worker.
fn untrusted<T>(file: &str, format: Format, read: impl FnOnce() -> Result<T, ImportError>) -> Result<T, ImportError> {
    panic::catch_unwind(AssertUnwindSafe(read)).unwrap_or_else(|_| {
        Err(ImportError::Malformed {
            file: file.to_owned(),
            format: format.label(),
            problem: "the file is damaged or uses something this reader does not support.".to_owned(),
        })
    })
}

/// A one-tab file whose reader hands its rows over one at a time, measured.
#[derive(Debug)]
enum Streamed<'a> {
    Text(text::Measured<'a>),
    Parquet(parquet::Measured),
}

impl<'a> Streamed<'a> {
    /// Measures a text or Parquet file (`format`); a file without values has no data.
    fn measure(file_name: &str, bytes: &'a [u8], format: Format, budget: &mut grid::CellBudget) -> Result<Self, ImportError> {
        let measured = match format {
            Format::Text { tab_default } => text::measure(file_name, bytes, tab_default, budget)?.map(Streamed::Text),
            _ => untrusted(file_name, format, || parquet::measure(file_name, bytes, budget))?.map(Streamed::Parquet),
        };
        measured.ok_or_else(|| ImportError::NoData { file: file_name.to_owned() })
    }

    fn shape(&self) -> &grid::Shape {
        match self {
            Streamed::Text(measured) => &measured.shape,
            Streamed::Parquet(measured) => &measured.shape,
        }
    }

    fn rows(
        &self,
        file_name: &str,
        budget: &mut grid::CellBudget,
        each: impl FnMut(Vec<String>) -> ControlFlow<()>,
    ) -> Result<(), ImportError> {
        match self {
            Streamed::Text(measured) => measured.rows(budget, each),
            Streamed::Parquet(measured) => untrusted(file_name, Format::Parquet, || measured.rows(budget, each)),
        }
    }
}

/// Writes a header and rows as a Parquet file whose columns are all UTF-8 text. Rows shorter
/// than the header are padded with empty cells; cells beyond the header are left out.
pub fn export_parquet(columns: &[String], rows: &[Vec<String>]) -> Result<Vec<u8>, ExportError> {
    parquet::write(columns, rows)
}

/// The file name without folders and without its last extension: `q1/sales.csv` → `sales`.
fn stem(file_name: &str) -> String {
    let stem = Path::new(file_name).file_stem().and_then(|stem| stem.to_str()).unwrap_or("").trim();
    if stem.is_empty() {
        "Sheet1".to_owned()
    } else {
        stem.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_limits_are_the_documented_ones() {
        let limits = Limits::default();
        assert_eq!(limits.max_file_bytes, 200 * 1024 * 1024);
        assert_eq!(limits.max_cells, 10_000_000);
        assert_eq!(limits.max_decompressed_bytes, 1024 * 1024 * 1024);
        assert_eq!(limits.max_sheets, 200);
        assert_eq!(limits.max_text_bytes, 500 * 1024 * 1024);
    }

    #[test]
    fn the_size_is_checked_before_anything_else() {
        let limits = Limits { max_file_bytes: 4, ..Limits::default() };
        let error = import("big.xlsx", b"not a workbook at all", &limits).unwrap_err();
        assert_eq!(error, ImportError::FileTooLarge { file: "big.xlsx".into(), size: 21, limit: 4 });
        assert!(error.to_string().contains("'big.xlsx'"), "{error}");
    }

    #[test]
    fn titles_of_single_sheet_files_are_the_file_stem() {
        assert_eq!(stem("sales.csv"), "sales");
        assert_eq!(stem("q1/sales.2024.csv"), "sales.2024");
        assert_eq!(stem(".csv"), ".csv");
        assert_eq!(stem(""), "Sheet1");
    }

    #[test]
    fn a_file_without_values_has_no_data() {
        let error = import("empty.csv", b"\n , \n", &Limits::default()).unwrap_err();
        assert_eq!(error, ImportError::NoData { file: "empty.csv".into() });
        assert!(error.to_string().starts_with("The file has no data"));
    }

    #[test]
    fn counts_are_written_with_thousands_separators() {
        assert_eq!(grouped(10_000_000), "10,000,000");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(0), "0");
    }

    #[test]
    fn long_files_report_the_rows_read_every_ten_thousand() {
        let text = format!("n\n{}", "1\n".repeat(25_000));
        let mut reports = Vec::new();
        import_reporting("long.csv", text.as_bytes(), &Limits::default(), &mut |rows| reports.push(rows)).unwrap();
        assert_eq!(reports, [10_000, 20_000]);
    }

    /// What [`read_tabs`] hands over, as sheets, checking that each tab's rows are as many as
    /// its header said.
    fn streamed(file_name: &str, bytes: &[u8], limits: &Limits) -> Result<Vec<Sheet>, ImportError> {
        let mut sheets: Vec<(Sheet, usize)> = Vec::new();
        read_tabs(file_name, bytes, limits, &mut |_| (), |piece| {
            match piece {
                Piece::Tab { title, columns, rows } => sheets.push((Sheet { title, columns, rows: Vec::new() }, rows)),
                Piece::Row(row) => sheets.last_mut().unwrap().0.rows.push(row),
            }
            ControlFlow::Continue(())
        })?;
        for (sheet, said) in &sheets {
            assert_eq!(sheet.rows.len(), *said, "the row count said before the rows of {}", sheet.title);
        }
        Ok(sheets.into_iter().map(|(sheet, _)| sheet).collect())
    }

    #[test]
    fn rows_read_one_at_a_time_are_the_rows_of_a_whole_import() {
        let files: [&[u8]; 8] = [
            b"\xEF\xBB\xBFName,Amount\r\nAda,10\r\nBob,007\r\n",
            b"\n , \nName;Amount;Note\nAda;1,5;a, b\n\n\nBob;2,25\n\n \n",
            b"a,b,,\n1\n1,2,, ,\n",
            b"a,\n1,,,x\n",
            b"A,A,A (2),,A\n,,,,x\n",
            b"Name,Note\n\"Ada\",\"line one\nline \"\"two\"\", still\"\nBob,plain",
            b"only a header",
            b"x\n\n\n",
        ];
        for bytes in files {
            let whole = import("t.csv", bytes, &Limits::default()).unwrap();
            assert_eq!(streamed("t.csv", bytes, &Limits::default()).unwrap(), whole, "{}", String::from_utf8_lossy(bytes));
        }
    }

    #[test]
    fn a_reader_that_breaks_gets_no_more_rows_nor_tabs() {
        let mut seen = Vec::new();
        read_tabs("t.csv", b"n\n1\n2\n3\n", &Limits::default(), &mut |_| (), |piece| {
            seen.push(piece);
            if seen.len() < 2 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .unwrap();
        assert_eq!(seen, [Piece::Tab { title: "t".into(), columns: vec!["n".into()], rows: 3 }, Piece::Row(vec!["1".into()])]);
        let mut workbook = rust_xlsxwriter::Workbook::new();
        for name in ["One", "Two"] {
            workbook.add_worksheet().set_name(name).unwrap().write_string(0, 0, "n").unwrap().write_string(1, 0, "1").unwrap();
        }
        let mut tabs = Vec::new();
        read_tabs("t.xlsx", &workbook.save_to_buffer().unwrap(), &Limits::default(), &mut |_| (), |piece| {
            tabs.push(piece);
            ControlFlow::Break(())
        })
        .unwrap();
        assert_eq!(tabs, [Piece::Tab { title: "One".into(), columns: vec!["n".into()], rows: 1 }]);
    }

    #[test]
    fn errors_of_the_first_tab_come_before_anything_is_handed_over() {
        let nothing = |file_name: &str, bytes: &[u8], limits: &Limits| {
            let mut pieces = 0;
            let result = read_tabs(file_name, bytes, limits, &mut |_| (), |_| {
                pieces += 1;
                ControlFlow::Continue(())
            });
            assert_eq!(pieces, 0, "{file_name} handed something over");
            result.unwrap_err()
        };
        let workbook = rust_xlsxwriter::Workbook::new().save_to_buffer().unwrap();
        assert_eq!(nothing("t.xlsx", &workbook, &Limits::default()), ImportError::NoData { file: "t.xlsx".into() });
        assert!(matches!(nothing("t.parquet", b"PAR1 not really PAR1", &Limits::default()), ImportError::Malformed { .. }));
        let limits = Limits { max_cells: 5, ..Limits::default() };
        assert_eq!(nothing("many.csv", b"a,b\n1,2\n3,4\n", &limits), ImportError::TooManyCells { file: "many.csv".into(), limit: 5 });
        assert_eq!(nothing("empty.csv", b"\n , \n", &Limits::default()), ImportError::NoData { file: "empty.csv".into() });
        assert!(matches!(nothing("latin.csv", b"a\ncaf\xE9\n", &Limits::default()), ImportError::InvalidUtf8 { line: 2, .. }));
        let limits = Limits { max_file_bytes: 3, ..Limits::default() };
        assert!(matches!(nothing("big.csv", b"a,b\n", &limits), ImportError::FileTooLarge { .. }));
    }

    #[test]
    fn the_text_limit_stops_a_row_by_row_read() {
        let limits = Limits { max_text_bytes: 10, ..Limits::default() };
        let error = streamed("long.csv", b"n\nabcdef\nghijkl\n", &limits).unwrap_err();
        assert_eq!(error, ImportError::TooMuchText { file: "long.csv".into(), limit: 10 });
    }

    #[test]
    fn the_cell_limit_stops_the_import() {
        let limits = Limits { max_cells: 5, ..Limits::default() };
        let error = import("many.csv", b"a,b\n1,2\n3,4\n", &limits).unwrap_err();
        assert_eq!(error, ImportError::TooManyCells { file: "many.csv".into(), limit: 5 });
    }
}
