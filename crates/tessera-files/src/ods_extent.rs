//! How many cells, and how much text, an ODS file stands for, counted from its `content.xml`
//! before [`OdsCells`](crate::ods_cells::OdsCells) reads a cell.
//!
//! ODS compresses runs with `table:number-rows-repeated` and `table:number-columns-repeated`,
//! which the reader expands cell by cell (up to 17 billion cells, terabytes of text when a
//! cell's text repeats): a few hundred bytes could claim that. The count here follows
//! calamine's expansion, which the reader keeps: a row's width runs to its last cell with
//! content (runs of empty cells at the end, which spreadsheets write to the sheet's edge, cost
//! nothing), rows before the first and after the last row with content cost nothing, and a tab
//! costs its rows between those (repeats included) times its widest row. Wherever a cell's
//! content is unclear the count assumes it has some, so it never undercounts what the reader
//! builds.

use std::io::BufRead;

use quick_xml::encoding::Decoder;
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::QName;
use quick_xml::Reader;

use crate::calamine_xml;
use crate::grid::Extent;

/// calamine's caps on one ODS tab.
const MAX_ROWS: u64 = 1_048_576;
const MAX_COLUMNS: u64 = 16_384;

/// The values that make a cell hold something even without paragraphs.
const VALUE_ATTRIBUTES: [&[u8]; 6] =
    [b"office:value", b"office:string-value", b"office:date-value", b"office:time-value", b"office:boolean-value", b"table:formula"];

/// What the reader will build for every tab in `content`. Stops counting at XML that does not
/// parse (the reader refuses it too).
///
/// The reader copies a cell's text into every column and row it repeats over, so a paragraph
/// repeated 16,384 times over a million rows is terabytes. A cell's text is counted as the raw
/// bytes of its value attributes and paragraphs (what the reader unescapes is never longer), a
/// byte per paragraph break, four per character reference and the spaces each
/// `<text:s text:c>` stands for.
pub(crate) fn extent(content: impl BufRead) -> Extent {
    let mut reader = calamine_xml::reader(content);
    let mut buf = Vec::new();
    let mut inner = Vec::new();
    let mut extent = Extent::default();
    let mut tab = TabExtent::default();
    let mut row: Option<Row> = None;
    loop {
        let event = match reader.read_event_into(&mut buf) {
            Ok(Event::Eof) | Err(_) => break,
            Ok(event) => event,
        };
        match event {
            Event::Start(element) if element.name() == QName(b"table:table") => tab = TabExtent::default(),
            Event::End(element) if element.name() == QName(b"table:table") => {
                extent.cells = extent.cells.saturating_add(tab.cells());
            }
            Event::Start(element) if element.name() == QName(b"table:table-row") => {
                let remaining = MAX_ROWS.saturating_sub(tab.rows);
                let repeats = repeat(&element, b"table:number-rows-repeated", reader.decoder()).min(remaining);
                row = Some(Row { repeats, position: 0, last: 0, text_bytes: 0 });
            }
            Event::End(element) if element.name() == QName(b"table:table-row") => {
                if let Some(row) = row.take() {
                    tab.add_row(row.repeats, row.last);
                    extent.text_bytes = extent.text_bytes.saturating_add(row.text_bytes.saturating_mul(row.repeats));
                }
            }
            Event::Start(element)
                if row.is_some() && matches!(element.name(), QName(b"table:table-cell" | b"table:covered-table-cell")) =>
            {
                let columns = repeat(&element, b"table:number-columns-repeated", reader.decoder()).min(MAX_COLUMNS);
                let valued: Vec<u64> = element
                    .attributes()
                    .flatten()
                    .filter(|attribute| VALUE_ATTRIBUTES.contains(&attribute.key.as_ref()))
                    .map(|attribute| attribute.value.len() as u64)
                    .collect();
                let (content, paragraphs) = cell_content(&mut reader, &mut inner);
                if let Some(row) = row.as_mut() {
                    row.position = row.position.saturating_add(columns).min(MAX_COLUMNS);
                    if !valued.is_empty() || content {
                        row.last = row.position;
                        let text = valued.iter().sum::<u64>().saturating_add(paragraphs);
                        row.text_bytes = row.text_bytes.saturating_add(text.saturating_mul(columns));
                    }
                }
            }
            _ => {}
        }
        buf.clear();
    }
    extent
}

/// A row being read.
struct Row {
    repeats: u64,
    /// The column after the last cell read.
    position: u64,
    /// The column after the last cell with content.
    last: u64,
    /// Text of the row's cells, each times the columns it repeats over.
    text_bytes: u64,
}

/// Reads a cell's content up to its end: whether it has any (where unclear, it has) and the
/// bytes of text it can give (see [`Extent::text_bytes`]).
fn cell_content<R: BufRead>(reader: &mut Reader<R>, buf: &mut Vec<u8>) -> (bool, u64) {
    let mut depth = 0usize;
    let mut content = false;
    let mut text: u64 = 0;
    loop {
        buf.clear();
        let event = match reader.read_event_into(buf) {
            Ok(Event::Eof) | Err(_) => return (true, text),
            Ok(event) => event,
        };
        let bytes = match event {
            Event::End(_) if depth == 0 => return (content, text),
            Event::End(_) => {
                depth -= 1;
                0
            }
            Event::Start(element) => {
                depth += 1;
                match element.name() {
                    QName(b"text:p") => 1,
                    QName(b"text:s") => repeat(&element, b"text:c", reader.decoder()),
                    _ => 0,
                }
            }
            Event::Text(raw) => raw.len() as u64,
            Event::GeneralRef(_) => 4,
            _ => 0,
        };
        content = true;
        text = text.saturating_add(bytes);
    }
}

