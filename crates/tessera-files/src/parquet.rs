//! Parquet through the `parquet` crate (no Arrow, no query engine): read with every column as
//! text, written with every column text.
//!
//! A file is read twice, both times a batch of rows at a time with all its columns read side by
//! side: a first pass finds the header rule's shape (see the crate docs), the second hands the
//! rows over one at a time. An import holds the file and a batch, never the tab (issue 31).
//! Each cell's text is taken from the budget before it is built: a dictionary page stores a
//! value once, the cells repeat it.

use std::ops::ControlFlow;
use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, NaiveDate, NaiveTime, TimeDelta};
use parquet::basic::{Compression, ConvertedType, LogicalType, Repetition, TimeUnit, Type as Physical};
use parquet::column::reader::{ColumnReader, ColumnReaderImpl};
use parquet::data_type::{ByteArray, ByteArrayType, DataType, Int96};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::{ColumnDescPtr, ColumnDescriptor, Type};

use crate::grid::{CellBudget, Outline, Shape};
use crate::parquet_footer;
use crate::{ExportError, ImportError};

/// Rows read at a time, every column side by side.
const BATCH: usize = 4096;
/// Julian day number of 1970-01-01: INT96 timestamps count days from the Julian epoch.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// A Parquet file's one tab as the header rule shapes it, found by a first pass over its rows;
/// [`Measured::rows`] then hands them over one at a time.
#[derive(Debug)]
pub(crate) struct Measured {
    file: File,
    pub shape: Shape,
}

/// Measures a Parquet file; `None` when no row (the column names included) has a value. The
/// cells are taken from `budget` by the footer's count before any column is decoded; their text
/// is counted as they are built, on a budget of its own, since [`Measured::rows`] builds them
/// again.
pub(crate) fn measure(file: &str, bytes: &[u8], budget: &mut CellBudget) -> Result<Option<Measured>, ImportError> {
    let opened = File::open(file, bytes, budget)?;
    let mut outline = Outline::default();
    opened.each_row(&mut budget.fresh(), |row| {
        outline.see(row.iter().map(String::as_str));
        Ok(ControlFlow::Continue(()))
    })?;
    Ok(outline.shape().map(|shape| Measured { file: opened, shape }))
}

impl Measured {
    /// Calls `each` with every data row in file order, exactly as wide as the header, until it
    /// breaks.
    pub(crate) fn rows(&self, budget: &mut CellBudget, mut each: impl FnMut(Vec<String>) -> ControlFlow<()>) -> Result<(), ImportError> {
        let mut index = 0;
        self.file.each_row(budget, |row| {
            index += 1;
            if self.shape.ends_before(index - 1) {
                return Ok(ControlFlow::Break(()));
            }
            if !self.shape.holds(index - 1) {
                return Ok(ControlFlow::Continue(()));
            }
            Ok(each(self.shape.fit(row)))
        })
    }
}

/// A Parquet file whose footer was checked, opened.
struct File {
    name: String,
    reader: SerializedFileReader<Bytes>,
    /// Rows, as the footer says.
    height: u64,
}

impl File {
    fn open(file: &str, bytes: &[u8], budget: &mut CellBudget) -> Result<Self, ImportError> {
        let malformed = |problem: String| malformed(file, problem);
        // The footer's claims are checked before the reader trusts any of them.
        parquet_footer::check(bytes)
            .map_err(|problem| malformed(format!("its footer (the part that describes the columns) is damaged: {problem}.")))?;
        let reader = SerializedFileReader::new(Bytes::copy_from_slice(bytes)).map_err(|error| malformed(error.to_string()))?;
        let metadata = reader.metadata().file_metadata();
        let schema = metadata.schema_descr();
        if let Some(nested) = schema.root_schema().get_fields().iter().find(|field| !field.is_primitive()) {
            return Err(malformed(format!(
                "its column '{}' holds nested values (a list, map or struct), which cannot be cells.",
                nested.name()
            )));
        }
        let height =
            u64::try_from(metadata.num_rows()).map_err(|_| malformed("its footer claims a negative number of rows.".to_owned()))?;
        // The footer tells the size, so a huge file is refused before any column is decoded.
        budget.take(height.saturating_add(1).saturating_mul(schema.num_columns() as u64))?;
        Ok(File { name: file.to_owned(), reader, height })
    }

