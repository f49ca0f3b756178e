//! A Google spreadsheet's tabs, read from the bytes of its `values:batchGet` answer in two
//! passes, so that a 10,000,000-cell spreadsheet is held once, as the answer's bytes, never as a
//! string per cell (issue 31):
//!
//! 1. [`plan`] learns each tab's shape (its header, its widest row, its non-empty rows) and
//!    gives every row its record id. New ids must be written back to Google before anything is
//!    stored ([`TabPlan::write_back`]), so they are chosen here, and only they are kept.
//! 2. [`hand_over`] reads the answer again and hands each tab's header, then its rows with
//!    those ids, to the store one row at a time.
//!
//! A tab as Google has it: row 1 is the header (widened to the widest row, names made unique),
//! empty rows are skipped (a deleted row is cleared, not removed), and every row carries its
//! 'ChartApps Record ID'.

use std::ops::ControlFlow;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use tessera_core::table::RECORD_ID_COLUMN;
use tessera_files::Piece;

use crate::infra::error::{Error, ResultExt};
use crate::sheets::{IdRule, RecordIds};

/// Google's own limit is 10,000,000 cells a spreadsheet, so only a limit lowered here is hit.
pub const TOO_MANY_CELLS: &str = "This Google spreadsheet has more than 10,000,000 cells, the most one import may hold. \
     Move some tabs to another spreadsheet and connect them separately.";

/// An answer that is not the API's JSON, or JSON without the parts every answer has.
pub const GARBLED: &str = "Google Sheets answered something other than spreadsheet data (the answer was cut off, or a proxy \
     answered in its place). Nothing was changed here; please try again in a few minutes.";

/// A tab title as an A1 range: quoted, with quotes doubled.
pub(super) fn quoted(title: &str) -> String {
    format!("'{}'", title.replace('\'', "''"))
}

