//! A sheet held in memory: cells as text, as they come from a spreadsheet, plus each column's
//! values parsed once (lower-cased text, number, date) so that filters, search and sorting never
//! parse a cell per comparison.
//!
//! Layout, chosen for a 1,000,000-row sheet to fit in under twice its CSV size:
//! - a column's text lives in one string arena with `u32` end offsets, not one `String` per cell;
//! - a column that repeats few values (categories, statuses, dates) is dictionary-encoded: each
//!   distinct text once, a `u32` code per row. Parsing and matching then run once per distinct
//!   value ("slot"), and rows only look their code up;
//! - the parsed forms are computed on first use and kept (`OnceLock`), so a text column that
//!   nobody compares numerically never pays for a number per cell.
//!
//! Platform §3: rows are matched on 'ChartApps Record ID'; `chartmat_row_index` is hidden: it is
//! not a visible column, is never shown and never searched. Neither bookkeeping column is
//! searched ([`Table::searched_columns`]): the record ids are random hex the server makes, so a
//! short term (`bea`, `e5`) would otherwise find rows that show nothing of it.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

pub mod columnar;

use crate::date::{parse_date, to_seconds};
use crate::number::{parse_number, DecimalSeparator};

/// The hidden bookkeeping column of platform §3.
pub const ROW_INDEX_COLUMN: &str = "chartmat_row_index";
/// The column that identifies a row for edits, deletes and duplicates (platform §3).
pub const RECORD_ID_COLUMN: &str = "ChartApps Record ID";
/// The columns a sheet keeps for itself: never shown by a block, never searched.
pub const BOOKKEEPING_COLUMNS: [&str; 2] = [RECORD_ID_COLUMN, ROW_INDEX_COLUMN];

/// The `f64` stored for a cell that holds no number.
const NO_NUMBER: f64 = f64::NAN;
/// The seconds stored for a cell that holds no date.
pub(crate) const NO_DATE: i64 = i64::MIN;

/// Why a sheet could not be loaded.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TableError {
    #[error("row {row} has {cells} cells but the sheet has {columns} columns")]
    RowTooLong { row: usize, cells: usize, columns: usize },
    #[error("column `{column}` holds more than 4 GiB of text; split the sheet")]
    ColumnTooLarge { column: String },
    #[error("the sheet has more than {max} rows; split the sheet", max = u32::MAX)]
    TooManyRows,
    #[error("invalid sheet JSON: {0}")]
    Json(String),
    #[error("the sheet's bytes cannot be read: {0}")]
    Columnar(String),
}

/// Texts stored back to back with their end offsets.
#[derive(Debug, Default, Clone)]
struct Arena {
    text: String,
    ends: Vec<u32>,
}

impl Arena {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    fn push(&mut self, value: &str) -> Result<(), ()> {
        self.text.push_str(value);
        let end = u32::try_from(self.text.len()).map_err(|_| ())?;
        self.ends.push(end);
        Ok(())
    }

    fn heap_bytes(&self) -> usize {
        self.text.capacity() + self.ends.capacity() * 4
    }

    fn shrink(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
    }

    /// Marks the texts that contain `needle`. Runs one substring search over the whole arena
    /// instead of one per text, then maps each hit back to its text.
    fn mark_containing(&self, needle: &str, marks: &mut [bool]) {
        if needle.is_empty() {
            marks.iter_mut().for_each(|m| *m = true);
            return;
        }
        let finder = memchr::memmem::Finder::new(needle.as_bytes());
        let hay = self.text.as_bytes();
        let mut slot = 0;
        let mut from = 0;
        while let Some(found) = finder.find(&hay[from..]) {
            let at = from + found;
            while self.ends[slot] as usize <= at {
                slot += 1;
            }
            if at + needle.len() <= self.ends[slot] as usize {
                marks[slot] = true;
                // One hit is enough for this text: resume at the next one.
                from = self.ends[slot] as usize;
                slot += 1;
                if slot == self.len() {
                    break;
                }
            } else {
                from = at + 1;
            }
        }
    }
}

#[derive(Debug, Clone)]
enum Cells {
    Plain(Arena),
    Dict { values: Arena, codes: Vec<u32> },
}

