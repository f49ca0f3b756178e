//! How many cells calamine will build for an ODS file, counted from its `content.xml` before
//! calamine reads it.
//!
//! ODS compresses runs with `table:number-rows-repeated` and `table:number-columns-repeated`,
//! and calamine expands them into a dense range per tab (up to 100 million cells, gigabytes)
//! before the importer sees a single cell: a few hundred bytes could claim that. The count here
//! follows calamine's expansion: a row's width runs to its last cell with content (runs of
//! empty cells at the end, which spreadsheets write to the sheet's edge, cost nothing), rows
//! before the first and after the last row with content cost nothing, and a tab costs its rows
//! between those (repeats included) times its widest row. Wherever a cell's content is unclear
//! the count assumes it has some, so it never undercounts what calamine builds.

use std::io::BufRead;

use quick_xml::events::{BytesStart, Event};
use quick_xml::name::QName;

use crate::calamine_xml;

/// calamine's caps on one ODS tab.
const MAX_ROWS: u64 = 1_048_576;
const MAX_COLUMNS: u64 = 16_384;

/// The cells of every tab in `content`, as calamine will expand them. Stops counting at XML
/// that does not parse (calamine refuses it too).
pub(crate) fn cells(content: impl BufRead) -> u64 {
    let mut reader = calamine_xml::reader(content);
    let mut buf = Vec::new();
    let mut skipped = Vec::new();
    let mut total: u64 = 0;
    // Each row of the tab being read: (repeats, width to its last cell with content).
    let mut rows: Vec<(u64, u64)> = Vec::new();
    let mut row: Option<(u64, u64, u64)> = None;
    loop {
        let event = match reader.read_event_into(&mut buf) {
            Ok(Event::Eof) | Err(_) => break,
            Ok(event) => event,
        };
        match event {
            Event::Start(element) if element.name() == QName(b"table:table") => rows.clear(),
            Event::End(element) if element.name() == QName(b"table:table") => total = total.saturating_add(tab(&rows)),
            Event::Start(element) if element.name() == QName(b"table:table-row") => {
                let remaining = MAX_ROWS.saturating_sub(rows.iter().map(|(repeats, _)| repeats).sum());
                row = Some((repeat(&element, b"table:number-rows-repeated").min(remaining), 0, 0));
            }
            Event::End(element) if element.name() == QName(b"table:table-row") => {
                if let Some((repeats, _, last)) = row.take() {
                    rows.push((repeats, last));
                }
            }
            Event::Start(element)
                if row.is_some() && matches!(element.name(), QName(b"table:table-cell" | b"table:covered-table-cell")) =>
            {
                let columns = repeat(&element, b"table:number-columns-repeated");
                let valued = element.attributes().flatten().any(|attribute| {
                    matches!(
                        attribute.key,
                        QName(
                            b"office:value"
                                | b"office:string-value"
                                | b"office:date-value"
                                | b"office:time-value"
                                | b"office:boolean-value"
                                | b"table:formula"
                        )
                    )
                });
                let end = element.to_end().into_owned();
                skipped.clear();
                let content = match reader.read_to_end_into(end.name(), &mut skipped) {
                    Ok(span) => span.end > span.start,
                    Err(_) => true,
                };
                if let Some((_, position, last)) = row.as_mut() {
                    *position = position.saturating_add(columns).min(MAX_COLUMNS);
                    if valued || content {
                        *last = *position;
                    }
                }
            }
            _ => {}
        }
        buf.clear();
    }
    total
}

/// The element calamine would wait for forever in `content`, if any. calamine reads a tab until
/// `</table:table>` and a cell's note until `</office:annotation>`, passing over every other
/// event, the end of the file included: content that ends inside either (a truncated or crafted
/// file) keeps it reading nothing, at full speed, for ever.
pub(crate) fn never_closed(content: impl BufRead) -> Option<&'static str> {
    const WAITED_FOR: [&str; 2] = ["table:table", "office:annotation"];
    let mut reader = calamine_xml::reader(content);
    let waited_for = |name: QName| WAITED_FOR.iter().position(|waited| waited.as_bytes() == name.as_ref());
    let mut open = [false; WAITED_FOR.len()];
    let mut buf = Vec::new();
    loop {
        let (waited, opens) = match reader.read_event_into(&mut buf) {
            Ok(Event::Eof) => break,
            // calamine stops with an error at the same place.
            Err(_) => return None,
            Ok(Event::Start(element)) => (waited_for(element.name()), true),
            Ok(Event::End(element)) => (waited_for(element.name()), false),
            Ok(_) => (None, false),
        };
        if let Some(index) = waited {
            open[index] = opens;
        }
        buf.clear();
    }
    WAITED_FOR.iter().zip(open).find_map(|(name, open)| open.then_some(*name))
}

/// The cells of one tab: its rows from the first to the last with content, times the widest.
fn tab(rows: &[(u64, u64)]) -> u64 {
    let (Some(first), Some(last)) = (rows.iter().position(|&(_, width)| width > 0), rows.iter().rposition(|&(_, width)| width > 0)) else {
        return 0;
    };
    let height: u64 = rows[first..=last].iter().map(|&(repeats, _)| repeats).sum();
    let width = rows[first..=last].iter().map(|&(_, width)| width).max().unwrap_or(0);
    height.saturating_mul(width)
}

/// A repeat count attribute; 1 when absent or not a number (calamine refuses the latter).
fn repeat(element: &BytesStart, name: &[u8]) -> u64 {
    element
        .try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|attribute| std::str::from_utf8(&attribute.value).ok().and_then(|text| text.trim().parse().ok()))
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(tables: &str) -> u64 {
        let content = format!(
            r#"<office:document-content xmlns:office="o" xmlns:table="t" xmlns:text="x"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
        );
        cells(content.as_bytes())
    }

    const VALUE: &str = r#"<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>"#;

    #[test]
    fn content_that_ends_inside_a_tab_or_a_note_is_found() {
        let ends_inside = |tables: &str| never_closed(tables.as_bytes());
        assert_eq!(ends_inside(&format!("<table:table><table:table-row>{VALUE}</table:table-row></table:table>")), None);
        assert_eq!(ends_inside(&format!("<table:table><table:table-row>{VALUE}</table:table-row>")), Some("table:table"));
        // An earlier tab closed does not close a later one.
        assert_eq!(ends_inside("<table:table></table:table><table:table>"), Some("table:table"));
        assert_eq!(ends_inside("<table:table/>"), None);
        let note = "<table:table><table:table-row><table:table-cell><office:annotation><text:p>n</text:p></table:table-cell>";
        assert_eq!(ends_inside(&format!("{note}</table:table-row></table:table>")), Some("office:annotation"));
    }

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
