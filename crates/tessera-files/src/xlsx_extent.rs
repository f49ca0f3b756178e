//! What an XLSX file must not hand calamine, read before calamine opens it:
//! - the one allocation calamine sizes from the file's say-so: it reserves room for as many
//!   shared strings as the `uniqueCount` of `xl/sharedStrings.xml` claims, before reading one.
//!   A claim of billions fails to allocate and ends the process;
//! - cell references (`r` and `ref` attributes: cells, rows, dimensions, merged cells, shared
//!   formulas, tables) beyond the grid: calamine computes a reference's column and row in 32
//!   bits without checking, so a long one overflows (a panic in builds with overflow checks, a
//!   wrapped position in others).

use std::io::{BufRead, BufReader, Cursor};

use quick_xml::events::Event;
use quick_xml::name::QName;
use zip::ZipArchive;

use crate::calamine_xml;

const SHARED_STRINGS: &str = "xl/sharedStrings.xml";

/// The number of shared strings the archive `bytes` claims (0 when it claims none).
pub(crate) fn shared_strings(bytes: &[u8]) -> u64 {
    let Ok(mut archive) = ZipArchive::new(Cursor::new(bytes)) else { return 0 };
    // calamine looks parts up case-insensitively with `\` read as `/`; the last match wins.
    let wanted = SHARED_STRINGS.to_ascii_lowercase();
    let path = archive
        .file_names()
        .filter(|name| name.replace('\\', "/").to_ascii_lowercase() == wanted)
        .last()
        .unwrap_or(SHARED_STRINGS)
        .to_owned();
    let Ok(part) = archive.by_name(&path) else { return 0 };
    let mut reader = calamine_xml::reader(BufReader::new(part));
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(Event::Start(element)) if element.local_name().as_ref() == b"sst" => {
                return element
                    .try_get_attribute(QName(b"uniqueCount"))
                    .ok()
                    .flatten()
                    .and_then(|count| std::str::from_utf8(&count.value).ok().and_then(|text| text.parse().ok()))
                    .unwrap_or(0);
            }
            Ok(Event::Eof) | Err(_) => return 0,
            Ok(_) => buf.clear(),
        }
    }
}

/// Excel's grid: columns A to XFD, rows 1 to 1,048,576.
const MAX_COLUMN_LETTERS: usize = 3;
const MAX_ROW_DIGITS: usize = 7;

/// What is wrong with the first cell reference in the XML parts of the archive `bytes` that
/// calamine cannot read safely, if any: more column letters or row digits than a worksheet has,
/// or a range that ends before it starts (calamine subtracts its ends unchecked as well).
pub(crate) fn unreadable_reference(bytes: &[u8]) -> Option<String> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).ok()?;
    for index in 0..archive.len() {
        let Ok(part) = archive.by_index(index) else { continue };
        if !part.name().to_ascii_lowercase().ends_with(".xml") {
            continue;
        }
        if let Some(problem) = unreadable_reference_in(BufReader::new(part)) {
            return Some(problem);
        }
    }
    None
}

fn unreadable_reference_in(part: impl BufRead) -> Option<String> {
    let mut reader = calamine_xml::reader(part);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(Event::Start(element)) => {
                let references = element.attributes().flatten().filter(|attribute| matches!(attribute.key.as_ref(), b"r" | b"ref"));
                for attribute in references {
                    let cells: Vec<&[u8]> = attribute.value.split(|&byte| byte == b':').collect();
                    if let Some(cell) = cells.iter().find(|cell| beyond_the_grid(cell)) {
                        let cell = String::from_utf8_lossy(cell);
                        return Some(format!("the cell reference `{cell}` is outside a worksheet's 16,384 columns and 1,048,576 rows."));
                    }
                    if let [start, end] = cells[..] {
                        let (start_column, start_row) = position(start);
                        let (end_column, end_row) = position(end);
                        if end_column < start_column || end_row < start_row {
                            let range = String::from_utf8_lossy(&attribute.value);
                            return Some(format!("the cell range `{range}` ends before it starts."));
                        }
                    }
                }
            }
            Ok(Event::Eof) | Err(_) => return None,
            Ok(_) => {}
        }
        buf.clear();
    }
}

