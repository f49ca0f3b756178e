//! Delimited text (CSV, TSV, TXT): UTF-8 checked here, delimiter sniffed here, fields split by
//! polars' CSV reader with every column read as text.

use std::io::Cursor;
use std::sync::Arc;

use polars::prelude::*;

use crate::grid::CellBudget;
use crate::ImportError;

const BOM: &[u8] = b"\xEF\xBB\xBF";
const QUOTE: u8 = b'"';
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];
/// Records the delimiter is sniffed from.
const SNIFF_RECORDS: usize = 50;

/// The rows of a delimited text file, cells as written.
pub(crate) fn read(file: &str, bytes: &[u8], tab_default: bool, budget: &mut CellBudget) -> Result<Vec<Vec<String>>, ImportError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    if let Err(error) = std::str::from_utf8(bytes) {
        let line = bytes[..error.valid_up_to()].iter().filter(|&&byte| byte == b'\n').count() as u64 + 1;
        return Err(ImportError::InvalidUtf8 { file: file.to_owned(), line });
    }
    let delimiter = sniff(bytes).unwrap_or(if tab_default { b'\t' } else { b',' });
    let width = rectangle(bytes, delimiter, budget)?;
    if width == 0 {
        return Ok(Vec::new());
    }
    let malformed =
        |problem: PolarsError| ImportError::Malformed { file: file.to_owned(), format: "delimited text", problem: problem.to_string() };
    // Named by position and all text: the header rule is the crate's, and no value is converted.
    let schema: Schema = (0..width).map(|index| Field::new(format!("{index}").into(), DataType::String)).collect();
    let frame = CsvReadOptions::default()
        .with_has_header(false)
        .with_schema(Some(Arc::new(schema)))
        .with_infer_schema_length(Some(0))
        .with_raise_if_empty(false)
        .map_parse_options(|options| options.with_separator(delimiter).with_quote_char(Some(QUOTE)))
        .into_reader_with_file_handle(Cursor::new(bytes))
        .finish()
        .map_err(malformed)?;
    rows_of(&frame, budget, malformed)
}

/// Row-major text cells of an all-text frame; nulls are empty cells. The text is taken from
/// `budget` before it is copied out: a frame can share one value among many cells (a Parquet
/// dictionary), which the copies do not.
pub(crate) fn rows_of(
    frame: &DataFrame,
    budget: &mut CellBudget,
    malformed: impl Fn(PolarsError) -> ImportError,
) -> Result<Vec<Vec<String>>, ImportError> {
    let columns: Vec<&StringChunked> =
        frame.columns().iter().map(|column| column.as_materialized_series().str()).collect::<PolarsResult<_>>().map_err(malformed)?;
    let text: u64 = columns.iter().flat_map(|column| column.iter()).map(|cell| cell.map_or(0, str::len) as u64).sum();
    budget.take_text(text)?;
    let mut rows = vec![Vec::with_capacity(frame.width()); frame.height()];
    for column in columns {
        for (row, cell) in rows.iter_mut().zip(column.iter()) {
            row.push(cell.unwrap_or("").to_owned());
        }
    }
    Ok(rows)
}

/// Calls `each` with the delimiter counts (outside quotes) of each record, and stops when it
/// answers false. A quote toggles quoting wherever it stands, as polars splits lines.
fn records(bytes: &[u8], mut each: impl FnMut(&[usize; 4]) -> bool) {
    let mut counts = [0usize; 4];
    let mut quoted = false;
    let mut started = false;
    for &byte in bytes {
        match byte {
            QUOTE => quoted = !quoted,
            b'\n' if !quoted => {
                if !each(&counts) {
                    return;
                }
                counts = [0; 4];
                started = false;
                continue;
            }
            _ if !quoted => {
                if let Some(index) = DELIMITERS.iter().position(|&delimiter| delimiter == byte) {
                    counts[index] += 1;
                }
            }
            _ => {}
        }
        started = true;
    }
    if started {
        each(&counts);
    }
}