    /// Calls `each` with the column names, then with every row, each as wide as the schema,
    /// until it breaks or fails. Each row group's columns are read side by side, a batch of
    /// rows at a time.
    fn each_row(
        &self,
        budget: &mut CellBudget,
        mut each: impl FnMut(Vec<String>) -> Result<ControlFlow<()>, ImportError>,
    ) -> Result<(), ImportError> {
        let malformed = |problem: String| malformed(&self.name, problem);
        let schema = self.reader.metadata().file_metadata().schema_descr();
        let columns: Vec<ColumnDescPtr> = (0..schema.num_columns()).map(|index| schema.column(index)).collect();
        if each(columns.iter().map(|column| column.name().to_owned()).collect())?.is_break() {
            return Ok(());
        }
        let mut seen = 0u64;
        for group_index in 0..self.reader.num_row_groups() {
            let group = self.reader.get_row_group(group_index).map_err(|error| malformed(error.to_string()))?;
            let count = u64::try_from(group.metadata().num_rows())
                .map_err(|_| malformed("a row group claims a negative number of rows.".to_owned()))?;
            seen = seen.saturating_add(count);
            if seen > self.height {
                return Err(malformed("its row groups hold more rows than its footer says.".to_owned()));
            }
            let mut readers = (0..columns.len())
                .map(|index| group.get_column_reader(index).map_err(|error| malformed(error.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            let mut left = count as usize;
            while left > 0 {
                let batch = left.min(BATCH);
                left -= batch;
                let mut cells = Vec::with_capacity(columns.len());
                for (reader, descriptor) in readers.iter_mut().zip(&columns) {
                    let read = Cells { descriptor, count: batch, budget: &mut *budget }.read(reader);
                    cells.push(read.map_err(|problem| problem.into_error(&malformed))?.into_iter());
                }
                for _ in 0..batch {
                    budget.row_read();
                    if each(cells.iter_mut().map(|column| column.next().unwrap_or_default()).collect())?.is_break() {
                        return Ok(());
                    }
                }
            }
        }
        if seen != self.height {
            return Err(malformed("its row groups hold fewer rows than its footer says.".to_owned()));
        }
        Ok(())
    }
}

impl std::fmt::Debug for File {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("File").field("name", &self.name).field("height", &self.height).finish_non_exhaustive()
    }
}

fn malformed(file: &str, problem: String) -> ImportError {
    ImportError::Malformed { file: file.to_owned(), format: "a Parquet file", problem }
}

/// Why a column could not be read: the budget ran out (its own error), or the file is damaged.
enum Problem {
    Budget(ImportError),
    Damaged(String),
}

impl Problem {
    fn into_error(self, malformed: &impl Fn(String) -> ImportError) -> ImportError {
        match self {
            Self::Budget(error) => error,
            Self::Damaged(problem) => malformed(problem),
        }
    }
}

impl From<ParquetError> for Problem {
    fn from(error: ParquetError) -> Self {
        Self::Damaged(error.to_string())
    }
}

/// The next `count` records of one column chunk, as cells.
struct Cells<'a, 'p> {
    descriptor: &'a ColumnDescriptor,
    count: usize,
    budget: &'a mut CellBudget<'p>,
}

impl Cells<'_, '_> {
    fn read(self, reader: &mut ColumnReader) -> Result<Vec<String>, Problem> {
        let column = self.descriptor;
        match reader {
            ColumnReader::BoolColumnReader(reader) => self.each(reader, |value| value.to_string()),
            ColumnReader::Int32ColumnReader(reader) => self.each(reader, |&value| int_text(value.into(), column, u64::from(value as u32))),
            ColumnReader::Int64ColumnReader(reader) => self.each(reader, |&value| int_text(value, column, value as u64)),
            ColumnReader::Int96ColumnReader(reader) => self.each(reader, int96_text),
            ColumnReader::FloatColumnReader(reader) => self.each(reader, |value| format!("{value:?}")),
            ColumnReader::DoubleColumnReader(reader) => self.each(reader, |value| format!("{value:?}")),
            ColumnReader::ByteArrayColumnReader(reader) => self.each(reader, |value| bytes_text(value.data(), column)),
            ColumnReader::FixedLenByteArrayColumnReader(reader) => self.each(reader, |value| bytes_text(value.data(), column)),
        }
    }

    /// Reads the records, as many at a time as the reader gives; a null (a definition level
    /// below the column's maximum) is an empty cell.
    fn each<T: DataType>(self, reader: &mut ColumnReaderImpl<T>, text: impl Fn(&T::T) -> String) -> Result<Vec<String>, Problem> {
        let defined = self.descriptor.max_def_level();
        let mut cells = Vec::with_capacity(self.count);
        let (mut levels, mut values) = (Vec::new(), Vec::new());
        while cells.len() < self.count {
            levels.clear();
            values.clear();
            let (records, _, _) = reader.read_records(self.count - cells.len(), Some(&mut levels), None, &mut values)?;
            if records == 0 {
                return Err(Problem::Damaged(format!("its column '{}' ends before its row group does.", self.descriptor.name())));
            }
            let mut texts = values.iter().map(|value| {
                let cell = text(value);
                self.budget.take_text(cell.len() as u64).map(|()| cell)
            });
            if defined == 0 {
                for cell in texts.by_ref().take(records) {
                    cells.push(cell.map_err(Problem::Budget)?);
                }
            } else {
                for &level in levels.iter().take(records) {
                    let cell = if level == defined {
                        texts.next().transpose().map_err(Problem::Budget)?.unwrap_or_default()
                    } else {
                        String::new()
                    };
                    cells.push(cell);
                }
            }
        }
        Ok(cells)
    }
}

/// INT32 and INT64 values: dates, times, timestamps and decimals as a reader of the file
/// expects to see them, unsigned integers as unsigned, the rest as the number.
fn int_text(value: i64, column: &ColumnDescriptor, unsigned: u64) -> String {
    let shown = match column.logical_type_ref() {
        Some(LogicalType::Date) => date_text(value),
        Some(LogicalType::Timestamp(timestamp)) => timestamp_text(value, &timestamp.unit),
        Some(LogicalType::Time(time)) => time_text(value, &time.unit),
        Some(LogicalType::Decimal(decimal)) => Some(decimal_text(value.into(), decimal.scale)),
        Some(LogicalType::Integer(integer)) if !integer.is_signed => Some(unsigned.to_string()),
        Some(_) => None,
        // Files from before logical types say the same with converted types.
        None => match column.converted_type() {
            ConvertedType::DATE => date_text(value),
            ConvertedType::TIMESTAMP_MILLIS => timestamp_text(value, &TimeUnit::MILLIS),
            ConvertedType::TIMESTAMP_MICROS => timestamp_text(value, &TimeUnit::MICROS),
            ConvertedType::TIME_MILLIS => time_text(value, &TimeUnit::MILLIS),
            ConvertedType::TIME_MICROS => time_text(value, &TimeUnit::MICROS),
            ConvertedType::DECIMAL => Some(decimal_text(value.into(), column.type_scale())),
            ConvertedType::UINT_8 | ConvertedType::UINT_16 | ConvertedType::UINT_32 | ConvertedType::UINT_64 => Some(unsigned.to_string()),
            _ => None,
        },
    };
    // A value outside what a calendar can show stays the number it is.
    shown.unwrap_or_else(|| value.to_string())
}

/// Days since 1970-01-01 as `YYYY-MM-DD`.
fn date_text(days: i64) -> Option<String> {
    let date = NaiveDate::from_ymd_opt(1970, 1, 1)?.checked_add_signed(TimeDelta::try_days(days)?)?;
    Some(date.format("%Y-%m-%d").to_string())
}

fn split(value: i64, unit: &TimeUnit) -> (i64, u32) {
    let per_second = match unit {
        TimeUnit::MILLIS => 1_000,
        TimeUnit::MICROS => 1_000_000,
        TimeUnit::NANOS => 1_000_000_000,
    };
    (value.div_euclid(per_second), (value.rem_euclid(per_second) * (1_000_000_000 / per_second)) as u32)
}

/// A timestamp as `YYYY-MM-DD HH:MM:SS`, with the fraction of a second when there is one (the
/// workbook readers' form), in UTC when the file says the instant is adjusted to UTC.
fn timestamp_text(value: i64, unit: &TimeUnit) -> Option<String> {
    let (seconds, nanos) = split(value, unit);
    Some(DateTime::from_timestamp(seconds, nanos)?.format("%Y-%m-%d %H:%M:%S%.f").to_string())
}

/// A time of day as `HH:MM:SS`, with the fraction of a second when there is one.
fn time_text(value: i64, unit: &TimeUnit) -> Option<String> {
    let (seconds, nanos) = split(value, unit);
    let time = NaiveTime::from_num_seconds_from_midnight_opt(u32::try_from(seconds).ok()?, nanos)?;
    Some(time.format("%H:%M:%S%.f").to_string())
}

/// The legacy INT96 timestamp (nanoseconds of the day, then the Julian day), as a timestamp.
fn int96_text(value: &Int96) -> String {
    let &[low, high, day] = value.data() else { return String::new() };
    let nanos_of_day = (i64::from(high) << 32) | i64::from(low);
    let nanos = (i64::from(day) - UNIX_EPOCH_JULIAN_DAY).checked_mul(86_400_000_000_000).and_then(|days| days.checked_add(nanos_of_day));
    nanos.and_then(|nanos| timestamp_text(nanos, &TimeUnit::NANOS)).unwrap_or_else(|| format!("{day}:{nanos_of_day}"))
}

/// An unscaled integer with `scale` digits after the point: `12345`, scale 2 → `123.45`.
fn decimal_text(unscaled: i128, scale: i32) -> String {
    let digits = unscaled.unsigned_abs().to_string();
    let sign = if unscaled < 0 { "-" } else { "" };
    let Ok(scale) = usize::try_from(scale) else { return format!("{sign}{digits}") };
    if scale == 0 {
        return format!("{sign}{digits}");
    }
    let digits = format!("{digits:0>width$}", width = scale + 1);
    let (whole, fraction) = digits.split_at(digits.len() - scale);
    format!("{sign}{whole}.{fraction}")
}

/// BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY values: text as it is, decimals (big-endian two's
/// complement) and UUIDs in their usual form, other bytes as text where they are UTF-8.
fn bytes_text(bytes: &[u8], column: &ColumnDescriptor) -> String {
    let decimal = match column.logical_type_ref() {
        Some(LogicalType::Decimal(decimal)) => Some(decimal.scale),
        Some(LogicalType::Uuid) if bytes.len() == 16 => return uuid_text(bytes),
        Some(LogicalType::Float16) if bytes.len() == 2 => return format!("{:?}", f16_value(u16::from_le_bytes([bytes[0], bytes[1]]))),
        None if column.converted_type() == ConvertedType::DECIMAL => Some(column.type_scale()),
        _ => None,
    };
    match decimal {
        Some(scale) if (1..=16).contains(&bytes.len()) => {
            // Sign-extend the big-endian bytes to 16.
            let fill = if bytes[0] & 0x80 == 0 { 0 } else { 0xFF };
            let mut wide = [fill; 16];
            wide[16 - bytes.len()..].copy_from_slice(bytes);
            decimal_text(i128::from_be_bytes(wide), scale)
        }
        _ => String::from_utf8_lossy(bytes).into_owned(),
    }
}

fn uuid_text(bytes: &[u8]) -> String {
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

/// An IEEE half-precision float as the f32 it widens to exactly.
fn f16_value(bits: u16) -> f32 {
    let sign = if bits & 0x8000 == 0 { 1.0 } else { -1.0 };
    let exponent = i32::from((bits >> 10) & 0x1F);
    let fraction = f32::from(bits & 0x3FF);
    match exponent {
        0 => sign * fraction * 2f32.powi(-24),
        31 if fraction == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        _ => sign * (1.0 + fraction / 1024.0) * 2f32.powi(exponent - 15),
    }
}

/// One row group of text columns, snappy-compressed and dictionary-encoded (a repeated value is
/// stored once), readable by every Parquet reader in common use.
pub(crate) fn write(columns: &[String], rows: &[Vec<String>]) -> Result<Vec<u8>, ExportError> {
    let failed = |error: ParquetError| ExportError::Parquet(error.to_string());
    let fields = columns
        .iter()
        .map(|name| {
            Type::primitive_type_builder(name, Physical::BYTE_ARRAY)
                .with_repetition(Repetition::REQUIRED)
                .with_logical_type(Some(LogicalType::String))
                .build()
                .map(Arc::new)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(failed)?;
    let schema = Arc::new(Type::group_type_builder("sheet").with_fields(fields).build().map_err(failed)?);
    let properties = Arc::new(WriterProperties::builder().set_compression(Compression::SNAPPY).build());
    let mut bytes = Vec::new();
    let mut writer = SerializedFileWriter::new(&mut bytes, schema, properties).map_err(failed)?;
    let mut group = writer.next_row_group().map_err(failed)?;
    let mut index = 0;
    while let Some(mut column) = group.next_column().map_err(failed)? {
        let values: Vec<ByteArray> = rows.iter().map(|row| ByteArray::from(row.get(index).map_or("", String::as_str))).collect();
        column.typed::<ByteArrayType>().write_batch(&values, None, None).map_err(failed)?;
        column.close().map_err(failed)?;
        index += 1;
    }
    group.close().map_err(failed)?;
    writer.close().map_err(failed)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{import, Limits};
    use parquet::data_type::{BoolType, DoubleType, Int32Type, Int64Type};
    use parquet::file::writer::SerializedColumnWriter;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|cell| cell.to_string()).collect()
    }

    /// A file with one optional column per `(name, type, logical type)`, values written by `fill`.
    fn typed_file(columns: &[(&str, Physical, Option<LogicalType>)], fill: impl Fn(usize, &mut SerializedColumnWriter<'_>)) -> Vec<u8> {
        let fields = columns
            .iter()
            .map(|(name, physical, logical)| {
                let mut builder =
                    Type::primitive_type_builder(name, *physical).with_repetition(Repetition::OPTIONAL).with_logical_type(logical.clone());
                if let Some(LogicalType::Decimal(decimal)) = logical {
                    builder = builder.with_precision(decimal.precision).with_scale(decimal.scale);
                }
                Arc::new(builder.build().unwrap())
            })
            .collect();
        let schema = Arc::new(Type::group_type_builder("t").with_fields(fields).build().unwrap());
        let mut bytes = Vec::new();
        let mut writer = SerializedFileWriter::new(&mut bytes, schema, Default::default()).unwrap();
        let mut group = writer.next_row_group().unwrap();
        let mut index = 0;
        while let Some(mut column) = group.next_column().unwrap() {
            fill(index, &mut column);
            column.close().unwrap();
            index += 1;
        }
        group.close().unwrap();
        writer.close().unwrap();
        bytes
    }

    /// Writes `values` at the rows whose definition level is 1 (the others are nulls).
    fn put<T: DataType>(column: &mut SerializedColumnWriter<'_>, values: &[T::T], levels: &[i16]) {
        column.typed::<T>().write_batch(values, Some(levels), None).unwrap();
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
        let reader = SerializedFileReader::new(Bytes::from(bytes)).unwrap();
        let column = reader.metadata().file_metadata().schema_descr().column(0);
        assert_eq!(column.physical_type(), Physical::BYTE_ARRAY);
        assert_eq!(column.logical_type_ref(), Some(&LogicalType::String));
    }

    #[test]
    fn typed_columns_are_printed_as_text_and_nulls_empty() {
        let bytes = typed_file(
            &[("int", Physical::INT64, None), ("float", Physical::DOUBLE, None), ("flag", Physical::BOOLEAN, None)],
            |index, column| match index {
                0 => put::<Int64Type>(column, &[1, -3], &[1, 0, 1]),
                1 => put::<DoubleType>(column, &[1.5, 2.0, 0.1], &[1, 1, 1]),
                _ => put::<BoolType>(column, &[true, false, true], &[1, 1, 1]),
            },
        );
        let sheet = import("typed.parquet", &bytes, &Limits::default()).unwrap().remove(0);
        assert_eq!(sheet.columns, strings(&["int", "float", "flag"]));
        assert_eq!(sheet.rows, vec![strings(&["1", "1.5", "true"]), strings(&["", "2.0", "false"]), strings(&["-3", "0.1", "true"])]);
    }

    #[test]
    fn dates_timestamps_decimals_and_unsigned_integers_read_as_people_write_them() {
        let bytes = typed_file(
            &[
                ("day", Physical::INT32, Some(LogicalType::Date)),
                ("at", Physical::INT64, Some(LogicalType::timestamp(false, TimeUnit::MILLIS))),
                ("price", Physical::INT64, Some(LogicalType::Decimal(parquet::basic::DecimalType { scale: 2, precision: 10 }))),
                ("count", Physical::INT32, Some(LogicalType::Integer(parquet::basic::IntType { bit_width: 32, is_signed: false }))),
            ],
            |index, column| match index {
                0 => put::<Int32Type>(column, &[19_753, -1], &[1, 1]),
                1 => put::<Int64Type>(column, &[1_706_745_600_000, 1_706_745_600_250], &[1, 1]),
                2 => put::<Int64Type>(column, &[12_345, -5], &[1, 1]),
                _ => put::<Int32Type>(column, &[-1, 7], &[1, 1]),
            },
        );
        let sheet = import("typed.parquet", &bytes, &Limits::default()).unwrap().remove(0);
        assert_eq!(
            sheet.rows,
            vec![
                strings(&["2024-01-31", "2024-02-01 00:00:00", "123.45", "4294967295"]),
                strings(&["1969-12-31", "2024-02-01 00:00:00.250", "-0.05", "7"])
            ]
        );
    }

    #[test]
    fn a_nested_column_is_refused_by_name() {
        let item = Arc::new(Type::primitive_type_builder("item", Physical::INT32).with_repetition(Repetition::REPEATED).build().unwrap());
        let list =
            Arc::new(Type::group_type_builder("tags").with_repetition(Repetition::OPTIONAL).with_fields(vec![item]).build().unwrap());
        let schema = Arc::new(Type::group_type_builder("t").with_fields(vec![list]).build().unwrap());
        let mut bytes = Vec::new();
        let mut writer = SerializedFileWriter::new(&mut bytes, schema, Default::default()).unwrap();
        let mut group = writer.next_row_group().unwrap();
        let mut column = group.next_column().unwrap().unwrap();
        column.typed::<Int32Type>().write_batch(&[1], Some(&[2]), Some(&[0])).unwrap();
        column.close().unwrap();
        group.close().unwrap();
        writer.close().unwrap();
        let error = import("nested.parquet", &bytes, &Limits::default()).unwrap_err();
        assert!(matches!(error, ImportError::Malformed { format: "a Parquet file", .. }), "{error:?}");
        assert!(error.to_string().contains("'tags'"), "{error}");
    }

    #[test]
    fn rows_handed_over_one_at_a_time_are_the_rows_of_a_whole_import_across_row_groups() {
        // Three row groups, the second longer than a batch; a column of nulls keeps its place
        // (its name is a value), the two all-null rows at the end go.
        let groups = [3, BATCH + 5, 4];
        let total: usize = groups.iter().sum();
        let fields = [("n", Physical::INT64), ("note", Physical::BYTE_ARRAY), ("never", Physical::INT32)].map(|(name, physical)| {
            Arc::new(Type::primitive_type_builder(name, physical).with_repetition(Repetition::OPTIONAL).build().unwrap())
        });
        let schema = Arc::new(Type::group_type_builder("t").with_fields(fields.to_vec()).build().unwrap());
        let mut bytes = Vec::new();
        let mut writer = SerializedFileWriter::new(&mut bytes, schema, Default::default()).unwrap();
        let mut first = 0;
        for size in groups {
            let rows = first..first + size;
            let valued = |row: &usize| *row < total - 2;
            let levels = |value: &dyn Fn(&usize) -> bool| rows.clone().map(|row| i16::from(value(&row))).collect::<Vec<_>>();
            let mut group = writer.next_row_group().unwrap();
            let mut column = group.next_column().unwrap().unwrap();
            let numbers: Vec<i64> = rows.clone().filter(valued).map(|row| row as i64).collect();
            put::<Int64Type>(&mut column, &numbers, &levels(&valued));
            column.close().unwrap();
            let mut column = group.next_column().unwrap().unwrap();
            let noted = |row: &usize| valued(row) && row.is_multiple_of(3);
            let notes: Vec<ByteArray> = rows.clone().filter(noted).map(|row| ByteArray::from(format!("x{row}").as_str())).collect();
            put::<ByteArrayType>(&mut column, &notes, &levels(&noted));
            column.close().unwrap();
            let mut column = group.next_column().unwrap().unwrap();
            put::<Int32Type>(&mut column, &[], &levels(&|_| false));
            column.close().unwrap();
            group.close().unwrap();
            first += size;
        }
        writer.close().unwrap();

        let whole = import("groups.parquet", &bytes, &Limits::default()).unwrap().remove(0);
        assert_eq!(whole.columns, strings(&["n", "note", "never"]));
        assert_eq!(whole.rows.len(), total - 2);
        assert_eq!(whole.rows[3], strings(&["3", "x3", ""]));
        assert_eq!(whole.rows[total - 3], strings(&[&(total - 3).to_string(), "", ""]));
        let mut pieces = Vec::new();
        let mut reports = Vec::new();
        crate::read_tabs("groups.parquet", &bytes, &Limits::default(), &mut |read| reports.push(read), |piece| {
            pieces.push(piece);
            ControlFlow::Continue(())
        })
        .unwrap();
        let header = crate::Piece::Tab { title: "groups".into(), columns: whole.columns.clone(), rows: total - 2 };
        assert_eq!(pieces[0], header, "the header and row count come first");
        assert_eq!(pieces[1..], whole.rows.into_iter().map(crate::Piece::Row).collect::<Vec<_>>());
        assert!(reports.is_empty(), "fewer than 10,000 rows: {reports:?}");
    }

    #[test]
    fn a_file_of_blank_names_and_cells_has_no_data_and_blank_names_make_a_later_row_the_header() {
        let bytes = write(&strings(&[" ", ""]), &[strings(&["", " "]), strings(&["Name", ""]), strings(&["Ada", "1"])]).unwrap();
        let sheet = import("late.parquet", &bytes, &Limits::default()).unwrap().remove(0);
        assert_eq!((sheet.columns, sheet.rows), (strings(&["Name", "Column 2"]), vec![strings(&["Ada", "1"])]));
        let bytes = write(&strings(&[""]), &[strings(&[" "])]).unwrap();
        assert_eq!(import("blank.parquet", &bytes, &Limits::default()).unwrap_err(), ImportError::NoData { file: "blank.parquet".into() });
    }

    #[test]
    fn decimals_keep_their_scale_and_sign() {
        assert_eq!(decimal_text(12_345, 2), "123.45");
        assert_eq!(decimal_text(-5, 3), "-0.005");
        assert_eq!(decimal_text(7, 0), "7");
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
