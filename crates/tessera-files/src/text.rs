//! Delimited text (CSV, TSV, TXT): UTF-8 checked here, delimiter sniffed here, records and
//! fields split by `csv-core` (the state machine under the `csv` crate: quoted fields with
//! delimiters, newlines and doubled quotes), every cell kept as text.

use std::ops::ControlFlow;

use csv_core::{ReadRecordResult, Reader, ReaderBuilder};

use crate::grid::{CellBudget, Outline, Shape};
use crate::ImportError;

const BOM: &[u8] = b"\xEF\xBB\xBF";
const QUOTE: u8 = b'"';
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];
/// Records the delimiter is sniffed from.
const SNIFF_RECORDS: usize = 50;

/// A delimited text file's tab as the header rule shapes it (see the crate docs), found by a
/// pass that builds no cell but the header's: a file past the cell limit is refused before
/// anything is allocated for it, and a caller learns the header and the row count before the
/// first row is built, so it can store rows as they are read ([`Measured::rows`]).
#[derive(Debug)]
pub(crate) struct Measured<'a> {
    /// The file's bytes after any BOM, checked to be UTF-8.
    bytes: &'a [u8],
    delimiter: u8,
    pub shape: Shape,
}

/// Measures a delimited text file; `None` when no record has a non-blank field.
pub(crate) fn measure<'a>(
    file: &str,
    bytes: &'a [u8],
    tab_default: bool,
    budget: &mut CellBudget,
) -> Result<Option<Measured<'a>>, ImportError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    if let Err(error) = std::str::from_utf8(bytes) {
        let line = bytes[..error.valid_up_to()].iter().filter(|&&byte| byte == b'\n').count() as u64 + 1;
        return Err(ImportError::InvalidUtf8 { file: file.to_owned(), line });
    }
    let delimiter = sniff(bytes).unwrap_or(if tab_default { b'\t' } else { b',' });
    // Every record is padded to the widest, so the budget is drawn for records × widest, not
    // for the fields written: one wide record over a million one-field lines would otherwise
    // cost a million times its width.
    let (mut widest, mut height) = (0u64, 0u64);
    let mut outline = Outline::default();
    each_record(bytes, delimiter, |text, ends| {
        widest = widest.max(ends.len() as u64);
        height += 1;
        budget.fits(height.saturating_mul(widest))?;
        outline.see((0..ends.len()).map(|field| field_text(text, ends, field)));
        Ok(ControlFlow::Continue(()))
    })?;
    budget.take(height.saturating_mul(widest))?;
    Ok(outline.shape().map(|shape| Measured { bytes, delimiter, shape }))
}

impl Measured<'_> {
    /// Calls `each` with every data row in file order, each exactly as wide as the header
    /// (padded with empty cells; a longer record only loses blank ones), until it breaks.
    pub(crate) fn rows(&self, budget: &mut CellBudget, mut each: impl FnMut(Vec<String>) -> ControlFlow<()>) -> Result<(), ImportError> {
        let mut record = 0;
        each_record(self.bytes, self.delimiter, |text, ends| {
            budget.take_text(text.len() as u64)?;
            budget.row_read();
            record += 1;
            if self.shape.ends_before(record - 1) {
                return Ok(ControlFlow::Break(()));
            }
            if !self.shape.holds(record - 1) {
                return Ok(ControlFlow::Continue(()));
            }
            let width = self.shape.columns.len();
            let mut row = Vec::with_capacity(width);
            row.extend((0..ends.len().min(width)).map(|field| field_text(text, ends, field).to_owned()));
            Ok(each(self.shape.fit(row)))
        })
    }
}

/// Field `field` of a record's text: csv-core only drops ASCII quotes from valid UTF-8, so
/// each field is still UTF-8.
fn field_text<'t>(text: &'t [u8], ends: &[usize], field: usize) -> &'t str {
    let start = if field == 0 { 0 } else { ends[field - 1] };
    std::str::from_utf8(&text[start..ends[field]]).unwrap_or_default()
}

