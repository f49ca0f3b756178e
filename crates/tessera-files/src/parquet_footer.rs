//! A walk over a Parquet file's footer before the `parquet` crate decodes it.
//!
//! The footer is the file's `FileMetaData` in Thrift's compact protocol, followed by its length
//! (4 bytes) and `PAR1`. The walk was written when polars-parquet 0.55 read uploads, which
//! decoded the footer trusting what it claimed (it reserved room for each list as long as the
//! list said it was, read a known field whatever type the bytes gave it, and took no byte per
//! skipped boolean, so a kilobyte could ask for gigabytes or keep a worker busy for ever). It
//! stays in front of the reader that replaced polars: what it refuses is no Parquet file any
//! writer produces, and a footer that passes holds every element of every list, so what any
//! reader reserves for it is bounded by the footer's size.
//!
//! It refuses, with the field's name: a field whose type is not the one the Parquet format gives
//! it, a list claiming more elements than bytes are left (every element takes at least one), a
//! list of booleans, a set or a map (the format has none), nesting deeper than 64, and a column
//! chunk that does not lie in the file.
//!
//! The field tables follow `parquet.thrift` for the fields a reader reads by number; the others
//! it skips by their type, as the walk does.

/// Thrift compact protocol field types (the low nibble of a field header).
mod wire {
    pub const STOP: u8 = 0;
    pub const BOOL_TRUE: u8 = 1;
    pub const BOOL_FALSE: u8 = 2;
    pub const I8: u8 = 3;
    pub const I16: u8 = 4;
    pub const I32: u8 = 5;
    pub const I64: u8 = 6;
    pub const DOUBLE: u8 = 7;
    pub const BINARY: u8 = 8;
    pub const LIST: u8 = 9;
    pub const SET: u8 = 10;
    pub const MAP: u8 = 11;
    pub const STRUCT: u8 = 12;
}

/// Readers give up skipping unknown fields nested deeper than this (polars-parquet did at 64);
/// so does the walk.
const SKIP_DEPTH: u8 = 64;

/// The type the Parquet format gives a field.
#[derive(Clone, Copy)]
enum Kind {
    Bool,
    I8,
    I16,
    I32,
    I64,
    Binary,
    List(&'static Kind),
    Struct(&'static Struct),
}

impl Kind {
    /// The compact protocol type a field of this kind has on the wire (booleans have two).
    fn wire(self) -> u8 {
        match self {
            Kind::Bool => wire::BOOL_TRUE,
            Kind::I8 => wire::I8,
            Kind::I16 => wire::I16,
            Kind::I32 => wire::I32,
            Kind::I64 => wire::I64,
            Kind::Binary => wire::BINARY,
            Kind::List(_) => wire::LIST,
            Kind::Struct(_) => wire::STRUCT,
        }
    }
}

struct Struct {
    name: &'static str,
    fields: &'static [(i16, &'static str, Kind)],
    check: Option<Check>,
}

/// What must hold between the integers of a struct's known fields (number, value as polars
/// reads it, in the order read), given the file's length.
type Check = fn(&[(i16, i64)], u64) -> Result<(), String>;