/// One column: its cells and the parsed forms of each slot. A slot is a row for a plain column
/// and a distinct value for a dictionary-encoded one.
#[derive(Debug)]
pub struct Column {
    cells: Cells,
    /// Trimmed, lower-cased text per slot; `None` once computed when it equals the raw text.
    lower: OnceLock<Option<Arena>>,
    numbers: OnceLock<Vec<f64>>,
    dates: OnceLock<Vec<i64>>,
}

impl Column {
    fn from_arena(arena: Arena) -> Column {
        Column::from_cells(dictionary_encode(arena))
    }

    fn from_cells(cells: Cells) -> Column {
        Column { cells, lower: OnceLock::new(), numbers: OnceLock::new(), dates: OnceLock::new() }
    }

    fn slots(&self) -> &Arena {
        match &self.cells {
            Cells::Plain(a) => a,
            Cells::Dict { values, .. } => values,
        }
    }

    /// How many slots the parsed forms have.
    pub fn slot_count(&self) -> usize {
        self.slots().len()
    }

    /// The slot that holds `row`'s value.
    #[inline]
    pub fn slot(&self, row: usize) -> usize {
        match &self.cells {
            Cells::Plain(_) => row,
            Cells::Dict { codes, .. } => codes[row] as usize,
        }
    }

    /// The row-to-slot codes of a dictionary-encoded column.
    pub fn codes(&self) -> Option<&[u32]> {
        match &self.cells {
            Cells::Plain(_) => None,
            Cells::Dict { codes, .. } => Some(codes),
        }
    }

    /// The cell text of `row`, as it came in.
    pub fn text(&self, row: usize) -> &str {
        self.slots().get(self.slot(row))
    }

    /// The text of a slot, as it came in.
    pub fn slot_text(&self, slot: usize) -> &str {
        self.slots().get(slot)
    }

    fn lower_arena(&self) -> &Arena {
        self.lower.get_or_init(|| lowered(self.slots())).as_ref().unwrap_or(self.slots())
    }

    /// The trimmed, lower-cased text of a slot: what text conditions and search compare.
    pub fn slot_lower(&self, slot: usize) -> &str {
        self.lower_arena().get(slot)
    }

    /// Marks the slots whose lower-cased text contains `needle` (already lower-cased).
    pub fn mark_slots_containing(&self, needle: &str, marks: &mut [bool]) {
        self.lower_arena().mark_containing(needle, marks)
    }

    /// The number of each slot (dot decimal separator), `NaN` where there is none.
    pub fn numbers(&self) -> &[f64] {
        self.numbers.get_or_init(|| {
            let raw = self.slots();
            (0..raw.len()).map(|i| parse_number(raw.get(i), DecimalSeparator::Dot).unwrap_or(NO_NUMBER)).collect()
        })
    }

    /// The number in `row`'s cell (dot decimal separator).
    pub fn number(&self, row: usize) -> Option<f64> {
        let n = self.numbers()[self.slot(row)];
        (!n.is_nan()).then_some(n)
    }

    /// The date of each slot as seconds since 1970 (wall clock), `i64::MIN` where there is none.
    pub fn dates(&self) -> &[i64] {
        self.dates.get_or_init(|| {
            let raw = self.slots();
            (0..raw.len()).map(|i| parse_date(raw.get(i)).map(to_seconds).unwrap_or(NO_DATE)).collect()
        })
    }

    fn heap_bytes(&self) -> usize {
        let cells = match &self.cells {
            Cells::Plain(a) => a.heap_bytes(),
            Cells::Dict { values, codes } => values.heap_bytes() + codes.capacity() * 4,
        };
        let lower = self.lower.get().and_then(Option::as_ref).map_or(0, Arena::heap_bytes);
        let numbers = self.numbers.get().map_or(0, |v| v.capacity() * 8);
        let dates = self.dates.get().map_or(0, |v| v.capacity() * 8);
        cells + lower + numbers + dates
    }
}

