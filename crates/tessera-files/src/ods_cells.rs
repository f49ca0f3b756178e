//! An ODS workbook's tabs read cell by cell from its `content.xml` as it inflates, so a tab is
//! never held whole (issue 31: a 10,000,000-cell import in bounded memory). calamine builds a
//! dense range of every tab on opening; this reader gives the same cells, as calamine reads
//! them, one row at a time.
//!
//! What a cell holds follows calamine (and so the crate docs' workbook rules): `office:value`
//! is a number, `office:date-value` a date, `office:time-value` a duration as written,
//! `office:boolean-value` a boolean, `office:string-value` text; a `string` cell without one is
//! its paragraphs joined by line breaks, `<text:s>` standing for its spaces, notes left out.
//! Rows and columns repeated by `table:number-rows-repeated` and
//! `table:number-columns-repeated` are given once per row and column, within calamine's caps
//! of 1,048,576 rows and 16,384 columns. What [`ods_extent`](crate::ods_extent) counted before
//! this reader runs bounds what it builds.

use std::io::BufRead;

use calamine::Data;
use quick_xml::events::{BytesEnd, BytesStart, Event};
use quick_xml::name::QName;
use quick_xml::Reader;

use crate::calamine_xml;
use crate::cell_text::cell_text;

const MAX_ROWS: u64 = 1_048_576;
const MAX_COLUMNS: u64 = 16_384;

/// A cell's position (row, column) and its text, never empty.
pub(crate) type Cell = ((u32, u32), String);

/// The tabs of one `content.xml`, in file order: [`OdsCells::next_table`] moves to the next
/// tab, then [`OdsCells::next_cell`] gives its cells with text in row order.
pub(crate) struct OdsCells<R: BufRead> {
    reader: Reader<R>,
    /// Where every event is read, one after the other, so reading a cell allocates nothing.
    buf: Vec<u8>,
    /// Inside a tab, and the index of its next row (repeats counted).
    table: Option<u64>,
    /// The row being given: its cells, once per row it repeats over.
    row: Option<RepeatedRow>,
}

/// A row's runs of cells with text, given `repeats` times from row `at` on.
struct RepeatedRow {
    at: u64,
    repeats: u64,
    /// (first column, columns, text) of each run.
    runs: Vec<(u32, u32, String)>,
    /// Where the next cell is: the repeat, the run and the column within it.
    next: (u64, usize, u32),
}

impl RepeatedRow {
    fn next_cell(&mut self) -> Option<Cell> {
        let (repeat, run, within) = &mut self.next;
        while *repeat < self.repeats {
            if let Some((first, columns, text)) = self.runs.get(*run) {
                if *within < *columns {
                    let cell = (((self.at + *repeat) as u32, first + *within), text.clone());
                    *within += 1;
                    return Some(cell);
                }
                (*run, *within) = (*run + 1, 0);
            } else {
                (*repeat, *run, *within) = (*repeat + 1, 0, 0);
            }
        }
        None
    }
}

impl<R: BufRead> OdsCells<R> {
    pub(crate) fn new(content: R) -> Self {
        let mut reader = calamine_xml::reader(content);
        // A damaged file is refused rather than read into the next tab.
        reader.config_mut().check_end_names = true;
        OdsCells { reader, buf: Vec::new(), table: None, row: None }
    }

