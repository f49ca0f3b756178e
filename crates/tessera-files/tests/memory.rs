//! Hostile files that claim far more cells, or far more text, than they hold are refused before
//! those cells are built: this binary counts every allocation and holds each import to a small
//! peak. (A crash or a gigabyte-sized allocation is what the fix prevents, so a peak is the
//! honest measure.)

mod counting;

use std::fs;
use std::io::{Cursor, Write};
use std::ops::ControlFlow;
use std::path::Path;

use tessera_files::{import, ImportError, Limits, Piece};
use zip::write::SimpleFileOptions;
use zip::ZipWriter;

const MIB: usize = 1024 * 1024;
/// Far below what any of the files below would cost if it were expanded (hundreds of MiB to
/// terabytes), well above what refusing them needs.
const PEAK_ALLOWED: usize = 48 * MIB;

/// Rows of every tab `read_tabs` hands over one at a time, and the last of them.
fn read_row_by_row(name: &str, bytes: &[u8]) -> (usize, Vec<String>) {
    let (mut rows, mut last) = (0, Vec::new());
    tessera_files::read_tabs(name, bytes, &Limits::default(), &mut |_| (), |piece| {
        if let Piece::Row(row) = piece {
            rows += 1;
            last = row;
        }
        ControlFlow::Continue(())
    })
    .unwrap();
    (rows, last)
}

/// The peak memory above the current level while `import` reads `bytes`, and its answer.
fn peak_of(name: &str, bytes: &[u8]) -> (usize, Result<usize, ImportError>) {
    let (outcome, peak, _) = counting::measured(|| import(name, bytes, &Limits::default()).map(|sheets| sheets.len()));
    (peak, outcome)
}

fn ods(content: &str) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    writer.start_file("mimetype", stored).unwrap();
    writer.write_all(b"application/vnd.oasis.opendocument.spreadsheet").unwrap();
    writer.start_file("content.xml", SimpleFileOptions::default()).unwrap();
    writer.write_all(content.as_bytes()).unwrap();
    writer.finish().unwrap().into_inner()
}

fn biff_record(kind: u16, data: &[u8]) -> Vec<u8> {
    [&kind.to_le_bytes()[..], &(data.len() as u16).to_le_bytes(), data].concat()
}

/// An .xls whose one shared string of 60,000 characters is named by 5,000 cells: 130 KB that
/// calamine would copy into 300 MB of text at least (900 MB by the count).
fn xls_naming_one_long_string_5000_times() -> Vec<u8> {
    let mut sst = vec![1, 0, 0, 0, 1, 0, 0, 0];
    sst.extend(60_000u16.to_le_bytes());
    sst.push(0);
    sst.extend(vec![b'x'; 60_000]);
    // A record holds at most 8,224 bytes; the rest of the characters go on in CONTINUE records,
    // each starting with the width of its characters.
    let mut shared = biff_record(0x00FC, &sst[..8_224]);
    for chunk in sst[8_224..].chunks(8_000) {
        shared.extend(biff_record(0x003C, &[&[0][..], chunk].concat()));
    }
    let sheet_at = (shared.len() + 12 + 4) as u32;
    let mut stream = shared;
    stream.extend(biff_record(0x0085, &[&sheet_at.to_le_bytes()[..], &[0, 0, 1, b'T']].concat()));
    stream.extend(biff_record(0x000A, &[]));
    for row in 0..5_000u16 {
        stream.extend(biff_record(0x00FD, &[&row.to_le_bytes()[..], &[0; 4], &0u32.to_le_bytes()].concat()));
    }
    stream.extend(biff_record(0x000A, &[]));
    let mut file = cfb::CompoundFile::create(Cursor::new(Vec::new())).unwrap();
    file.create_stream("/Workbook").unwrap().write_all(&stream).unwrap();
    file.flush().unwrap();
    file.into_inner().into_inner()
}