/// 0 → A, 25 → Z, 26 → AA.
pub(super) fn column_letter(index: usize) -> String {
    let mut letters = Vec::new();
    let mut n = index + 1;
    while n > 0 {
        let rest = (n - 1) % 26;
        letters.push(b'A' + rest as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// What the first pass learned of one tab, and the ids it chose.
pub(super) struct TabPlan {
    title: String,
    /// The columns as stored: the header with the id column (added at the end when missing).
    columns: Vec<String>,
    /// Shapes each row to `columns`.
    shape: RecordIds,
    /// Each non-empty row's id, in row order.
    ids: Vec<String>,
    /// Each non-empty row's number in the Google tab (the header is row 1).
    numbers: Vec<usize>,
    /// The Google column the ids are in (or go to), when the tab has a header; and whether
    /// Google lacks any of the ids (a new column, an empty or repeated id).
    id_column: Option<(usize, bool)>,
}

impl TabPlan {
    /// The range and the JSON body (`values.update`) that make Google hold the same ids: the
    /// whole id column under its header, when any id is new. None when Google holds them all,
    /// or the tab is empty.
    pub(super) fn write_back(&self) -> Result<Option<(String, Vec<u8>)>, Error> {
        let Some((column, true)) = self.id_column else { return Ok(None) };
        let last = self.numbers.last().copied().unwrap_or(1);
        let letter = column_letter(column);
        let range = format!("{}!{letter}1:{letter}{last}", quoted(&self.title));
        // Sized for the column at once: grown by doubling, a million ids' 37 MB would pass
        // through 64 MB and a copy.
        let room = range.len() + 64 + self.ids.iter().map(|id| id.len() + 8).sum::<usize>() + (last - self.ids.len()) * 5;
        let mut body = Vec::with_capacity(room);
        serde_json::to_writer(&mut body, &IdColumnBody { range: &range, major_dimension: "ROWS", values: IdColumn(self) })
            .context("writing a Google tab's record ids")?;
        Ok(Some((range, body)))
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct IdColumnBody<'a> {
    range: &'a str,
    major_dimension: &'a str,
    values: IdColumn<'a>,
}

/// `[[header], [id of row 2], …]` down to the last non-empty row, empty rows left empty; written
/// straight from the plan, not built as a grid first.
struct IdColumn<'a>(&'a TabPlan);

impl Serialize for IdColumn<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let plan = self.0;
        let last = plan.numbers.last().copied().unwrap_or(1);
        let mut rows = serializer.serialize_seq(Some(last))?;
        rows.serialize_element(&[RECORD_ID_COLUMN])?;
        let mut next = plan.numbers.iter().zip(&plan.ids).peekable();
        for number in 2..=last {
            match next.next_if(|(at, _)| **at == number) {
                Some((_, id)) => rows.serialize_element(&[id])?,
                None => rows.serialize_element(&[""])?,
            }
        }
        rows.end()
    }
}

/// The first pass over the answer to a `values:batchGet` of the tabs `titles`, in that order,
/// telling `rows_read` the rows read so far every [`tessera_files::PROGRESS_ROWS`], as a file's
/// reader does.
pub(super) fn plan(answer: &[u8], titles: Vec<String>, rows_read: &mut dyn FnMut(u64)) -> Result<Vec<TabPlan>, Error> {
    let mut titles = titles.into_iter();
    let mut plans = Vec::new();
    let mut tab: Option<Measure> = None;
    let mut cells = 0u64;
    let mut read = 0u64;
    let ranges = read_ranges(answer, &mut |met| {
        match met {
            Met::Range => tab = Some(Measure::new(titles.next().ok_or(GARBLED)?)),
            Met::Row(row) => {
                let tab = tab.as_mut().ok_or(GARBLED)?;
                tab.see(row);
                read += 1;
                if read.is_multiple_of(tessera_files::PROGRESS_ROWS) {
                    rows_read(read);
                }
                if cells + tab.cells() > tessera_files::MAX_CELLS {
                    return Err(TOO_MANY_CELLS);
                }
            }
            Met::RangeEnd => {
                let tab = tab.take().ok_or(GARBLED)?;
                cells += tab.cells();
                plans.push(tab.plan());
            }
        }
        Ok(())
    })?;
    // One range per tab, or the answer is not one to replace the stored rows with.
    if ranges != plans.len() || titles.next().is_some() {
        return Err(Error::Unavailable(GARBLED.to_owned()));
    }
    Ok(plans)
}

/// The second pass: each tab's header, then its non-empty rows shaped to it with the ids
/// [`plan`] chose, until `each` breaks.
pub(super) fn hand_over(answer: &[u8], plans: Vec<TabPlan>, each: &mut dyn FnMut(Piece) -> ControlFlow<()>) -> Result<(), Error> {
    let mut plans = plans.into_iter();
    let mut tab: Option<(TabPlan, usize, std::vec::IntoIter<String>)> = None;
    let mut stopped = false;
    let mut hand = |piece| match each(piece) {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => {
            stopped = true;
            Err(STOPPED)
        }
    };
    let read = read_ranges(answer, &mut |met| {
        match met {
            Met::Range => {
                let mut plan = plans.next().ok_or(CHANGED)?;
                let ids = std::mem::take(&mut plan.ids);
                let columns = std::mem::take(&mut plan.columns);
                hand(Piece::Tab { title: plan.title.clone(), columns, rows: ids.len() })?;
                tab = Some((plan, 0, ids.into_iter()));
            }
            Met::Row(mut row) => {
                let (plan, seen, ids) = tab.as_mut().ok_or(CHANGED)?;
                *seen += 1;
                if *seen == 1 || blank(&row) {
                    return Ok(());
                }
                plan.shape.shape(&mut row);
                row[plan.shape.column()] = ids.next().ok_or(CHANGED)?;
                hand(Piece::Row(row))?;
            }
            Met::RangeEnd => {
                let (_, _, mut ids) = tab.take().ok_or(CHANGED)?;
                if ids.next().is_some() {
                    return Err(CHANGED);
                }
            }
        }
        Ok(())
    });
    match read {
        Err(_) if stopped => Ok(()),
        Err(error) => Err(error),
        Ok(_) => Ok(()),
    }
}

const STOPPED: &str = "the store stopped reading";
/// The second pass met what the first did not: only a bug reads the same bytes differently.
const CHANGED: &str = "a Google answer read differently the second time";

/// A row Google keeps where one was deleted: no cell holds anything.
fn blank(row: &[String]) -> bool {
    row.iter().all(|cell| cell.trim().is_empty())
}

/// One tab as the first pass sees it, a row at a time.
struct Measure {
    title: String,
    /// Row 1 as read, once it came.
    header: Option<Vec<String>>,
    /// Where the header has the id column, with the rule that keeps or replaces each row's id.
    ids_from: Option<(Option<usize>, IdRule)>,
    rows: usize,
    width: usize,
    ids: Vec<String>,
    numbers: Vec<usize>,
    /// Whether Google lacks any of the ids.
    new_ids: bool,
}

impl Measure {
    fn new(title: String) -> Self {
        Measure { title, header: None, ids_from: None, rows: 0, width: 0, ids: Vec::new(), numbers: Vec::new(), new_ids: false }
    }

    /// The cells the tab spans so far, blank ones included: Google's own measure of a sheet.
    fn cells(&self) -> u64 {
        self.rows as u64 * self.width as u64
    }

    fn see(&mut self, mut row: Vec<String>) {
        self.rows += 1;
        self.width = self.width.max(row.len());
        let Some((column, rule)) = &mut self.ids_from else {
            // Widening the header later only adds names after these, so the id column found
            // here is the one the stored columns will have.
            let column = tessera_files::unique_names(&row).iter().position(|name| name == RECORD_ID_COLUMN);
            self.ids_from = Some((column, IdRule::new(column.is_some())));
            self.header = Some(row);
            return;
        };
        if blank(&row) {
            return;
        }
        let mut id = column.and_then(|column| row.get_mut(column)).map(std::mem::take).unwrap_or_default();
        self.new_ids |= !rule.fix(&mut id);
        self.ids.push(id);
        self.numbers.push(self.rows);
    }

    fn plan(self) -> TabPlan {
        let mut header = self.header.unwrap_or_default();
        let has_header = !header.is_empty() || self.width > 0;
        if has_header {
            header.resize(self.width, String::new());
        }
        let mut columns = tessera_files::unique_names(&header);
        let found = self.ids_from.and_then(|(column, _)| column);
        let id_column = has_header.then(|| (found.unwrap_or(columns.len()), found.is_none() || self.new_ids));
        let shape = RecordIds::for_columns(&mut columns);
        TabPlan { title: self.title, columns, shape, ids: self.ids, numbers: self.numbers, id_column }
    }
}

/// What reading an answer meets, in order: a range starts, its rows (cells as text), it ends.
enum Met {
    Range,
    Row(Vec<String>),
    RangeEnd,
}

/// Reads `{"valueRanges": [{"values": [[cell, …], …], …}, …]}`, telling `met` each part as it is
/// parsed; answers how many ranges there were. An answer that is not such an object, or a cell
/// that is an object or a list, is [`GARBLED`]; an error of `met` ends the read with it.
fn read_ranges(answer: &[u8], met: &mut dyn FnMut(Met) -> Result<(), &'static str>) -> Result<usize, Error> {
    let mut failed = None;
    let read = Answer { met, failed: &mut failed }.deserialize(&mut serde_json::Deserializer::from_slice(answer));
    match (read, failed) {
        (Ok(ranges), None) => Ok(ranges),
        (_, Some(TOO_MANY_CELLS)) => Err(Error::Unavailable(TOO_MANY_CELLS.to_owned())),
        (_, Some(GARBLED)) | (Err(_), None) => Err(Error::Unavailable(GARBLED.to_owned())),
        (_, Some(other)) => Err(Error::internal("reading a Google answer", other)),
    }
}

/// The answer object, its `valueRanges` read range by range.
struct Answer<'m> {
    met: &'m mut dyn FnMut(Met) -> Result<(), &'static str>,
    failed: &'m mut Option<&'static str>,
}