    /// Moves past what is left of the tab being read to the next one with a name, and answers
    /// its name; `None` after the last tab.
    pub(crate) fn next_table(&mut self) -> Result<Option<String>, String> {
        while self.table.is_some() {
            self.next_cell()?;
        }
        loop {
            self.buf.clear();
            match read_event(&mut self.reader, &mut self.buf)? {
                Event::Eof => return Ok(None),
                Event::Start(element) if element.name() == QName(b"table:table") => {
                    let name = attribute(&self.reader, &element, b"table:name")?;
                    match name {
                        Some(name) => {
                            self.table = Some(0);
                            return Ok(Some(name));
                        }
                        // calamine leaves a tab without a name out.
                        None => {
                            let end = element.to_end().into_owned();
                            self.skip_to(end)?;
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// The next cell with text of the tab being read, in row order; `None` at its end.
    pub(crate) fn next_cell(&mut self) -> Result<Option<Cell>, String> {
        loop {
            if let Some(cell) = self.row.as_mut().and_then(RepeatedRow::next_cell) {
                return Ok(Some(cell));
            }
            self.row = None;
            let Some(at) = self.table else { return Ok(None) };
            self.buf.clear();
            match read_event(&mut self.reader, &mut self.buf)? {
                Event::Eof => return Err("its content ends inside a tab".to_owned()),
                Event::End(element) if element.name() == QName(b"table:table") => self.table = None,
                Event::Start(element) if element.name() == QName(b"table:table-row") => {
                    let repeats = count(&self.reader, &element, b"table:number-rows-repeated")?;
                    let runs = self.row_runs()?;
                    self.table = Some(at.saturating_add(repeats));
                    let repeats = repeats.min(MAX_ROWS.saturating_sub(at));
                    if !runs.is_empty() && repeats > 0 {
                        self.row = Some(RepeatedRow { at, repeats, runs, next: (0, 0, 0) });
                    }
                }
                _ => {}
            }
        }
    }

    /// The runs of cells with text of the row just started, up to its end.
    fn row_runs(&mut self) -> Result<Vec<(u32, u32, String)>, String> {
        let mut runs = Vec::new();
        let mut column: u64 = 0;
        loop {
            self.buf.clear();
            match read_event(&mut self.reader, &mut self.buf)? {
                Event::Eof => return Err("its content ends inside a row".to_owned()),
                Event::End(element) if element.name() == QName(b"table:table-row") => return Ok(runs),
                Event::Start(element) if matches!(element.name(), QName(b"table:table-cell" | b"table:covered-table-cell")) => {
                    let element = element.into_owned();
                    let columns = count(&self.reader, &element, b"table:number-columns-repeated")?;
                    let text = self.cell(&element)?;
                    let columns = columns.min(MAX_COLUMNS.saturating_sub(column));
                    if !text.is_empty() && columns > 0 {
                        runs.push((column as u32, columns as u32, text));
                    }
                    column = column.saturating_add(columns);
                }
                _ => {}
            }
        }
    }

    /// Reads past everything up to `end`, the end of the element just started.
    fn skip_to(&mut self, end: BytesEnd) -> Result<(), String> {
        self.buf.clear();
        self.reader.read_to_end_into(end.name(), &mut self.buf).map_err(|error| xml_error(&self.reader, &error))?;
        Ok(())
    }

    /// The text of the cell just started, read up to its end.
    fn cell(&mut self, element: &BytesStart) -> Result<String, String> {
        let mut value = None;
        let mut string = false;
        for attribute in element.attributes() {
            let attribute = attribute.map_err(|error| format!("a cell's attribute cannot be read ({error})"))?;
            if value.is_some() {
                break;
            }
            let text = || {
                attribute
                    .decode_and_unescape_value(self.reader.decoder())
                    .map(|text| text.into_owned())
                    .map_err(|error| format!("a cell's value cannot be read ({error})"))
            };
            match attribute.key {
                QName(b"office:value") => {
                    let number = text()?;
                    let parsed = number.trim().parse().map_err(|_| format!("a number cell holds '{number}', which is not a number"))?;
                    value = Some(Data::Float(parsed));
                }
                QName(b"office:string-value") => value = Some(Data::String(text()?)),
                QName(b"office:date-value") => value = Some(Data::DateTimeIso(text()?)),
                QName(b"office:time-value") => value = Some(Data::DurationIso(text()?)),
                QName(b"office:boolean-value") => value = Some(Data::Bool(matches!(&*attribute.value, b"TRUE" | b"true"))),
                QName(b"office:value-type") => string = &*attribute.value == b"string",
                _ => {}
            }
        }
        let text = match value {
            Some(value) => cell_text(&value),
            None if string => return self.paragraphs(),
            None => String::new(),
        };
        let end = element.to_end().into_owned();
        self.skip_to(end)?;
        Ok(text)
    }

    /// A text cell's paragraphs, read up to the cell's end.
    fn paragraphs(&mut self) -> Result<String, String> {
        let mut text = String::new();
        let mut first = true;
        loop {
            self.buf.clear();
            match read_event(&mut self.reader, &mut self.buf)? {
                Event::Eof => return Err("its content ends inside a cell".to_owned()),
                Event::End(element) if matches!(element.name(), QName(b"table:table-cell" | b"table:covered-table-cell")) => {
                    return Ok(text)
                }
                Event::Text(raw) => text.push_str(&raw.xml10_content().map_err(|error| format!("a cell's text cannot be read ({error})"))?),
                Event::GeneralRef(reference) => {
                    let name = reference.decode().map_err(|error| format!("a cell's text cannot be read ({error})"))?;
                    if let Some(resolved) = quick_xml::escape::resolve_xml_entity(&name) {
                        text.push_str(resolved);
                    } else if let Some(character) =
                        reference.resolve_char_ref().map_err(|error| format!("a cell's text cannot be read ({error})"))?
                    {
                        text.push(character);
                    } else {
                        return Err(format!("a cell's text names '&{name};', which is not an XML character"));
                    }
                }
                Event::Start(element) if element.name() == QName(b"office:annotation") => {
                    let end = element.to_end().into_owned();
                    self.skip_to(end)?;
                }
                Event::Start(element) if element.name() == QName(b"text:p") => {
                    if !first {
                        text.push('\n');
                    }
                    first = false;
                }
                Event::Start(element) if element.name() == QName(b"text:s") => {
                    let spaces = count(&self.reader, &element, b"text:c")?;
                    text.extend(std::iter::repeat_n(' ', spaces as usize));
                }
                _ => {}
            }
        }
    }
}

fn read_event<'b, R: BufRead>(reader: &mut Reader<R>, buf: &'b mut Vec<u8>) -> Result<Event<'b>, String> {
    match reader.read_event_into(buf) {
        Ok(event) => Ok(event),
        Err(error) => Err(xml_error(reader, &error)),
    }
}

fn xml_error<R>(reader: &Reader<R>, error: &dyn std::fmt::Display) -> String {
    format!("its content is not well-formed XML at byte {}: {error}", reader.error_position())
}

/// An attribute's text, unescaped.
fn attribute<R>(reader: &Reader<R>, element: &BytesStart, name: &[u8]) -> Result<Option<String>, String> {
    let found = element.try_get_attribute(name).map_err(|error| format!("an attribute cannot be read ({error})"))?;
    found
        .map(|found| found.decode_and_unescape_value(reader.decoder()).map(|text| text.into_owned()))
        .transpose()
        .map_err(|error| format!("an attribute cannot be read ({error})"))
}

/// A count attribute (repeats, spaces), 1 when absent.
fn count<R>(reader: &Reader<R>, element: &BytesStart, name: &[u8]) -> Result<u64, String> {
    let Some(text) = attribute(reader, element, name)? else { return Ok(1) };
    text.trim().parse().map_err(|_| {
        let name = String::from_utf8_lossy(name);
        format!("{name} is '{text}', which is not a count")
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::io::{Cursor, Write};

    use calamine::{open_workbook_from_rs, Ods, Reader as _};
    use zip::write::SimpleFileOptions;
    use zip::{CompressionMethod, ZipWriter};

    use super::*;

    const NAMESPACES: &str = r#"xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0""#;

    fn content(tables: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content {NAMESPACES}><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
        )
    }

    /// Each tab's title and its cells with text, by position.
    type Tabs = Vec<(String, BTreeMap<(u32, u32), String>)>;

    /// Every tab's cells as this reader gives them.
    fn read_here(content: &str) -> Result<Tabs, String> {
        let mut tabs = OdsCells::new(content.as_bytes());
        let mut read = Vec::new();
        while let Some(title) = tabs.next_table()? {
            let mut cells = BTreeMap::new();
            let mut last = None;
            while let Some((at, text)) = tabs.next_cell()? {
                assert!(last < Some(at), "{at:?} after {last:?}: cells come in row order");
                last = Some(at);
                cells.insert(at, text);
            }
            read.push((title, cells));
        }
        Ok(read)
    }

    /// The same, as calamine builds it (what this reader replaces for ODS).
    fn read_by_calamine(content: &str) -> Tabs {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        writer.start_file("mimetype", SimpleFileOptions::default().compression_method(CompressionMethod::Stored)).unwrap();
        writer.write_all(b"application/vnd.oasis.opendocument.spreadsheet").unwrap();
        writer.start_file("META-INF/manifest.xml", SimpleFileOptions::default()).unwrap();
        writer.write_all(br#"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>"#).unwrap();
        writer.start_file("content.xml", SimpleFileOptions::default()).unwrap();
        writer.write_all(content.as_bytes()).unwrap();
        let bytes = writer.finish().unwrap().into_inner();
        let mut workbook: Ods<_> = open_workbook_from_rs(Cursor::new(bytes)).unwrap();
        let mut read = Vec::new();
        for name in workbook.sheet_names() {
            let range = workbook.worksheet_range(&name).unwrap();
            let start = range.start().unwrap_or((0, 0));
            let cells = range
                .used_cells()
                .map(|(row, column, data)| ((row as u32 + start.0, column as u32 + start.1), cell_text(data)))
                .filter(|(_, text)| !text.is_empty())
                .collect();
            read.push((name, cells));
        }
        read
    }

    const CELL: &str = r#"<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>"#;

    #[test]
    fn cells_are_those_calamine_builds() {
        let tabs = [
            // Values of every type, as attributes and as paragraphs.
            r#"<table:table table:name="Types"><table:table-column table:number-columns-repeated="9"/>
            <table:table-row><table:table-cell office:value-type="float" office:value="36"><text:p>36</text:p></table:table-cell><table:table-cell office:value-type="percentage" office:value="0.125"><text:p>12.5%</text:p></table:table-cell><table:table-cell office:value-type="currency" office:currency="EUR" office:value="-0"><text:p>0 €</text:p></table:table-cell><table:table-cell office:value-type="date" office:date-value="1815-12-10T10:30:15.250"><text:p>x</text:p></table:table-cell><table:table-cell office:value-type="time" office:time-value="PT36H00M00S"><text:p>36:00</text:p></table:table-cell><table:table-cell office:value-type="boolean" office:boolean-value="false"><text:p>FALSE</text:p></table:table-cell><table:table-cell office:value-type="string" office:string-value="given &amp; kept"><text:p>shown</text:p></table:table-cell><table:table-cell table:formula="of:=1+1"/><table:table-cell office:value-type="string"><text:p/></table:table-cell></table:table-row>
            </table:table>"#,
            // Paragraphs, spaces, spans, references and notes.
            r#"<table:table table:name="Text &amp; notes"><table:table-row><table:table-cell office:value-type="string"><office:annotation><text:p>a note</text:p></office:annotation><text:p>one<text:s text:c="3"/>two<text:s/>three</text:p><text:p>and <text:span text:style-name="T1">a &amp; b &#x41;&#66;</text:span></text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>  </text:p></table:table-cell></table:table-row></table:table>"#,
            // Blank rows and columns around the values, repeats, header rows and covered cells.
            r#"<table:table table:name="Repeats"><table:table-header-rows><table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table-header-rows>
            <table:table-row><table:table-cell table:number-columns-repeated="2"/><table:table-cell office:value-type="string" table:number-columns-repeated="3"><text:p>h</text:p></table:table-cell><table:table-cell office:value-type="string" table:number-columns-spanned="2"><text:p>wide</text:p></table:table-cell><table:covered-table-cell/><table:covered-table-cell office:value-type="float" office:value="7"/></table:table-row>
            <table:table-row table:number-rows-repeated="4"><table:table-cell table:number-columns-repeated="3"/><table:table-cell office:value-type="float" office:value="1.5" table:number-columns-repeated="2"/></table:table-row>
            <table:table-row table:number-rows-repeated="2"><table:table-cell/></table:table-row>
            <table:table-row-group><table:table-row><table:table-cell office:value-type="float" office:value="1e21"/></table:table-row></table:table-row-group>
            <table:table-row table:number-rows-repeated="1048560"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
            </table:table>"#,
            r#"<table:table table:name="Blank"><table:table-row><table:table-cell/></table:table-row></table:table>"#,
            // A tab without a name is left out, as its cells.
            r#"<table:table><table:table-row><table:table-cell office:value-type="float" office:value="9"/></table:table-row></table:table>"#,
            // A table inside a cell is the cell's, not a tab.
            r#"<table:table table:name="Nested"><table:table-row><table:table-cell office:value-type="float" office:value="2"><table:table table:name="Inner"><table:table-row>"#,
        ];
        let nested_end = format!("{CELL}</table:table-row></table:table></table:table-cell>{CELL}</table:table-row></table:table>");
        let content = content(&format!("{}{nested_end}", tabs.concat()));
        let here = read_here(&content).unwrap();
        assert_eq!(here, read_by_calamine(&content));
        let types = &here[0].1;
        let row: Vec<&str> = types.values().map(String::as_str).collect();
        assert_eq!(row, ["36", "0.125", "0", "1815-12-10 10:30:15", "PT36H00M00S", "FALSE", "given & kept"]);
        assert_eq!(here[1].1[&(0, 0)], "one   two three\nand a & b AB");
        assert_eq!(here[2].1.keys().next(), Some(&(3, 2)));
        assert_eq!(here[2].1.keys().last(), Some(&(10, 0)));
        assert_eq!(
            here.iter().map(|(title, _)| title.as_str()).collect::<Vec<_>>(),
            ["Types", "Text & notes", "Repeats", "Blank", "Nested"]
        );
    }

    #[test]
    fn repeats_stop_at_the_last_row_and_column_calamine_keeps() {
        let content = content(&format!(
            r#"<table:table table:name="Edge"><table:table-row table:number-rows-repeated="1048574"><table:table-cell/></table:table-row><table:table-row table:number-rows-repeated="5"><table:table-cell table:number-columns-repeated="16382"/><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="5"/>{CELL}</table:table-row></table:table>"#
        ));
        let here = read_here(&content).unwrap();
        assert_eq!(here, read_by_calamine(&content));
        assert_eq!(
            here[0].1.keys().copied().collect::<Vec<_>>(),
            [(1_048_574, 16_382), (1_048_574, 16_383), (1_048_575, 16_382), (1_048_575, 16_383)]
        );
    }

    #[test]
    fn damaged_content_is_an_error_not_a_tab() {
        let problem = |tables: &str| read_here(&content(tables)).unwrap_err();
        assert!(problem(r#"<table:table table:name="T"><table:table-row>"#).starts_with("its content is not well-formed XML at byte"));
        let open_cell = r#"<table:table table:name="T"><table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-row></table:table>"#;
        assert!(problem(open_cell).contains("table:table-cell"), "{}", problem(open_cell));
        let number = r#"<table:table table:name="T"><table:table-row><table:table-cell office:value-type="float" office:value="twelve"/></table:table-row></table:table>"#;
        assert_eq!(problem(number), "a number cell holds 'twelve', which is not a number");
        let repeats = r#"<table:table table:name="T"><table:table-row table:number-rows-repeated="many"><table:table-cell/></table:table-row></table:table>"#;
        assert_eq!(problem(repeats), "table:number-rows-repeated is 'many', which is not a count");
        assert!(read_here("<office:document-content><table:table table:name=\"T\">").is_err());
    }
}