impl Struct {
    const fn new(name: &'static str, fields: &'static [(i16, &'static str, Kind)]) -> Self {
        Struct { name, fields, check: None }
    }

    fn field(&self, id: i16) -> Option<(&'static str, Kind)> {
        self.fields.iter().find(|(number, ..)| *number == id).map(|&(_, name, kind)| (name, kind))
    }
}

/// Unions' empty members and structs polars skips field by field.
static EMPTY: Struct = Struct::new("empty struct", &[]);

static FILE_METADATA: Struct = Struct::new(
    "FileMetaData",
    &[
        (1, "version", Kind::I32),
        (2, "schema", Kind::List(&Kind::Struct(&SCHEMA_ELEMENT))),
        (3, "num_rows", Kind::I64),
        (4, "row_groups", Kind::List(&Kind::Struct(&ROW_GROUP))),
        (5, "key_value_metadata", Kind::List(&Kind::Struct(&KEY_VALUE))),
        (6, "created_by", Kind::Binary),
        (7, "column_orders", Kind::List(&Kind::Struct(&COLUMN_ORDER))),
    ],
);

static SCHEMA_ELEMENT: Struct = Struct::new(
    "SchemaElement",
    &[
        (1, "type", Kind::I32),
        (2, "type_length", Kind::I32),
        (3, "repetition_type", Kind::I32),
        (4, "name", Kind::Binary),
        (5, "num_children", Kind::I32),
        (6, "converted_type", Kind::I32),
        (7, "scale", Kind::I32),
        (8, "precision", Kind::I32),
        (9, "field_id", Kind::I32),
        (10, "logicalType", Kind::Struct(&LOGICAL_TYPE)),
    ],
);

static LOGICAL_TYPE: Struct = Struct::new(
    "LogicalType",
    &[
        (1, "STRING", Kind::Struct(&EMPTY)),
        (2, "MAP", Kind::Struct(&EMPTY)),
        (3, "LIST", Kind::Struct(&EMPTY)),
        (4, "ENUM", Kind::Struct(&EMPTY)),
        (5, "DECIMAL", Kind::Struct(&DECIMAL_TYPE)),
        (6, "DATE", Kind::Struct(&EMPTY)),
        (7, "TIME", Kind::Struct(&TIME_TYPE)),
        (8, "TIMESTAMP", Kind::Struct(&TIME_TYPE)),
        (10, "INTEGER", Kind::Struct(&INT_TYPE)),
        (11, "UNKNOWN", Kind::Struct(&EMPTY)),
        (12, "JSON", Kind::Struct(&EMPTY)),
        (13, "BSON", Kind::Struct(&EMPTY)),
        (14, "UUID", Kind::Struct(&EMPTY)),
        (15, "FLOAT16", Kind::Struct(&EMPTY)),
    ],
);

static DECIMAL_TYPE: Struct = Struct::new("DecimalType", &[(1, "scale", Kind::I32), (2, "precision", Kind::I32)]);

/// `TimeType` and `TimestampType` have the same fields.
static TIME_TYPE: Struct = Struct::new("TimeType", &[(1, "isAdjustedToUTC", Kind::Bool), (2, "unit", Kind::Struct(&TIME_UNIT))]);

static TIME_UNIT: Struct = Struct::new(
    "TimeUnit",
    &[(1, "MILLIS", Kind::Struct(&EMPTY)), (2, "MICROS", Kind::Struct(&EMPTY)), (3, "NANOS", Kind::Struct(&EMPTY))],
);

static INT_TYPE: Struct = Struct::new("IntType", &[(1, "bitWidth", Kind::I8), (2, "isSigned", Kind::Bool)]);

static ROW_GROUP: Struct = Struct::new(
    "RowGroup",
    &[
        (1, "columns", Kind::List(&Kind::Struct(&COLUMN_CHUNK))),
        (2, "total_byte_size", Kind::I64),
        (3, "num_rows", Kind::I64),
        (4, "sorting_columns", Kind::List(&Kind::Struct(&SORTING_COLUMN))),
        (5, "file_offset", Kind::I64),
        (6, "total_compressed_size", Kind::I64),
        (7, "ordinal", Kind::I16),
    ],
);

static COLUMN_CHUNK: Struct = Struct::new(
    "ColumnChunk",
    &[
        (1, "file_path", Kind::Binary),
        (2, "file_offset", Kind::I64),
        (3, "meta_data", Kind::Struct(&COLUMN_META_DATA)),
        (4, "offset_index_offset", Kind::I64),
        (5, "offset_index_length", Kind::I32),
        (6, "column_index_offset", Kind::I64),
        (7, "column_index_length", Kind::I32),
    ],
);

static COLUMN_META_DATA: Struct = Struct {
    name: "ColumnMetaData",
    check: Some(chunk_within_file),
    fields: &[
        (1, "type", Kind::I32),
        (2, "encodings", Kind::List(&Kind::I32)),
        (3, "path_in_schema", Kind::List(&Kind::Binary)),
        (4, "codec", Kind::I32),
        (5, "num_values", Kind::I64),
        (6, "total_uncompressed_size", Kind::I64),
        (7, "total_compressed_size", Kind::I64),
        (9, "data_page_offset", Kind::I64),
        (10, "index_page_offset", Kind::I64),
        (11, "dictionary_page_offset", Kind::I64),
        (12, "statistics", Kind::Struct(&STATISTICS)),
        (14, "bloom_filter_offset", Kind::I64),
        (15, "bloom_filter_length", Kind::I32),
    ],
};

/// polars reads a column chunk from its dictionary page (from its first data page when it has
/// none) for its compressed size, adding the two unchecked; a chunk of a Parquet file lies in
/// the file.
fn chunk_within_file(integers: &[(i16, i64)], file_length: u64) -> Result<(), String> {
    let last = |id: i16| integers.iter().rev().find(|&&(number, _)| number == id).map(|&(_, value)| value);
    let (Some(start), Some(size)) = (last(11).or(last(9)), last(7)) else {
        // polars refuses a column without them.
        return Ok(());
    };
    let end = u64::try_from(start).ok().zip(u64::try_from(size).ok()).and_then(|(start, size)| start.checked_add(size));
    match end {
        Some(end) if end <= file_length => Ok(()),
        _ => Err(format!("a column chunk of {size} bytes from byte {start} does not lie in the file of {file_length} bytes")),
    }
}

static STATISTICS: Struct = Struct::new(
    "Statistics",
    &[
        (1, "max", Kind::Binary),
        (2, "min", Kind::Binary),
        (3, "null_count", Kind::I64),
        (4, "distinct_count", Kind::I64),
        (5, "max_value", Kind::Binary),
        (6, "min_value", Kind::Binary),
        (7, "is_max_value_exact", Kind::Bool),
        (8, "is_min_value_exact", Kind::Bool),
    ],
);

static KEY_VALUE: Struct = Struct::new("KeyValue", &[(1, "key", Kind::Binary), (2, "value", Kind::Binary)]);

static SORTING_COLUMN: Struct =
    Struct::new("SortingColumn", &[(1, "column_idx", Kind::I32), (2, "descending", Kind::Bool), (3, "nulls_first", Kind::Bool)]);

static COLUMN_ORDER: Struct =
    Struct::new("ColumnOrder", &[(1, "TYPE_ORDER", Kind::Struct(&EMPTY)), (2, "IEEE_754_TOTAL_ORDER", Kind::Struct(&EMPTY))]);

/// Checks the footer of `file` (a whole Parquet file) as a reader will read it; the error says
/// what in the footer is wrong. A file too short to have a footer, or whose footer length is past
/// its start, passes: the reader refuses it before decoding anything.
pub(crate) fn check(file: &[u8]) -> Result<(), String> {
    let Some(length) = file.len().checked_sub(8).map(|at| &file[at..at + 4]) else { return Ok(()) };
    let length = u32::from_le_bytes(length.try_into().expect("four bytes")) as usize;
    // polars decodes from the start of the metadata to the end of the file, `PAR1` included.
    let Some(start) = file.len().checked_sub(length.saturating_add(8)) else { return Ok(()) };
    Walk { bytes: &file[start..], file_length: file.len() as u64 }.structure(&FILE_METADATA, SKIP_DEPTH)
}

/// The footer's bytes not read yet, in a file of `file_length` bytes.
struct Walk<'a> {
    bytes: &'a [u8],
    file_length: u64,
}

impl Walk<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let (&first, rest) = self.bytes.split_first().ok_or("the footer ends in the middle of a value")?;
        self.bytes = rest;
        Ok(first)
    }

    fn skip(&mut self, count: u64) -> Result<(), String> {
        let count = usize::try_from(count).ok().filter(|&count| count <= self.bytes.len());
        let count = count.ok_or("a value in the footer is longer than the bytes left")?;
        self.bytes = &self.bytes[count..];
        Ok(())
    }

    /// An unsigned LEB128 varint, decoded as polars does (bits past 64 wrap around).
    fn varint(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f).wrapping_shl(shift);
            if byte & 0x80 == 0 {
                return Ok(value);
            }
            shift += 7;
        }
    }

    fn zigzag(&mut self) -> Result<i64, String> {
        let value = self.varint()?;
        Ok((value >> 1) as i64 ^ -((value & 1) as i64))
    }

    /// The fields of one struct up to its stop byte: those of `shape` as the format types them,
    /// the others skipped by the type they carry, nested at most `depth` deep.
    fn structure(&mut self, shape: &Struct, depth: u8) -> Result<(), String> {
        let mut last_id = 0i16;
        let mut integers = Vec::new();
        loop {
            let header = self.byte()?;
            let wire_type = header & 0x0f;
            if wire_type == wire::STOP {
                return shape.check.map_or(Ok(()), |check| check(&integers, self.file_length));
            }
            if wire_type > wire::STRUCT {
                return Err(format!("{} has a field of the unknown type {wire_type}", shape.name));
            }
            let delta = i16::from(header >> 4);
            let id = if delta == 0 {
                // A long field number: polars keeps its low 16 bits.
                self.zigzag()? as i16
            } else {
                last_id.checked_add(delta).ok_or_else(|| format!("a field number of {} is past 32767", shape.name))?
            };
            match shape.field(id) {
                Some((name, kind)) => {
                    if let Some(integer) = self.known(shape, name, kind, wire_type)? {
                        integers.push((id, integer));
                    }
                }
                None => self.skipped(wire_type, depth)?,
            }
            last_id = id;
        }
    }

    /// A field polars reads by its number, whatever type it carries; its value if an integer.
    fn known(&mut self, shape: &Struct, name: &str, kind: Kind, wire_type: u8) -> Result<Option<i64>, String> {
        let field = || format!("{}.{name}", shape.name);
        let typed = kind.wire() == wire_type || (matches!(kind, Kind::Bool) && wire_type == wire::BOOL_FALSE);
        if !typed {
            return Err(format!("the field {} has the wrong type", field()));
        }
        match kind {
            Kind::I16 | Kind::I32 | Kind::I64 => self.zigzag().map(Some),
            Kind::Struct(inner) => self.structure(inner, SKIP_DEPTH).map(|()| None),
            Kind::List(element) => {
                let (count, element_type) = self.list_header(&field)?;
                if count > 0 && element_type != element.wire() {
                    return Err(format!("the list {} holds values of the wrong type", field()));
                }
                for _ in 0..count {
                    match element {
                        Kind::Struct(inner) => self.structure(inner, SKIP_DEPTH)?,
                        scalar => self.skipped(scalar.wire(), SKIP_DEPTH)?,
                    }
                }
                Ok(None)
            }
            scalar => self.skipped(scalar.wire(), SKIP_DEPTH).map(|()| None),
        }
    }

    /// A value of `wire_type` that polars skips by that type, nested at most `depth` deep.
    fn skipped(&mut self, wire_type: u8, depth: u8) -> Result<(), String> {
        if depth == 0 {
            return Err(format!("the footer nests values more than {SKIP_DEPTH} deep"));
        }
        match wire_type {
            wire::BOOL_TRUE | wire::BOOL_FALSE => Ok(()),
            wire::I8 => self.skip(1),
            wire::I16 | wire::I32 | wire::I64 => self.varint().map(drop),
            wire::DOUBLE => self.skip(8),
            wire::BINARY => {
                let length = self.varint()?;
                self.skip(length)
            }
            wire::STRUCT => self.structure(&EMPTY, depth - 1),
            wire::LIST => {
                let (count, element_type) = self.list_header(&|| "a list in the footer".to_owned())?;
                for _ in 0..count {
                    self.skipped(element_type, depth - 1)?;
                }
                Ok(())
            }
            _ => Err("the footer has a set or a map, which Parquet never uses".to_owned()),
        }
    }

    /// A list's element count and type, read as polars reads them, refused where polars would
    /// reserve room for elements that are not there or skip elements without reading a byte.
    fn list_header(&mut self, list: &dyn Fn() -> String) -> Result<(u32, u8), String> {
        let header = self.byte()?;
        let (short_count, element_type) = (header >> 4, header & 0x0f);
        if header == 0 {
            // An empty list as fastparquet writes it, without an element type.
            return Ok((0, wire::I8));
        }
        let count = if short_count == 15 {
            // polars keeps the low 32 bits of the count, and a negative count as none.
            (self.varint()? as i32).max(0) as u32
        } else {
            u32::from(short_count)
        };
        match element_type {
            wire::BOOL_TRUE | wire::BOOL_FALSE => Err(format!("{} holds booleans, which Parquet never puts in a list", list())),
            wire::I8..=wire::LIST | wire::STRUCT => {
                if count as usize > self.bytes.len() {
                    Err(format!("{} claims {count} elements but only {} bytes are left", list(), self.bytes.len()))
                } else {
                    Ok((count, element_type))
                }
            }
            wire::SET | wire::MAP => Err(format!("{} holds sets or maps, which Parquet never uses", list())),
            other => Err(format!("{} holds values of the unknown type {other}", list())),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bytes::Bytes;
    use parquet::data_type::{BoolType, ByteArrayType, DoubleType, Int32Type, Int64Type};
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::parser::parse_message_type;

    use super::check;

    /// A file of `metadata` (compact protocol bytes) as the footer, with no column data.
    fn file_with_footer(metadata: &[u8]) -> Vec<u8> {
        let mut file = b"PAR1".to_vec();
        file.extend_from_slice(metadata);
        file.extend_from_slice(&(metadata.len() as u32).to_le_bytes());
        file.extend_from_slice(b"PAR1");
        file
    }

    /// `FileMetaData { version: 1, <field 4 and on, as given> }`.
    fn metadata(from_row_groups_on: &[u8]) -> Vec<u8> {
        [&[0x15, 0x02][..], from_row_groups_on].concat()
    }

    #[test]
    fn files_the_parquet_crate_writes_pass_with_every_logical_type() {
        let schema = "message t {
            required binary text (STRING); required int64 whole; required int32 small (INTEGER(8, true));
            required double real; required boolean flag; required int32 day (DATE);
            required int64 at (TIMESTAMP(MICROS, false)); required int64 price (DECIMAL(10, 2));
        }";
        let schema = Arc::new(parse_message_type(schema).unwrap());
        let mut bytes = Vec::new();
        let mut writer = SerializedFileWriter::new(&mut bytes, schema, Default::default()).unwrap();
        let mut group = writer.next_row_group().unwrap();
        let mut index = 0;
        while let Some(mut column) = group.next_column().unwrap() {
            match index {
                0 => column.typed::<ByteArrayType>().write_batch(&["a".into(), "b".into(), "c".into()], None, None),
                1 | 6 | 7 => column.typed::<Int64Type>().write_batch(&[1, -2, 3], None, None),
                2 | 5 => column.typed::<Int32Type>().write_batch(&[19_000, 19_001, 19_002], None, None),
                3 => column.typed::<DoubleType>().write_batch(&[1.5, f64::NAN, -0.0], None, None),
                _ => column.typed::<BoolType>().write_batch(&[true, false, true], None, None),
            }
            .unwrap();
            column.close().unwrap();
            index += 1;
        }
        group.close().unwrap();
        writer.close().unwrap();
        assert_eq!(check(&bytes), Ok(()));
        let read = SerializedFileReader::new(Bytes::from(bytes)).unwrap();
        assert_eq!(read.metadata().file_metadata().num_rows(), 3, "the same bytes are a file the reader reads");
    }

    #[test]
    fn a_list_longer_than_the_bytes_left_is_refused_before_the_reader_reserves_it() {
        // row_groups: a list of 2^31 - 1 structs, in a footer of a few bytes.
        let file = file_with_footer(&metadata(&[0x39, 0xfc, 0xff, 0xff, 0xff, 0xff, 0x07, 0x00]));
        let problem = check(&file).unwrap_err();
        assert!(problem.contains("FileMetaData.row_groups claims 2147483647 elements"), "{problem}");
        // What the fuzzer found: a key_value_metadata given as a binary, which polars reads as
        // a list header anyway.
        let found = include_bytes!("../../../tests/fuzz-crashers/files/import_bytes/parquet-footer-claiming-a-7-GB-list");
        assert_eq!(check(&found[1..]), Err("the field FileMetaData.key_value_metadata has the wrong type".to_owned()));
    }

    #[test]
    fn a_field_of_another_type_than_the_format_gives_it_is_refused() {
        // row_groups: one RowGroup { sorting_columns: [SortingColumn { column_idx: 0, descending: 5 (an i32) }] }.
        let row_group = [0x39, 0x1c, 0x49, 0x1c, 0x15, 0x00, 0x15, 0x0a, 0x00, 0x00, 0x00];
        let problem = check(&file_with_footer(&metadata(&row_group))).unwrap_err();
        assert_eq!(problem, "the field SortingColumn.descending has the wrong type");
        // schema as an i64 instead of a list.
        let problem = check(&file_with_footer(&[0x15, 0x02, 0x16, 0x04, 0x00])).unwrap_err();
        assert_eq!(problem, "the field FileMetaData.schema has the wrong type");
    }

    #[test]
    fn a_column_chunk_outside_the_file_is_refused() {
        // One RowGroup, one ColumnChunk whose ColumnMetaData has total_compressed_size and
        // data_page_offset as given (zigzag varints of one byte).
        let chunk =
            |size: u8, offset: u8| file_with_footer(&metadata(&[0x39, 0x1c, 0x19, 0x1c, 0x3c, 0x76, size, 0x26, offset, 0, 0, 0, 0]));
        let file = chunk(20, 1);
        let problem = check(&file).unwrap_err();
        assert_eq!(problem, format!("a column chunk of 10 bytes from byte -1 does not lie in the file of {} bytes", file.len()));
        assert_eq!(check(&chunk(4, 8)), Ok(()), "2 bytes from byte 4");
        assert!(check(&chunk(120, 8)).is_err(), "60 bytes from byte 4, in a file of 27");
        // What the fuzzer found: a chunk whose end is past 2^64, which polars computes with
        // `checked_add(..).unwrap()`.
        let found = include_bytes!("../../../tests/fuzz-crashers/files/import_bytes/parquet-column-chunk-ending-past-2-to-the-64");
        let problem = check(&found[1..]).unwrap_err();
        assert!(problem.starts_with("a column chunk of ") && problem.ends_with(" does not lie in the file of 740 bytes"), "{problem}");
    }

    #[test]
    fn values_a_reader_would_skip_without_reading_are_refused() {
        // An unknown field 9 holding a list of 2^31 - 1 booleans: no byte each when skipped.
        let problem = check(&file_with_footer(&metadata(&[0x89, 0xf1, 0xff, 0xff, 0xff, 0xff, 0x07, 0x00]))).unwrap_err();
        assert!(problem.contains("holds booleans"), "{problem}");
        let problem = check(&file_with_footer(&metadata(&[0x8b, 0x00, 0x00]))).unwrap_err();
        assert!(problem.contains("set or a map"), "{problem}");
    }

    #[test]
    fn nesting_deeper_than_a_reader_skips_is_refused() {
        // Unknown field 9: a struct whose field 1 is a struct, 70 deep.
        let mut nested = vec![0x8c];
        nested.extend(std::iter::repeat_n(0x1c, 70));
        nested.extend(std::iter::repeat_n(0x00, 72));
        let problem = check(&file_with_footer(&metadata(&nested))).unwrap_err();
        assert_eq!(problem, "the footer nests values more than 64 deep");
    }

    #[test]
    fn a_footer_cut_short_is_refused_and_a_file_without_one_is_left_to_the_reader() {
        // created_by: 127 bytes long, in a footer of 12.
        let problem = check(&file_with_footer(&metadata(&[0x58, 0x7f]))).unwrap_err();
        assert_eq!(problem, "a value in the footer is longer than the bytes left");
        assert_eq!(check(b"PAR1"), Ok(()));
        assert_eq!(check(b"PAR1\xff\xff\xff\xffPAR1"), Ok(()));
    }
}
