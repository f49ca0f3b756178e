//! The memory one import takes per million cells of ordinary content, for docs/reliability.md
//! (issue 31). Ignored because it builds millions of cells: run it alone, in release, as
//! `cargo test --release -p tessera-files --test peak -- --ignored --nocapture`, optionally
//! with `TESSERA_PEAK_ROWS` (default 100,000 rows of 10 columns, one million cells).
//!
//! Every allocation is counted, so the figure is the heap the import holds at its busiest,
//! beyond the file's bytes (which the caller holds).

mod counting;

use std::ops::ControlFlow;

use tessera_files::{import, read_tabs, Limits};

const MIB: f64 = 1024.0 * 1024.0;
const COLUMNS: [&str; 10] = ["Id", "Name", "Email", "City", "Date", "Amount", "Status", "Owner", "Quantity", "Note"];

/// Row `row` of a sales list: ids, names, e-mails, cities, dates, amounts and short notes,
/// about 10 bytes a cell as CSV, like the guide's example of ordinary content.
fn row(row: usize) -> [String; 10] {
    const FIRST: [&str; 6] = ["Ada", "Bob", "Chloé", "Dmitri", "Farid", "Grace"];
    const LAST: [&str; 5] = ["Lovelace", "Smith", "Martin", "Nguyen", "García"];
    const CITIES: [&str; 5] = ["London", "Paris", "São Paulo", "Tokyo", "New York"];
    const NOTES: [&str; 4] = ["", "Call back", "Sent quote", "Needs approval from finance"];
    let (first, last) = (FIRST[row % 6], LAST[row % 5]);
    [
        format!("R{row:07}"),
        format!("{first} {last}"),
        format!("{}.{}@example.com", first.to_lowercase(), last.to_lowercase()),
        CITIES[row % 5].to_owned(),
        format!("2025-{:02}-{:02}", row % 12 + 1, row % 28 + 1),
        format!("{}.{:02}", row % 1000, row % 100),
        ["Open", "Won", "Lost"][row % 3].to_owned(),
        FIRST[(row / 7) % 6].to_owned(),
        (row % 500).to_string(),
        NOTES[row % 4].to_owned(),
    ]
}

fn csv(rows: usize) -> Vec<u8> {
    let mut text = COLUMNS.join(",");
    text.push('\n');
    for index in 0..rows {
        text.push_str(&row(index).join(","));
        text.push('\n');
    }
    text.into_bytes()
}

fn xlsx(rows: usize) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, name) in COLUMNS.iter().enumerate() {
        sheet.write_string(0, column as u16, *name).unwrap();
    }
    for index in 0..rows {
        for (column, cell) in row(index).iter().enumerate() {
            sheet.write_string(index as u32 + 1, column as u16, cell).unwrap();
        }
    }
    workbook.save_to_buffer().unwrap()
}

/// An OpenDocument spreadsheet of the same rows, as LibreOffice writes one: every cell text.
fn ods(rows: usize) -> Vec<u8> {
    use std::io::Write;
    let cell = |text: &str| format!(r#"<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>"#);
    let mut content = String::from(
        r#"<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Sales"><table:table-row>"#,
    );
    content.extend(COLUMNS.iter().map(|name| cell(name)));
    content.push_str("</table:table-row>");
    for index in 0..rows {
        content.push_str("<table:table-row>");
        content.extend(row(index).iter().map(|text| cell(text)));
        content.push_str("</table:table-row>");
    }
    content.push_str("</table:table></office:spreadsheet></office:body></office:document-content>");
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    writer.start_file("mimetype", stored).unwrap();
    writer.write_all(b"application/vnd.oasis.opendocument.spreadsheet").unwrap();
    writer.start_file("META-INF/manifest.xml", zip::write::SimpleFileOptions::default()).unwrap();
    writer.write_all(br#"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>"#).unwrap();
    writer.start_file("content.xml", zip::write::SimpleFileOptions::default().large_file(true)).unwrap();
    writer.write_all(content.as_bytes()).unwrap();
    writer.finish().unwrap().into_inner()
}

/// Prints the file's size and the import's peak heap, both per million cells.
fn measure(name: &str, bytes: &[u8], cells: f64) {
    let (sheets, peak, held) = counting::measured(|| import(name, bytes, &Limits::default()).expect("an ordinary file imports"));
    // What a caller that stores rows as they come (the server) holds: the reader's own state.
    let ((), streamed, _) = counting::measured(|| {
        read_tabs(name, bytes, &Limits::default(), &mut |_| (), |_| ControlFlow::Continue(())).expect("an ordinary file reads")
    });
    let (peak, held) = (peak as f64, held as f64);
    let millions = cells / 1e6;
    println!(
        "{name}: {:.1} MiB file, peak {:.0} MiB while reading, {:.0} MiB held by the sheet, {:.1} MiB read row by row; per million cells: file {:.1} MiB, peak {:.0} MiB, sheet {:.0} MiB",
        bytes.len() as f64 / MIB,
        peak / MIB,
        held / MIB,
        streamed as f64 / MIB,
        bytes.len() as f64 / MIB / millions,
        peak / MIB / millions,
        held / MIB / millions,
    );
    drop(sheets);
}

#[test]
#[ignore = "builds millions of cells; run alone in release (see the module comment)"]
fn the_peak_memory_of_an_import_per_million_cells() {
    let rows: usize = std::env::var("TESSERA_PEAK_ROWS").ok().and_then(|rows| rows.parse().ok()).unwrap_or(100_000);
    let cells = (rows * COLUMNS.len()) as f64;
    let file = csv(rows);
    measure("sales.csv", &file, cells);
    drop(file);
    let file = xlsx(rows);
    measure("sales.xlsx", &file, cells);
    drop(file);
    let file = ods(rows);
    measure("sales.ods", &file, cells);
}