/// The cells of one tab as its rows are read: its rows from the first to the last with
/// content, times the widest. Kept as counts, so a tab of a million rows costs nothing more.
#[derive(Default)]
struct TabExtent {
    /// Rows read, repeats counted.
    rows: u64,
    /// Rows from the first with content to the one just read, once a row had content.
    since_first: Option<u64>,
    /// Rows from the first to the last with content.
    height: u64,
    widest: u64,
}

impl TabExtent {
    /// One more row, `repeats` times, `width` wide to its last cell with content.
    fn add_row(&mut self, repeats: u64, width: u64) {
        self.rows = self.rows.saturating_add(repeats);
        if width > 0 {
            let since_first = self.since_first.unwrap_or(0).saturating_add(repeats);
            self.since_first = Some(since_first);
            self.height = since_first;
            self.widest = self.widest.max(width);
        } else if let Some(since_first) = self.since_first.as_mut() {
            *since_first = since_first.saturating_add(repeats);
        }
    }

    fn cells(&self) -> u64 {
        self.height.saturating_mul(self.widest)
    }
}

/// A count attribute, unescaped as the reader reads it; 1 when absent or not a number (the
/// reader refuses the latter).
fn repeat(element: &BytesStart, name: &[u8], decoder: Decoder) -> u64 {
    element
        .try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|attribute| attribute.decode_and_unescape_value(decoder).ok().and_then(|text| text.trim().parse().ok()))
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure(tables: &str) -> Extent {
        let content = format!(
            r#"<office:document-content xmlns:office="o" xmlns:table="t" xmlns:text="x"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
        );
        extent(content.as_bytes())
    }

    fn count(tables: &str) -> u64 {
        measure(tables).cells
    }

    #[test]
    fn text_counts_once_per_column_and_row_it_is_repeated_over() {
        // 5 bytes of paragraph + 1 for the paragraph, over 3 columns and 4 rows.
        let cell =
            r#"<table:table-cell office:value-type="string" table:number-columns-repeated="3"><text:p>hello</text:p></table:table-cell>"#;
        let tables = format!(r#"<table:table><table:table-row table:number-rows-repeated="4">{cell}</table:table-row></table:table>"#);
        assert_eq!(measure(&tables), Extent { cells: 12, text_bytes: 6 * 3 * 4 });
        // Values given as attributes count their raw bytes; empty cells count nothing.
        let valued = r#"<table:table-cell office:value-type="float" office:value="12.5"/><table:table-cell table:style-name="ce1" table:number-columns-repeated="9"/>"#;
        assert_eq!(measure(&format!("<table:table><table:table-row>{valued}</table:table-row></table:table>")).text_bytes, 4);
    }

    #[test]
    fn spaces_a_text_s_stands_for_count_in_full() {
        let cell = r#"<table:table-cell office:value-type="string" table:number-columns-repeated="16384"><text:p>a<text:s text:c="&#49;000000"/>b</text:p></table:table-cell>"#;
        let tables = format!(r#"<table:table><table:table-row table:number-rows-repeated="100">{cell}</table:table-row></table:table>"#);
        assert_eq!(measure(&tables).text_bytes, (1 + 1 + 1_000_000 + 1) * 16_384 * 100);
    }

    const VALUE: &str = r#"<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>"#;

    #[test]
    fn plain_rows_count_their_cells() {
        let row = format!("<table:table-row>{VALUE}{VALUE}</table:table-row>");
        assert_eq!(count(&format!("<table:table>{row}{row}{row}</table:table>")), 6);
    }

    #[test]
    fn repeats_multiply_and_empty_edges_cost_nothing() {
        let tables = format!(
            r#"<table:table>
            <table:table-row table:number-rows-repeated="4"><table:table-cell table:number-columns-repeated="9"/></table:table-row>
            <table:table-row table:number-rows-repeated="1000"><table:table-cell table:number-columns-repeated="3"/>{VALUE}<table:table-cell table:number-columns-repeated="16000"/></table:table-row>
            <table:table-row><table:table-cell/></table:table-row>
            <table:table-row>{VALUE}</table:table-row>
            <table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
            </table:table>"#
        );
        // Rows 1000 + 1 + 1 between the first and last with content, 4 columns wide.
        assert_eq!(count(&tables), 1002 * 4);
    }

    #[test]
    fn a_run_of_valued_cells_repeated_over_many_rows_counts_in_full() {
        let bomb = r#"<table:table><table:table-row table:number-rows-repeated="100000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="16384"/></table:table-row></table:table>"#;
        assert_eq!(count(bomb), 100_000 * 16_384);
    }

    #[test]
    fn every_tab_counts_and_the_caps_of_calamine_apply() {
        let huge = r#"<table:table><table:table-row table:number-rows-repeated="99999999999"><table:table-cell office:value="1" table:number-columns-repeated="99999999"/></table:table-row></table:table>"#;
        let small = format!("<table:table><table:table-row>{VALUE}</table:table-row></table:table>");
        assert_eq!(count(&format!("{huge}{small}")), MAX_ROWS * MAX_COLUMNS + 1);
    }

    #[test]
    fn broken_xml_counts_what_came_before() {
        let row = format!("<table:table><table:table-row>{VALUE}</table:table-row></table:table>");
        assert_eq!(count(&format!("{row}<table:table><unclosed")), 1);
    }
}
