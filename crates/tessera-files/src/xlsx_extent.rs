//! The one allocation calamine sizes from an XLSX file's say-so: it reserves room for as many
//! shared strings as the `uniqueCount` of `xl/sharedStrings.xml` claims, before reading one.
//! A claim of billions fails to allocate and ends the process, so the claim is read here first.

use std::io::{BufReader, Cursor};

use quick_xml::events::Event;
use quick_xml::name::QName;
use quick_xml::Reader;
use zip::ZipArchive;

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
    let mut reader = Reader::from_reader(BufReader::new(part));
    // calamine's settings, so both find the same first `sst` element.
    let config = reader.config_mut();
    config.check_end_names = false;
    config.trim_text(false);
    config.check_comments = false;
    config.expand_empty_elements = true;
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
}
