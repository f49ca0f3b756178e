//! Parquet through polars: read with every column cast to text, written with every column text.

use std::io::Cursor;

use polars::prelude::*;

use crate::grid::CellBudget;
use crate::parquet_footer;
use crate::text::rows_of;
use crate::{ExportError, ImportError};

/// The header row (the column names) followed by the rows, all text.
pub(crate) fn read(file: &str, bytes: &[u8], budget: &mut CellBudget) -> Result<Vec<Vec<String>>, ImportError> {
    let malformed =
        |problem: PolarsError| ImportError::Malformed { file: file.to_owned(), format: "a Parquet file", problem: problem.to_string() };
    // polars trusts the sizes a footer claims; one that lies is refused before polars sees it.
    parquet_footer::check(bytes).map_err(|problem| ImportError::Malformed {
        file: file.to_owned(),
        format: "a Parquet file",
        problem: format!("its footer (the part that describes the columns) is damaged: {problem}."),
    })?;
    let mut reader = ParquetReader::new(Cursor::new(bytes));
    // The footer tells the size, so a huge file is refused before any column is decoded.
    let height = reader.num_rows().map_err(malformed)?;
    let width = reader.schema().map_err(malformed)?.len();
    budget.take(((height as u64).saturating_add(1)).saturating_mul(width as u64))?;
    let frame = reader.finish().map_err(malformed)?;
    let columns: Vec<Column> =
        frame.columns().iter().map(|column| column.cast(&DataType::String)).collect::<PolarsResult<_>>().map_err(malformed)?;
    let header: Vec<String> = frame.get_column_names().iter().map(|name| name.to_string()).collect();
    let mut rows = vec![header];
    rows.extend(rows_of(&DataFrame::new(frame.height(), columns).map_err(malformed)?, budget, malformed)?);
    Ok(rows)
}

pub(crate) fn write(columns: &[String], rows: &[Vec<String>]) -> Result<Vec<u8>, ExportError> {
    let failed = |error: PolarsError| ExportError::Parquet(error.to_string());
    let series: Vec<Column> = columns
        .iter()
        .enumerate()
        .map(|(index, name)| {
            let cells: Vec<&str> = rows.iter().map(|row| row.get(index).map_or("", String::as_str)).collect();
            Column::new(name.as_str().into(), cells)
        })
        .collect();
    let mut frame = DataFrame::new(rows.len(), series).map_err(failed)?;
    let mut bytes = Vec::new();
    ParquetWriter::new(&mut bytes).finish(&mut frame).map_err(failed)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{import, Limits};

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|cell| cell.to_string()).collect()
    }

    #[test]
    fn an_export_reads_back_as_the_same_sheet() {
        let columns = strings(&["Name", "Amount", "Note"]);
        let rows = vec![strings(&["Ada", "10", "line\none"]), strings(&["Bob", "", ""]), strings(&["Cy", "3.5"])];
        let bytes = write(&columns, &rows).unwrap();
        assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
        let sheets = import("people.parquet", &bytes, &Limits::default()).unwrap();
        assert_eq!(sheets.len(), 1);
        assert_eq!(sheets[0].title, "people");
        assert_eq!(sheets[0].columns, columns);
        assert_eq!(sheets[0].rows, vec![strings(&["Ada", "10", "line\none"]), strings(&["Bob", "", ""]), strings(&["Cy", "3.5", ""])]);
    }

    #[test]
    fn exported_columns_are_all_text() {
        let bytes = write(&strings(&["n"]), &[strings(&["1"])]).unwrap();
        let frame = ParquetReader::new(Cursor::new(bytes)).finish().unwrap();
        assert_eq!(frame.column("n").unwrap().dtype(), &DataType::String);
    }

    #[test]
    fn typed_columns_are_printed_as_text_and_nulls_empty() {
        let mut frame = DataFrame::new(
            3,
            vec![
                Column::new("int".into(), [Some(1i64), None, Some(-3)]),
                Column::new("float".into(), [1.5f64, 2.0, 0.1]),
                Column::new("flag".into(), [true, false, true]),
            ],
        )
        .unwrap();
        let mut bytes = Vec::new();
        ParquetWriter::new(&mut bytes).finish(&mut frame).unwrap();
        let sheet = import("typed.parquet", &bytes, &Limits::default()).unwrap().remove(0);
        assert_eq!(sheet.columns, strings(&["int", "float", "flag"]));
        assert_eq!(sheet.rows, vec![strings(&["1", "1.5", "true"]), strings(&["", "2.0", "false"]), strings(&["-3", "0.1", "true"])]);
    }

    #[test]
    fn a_broken_parquet_file_is_a_clear_error() {
        let mut bytes = write(&strings(&["a"]), &[strings(&["1"])]).unwrap();
        let middle = bytes.len() / 2;
        bytes.truncate(middle);
        bytes.extend_from_slice(b"PAR1");
        let error = import("broken.parquet", &bytes, &Limits::default()).unwrap_err();
        assert!(matches!(error, ImportError::Malformed { format: "a Parquet file", .. }), "{error:?}");
        assert!(error.to_string().contains("'broken.parquet'"));
    }

    #[test]
    fn the_cell_limit_is_checked_from_the_footer() {
        let bytes = write(&strings(&["a", "b"]), &[strings(&["1", "2"]), strings(&["3", "4"])]).unwrap();
        let limits = Limits { max_cells: 5, ..Limits::default() };
        assert!(matches!(import("p.parquet", &bytes, &limits), Err(ImportError::TooManyCells { .. })));
    }

    #[test]
    fn text_a_dictionary_stores_once_counts_for_every_cell() {
        // A dictionary-encoded column: one value of 1,000 bytes in 11 rows.
        let long = "x".repeat(1_000);
        let bytes = write(&strings(&["a"]), &vec![vec![long]; 11]).unwrap();
        assert!(bytes.len() < 5_000, "stored once: {} bytes", bytes.len());
        let limits = Limits { max_text_bytes: 10_000, ..Limits::default() };
        let error = import("d.parquet", &bytes, &limits).unwrap_err();
        assert_eq!(error, ImportError::TooMuchText { file: "d.parquet".into(), limit: 10_000 });
        assert_eq!(import("d.parquet", &bytes, &Limits::default()).unwrap()[0].rows.len(), 11);
    }
}