fn xlsx_with_two_far_cells() -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "Name").unwrap();
    sheet.write_string(1_048_575, 16_383, "far").unwrap();
    workbook.save_to_buffer().unwrap()
}

/// A real workbook whose shared strings part claims `count` unique strings.
fn xlsx_claiming_shared_strings(count: u64) -> Vec<u8> {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    workbook.add_worksheet().write_string(0, 0, "Name").unwrap();
    let bytes = workbook.save_to_buffer().unwrap();
    let mut original = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for index in 0..original.len() {
        let mut entry = original.by_index(index).unwrap();
        let name = entry.name().to_owned();
        let mut content = String::new();
        std::io::Read::read_to_string(&mut entry, &mut content).unwrap();
        if name == "xl/sharedStrings.xml" {
            content = content.replacen("uniqueCount=\"1\"", &format!("uniqueCount=\"{count}\""), 1);
            assert!(content.contains(&count.to_string()), "{content}");
        }
        writer.start_file(name, SimpleFileOptions::default()).unwrap();
        writer.write_all(content.as_bytes()).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

#[test]
fn files_claiming_millions_of_cells_or_gigabytes_of_text_are_refused_before_they_are_built() {
    // 10,000 names over 1,000 one-field lines: 11,000 fields written, 10,010,000 once padded.
    let header: Vec<String> = (0..10_000).map(|column| format!("c{column}")).collect();
    let mut wide_csv = format!("{}\n", header.join(",")).into_bytes();
    wide_csv.extend(b"x\n".repeat(1_000));
    // 16,384 valued columns repeated over 1,000 rows: 16 million cells from 500 bytes.
    let ods_bomb = r#"<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="T"><table:table-row table:number-rows-repeated="1000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="16384"/></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#;
    // An .xls whose first tab declares rows 0 to 4,294,967,279 over 256 columns.
    let crasher =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-crashers/files/import_bytes/xls-dimensions-of-four-billion-rows");
    let xls = fs::read(&crasher).expect("the saved crasher")[1..].to_vec();
    // An .xls whose header made calamine reserve 16 GB for a sector table, and one whose stream
    // calamine followed around a loop to 2 GB (both read by calamine only as rewrapped now).
    let saved = |name: &str| fs::read(crasher.with_file_name(name)).expect("the saved crasher")[1..].to_vec();
    let xls_header = saved("xls-header-sizing-a-16-GB-table");
    let xls_loop = saved("xls-stream-chain-calamine-follows-to-2-GB");
    // A paragraph of 100 million spaces repeated over 16,384 columns: 1.6 TB of text.
    let ods_spaces = ods_bomb.replace(r#"table:number-rows-repeated="1000""#, "").replace(
        r#"<table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="16384"/>"#,
        r#"<table:table-cell office:value-type="string" table:number-columns-repeated="16384"><text:p><text:s text:c="100000000"/></text:p></table:table-cell>"#,
    );
    let files = [
        ("wide.csv", wide_csv),
        ("far.xlsx", xlsx_with_two_far_cells()),
        ("strings.xlsx", xlsx_claiming_shared_strings(4_000_000_000)),
        ("repeated.ods", ods(ods_bomb)),
        ("dimensions.xls", xls),
        ("spaces.ods", ods(&ods_spaces)),
        ("one-string.xls", xls_naming_one_long_string_5000_times()),
        ("header.xls", xls_header),
        ("loop.xls", xls_loop),
    ];
    for (name, bytes) in files {
        let (peak, outcome) = peak_of(name, &bytes);
        println!("{name}: {} bytes, peak {:.1} MiB, {outcome:?}", bytes.len(), peak as f64 / MIB as f64);
        let refused = match name {
            "spaces.ods" | "one-string.xls" => matches!(outcome, Err(ImportError::TooMuchText { .. })),
            "header.xls" | "loop.xls" => matches!(outcome, Err(ImportError::Malformed { .. })),
            _ => matches!(outcome, Err(ImportError::TooManyCells { .. })),
        };
        assert!(refused, "{name}: {outcome:?}");
        assert!(peak < PEAK_ALLOWED, "{name} took {peak} bytes at its peak before it was refused");
    }
}

#[test]
fn delimited_text_read_row_by_row_holds_one_row_whatever_the_file_size() {
    // 100,000 rows of 10 cells (1,000,000 cells, 4 MiB): a whole import holds them all, tens
    // of MiB; a caller that stores each row as it comes holds one (issue 31's bounded import).
    let mut csv = b"a,b,c,d,e,f,g,h,i,j\n".to_vec();
    for row in 0..100_000 {
        csv.extend(format!("{row},North,Ada,2025-01-02,12.50,open,x,y,z,note\n").as_bytes());
    }
    let ((rows, last), peak, _) = counting::measured(|| read_row_by_row("big.csv", &csv));
    let width = last.len();
    assert_eq!((rows, width), (100_000, 10));
    let (whole_peak, _) = peak_of("big.csv", &csv);
    assert!(peak < 64 * 1024, "reading row by row peaked at {peak} bytes");
    assert!(whole_peak > 100 * peak, "a whole import peaked at {whole_peak} bytes, row by row {peak}");
}

#[test]
fn parquet_read_row_by_row_holds_a_batch_whatever_the_file_size() {
    // 100,000 rows of 10 text columns in row groups of 10,000 rows, pages of 64 KiB: a whole
    // import holds every cell; a caller that stores each row as it comes holds the file, a page
    // per column and a batch of rows.
    use std::sync::Arc;

    use parquet::basic::{Repetition, Type as Physical};
    use parquet::data_type::{ByteArray, ByteArrayType};
    use parquet::file::properties::WriterProperties;
    use parquet::file::writer::SerializedFileWriter;
    use parquet::schema::types::Type;

    const ROWS: usize = 100_000;
    let fields = (0..10)
        .map(|column| {
            Arc::new(
                Type::primitive_type_builder(&format!("c{column}"), Physical::BYTE_ARRAY)
                    .with_repetition(Repetition::REQUIRED)
                    .build()
                    .unwrap(),
            )
        })
        .collect();
    let schema = Arc::new(Type::group_type_builder("t").with_fields(fields).build().unwrap());
    let properties = WriterProperties::builder().set_data_page_size_limit(64 * 1024).build();
    let mut file = Vec::new();
    let mut writer = SerializedFileWriter::new(&mut file, schema, Arc::new(properties)).unwrap();
    for group in 0..ROWS / 10_000 {
        let mut row_group = writer.next_row_group().unwrap();
        let mut column = 0;
        while let Some(mut writing) = row_group.next_column().unwrap() {
            let values: Vec<ByteArray> =
                (group * 10_000..(group + 1) * 10_000).map(|row| ByteArray::from(format!("{column}-{row}").as_str())).collect();
            writing.typed::<ByteArrayType>().write_batch(&values, None, None).unwrap();
            writing.close().unwrap();
            column += 1;
        }
        row_group.close().unwrap();
    }
    writer.close().unwrap();

    let ((rows, last), peak, _) = counting::measured(|| read_row_by_row("big.parquet", &file));
    assert_eq!((rows, last[9].as_str()), (ROWS, "9-99999"));
    let (whole_peak, _) = peak_of("big.parquet", &file);
    // The reader keeps its own copy of the file; what it holds beyond that is what streaming
    // bounds: a page and a decoded dictionary per column, and a batch of rows.
    let (beyond, whole_beyond) = (peak - file.len(), whole_peak - file.len());
    println!("parquet of {} bytes: beyond the file, row by row {beyond} bytes, whole {whole_beyond} bytes", file.len());
    assert!(beyond < 8 * MIB, "reading row by row held {beyond} bytes beyond the file's");
    assert!(whole_beyond > 5 * beyond, "a whole import held {whole_beyond} bytes beyond the file's, row by row {beyond}");
}

#[test]
fn xlsx_read_row_by_row_holds_a_row_and_the_shared_strings_whatever_the_tab_rows() {
    // 20,000 rows of 10 cells (200,000 cells; more take a minute unoptimised): numbers and a few
    // repeated strings, as a sales export has them. A whole import holds every cell; a caller
    // that stores each row as it comes holds calamine's shared strings, the inflating sheet part
    // and a row, however many rows the tab has.
    const ROWS: u32 = 20_000;
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, name) in ["id", "region", "amount", "units", "rep", "a", "b", "c", "d", "note"].iter().enumerate() {
        sheet.write_string(0, column as u16, *name).unwrap();
    }
    for row in 1..=ROWS {
        sheet.write_number(row, 0, f64::from(row)).unwrap();
        sheet.write_string(row, 1, ["North", "South", "East", "West"][row as usize % 4]).unwrap();
        for column in 2..9 {
            sheet.write_number(row, column, f64::from(row % 97) * 1.5).unwrap();
        }
        sheet.write_string(row, 9, ["open", "won", "lost"][row as usize % 3]).unwrap();
    }
    let file = workbook.save_to_buffer().unwrap();

    let ((rows, last), peak, _) = counting::measured(|| read_row_by_row("big.xlsx", &file));
    assert_eq!(
        (rows, last[0].as_str(), last[9].as_str()),
        (ROWS as usize, ROWS.to_string().as_str(), ["open", "won", "lost"][ROWS as usize % 3])
    );
    let (whole_peak, _) = peak_of("big.xlsx", &file);
    println!("xlsx of {} bytes: row by row {peak} bytes, whole {whole_peak} bytes", file.len());
    assert!(peak < MIB, "reading row by row held {peak} bytes");
    assert!(whole_peak > 5 * peak, "a whole import held {whole_peak} bytes, row by row {peak}");
}

#[test]
fn ods_read_row_by_row_holds_a_row_whatever_the_tab_rows() {
    // 20,000 rows of 10 cells, as the XLSX test above: a whole import holds every cell; a caller
    // that stores each row as it comes holds the inflating content.xml and a row (calamine, which
    // read ODS before, built every tab whole first).
    const ROWS: usize = 20_000;
    let cell = |value: &str| format!(r#"<table:table-cell office:value-type="string"><text:p>{value}</text:p></table:table-cell>"#);
    let number = |value: f64| format!(r#"<table:table-cell office:value-type="float" office:value="{value}"/>"#);
    let mut rows = String::from("<table:table-row>");
    for name in ["id", "region", "amount", "units", "rep", "a", "b", "c", "d", "note"] {
        rows.push_str(&cell(name));
    }
    rows.push_str("</table:table-row>");
    for row in 1..=ROWS {
        rows.push_str("<table:table-row>");
        rows.push_str(&number(row as f64));
        rows.push_str(&cell(["North", "South", "East", "West"][row % 4]));
        for _ in 2..9 {
            rows.push_str(&number((row % 97) as f64 * 1.5));
        }
        rows.push_str(&cell(["open", "won", "lost"][row % 3]));
        rows.push_str("</table:table-row>");
    }
    let content = format!(
        r#"<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Sales">{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let file = ods(&content);

    let ((rows, last), peak, _) = counting::measured(|| read_row_by_row("big.ods", &file));
    assert_eq!((rows, last[0].as_str(), last[9].as_str()), (ROWS, ROWS.to_string().as_str(), ["open", "won", "lost"][ROWS % 3]));
    let (whole_peak, _) = peak_of("big.ods", &file);
    println!("ods of {} bytes: row by row {peak} bytes, whole {whole_peak} bytes", file.len());
    assert!(peak < MIB, "reading row by row held {peak} bytes");
    assert!(whole_peak > 5 * peak, "a whole import held {whole_peak} bytes, row by row {peak}");
}