/// The trimmed, lower-cased text of each slot, or `None` when every text is so already (the
/// raw arena then serves). ASCII texts, most cells, are copied and lower-cased in place, without
/// a string per cell: on a 1,000,000-row sheet this is what makes building the forms at load
/// cheap enough (see [`Table::warm`]).
fn lowered(raw: &Arena) -> Option<Arena> {
    let trims = |t: &str| t.len() != t.trim().len();
    let differs = if raw.text.is_ascii() {
        raw.text.bytes().any(|b| b.is_ascii_uppercase()) || (0..raw.len()).any(|i| trims(raw.get(i)))
    } else {
        (0..raw.len()).any(|i| {
            let t = raw.get(i);
            trims(t) || t.chars().any(|c| c.to_lowercase().next() != Some(c))
        })
    };
    if !differs {
        return None;
    }
    let mut lower = Arena::default();
    lower.text.reserve(raw.text.len());
    lower.ends.reserve(raw.len());
    for i in 0..raw.len() {
        let t = raw.get(i).trim();
        // Lower-casing can only lengthen a text by a few bytes per character; the raw arena
        // already fit in u32, and one that grows past it is refused at load.
        if t.is_ascii() {
            let start = lower.text.len();
            let _ = lower.push(t);
            lower.text[start..].make_ascii_lowercase();
        } else {
            let _ = lower.push(&t.to_lowercase());
        }
    }
    lower.shrink();
    Some(lower)
}

/// The parsed form a column's cells read as, judged from a sample: dates are tried first,
/// since `2024-01-03` also holds a number by the number rule.
fn likely_form(raw: &Arena) -> Option<Form> {
    const SAMPLE: usize = 64;
    let (mut seen, mut dates, mut numbers) = (0, 0, 0);
    for i in 0..raw.len() {
        let t = raw.get(i);
        if t.trim().is_empty() {
            continue;
        }
        seen += 1;
        if parse_date(t).is_some() {
            dates += 1;
        } else if parse_number(t, DecimalSeparator::Dot).is_some() {
            numbers += 1;
        }
        if seen == SAMPLE {
            break;
        }
    }
    // Most, not all: a column of amounts with a few 'n/a' is still filtered as numbers.
    let most = |n: usize| seen > 0 && n * 4 >= seen * 3;
    if most(dates) {
        Some(Form::Date)
    } else if most(numbers) {
        Some(Form::Number)
    } else {
        None
    }
}

enum Form {
    Number,
    Date,
}

/// Replaces a plain column by a dictionary when that saves memory: when the distinct values
/// are at most a quarter of the rows. A sample decides early for columns of unique texts, so
/// loading them costs no hashing.
fn dictionary_encode(arena: Arena) -> Cells {
    let rows = arena.len();
    // Large enough that a column of a few thousand distinct values (names, a few years of
    // dates) still looks repetitive: at 1,024 such columns stayed plain and cost 1.86x the CSV
    // size instead of 1.30x in the 1,000,000-row benchmark.
    let sample = rows.min(16_384);
    let limit = rows / 4;
    let mut seen: HashMap<&str, u32> = HashMap::new();
    for i in 0..sample {
        seen.entry(arena.get(i)).or_insert(0);
    }
    if rows < 16 || seen.len() > sample / 2 {
        return Cells::Plain(arena);
    }
    seen.clear();
    let mut values = Arena::default();
    let mut codes = Vec::with_capacity(rows);
    for i in 0..rows {
        let text = arena.get(i);
        let next = seen.len() as u32;
        let code = *seen.entry(text).or_insert(next);
        if code == next {
            if seen.len() > limit {
                drop(seen);
                return Cells::Plain(arena);
            }
            // The values are a subset of the arena's texts, so they fit in u32 too.
            let _ = values.push(text);
        }
        codes.push(code);
    }
    drop(seen);
    values.shrink();
    Cells::Dict { values, codes }
}

/// A sheet: named columns of text cells with their parsed forms.
#[derive(Debug)]
pub struct Table {
    names: Vec<String>,
    columns: Vec<Column>,
    rows: usize,
}

impl Table {
    /// A table from column names and rows of cells. Short rows are padded with empty cells (the
    /// Sheets API leaves trailing empty cells out); a row longer than the header is refused
    /// rather than silently cut.
    pub fn from_rows<S: AsRef<str>>(columns: Vec<String>, rows: &[Vec<S>]) -> Result<Table, TableError> {
        let mut builder = TableBuilder::new(columns);
        for row in rows {
            builder.push_row(row.iter().map(AsRef::as_ref))?;
        }
        builder.finish()
    }