/// A reference calamine reads as letters then digits (`AB12`), with too many of either.
fn beyond_the_grid(cell: &[u8]) -> bool {
    let (letters, digits) = parts(cell);
    letters.len() > MAX_COLUMN_LETTERS || digits.len() > MAX_ROW_DIGITS
}

/// The leading letters and the digits after them.
fn parts(cell: &[u8]) -> (&[u8], &[u8]) {
    let letters = cell.iter().take_while(|byte| byte.is_ascii_alphabetic()).count();
    let digits = cell[letters..].iter().take_while(|byte| byte.is_ascii_digit()).count();
    (&cell[..letters], &cell[letters..letters + digits])
}

/// The column and row numbers of a reference within the grid, as calamine computes them.
fn position(cell: &[u8]) -> (u64, u64) {
    let (letters, digits) = parts(cell);
    let column = letters.iter().fold(0, |column, letter| column * 26 + u64::from(letter.to_ascii_uppercase() - b'A') + 1);
    let row = digits.iter().fold(0, |row, digit| row * 10 + u64::from(digit - b'0'));
    (column, row)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use zip::write::SimpleFileOptions;
    use zip::ZipWriter;

    use super::*;

    fn archive(entries: &[(&str, &str)]) -> Vec<u8> {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        for (name, content) in entries {
            writer.start_file(*name, SimpleFileOptions::default()).unwrap();
            writer.write_all(content.as_bytes()).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    #[test]
    fn the_claimed_count_is_read_from_the_part_calamine_reads() {
        let sst =
            r#"<?xml version="1.0"?><!-- x --><x:sst xmlns:x="m" count="9" uniqueCount="4000000000"><x:si><x:t>a</x:t></x:si></x:sst>"#;
        assert_eq!(shared_strings(&archive(&[("xl/sharedStrings.xml", sst)])), 4_000_000_000);
        assert_eq!(shared_strings(&archive(&[("XL\\SHAREDSTRINGS.XML", sst)])), 4_000_000_000);
        assert_eq!(shared_strings(&archive(&[("xl/sharedStrings.xml", "<sst><si/></sst>")])), 0);
        assert_eq!(shared_strings(&archive(&[("xl/other.xml", sst)])), 0);
        assert_eq!(shared_strings(b"not a zip"), 0);
    }

    #[test]
    fn references_beyond_the_grid_are_found_in_any_part_and_attribute() {
        let sheet =
            |cells: &str| archive(&[("xl/worksheets/sheet1.xml", &format!("<worksheet><sheetData>{cells}</sheetData></worksheet>"))]);
        let beyond =
            |reference: &str| format!("the cell reference `{reference}` is outside a worksheet's 16,384 columns and 1,048,576 rows.");
        let ok = r#"<dimension ref="A1:XFD1048576"/><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>"#;
        assert_eq!(unreadable_reference(&sheet(ok)), None);
        assert_eq!(unreadable_reference(&sheet(r#"<c r="Dpreserve"/>"#)), Some(beyond("Dpreserve")));
        assert_eq!(unreadable_reference(&sheet(r#"<row r="99999999999"/>"#)), Some(beyond("99999999999")));
        let merged = r#"<worksheet><mergeCells><mergeCell ref="A1:ZZZZZZZZ9"/></mergeCells></worksheet>"#;
        assert_eq!(unreadable_reference(&archive(&[("xl/worksheets/other.XML", merged)])), Some(beyond("ZZZZZZZZ9")));
        // Text that only looks like a reference is not one.
        assert_eq!(unreadable_reference(&sheet(r#"<c r="A1" t="inlineStr"><is><t>ABCDEFGH123456789</t></is></c>"#)), None);
    }

    #[test]
    fn ranges_that_end_before_they_start_are_found() {
        let dimension =
            |range: &str| archive(&[("xl/worksheets/sheet1.xml", &format!(r#"<worksheet><dimension ref="{range}"/></worksheet>"#))]);
        assert_eq!(unreadable_reference(&dimension("B2:C3")), None);
        assert_eq!(unreadable_reference(&dimension("B2:B2")), None);
        assert_eq!(unreadable_reference(&dimension("B3:C2")).as_deref(), Some("the cell range `B3:C2` ends before it starts."));
        assert_eq!(unreadable_reference(&dimension("AA1:Z9")).as_deref(), Some("the cell range `AA1:Z9` ends before it starts."));
    }
}
