//! What each fuzz target does with its input, shared by the cargo-fuzz binaries
//! (`fuzz_targets/*.rs`) and the stable replay of saved inputs
//! (`crates/tessera-files/tests/crashers.rs`), so a crasher replays exactly as it crashed.
//!
//! Uploaded files are the most hostile input Tessera takes: whatever the bytes, an import must
//! end in sheets within the limits or in an error that names the file, never past a limit, and
//! never in a panic the release server would not turn into that error (see [`check`]).

#![allow(dead_code)]

use std::collections::HashSet;
use std::io::{Cursor, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use tessera_files::{import, ImportError, Limits, Sheet};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// The names of the targets, which are also the directories of `tests/fuzz-crashers/files/`.
pub const TARGETS: &[&str] = &["import_bytes", "xlsx_parts", "ods_parts"];

/// The extensions `import_bytes` picks from with its first byte.
pub const EXTENSIONS: &[&str] = &["csv", "tsv", "txt", "parquet", "xlsx", "xlsm", "xls", "ods"];

/// Small limits, so inputs of a few kilobytes can reach each of them (and a bug that ignores one
/// shows as a failed check or an out-of-memory crash instead of slow growth).
pub fn limits() -> Limits {
    Limits {
        max_file_bytes: 1024 * 1024,
        max_cells: 20_000,
        max_decompressed_bytes: 16 * 1024 * 1024,
        max_sheets: 8,
        max_text_bytes: 16 * 1024 * 1024,
    }
}

/// The problem `import` reports when a reader panicked and it caught the panic.
const READER_PANICKED: &str = "the file is damaged or uses something this reader does not support.";

/// Runs target `name` on `data`; panics on an unknown name.
pub fn run(name: &str, data: &[u8]) {
    match name {
        "import_bytes" => fuzz_import_bytes(data),
        "xlsx_parts" => fuzz_xlsx_parts(data),
        "ods_parts" => fuzz_ods_parts(data),
        other => panic!("unknown fuzz target `{other}`"),
    }
}

/// The first byte picks the extension (modulo the number of extensions), the rest is the file.
pub fn fuzz_import_bytes(data: &[u8]) {
    let Some((&pick, bytes)) = data.split_first() else { return };
    let file = format!("upload.{}", EXTENSIONS[usize::from(pick) % EXTENSIONS.len()]);
    check(&file, bytes);
}

/// The parts of an XLSX workbook, separated by NUL bytes (which XML cannot hold): the first
/// worksheet, the shared strings, the workbook and the styles. Missing parts are valid ones, so
/// the fuzzer works on the XML inside a container calamine accepts.
pub fn fuzz_xlsx_parts(data: &[u8]) {
    let mut parts = data.split(|&byte| byte == 0);
    let sheet = parts.next().unwrap_or_default();
    let shared = parts.next().unwrap_or(SHARED_STRINGS.as_bytes());
    let workbook = parts.next().unwrap_or(WORKBOOK.as_bytes());
    let styles = parts.next().unwrap_or(STYLES.as_bytes());
    let bytes = zip_of(&[
        ("[Content_Types].xml", CONTENT_TYPES.as_bytes()),
        ("_rels/.rels", ROOT_RELS.as_bytes()),
        ("xl/workbook.xml", workbook),
        ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS.as_bytes()),
        ("xl/worksheets/sheet1.xml", sheet),
        ("xl/worksheets/sheet2.xml", SECOND_SHEET.as_bytes()),
        ("xl/sharedStrings.xml", shared),
        ("xl/styles.xml", styles),
    ]);
    check("parts.xlsx", &bytes);
}

/// The bytes are the `content.xml` of an OpenDocument spreadsheet with a valid mimetype and
/// manifest.
pub fn fuzz_ods_parts(data: &[u8]) {
    let bytes = zip_of(&[
        ("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"),
        ("META-INF/manifest.xml", ODS_MANIFEST.as_bytes()),
        ("content.xml", data),
    ]);
    check("parts.ods", &bytes);
}