impl Answer<'_> {
    fn tell<E: de::Error>(&mut self, met: Met) -> Result<(), E> {
        (self.met)(met).map_err(|reason| {
            *self.failed = Some(reason);
            E::custom(reason)
        })
    }
}

impl<'de> DeserializeSeed<'de> for Answer<'_> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Answer<'_> {
    type Value = usize;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a values:batchGet answer")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut fields: A) -> Result<usize, A::Error> {
        let mut ranges = 0;
        while let Some(field) = fields.next_key::<String>()? {
            if field == "valueRanges" {
                ranges = fields.next_value_seed(Ranges(&mut self))?;
            } else {
                fields.next_value::<IgnoredAny>()?;
            }
        }
        Ok(ranges)
    }
}

/// `valueRanges`: each range's rows told as they are parsed.
struct Ranges<'a, 'm>(&'a mut Answer<'m>);

impl<'de> DeserializeSeed<'de> for Ranges<'_, '_> {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Ranges<'_, '_> {
    type Value = usize;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a list of value ranges")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut ranges: A) -> Result<usize, A::Error> {
        let mut count = 0;
        while ranges.next_element_seed(Range(&mut *self.0))?.is_some() {
            count += 1;
        }
        Ok(count)
    }
}

/// One value range: told when it starts, its `values` row by row, and when it ends.
struct Range<'a, 'm>(&'a mut Answer<'m>);