/// Calls `each` with every record's field text (fields back to back) and the end of each field
/// in it, in file order, until it breaks or fails. A line that is empty is a record of one
/// empty field: csv-core skips such lines, the importer keeps them as blank rows.
fn each_record(
    bytes: &[u8],
    delimiter: u8,
    mut each: impl FnMut(&[u8], &[usize]) -> Result<ControlFlow<()>, ImportError>,
) -> Result<(), ImportError> {
    let mut reader = ReaderBuilder::new().delimiter(delimiter).quote(QUOTE).build();
    let (mut text, mut ends) = (vec![0u8; 4096], vec![0usize; 64]);
    let mut at = 0;
    while at < bytes.len() {
        let flow = match line_end(&bytes[at..]) {
            Some(length) => {
                at += length;
                each(&[], &[0])?
            }
            None => {
                let (length, fields) = next_record(&mut reader, bytes, &mut at, &mut text, &mut ends);
                each(&text[..length], &ends[..fields])?
            }
        };
        if flow.is_break() {
            break;
        }
    }
    Ok(())
}

/// `\r\n`, `\n` or `\r` at the start of `bytes`: its length.
fn line_end(bytes: &[u8]) -> Option<usize> {
    match bytes {
        [b'\r', b'\n', ..] => Some(2),
        [b'\r' | b'\n', ..] => Some(1),
        _ => None,
    }
}

/// Reads the record starting at `*at` (not a line end) into `text` and `ends`, growing them as
/// needed, and moves `*at` past it and its line end. Answers the text's length and the number
/// of fields.
fn next_record(reader: &mut Reader, bytes: &[u8], at: &mut usize, text: &mut Vec<u8>, ends: &mut Vec<usize>) -> (usize, usize) {
    reader.reset();
    let (mut length, mut fields) = (0, 0);
    loop {
        let (result, read, written, ended) = reader.read_record(&bytes[*at..], &mut text[length..], &mut ends[fields..]);
        *at += read;
        length += written;
        fields += ended;
        match result {
            ReadRecordResult::OutputFull => text.resize(text.len() * 2, 0),
            ReadRecordResult::OutputEndsFull => ends.resize(ends.len() * 2, 0),
            // The input is all there: an empty slice tells csv-core the last record is complete.
            ReadRecordResult::InputEmpty => continue,
            ReadRecordResult::Record | ReadRecordResult::End => break,
        }
    }
    // csv-core stops after the `\r` of a `\r\n`; the `\n` still belongs to this record.
    if bytes[..*at].ends_with(b"\r") && bytes.get(*at) == Some(&b'\n') {
        *at += 1;
    }
    (length, fields)
}

/// A forgiving first look for sniffing the delimiter: a quote toggles quoting wherever it
/// stands. Calls `each` with the delimiter counts (outside quotes)
/// of each record, and stops when it answers false.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{import, Limits, Sheet};

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
        let rows = sheet("t.csv", b"Name,Note\n\"Ada\",\"line one\nline \"\"two\"\", still\"\nBob,plain\n").rows;
        assert_eq!(rows[0], strings(&["Ada", "line one\nline \"two\", still"]));
        assert_eq!(rows[1], strings(&["Bob", "plain"]));
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
        let error = measure("t.csv", b"a,b\n1,2\n3,4\n", false, &mut budget).unwrap_err();
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

    /// 1,000,000 records of ten one-letter fields, plus `extra` one-field records: rows 10 wide.
    fn million_rows_of_ten(extra: usize) -> Vec<u8> {
        let mut text = b"a,b,c,d,e,f,g,h,i,j\n".repeat(1_000_000);
        text.extend(b"x\n".repeat(extra));
        text
    }

    #[test]
    fn ten_million_cells_are_within_the_default_limit() {
        // Counting is the limit's whole check; building the cells is the import's ordinary work.
        let mut budget = CellBudget::new("big.csv", &Limits::default());
        let text = million_rows_of_ten(0);
        let measured = measure("big.csv", &text, false, &mut budget).unwrap().expect("a tab");
        assert_eq!((measured.shape.columns.len(), measured.shape.row_count()), (10, 999_999));
    }

    #[test]
    fn one_row_past_ten_million_cells_is_refused_naming_the_limit() {
        let error = import("big.csv", &million_rows_of_ten(1), &Limits::default()).unwrap_err();
        assert_eq!(error, ImportError::TooManyCells { file: "big.csv".into(), limit: 10_000_000 });
        assert_eq!(
            error.to_string(),
            "'big.csv' has more than 10,000,000 cells, the most one import may hold. Split it into smaller files."
        );
    }
}
