//! The XML reader settings calamine reads XLSX and ODS parts with. A check that runs before
//! calamine reads a part with the same settings, so both see the same elements: unchecked end
//! names, text as written, comments not checked and `<a/>` as a start and an end.

use std::io::BufRead;

use quick_xml::Reader;

/// A reader of `part` set up as calamine's.
pub(crate) fn reader<R: BufRead>(part: R) -> Reader<R> {
    let mut reader = Reader::from_reader(part);
    let config = reader.config_mut();
    config.check_end_names = false;
    config.trim_text(false);
    config.check_comments = false;
    config.expand_empty_elements = true;
    reader
}