impl<'de> DeserializeSeed<'de> for Range<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Range<'_, '_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a value range")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<(), A::Error> {
        self.0.tell(Met::Range)?;
        while let Some(field) = fields.next_key::<String>()? {
            if field == "values" {
                fields.next_value_seed(Rows(&mut *self.0))?;
            } else {
                fields.next_value::<IgnoredAny>()?;
            }
        }
        self.0.tell(Met::RangeEnd)
    }
}

/// A range's `values`: each row told as it is parsed.
struct Rows<'a, 'm>(&'a mut Answer<'m>);

impl<'de> DeserializeSeed<'de> for Rows<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Rows<'_, '_> {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a range's rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut rows: A) -> Result<(), A::Error> {
        while let Some(row) = rows.next_element::<Vec<Cell>>()? {
            self.0.tell(Met::Row(row.into_iter().map(|Cell(text)| text).collect()))?;
        }
        Ok(())
    }
}

/// A range's rows of cells (Google leaves out trailing empty cells and rows), for the calls that
/// read one small range (a header, an id column, a row).
#[derive(Deserialize)]
pub(super) struct ValueRange {
    #[serde(default)]
    values: Vec<Vec<Cell>>,
}

impl ValueRange {
    pub(super) fn into_rows(self) -> Vec<Vec<String>> {
        self.values.into_iter().map(|row| row.into_iter().map(|Cell(text)| text).collect()).collect()
    }
}