    /// A table from JSON text `{"columns": [...], "rows": [[...], ...]}`. Cells may be strings,
    /// numbers, booleans or null (an empty cell); numbers keep their JSON spelling.
    pub fn from_json(text: &str) -> Result<Table, TableError> {
        let mut de = serde_json::Deserializer::from_str(text);
        let table = SheetSeed.deserialize(&mut de).map_err(|e| TableError::Json(e.to_string()))?;
        de.end().map_err(|e| TableError::Json(e.to_string()))?;
        table
    }

    /// Every column name, the hidden one included, in sheet order.
    pub fn column_names(&self) -> &[String] {
        &self.names
    }

    /// Indices of the columns a viewer sees and search looks at: all but `chartmat_row_index`.
    pub fn visible_columns(&self) -> Vec<usize> {
        (0..self.names.len()).filter(|&c| self.names[c] != ROW_INDEX_COLUMN).collect()
    }

    /// The columns a search reads: the visible ones but the record id (see the module's notes).
    pub fn searched_columns(&self) -> Vec<usize> {
        (0..self.names.len()).filter(|&c| !BOOKKEEPING_COLUMNS.contains(&self.names[c].as_str())).collect()
    }

    /// The column named `name`: the exact name first, then ignoring case and surrounding spaces.
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name).or_else(|| {
            let wanted = name.trim().to_lowercase();
            self.names.iter().position(|n| n.trim().to_lowercase() == wanted)
        })
    }

    pub fn column(&self, index: usize) -> &Column {
        &self.columns[index]
    }

    pub fn row_count(&self) -> usize {
        self.rows
    }

    pub fn cell(&self, row: usize, column: usize) -> &str {
        self.columns[column].text(row)
    }

    /// Bytes held on the heap, parsed forms computed so far included: the figure the memory
    /// target of the benchmark reads.
    pub fn heap_bytes(&self) -> usize {
        self.columns.iter().map(Column::heap_bytes).sum::<usize>() + self.names.iter().map(String::capacity).sum::<usize>()
    }

    /// Builds the parsed forms the first queries will need, so that the first query on a new
    /// sheet costs what later ones do: the lower-cased text of every searched column (search
    /// reads them all) and the numbers or dates of the columns whose cells read as such. A form
    /// not built here is still built on first use. Run once a sheet is loaded: in the browser
    /// as part of opening it, on the server in the background while the table is served.
    pub fn warm(&self) {
        for c in self.searched_columns() {
            let column = &self.columns[c];
            column.lower_arena();
            match likely_form(column.slots()) {
                Some(Form::Number) => {
                    column.numbers();
                }
                Some(Form::Date) => {
                    column.dates();
                }
                None => {}
            }
        }
    }
}

/// Builds a [`Table`] one row at a time, so that an importer never holds the sheet twice.
pub struct TableBuilder {
    names: Vec<String>,
    arenas: Vec<Arena>,
    rows: usize,
}

impl TableBuilder {
    pub fn new(columns: Vec<String>) -> TableBuilder {
        let arenas = vec![Arena::default(); columns.len()];
        TableBuilder { names: columns, arenas, rows: 0 }
    }

    pub fn push_row<'a>(&mut self, cells: impl IntoIterator<Item = &'a str>) -> Result<(), TableError> {
        let mut count = 0;
        for cell in cells {
            let Some(arena) = self.arenas.get_mut(count) else {
                let cells = count + 1;
                return Err(TableError::RowTooLong { row: self.rows + 1, cells, columns: self.names.len() });
            };
            arena.push(cell).map_err(|_| TableError::ColumnTooLarge { column: self.names[count].clone() })?;
            count += 1;
        }
        for arena in &mut self.arenas[count..] {
            arena.push("").expect("an empty text adds no bytes");
        }
        self.rows += 1;
        if u32::try_from(self.rows).is_err() {
            return Err(TableError::TooManyRows);
        }
        Ok(())
    }

    pub fn finish(self) -> Result<Table, TableError> {
        let columns = self
            .arenas
            .into_iter()
            .map(|mut arena| {
                arena.shrink();
                Column::from_arena(arena)
            })
            .collect();
        Ok(Table { names: self.names, columns, rows: self.rows })
    }
}