/// Imports `bytes` as `file` and checks the outcome against the crate's contract.
///
/// The importer catches a reader's panic and reports a damaged file. Such a panic is accepted
/// when the release server would panic the same way, and so give the user that error: an
/// `unwrap` or an index out of bounds in a third-party reader (Parquet page decoders and
/// calamine's compound-file reader have more of them than checks before them could cover
/// without being readers themselves). It fails the target when it starts in this repository's
/// code or the standard library, or when it is an arithmetic overflow: only the fuzz build's
/// debug assertions catch those, and in the release server the arithmetic wraps and the reader
/// goes on with a wrong number (a huge allocation, a loop that does not end). Hangs,
/// out-of-memory aborts and every other rule fail it too.
pub fn check(file: &str, bytes: &[u8]) {
    let limits = limits();
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let third_party = info.location().is_some_and(|location| location.file().contains("/registry/src/"));
        let message = info.payload().downcast_ref::<&str>().copied().or(info.payload().downcast_ref::<String>().map(String::as_str));
        let overflow = message.is_some_and(|message| message.contains("overflow"));
        if !third_party || overflow {
            UNACCEPTED_PANIC.store(true, Ordering::Relaxed);
            eprintln!("{info}");
        }
    }));
    let imported = import(file, bytes, &limits);
    std::panic::set_hook(hook);
    assert!(!UNACCEPTED_PANIC.swap(false, Ordering::Relaxed), "{file}: a panic the release server would not turn into an error (above)");
    match imported {
        Ok(sheets) => check_sheets(file, &sheets, &limits),
        Err(ImportError::Malformed { problem, .. }) if problem == READER_PANICKED => {}
        Err(error) => check_error(file, &error),
    }
}

/// Set by the panic hook of `check` when a panic is not one it accepts.
static UNACCEPTED_PANIC: AtomicBool = AtomicBool::new(false);

fn check_sheets(file: &str, sheets: &[Sheet], limits: &Limits) {
    assert!(!sheets.is_empty(), "{file}: an import without an error has a sheet");
    assert!(sheets.len() <= limits.max_sheets, "{file}: {} sheets, more than the limit {}", sheets.len(), limits.max_sheets);
    let cells: u64 = sheets.iter().map(|sheet| (sheet.rows.len() as u64 + 1) * sheet.columns.len() as u64).sum();
    assert!(cells <= limits.max_cells, "{file}: {cells} cells, more than the limit {}", limits.max_cells);
    let text: u64 = sheets.iter().flat_map(|sheet| &sheet.rows).flatten().map(|cell| cell.len() as u64).sum();
    assert!(text <= limits.max_text_bytes, "{file}: {text} bytes of cell text, more than the limit {}", limits.max_text_bytes);
    for sheet in sheets {
        let title = &sheet.title;
        assert!(!sheet.columns.is_empty(), "{file}: sheet {title:?} has no column");
        let names: HashSet<&str> = sheet.columns.iter().map(String::as_str).collect();
        assert_eq!(names.len(), sheet.columns.len(), "{file}: sheet {title:?} repeats a column name: {:?}", sheet.columns);
        for name in &sheet.columns {
            assert!(!name.is_empty() && name.trim() == name, "{file}: sheet {title:?} has the column name {name:?}");
        }
        for row in &sheet.rows {
            assert_eq!(row.len(), sheet.columns.len(), "{file}: sheet {title:?} has a row as wide as {}", row.len());
        }
    }
}

fn check_error(file: &str, error: &ImportError) {
    let message = error.to_string();
    assert!(message.contains(&format!("'{file}'")), "{file}: the error does not name the file: {message}");
    if let ImportError::Malformed { problem, .. } = error {
        assert!(!problem.trim().is_empty(), "{file}: a damaged file with no reason: {message}");
    }
}

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for (name, content) in entries {
        writer.start_file(*name, options).expect("a zip entry starts");
        writer.write_all(content).expect("a zip entry is written");
    }
    writer.finish().expect("a zip archive is finished").into_inner()
}

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#;

const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;

const WORKBOOK: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/><sheet name="More" sheetId="2" r:id="rId2"/></sheets></workbook>"#;

const WORKBOOK_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

const SECOND_SHEET: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Note</t></is></c></row><row r="2"><c r="A2" s="1"><v>45296.5</v></c></row></sheetData></worksheet>"#;

const SHARED_STRINGS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Name</t></si><si><t>Ada</t></si></sst>"#;

const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>"#;

const ODS_MANIFEST: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