/// A cell as text: formatted values are strings; a number or a boolean is its JSON text, a null
/// empty.
struct Cell(String);

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = String;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("a cell: a string, a number, a boolean or null")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<String, E> {
                Ok(text.to_owned())
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<String, E> {
                Ok(text)
            }
            fn visit_bool<E: de::Error>(self, value: bool) -> Result<String, E> {
                Ok(value.to_string())
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<String, E> {
                Ok(value.to_string())
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<String, E> {
                Ok(value.to_string())
            }
            fn visit_f64<E: de::Error>(self, value: f64) -> Result<String, E> {
                Ok(serde_json::Number::from_f64(value).map(|number| number.to_string()).unwrap_or_default())
            }
            fn visit_unit<E: de::Error>(self) -> Result<String, E> {
                Ok(String::new())
            }
        }
        deserializer.deserialize_any(Text).map(Cell)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};
    use tessera_core::table::ROW_INDEX_COLUMN;

    use super::*;

    /// A `values:batchGet` answer of these tabs' rows, as Google writes it.
    fn answer(tabs: &[Value]) -> Vec<u8> {
        // Google leaves `values` out of a range without any.
        let ranges: Vec<Value> = tabs
            .iter()
            .enumerate()
            .map(|(i, values)| match values {
                Value::Null => json!({"range": format!("T{i}!A1:Z"), "majorDimension": "ROWS"}),
                values => json!({"range": format!("T{i}!A1:Z"), "majorDimension": "ROWS", "values": values}),
            })
            .collect();
        json!({"spreadsheetId": "s", "valueRanges": ranges}).to_string().into_bytes()
    }

    fn titles(count: usize) -> Vec<String> {
        (0..count).map(|i| format!("T{i}")).collect()
    }

    /// A tab's write-back: its range and its body.
    type WrittenBack = Option<(String, Value)>;

    /// Both passes over `answer`: the pieces handed over, and each tab's write-back.
    fn read(answer: &[u8], tabs: usize) -> Result<(Vec<Piece>, Vec<WrittenBack>), Error> {
        let plans = plan(answer, titles(tabs), &mut |_| ())?;
        let written = plans
            .iter()
            .map(|plan| plan.write_back().unwrap().map(|(range, body)| (range, serde_json::from_slice(&body).unwrap())))
            .collect();
        let mut pieces = Vec::new();
        hand_over(answer, plans, &mut |piece| {
            pieces.push(piece);
            ControlFlow::Continue(())
        })?;
        Ok((pieces, written))
    }

    fn rows(pieces: &[Piece]) -> Vec<Vec<String>> {
        pieces.iter().filter_map(|piece| if let Piece::Row(row) = piece { Some(row.clone()) } else { None }).collect()
    }

    #[test]
    fn cells_of_every_kind_are_read_as_text_straight_from_the_answer() {
        let (pieces, _) = read(&answer(&[json!([["Name", "A", "B", "C", "D", "E"], ["x", "1.5", 2, 2.5, true, null]])]), 1).unwrap();
        assert_eq!(rows(&pieces)[0][..6], ["x", "1.5", "2", "2.5", "true", ""]);
        let garbled = |answer: &str| plan(answer.as_bytes(), titles(1), &mut |_| ()).err().map(|error| error.to_string());
        assert_eq!(garbled(r#"{"valueRanges":[{"values":[["Name"],[{"a":1}]]}]}"#).as_deref(), Some(GARBLED), "a cell is never an object");
        assert_eq!(garbled("[]").as_deref(), Some(GARBLED), "an answer is an object");
        assert_eq!(garbled(r#"{"valueRanges":[{"values":[["Name"]]}"#).as_deref(), Some(GARBLED), "an answer cut off");
        assert_eq!(garbled(r#"{"valueRanges":[]}"#).as_deref(), Some(GARBLED), "a range missing");
        assert_eq!(garbled(r#"{"valueRanges":[{},{}]}"#).as_deref(), Some(GARBLED), "a range too many");
        assert!(plan(b"{}", Vec::new(), &mut |_| ()).unwrap().is_empty(), "a spreadsheet without tabs");
    }

    #[test]
    fn a_tab_without_ids_gets_the_column_written_next_to_its_header() {
        let tab = json!([["Name", "Amount"], ["Ada", "10"], [], ["Bob"], ["  ", ""]]);
        let (pieces, written) = read(&answer(&[tab]), 1).unwrap();
        let Piece::Tab { title, columns, rows: count } = &pieces[0] else { panic!("a tab first") };
        assert_eq!(
            (title.as_str(), columns.as_slice(), *count),
            ("T0", &["Name".to_owned(), "Amount".into(), RECORD_ID_COLUMN.into()][..], 2)
        );
        let rows = rows(&pieces);
        assert_eq!(rows[1][..2], ["Bob", ""], "rows are as wide as the header; empty rows are skipped");
        assert_ne!(rows[0][2], rows[1][2]);
        let (range, body) = written[0].clone().expect("the new ids are written back");
        assert_eq!(range, "'T0'!C1:C4");
        assert_eq!(
            body,
            json!({"range": "'T0'!C1:C4", "majorDimension": "ROWS", "values": [[RECORD_ID_COLUMN], [rows[0][2]], [""], [rows[1][2]]]})
        );
    }

    #[test]
    fn a_tab_with_ids_keeps_them_and_writes_back_only_when_one_was_new() {
        let complete = json!([[RECORD_ID_COLUMN, "Name"], [" r1 ", "Ada"], ["r2", "Bob"]]);
        let (pieces, written) = read(&answer(&[complete]), 1).unwrap();
        assert_eq!(rows(&pieces), [["r1", "Ada"], ["r2", "Bob"]]);
        assert_eq!(written, [None]);
        // An empty id and a repeated one are replaced; the hidden row index is dropped.
        let gaps = json!([[ROW_INDEX_COLUMN, "Name", RECORD_ID_COLUMN], ["0", "Ada", "r1"], ["1", "Bob"], ["2", "Cy", "r1"]]);
        let (pieces, written) = read(&answer(&[gaps]), 1).unwrap();
        let Piece::Tab { columns, .. } = &pieces[0] else { panic!("a tab first") };
        assert_eq!(columns, &["Name", RECORD_ID_COLUMN]);
        let rows = rows(&pieces);
        assert_eq!(rows[0], ["Ada", "r1"]);
        assert!(rows[1][1].len() == 32 && rows[2][1].len() == 32 && rows[1][1] != rows[2][1], "{rows:?}");
        let (range, body) = written[0].clone().unwrap();
        assert_eq!(range, "'T0'!C1:C4", "the id column as Google has it, row index included");
        assert_eq!(body["values"], json!([[RECORD_ID_COLUMN], ["r1"], [rows[1][1]], [rows[2][1]]]));
    }

    #[test]
    fn a_header_alone_gets_its_id_column_and_an_empty_tab_gets_nothing() {
        let (pieces, written) = read(&answer(&[json!([["Name"]]), Value::Null, json!([[], [], ["", "x"]])]), 3).unwrap();
        let tabs: Vec<(&str, &[String], usize)> = pieces
            .iter()
            .filter_map(|piece| {
                if let Piece::Tab { title, columns, rows } = piece {
                    Some((title.as_str(), columns.as_slice(), *rows))
                } else {
                    None
                }
            })
            .collect();
        assert_eq!(tabs[0], ("T0", &["Name".to_owned(), RECORD_ID_COLUMN.into()][..], 0));
        assert_eq!(tabs[1], ("T1", &[RECORD_ID_COLUMN.to_owned()][..], 0), "a tab Google answers without values");
        assert_eq!(tabs[2], ("T2", &["Column 1".to_owned(), "Column 2".into(), RECORD_ID_COLUMN.into()][..], 1), "a blank header widened");
        assert_eq!(
            written[0].as_ref().map(|(range, body)| (range.as_str(), body["values"].clone())),
            Some(("'T0'!B1:B1", json!([[RECORD_ID_COLUMN]])))
        );
        assert_eq!(written[1], None);
        assert_eq!(rows(&pieces)[0][..2], ["", "x"]);
    }

    #[test]
    fn the_first_pass_reports_rows_read_as_a_file_reader_does() {
        let rows: Vec<Value> = (0..25_000).map(|i| json!([i.to_string()])).collect();
        let mut reports = Vec::new();
        plan(&answer(&[Value::Array(rows)]), titles(1), &mut |read| reports.push(read)).unwrap();
        assert_eq!(reports, [10_000, 20_000]);
    }

    #[test]
    fn a_spreadsheet_past_the_cell_limit_is_refused_as_it_is_read_and_a_caller_that_stops_gets_no_more() {
        let width = 1_000;
        let row: Vec<String> = (0..width).map(|i| i.to_string()).collect();
        let tall = (tessera_files::MAX_CELLS / width as u64) as usize + 1;
        let body = format!(r#"{{"valueRanges":[{{"values":[{}]}}]}}"#, vec![serde_json::to_string(&row).unwrap(); tall].join(","));
        assert_eq!(plan(body.as_bytes(), titles(1), &mut |_| ()).err().map(|error| error.to_string()).as_deref(), Some(TOO_MANY_CELLS));

        let two = answer(&[json!([["A"], ["1"], ["2"]]), json!([["B"], ["3"]])]);
        let plans = plan(&two, titles(2), &mut |_| ()).unwrap();
        let mut pieces = 0;
        hand_over(&two, plans, &mut |_| {
            pieces += 1;
            if pieces == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(pieces, 2, "no piece after the break");
    }
}