/// The delimiter whose count per record is most often the same non-zero number on the first
/// records; ties go to the more frequent count, then to the order `,` `;` tab `|`.
fn sniff(bytes: &[u8]) -> Option<u8> {
    let mut per_record: Vec<[usize; 4]> = Vec::with_capacity(SNIFF_RECORDS);
    records(bytes, |counts| {
        per_record.push(*counts);
        per_record.len() < SNIFF_RECORDS
    });
    let mut best: Option<(usize, usize, u8)> = None;
    for (index, &delimiter) in DELIMITERS.iter().enumerate() {
        let mut frequency: Vec<(usize, usize)> = Vec::new();
        for counts in &per_record {
            let count = counts[index];
            if count == 0 {
                continue;
            }
            match frequency.iter_mut().find(|(seen, _)| *seen == count) {
                Some((_, times)) => *times += 1,
                None => frequency.push((count, 1)),
            }
        }
        let Some(&(count, times)) = frequency.iter().max_by_key(|&&(count, times)| (times, count)) else { continue };
        if best.is_none_or(|(best_times, best_count, _)| (times, count) > (best_times, best_count)) {
            best = Some((times, count, delimiter));
        }
    }
    best.map(|(_, _, delimiter)| delimiter)
}

/// The most fields any record has. The reader pads every record to that width, so the budget
/// is drawn for records × widest, not for the fields written: one wide record over a million
/// one-field lines would otherwise cost a million times its width.
fn rectangle(bytes: &[u8], delimiter: u8, budget: &mut CellBudget) -> Result<usize, ImportError> {
    let index = DELIMITERS.iter().position(|&candidate| candidate == delimiter).unwrap_or(0);
    let (mut widest, mut height) = (0u64, 0u64);
    let mut outcome = Ok(());
    records(bytes, |counts| {
        widest = widest.max(counts[index] as u64 + 1);
        height += 1;
        outcome = budget.fits(height.saturating_mul(widest));
        outcome.is_ok()
    });
    outcome?;
    budget.take(height.saturating_mul(widest))?;
    Ok(widest as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{import, Limits, Sheet};

    fn read_text(bytes: &[u8]) -> Vec<Vec<String>> {
        read("t.csv", bytes, false, &mut CellBudget::new("t.csv", &Limits { max_cells: u64::MAX, ..Limits::default() })).unwrap()
    }

    fn sheet(name: &str, bytes: &[u8]) -> Sheet {
        let mut sheets = import(name, bytes, &Limits::default()).unwrap();
        assert_eq!(sheets.len(), 1);
        sheets.remove(0)
    }

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|cell| cell.to_string()).collect()
    }

    #[test]
    fn commas_with_a_bom_and_crlf_lines() {
        let sheet = sheet("sales.csv", b"\xEF\xBB\xBFName,Amount\r\nAda,10\r\nBob,007\r\n");
        assert_eq!(sheet.title, "sales");
        assert_eq!(sheet.columns, strings(&["Name", "Amount"]));
        assert_eq!(sheet.rows, vec![strings(&["Ada", "10"]), strings(&["Bob", "007"])]);
    }

    #[test]
    fn semicolons_are_sniffed_and_commas_inside_stay_in_the_cell() {
        let sheet = sheet("eu.csv", b"Name;Amount;Note\nAda;1,5;a, b\nBob;2,25;c\n");
        assert_eq!(sheet.columns, strings(&["Name", "Amount", "Note"]));
        assert_eq!(sheet.rows[0], strings(&["Ada", "1,5", "a, b"]));
    }

    #[test]
    fn tabs_and_pipes_are_sniffed() {
        assert_eq!(sheet("t.tsv", b"a\tb\n1\t2\n").rows, vec![strings(&["1", "2"])]);
        assert_eq!(sheet("t.txt", b"a|b\n1|2\n").rows, vec![strings(&["1", "2"])]);
    }

    #[test]
    fn a_tsv_with_one_column_keeps_commas_in_it() {
        let sheet = sheet("t.tsv", b"Note\nhello\n");
        assert_eq!(sheet.columns, strings(&["Note"]));
        assert_eq!(sheet.rows, vec![strings(&["hello"])]);
    }

    #[test]
    fn the_most_consistent_delimiter_wins() {
        // Commas appear in every row but in different numbers; semicolons are steady.
        assert_eq!(sniff(b"a;b;c\n1,5;2;3\n1;2,5,6;3\n4;5;6\n"), Some(b';'));
        assert_eq!(sniff(b"just text\nmore\n"), None);
    }

    #[test]
    fn quoted_fields_hold_newlines_delimiters_and_doubled_quotes() {
        let rows = read_text(b"Name,Note\n\"Ada\",\"line one\nline \"\"two\"\", still\"\nBob,plain\n");
        assert_eq!(rows[1], strings(&["Ada", "line one\nline \"two\", still"]));
        assert_eq!(rows[2], strings(&["Bob", "plain"]));
    }

    #[test]
    fn nothing_is_converted() {
        let sheet = sheet("t.csv", b"id,when,flag,amount\n007,2024-01-05,true,1.50\n,,,\n8,,,\n");
        assert_eq!(sheet.rows[0], strings(&["007", "2024-01-05", "true", "1.50"]));
        assert_eq!(sheet.rows[1], strings(&["", "", "", ""]));
    }

    #[test]
    fn empty_lines_between_rows_stay_blank_rows_and_trailing_ones_go() {
        let sheet = sheet("t.csv", b"a,b\n1,2\n\n3,4\n\n\n");
        assert_eq!(sheet.rows, vec![strings(&["1", "2"]), strings(&["", ""]), strings(&["3", "4"])]);
    }

    #[test]
    fn ragged_rows_are_padded_and_longer_ones_kept() {
        let sheet = sheet("t.csv", b"a,b\n1\n1,2,3\n");
        assert_eq!(sheet.columns, strings(&["a", "b", "Column 3"]));
        assert_eq!(sheet.rows, vec![strings(&["1", "", ""]), strings(&["1", "2", "3"])]);
    }

    #[test]
    fn invalid_utf8_names_the_line() {
        let error = import("latin.csv", b"a,b\n1,2\ncaf\xE9,3\n", &Limits::default()).unwrap_err();
        assert_eq!(error, ImportError::InvalidUtf8 { file: "latin.csv".into(), line: 3 });
        assert!(error.to_string().contains("line 3"), "{error}");
    }

    #[test]
    fn the_budget_counts_fields_per_record() {
        let mut budget = CellBudget::new("t.csv", &Limits { max_cells: 5, ..Limits::default() });
        let error = read("t.csv", b"a,b\n1,2\n3,4\n", false, &mut budget).unwrap_err();
        assert!(matches!(error, ImportError::TooManyCells { limit: 5, .. }));
    }

    #[test]
    fn one_wide_record_counts_its_width_for_every_record() {
        // A header of 300 names over 299 one-field lines: 599 fields written, 300 × 300 read.
        let header: Vec<String> = (0..300).map(|column| format!("c{column}")).collect();
        let mut text = format!("{}\n", header.join(",")).into_bytes();
        text.extend(b"x\n".repeat(299));
        let limits = Limits { max_cells: 10_000, ..Limits::default() };
        let error = import("wide.csv", &text, &limits).unwrap_err();
        assert_eq!(error, ImportError::TooManyCells { file: "wide.csv".into(), limit: 10_000 });
        let limits = Limits { max_cells: 90_000, ..Limits::default() };
        assert_eq!(import("wide.csv", &text, &limits).unwrap()[0].rows.len(), 299);
    }
}