/// Streams `{"columns": [...], "rows": [...]}` straight into a [`TableBuilder`].
struct SheetSeed;

impl<'de> DeserializeSeed<'de> for SheetSeed {
    type Value = Result<Table, TableError>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(SheetVisitor)
    }
}

struct SheetVisitor;

impl<'de> Visitor<'de> for SheetVisitor {
    type Value = Result<Table, TableError>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(r#"an object {"columns": [...], "rows": [[...], ...]}"#)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut builder: Option<TableBuilder> = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "columns" => {
                    let names: Vec<Cell> = map.next_value()?;
                    builder = Some(TableBuilder::new(names.into_iter().map(|c| c.0.into_owned()).collect()));
                }
                "rows" => {
                    let Some(b) = builder.as_mut() else {
                        return Err(serde::de::Error::custom("\"columns\" must come before \"rows\""));
                    };
                    if let Err(e) = map.next_value_seed(RowsSeed(b))? {
                        return Ok(Err(e));
                    }
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        match builder {
            Some(b) => Ok(b.finish()),
            None => Err(serde::de::Error::missing_field("columns")),
        }
    }
}

struct RowsSeed<'b>(&'b mut TableBuilder);

impl<'de> DeserializeSeed<'de> for RowsSeed<'_> {
    type Value = Result<(), TableError>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for RowsSeed<'_> {
    type Value = Result<(), TableError>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of rows, each an array of cells")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while let Some(row) = seq.next_element::<Vec<Cell<'de>>>()? {
            if let Err(e) = self.0.push_row(row.iter().map(|c| c.0.as_ref())) {
                // The rows after it must still be read: left unread they turn the answer into
                // "trailing characters", which names neither the row nor the problem.
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                return Ok(Err(e));
            }
        }
        Ok(Ok(()))
    }
}

/// A JSON cell read as spreadsheet text. Borrowed from the input when it has no escapes, so
/// loading a large sheet does not allocate a string per cell.
struct Cell<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Cell<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CellVisitor;
        impl<'de> Visitor<'de> for CellVisitor {
            type Value = Cell<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a cell: string, number, boolean or null")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E>(self, v: String) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Owned(v)))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Borrowed(if v { "TRUE" } else { "FALSE" })))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Owned(v.to_string())))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Owned(v.to_string())))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Owned(crate::number::format_number(v))))
            }
            fn visit_unit<E>(self) -> Result<Cell<'de>, E> {
                Ok(Cell(Cow::Borrowed("")))
            }
        }
        deserializer.deserialize_any(CellVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let rows: Vec<Vec<String>> =
            (0..100).map(|i| vec![format!("Name {i}"), ["North", "South"][i % 2].to_string(), format!("${i}.50")]).collect();
        Table::from_rows(vec!["Name".into(), "Region".into(), "Amount".into()], &rows).unwrap()
    }

    #[test]
    fn repeated_values_are_dictionary_encoded_and_unique_ones_are_not() {
        let t = sample();
        assert!(t.column(1).codes().is_some());
        assert_eq!(t.column(1).slot_count(), 2);
        assert!(t.column(0).codes().is_none());
        assert_eq!(t.cell(3, 1), "South");
        assert_eq!(t.cell(3, 0), "Name 3");
    }

    #[test]
    fn parsed_forms_are_per_slot() {
        let t = sample();
        assert_eq!(t.column(2).number(7), Some(7.5));
        assert_eq!(t.column(1).slot_lower(t.column(1).slot(0)), "north");
    }

    #[test]
    fn short_rows_are_padded_and_long_rows_refused() {
        let t = Table::from_rows(vec!["a".into(), "b".into()], &[vec!["1"]]).unwrap();
        assert_eq!(t.cell(0, 1), "");
        let err = Table::from_rows(vec!["a".into()], &[vec!["1", "2"]]).unwrap_err();
        assert_eq!(err.to_string(), "row 1 has 2 cells but the sheet has 1 columns");
    }

    #[test]
    fn a_long_row_among_others_is_named_in_the_error() {
        let err = Table::from_json(r#"{"columns":["a"],"rows":[["1"],["2","3"],["4"]]}"#).unwrap_err();
        assert_eq!(err.to_string(), "row 2 has 2 cells but the sheet has 1 columns");
    }

    #[test]
    fn json_cells_of_any_scalar_type_become_text() {
        let t = Table::from_json(r#"{"columns":["a","b","c","d"],"rows":[["x",1.5,true,null],[2]]}"#).unwrap();
        assert_eq!((t.cell(0, 0), t.cell(0, 1), t.cell(0, 2), t.cell(0, 3)), ("x", "1.5", "TRUE", ""));
        assert_eq!(t.cell(1, 0), "2");
    }

    #[test]
    fn bad_json_is_an_error_with_its_position() {
        let err = Table::from_json(r#"{"columns":["a"],"rows":[["x"],]}"#).unwrap_err();
        assert!(err.to_string().starts_with("invalid sheet JSON: "), "{err}");
        assert!(Table::from_json(r#"{"rows":[]}"#).is_err());
    }

    #[test]
    fn the_row_index_column_is_hidden_and_lookup_ignores_case() {
        let t = Table::from_rows(vec!["Name".into(), ROW_INDEX_COLUMN.into()], &[vec!["a", "1"]]).unwrap();
        assert_eq!(t.visible_columns(), vec![0]);
        assert_eq!(t.column_index(" name "), Some(0));
    }

    #[test]
    fn lower_case_forms_are_the_trimmed_lower_cased_text_with_or_without_the_ascii_path() {
        let texts = ["Plain", " Padded\t", "\u{b}vertical tab\u{c}", "ÀÉÎ", "ΣΑΣ end", "ΑΣ", "mixed Straße ", "already lower", ""];
        for extra in [None, Some("ä")] {
            let mut rows: Vec<Vec<&str>> = texts.iter().map(|t| vec![*t]).collect();
            rows.extend(extra.map(|t| vec![t]));
            let t = Table::from_rows(vec!["a".into()], &rows).unwrap();
            for (row, cells) in rows.iter().enumerate() {
                let column = t.column(0);
                assert_eq!(column.slot_lower(column.slot(row)), cells[0].trim().to_lowercase(), "{:?}", cells[0]);
            }
        }
        let ascii = Table::from_rows(vec!["a".into()], &[vec!["lower"], vec!["case"]]).unwrap();
        ascii.warm();
        assert_eq!(
            ascii.heap_bytes(),
            Table::from_rows(vec!["a".into()], &[vec!["lower"], vec!["case"]]).unwrap().heap_bytes(),
            "no copy when nothing changes"
        );
    }

    #[test]
    fn warming_builds_the_forms_a_query_needs_up_front() {
        let rows: Vec<Vec<String>> =
            (0..50).map(|i| vec![format!("Item {i}"), format!("2024-01-{:02}", i % 28 + 1), format!("${i}.25"), "n/a".into()]).collect();
        let t = Table::from_rows(vec!["Name".into(), "Day".into(), "Amount".into(), "Note".into()], &rows).unwrap();
        t.warm();
        assert!(t.column(0).lower.get().is_some_and(Option::is_some), "text that has capitals gets its lower-case copy");
        assert!(t.column(1).dates.get().is_some() && t.column(1).numbers.get().is_none(), "dates, not numbers, for a date column");
        assert!(t.column(2).numbers.get().is_some() && t.column(2).dates.get().is_none(), "numbers for amounts");
        assert!(t.column(3).numbers.get().is_none() && t.column(3).dates.get().is_none(), "neither for text");
    }

    #[test]
    fn substring_marks_never_span_two_cells() {
        let t = Table::from_rows(vec!["a".into()], &[vec!["ab"], vec!["cd"], vec!["bc"]]).unwrap();
        let mut marks = vec![false; 3];
        t.column(0).mark_slots_containing("bc", &mut marks);
        assert_eq!(marks, vec![false, false, true]);
    }
}
