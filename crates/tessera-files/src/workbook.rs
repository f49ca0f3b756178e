//! Workbooks (XLSX and XLS through calamine, ODS through `ods_cells`), every tab read as text
//! cells. Zip-based workbooks are checked against zip bombs before anything is inflated.

use std::borrow::Cow;
use std::fmt::Display;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::ops::ControlFlow;

use calamine::{open_workbook_from_rs, Data, DataRef, Range, Reader, Xls, Xlsx, XlsxError};
use zip::ZipArchive;

use crate::cell_text::cell_text;
use crate::detect::{Format, Workbook};
use crate::grid::{self, CellBudget, Outline, Span};
use crate::ods_cells::{Cell, OdsCells};
use crate::{ods_extent, xls_extent, xlsx_extent};
use crate::{ImportError, Limits, Piece};

const MIB: u64 = 1024 * 1024;
/// An entry inflating more than this many times its packed size is taken for a bomb...
const MAX_RATIO: u64 = 100;
/// ...once it is larger than this (tiny entries compress well and are harmless).
const RATIO_FROM_BYTES: u64 = MIB;
const ODS_MIMETYPE: &str = "application/vnd.oasis.opendocument.spreadsheet";

type Bytes<'a> = Cursor<&'a [u8]>;
/// Where a workbook's tabs go: each tab with data as its header, then its rows (`read_tabs`).
type Each<'e> = dyn FnMut(Piece) -> ControlFlow<()> + 'e;
type Malformed<'m> = dyn Fn(&dyn Display) -> ImportError + 'm;

/// Hands every tab with data of the workbook `bytes` to `each`, tab after tab, until it breaks.
pub(crate) fn read(
    file: &str,
    bytes: &[u8],
    kind: Workbook,
    limits: &Limits,
    budget: &mut CellBudget,
    each: &mut Each,
) -> Result<(), ImportError> {
    let format = Format::Workbook(kind);
    let malformed =
        |problem: &dyn Display| ImportError::Malformed { file: file.to_owned(), format: format.label(), problem: problem.to_string() };
    if matches!(kind, Workbook::Xlsx | Workbook::Ods) {
        check_archive(file, bytes, kind, limits)?;
    }
    // An ODS cell stands for as many as it repeats over, and calamine builds every XLS tab on
    // opening and sizes the XLSX shared strings from the file's claim: count what will be built
    // first. An .xls reaches calamine rewrapped (see `xls_extent::rewrapped`), so `readable` is
    // what calamine opens.
    let readable: Cow<[u8]> = match kind {
        Workbook::Ods => {
            let extent = ods_content(bytes, |content| ods_extent::extent(content)).unwrap_or_default();
            budget.fits(extent.cells)?;
            budget.fits_text(extent.text_bytes)?;
            Cow::Borrowed(bytes)
        }
        Workbook::Xls => {
            let (clean, extent) = xls_extent::rewrapped(bytes, limits.max_decompressed_bytes).map_err(|error| malformed(&error))?;
            budget.fits(extent.cells)?;
            budget.fits_text(extent.text_bytes)?;
            Cow::Owned(clean)
        }
        Workbook::Xlsx => {
            if let Some(problem) = xlsx_extent::unreadable_reference(bytes) {
                return Err(malformed(&problem));
            }
            // Each shared string is a cell's text, so a workbook cannot need more than its cells.
            let claimed = xlsx_extent::shared_strings(bytes);
            if claimed > limits.max_cells {
                return Err(ImportError::TooManyCells { file: file.to_owned(), limit: limits.max_cells });
            }
            Cow::Borrowed(bytes)
        }
    };
    let cursor = Cursor::new(&readable[..]);
    match kind {
        Workbook::Xlsx => {
            let mut workbook: Xlsx<Bytes> = open_workbook_from_rs(cursor).map_err(|error| malformed(&error))?;
            for name in too_many_tabs(file, workbook.sheet_names(), limits)? {
                if xlsx_tab(&mut workbook, name, budget, &malformed, each)?.is_break() {
                    break;
                }
            }
            Ok(())
        }
        Workbook::Ods => ods_tabs(file, bytes, limits, budget, &malformed, each),
        Workbook::Xls => {
            let workbook: Xls<Bytes> = open_workbook_from_rs(cursor).map_err(|error| malformed(&error))?;
            ranges(file, workbook, limits, budget, &malformed, each)
        }
    }
}

fn too_many_tabs(file: &str, names: Vec<String>, limits: &Limits) -> Result<Vec<String>, ImportError> {
    if names.len() > limits.max_sheets {
        return Err(ImportError::TooManySheets { file: file.to_owned(), count: names.len(), limit: limits.max_sheets });
    }
    Ok(names)
}

/// An XLSX tab read cell by cell, twice: the first pass learns its header, first column and
/// row count ([`outline`]), the second hands its rows over one at a time ([`hand_over`]), so
/// the tab is never held (issue 31).
fn xlsx_tab(
    workbook: &mut Xlsx<Bytes>,
    title: String,
    budget: &mut CellBudget,
    malformed: &Malformed,
    each: &mut Each,
) -> Result<ControlFlow<()>, ImportError> {
    let outlined = {
        let mut reader = workbook.worksheet_cells_reader(&title).map_err(|error| malformed(&error))?;
        outline(&title, &mut || xlsx_cell(reader.next_cell(), malformed), budget, malformed)?
    };
    let Some(outlined) = outlined else { return Ok(ControlFlow::Continue(())) };
    if each(Piece::Tab { title: title.clone(), columns: outlined.0.columns.clone(), rows: outlined.0.row_count() }).is_break() {
        return Ok(ControlFlow::Break(()));
    }
    let mut reader = workbook.worksheet_cells_reader(&title).map_err(|error| malformed(&error))?;
    hand_over(&outlined, &mut || xlsx_cell(reader.next_cell(), malformed), each)
}

/// An XLSX cell as a positioned text.
fn xlsx_cell(cell: Result<Option<calamine::Cell<DataRef>>, XlsxError>, malformed: &Malformed) -> Result<Option<Cell>, ImportError> {
    let cell = cell.map_err(|error| malformed(&error))?;
    Ok(cell.map(|cell| (cell.get_position(), cell_text(&Data::from(cell.get_value().clone())))))
}

/// Every tab of an ODS workbook, read cell by cell from its `content.xml` as XLSX tabs are: a
/// first pass over the file learns each tab's shape, a second hands their rows over.
fn ods_tabs(
    file: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut CellBudget,
    malformed: &Malformed,
    each: &mut Each,
) -> Result<(), ImportError> {
    let damaged = |problem: String| malformed(&format!("{problem}."));
    let outlines = ods_content(bytes, |content| -> Result<Vec<_>, ImportError> {
        let mut tabs = OdsCells::new(content);
        let mut outlines = Vec::new();
        while let Some(title) = tabs.next_table().map_err(damaged)? {
            if outlines.len() == limits.max_sheets {
                // The rest are only counted; a damaged one ends the count.
                let count = outlines.len() + 1 + std::iter::from_fn(|| tabs.next_table().ok().flatten()).count();
                return Err(ImportError::TooManySheets { file: file.to_owned(), count, limit: limits.max_sheets });
            }
            let outlined = outline(&title, &mut || tabs.next_cell().map_err(damaged), budget, malformed)?;
            outlines.push((title, outlined));
        }
        Ok(outlines)
    })
    .ok_or_else(|| malformed(&"the file has no content.xml, where an OpenDocument spreadsheet keeps its tabs."))??;
    ods_content(bytes, |content| -> Result<(), ImportError> {
        let mut tabs = OdsCells::new(content);
        for (title, outlined) in outlines {
            tabs.next_table().map_err(damaged)?;
            let Some(outlined) = outlined else { continue };
            if each(Piece::Tab { title, columns: outlined.0.columns.clone(), rows: outlined.0.row_count() }).is_break() {
                return Ok(());
            }
            if hand_over(&outlined, &mut || tabs.next_cell().map_err(damaged), each)?.is_break() {
                return Ok(());
            }
        }
        Ok(())
    })
    .unwrap_or(Ok(()))
}

/// A tab's shape and first used column.
type Outlined = (grid::Shape, usize);

/// The second pass over a tab's cells (in row order): its rows, handed over one at a time.
fn hand_over(
    (shape, first_column): &Outlined,
    cells: &mut dyn FnMut() -> Result<Option<Cell>, ImportError>,
    each: &mut Each,
) -> Result<ControlFlow<()>, ImportError> {
    // The row being built, and its index among the rows of the tab (those left out count too).
    let mut row = Vec::new();
    let mut index = 0;
    let mut hand_over =
        |row: Vec<String>, index: usize| if shape.holds(index) { each(Piece::Row(shape.fit(row))) } else { ControlFlow::Continue(()) };
    while let Some(((at, column), text)) = cells()? {
        let at = at as usize;
        while index < at {
            if shape.ends_before(index) {
                return Ok(ControlFlow::Continue(()));
            }
            if hand_over(std::mem::take(&mut row), index).is_break() {
                return Ok(ControlFlow::Break(()));
            }
            index += 1;
        }
        if !text.is_empty() {
            let column = column as usize - first_column;
            if row.len() <= column {
                row.resize(column + 1, String::new());
            }
            row[column] = text;
        }
    }
    while !shape.ends_before(index) {
        if hand_over(std::mem::take(&mut row), index).is_break() {
            return Ok(ControlFlow::Break(()));
        }
        index += 1;
    }
    Ok(ControlFlow::Continue(()))
}

/// The first pass over a tab's cells (in row order): its shape and first used column, `None`
/// when no cell has a value. The tab costs the rectangle its values span (its rows are padded
/// to one width), so the cell limit stops a tab whose values lie far apart, or a huge one,
/// before a row is handed over.
fn outline(
    title: &str,
    cells: &mut dyn FnMut() -> Result<Option<Cell>, ImportError>,
    budget: &mut CellBudget,
    malformed: &Malformed,
) -> Result<Option<Outlined>, ImportError> {
    let mut outline = Outline::default();
    let mut span = Span::default();
    // The cells with text of the row being read, by column, and that row's index.
    let mut row_cells: Vec<(usize, String)> = Vec::new();
    let mut row: Option<u32> = None;
    while let Some(((at, column), text)) = cells()? {
        if row != Some(at) {
            // Rows come in order: the second pass hands them over as they come.
            let skipped = match row {
                Some(last) if at < last => {
                    let (at, last) = (at + 1, last + 1);
                    return Err(malformed(&format!(
                        "in the tab '{title}', row {at} comes after row {last}. Open the file in a spreadsheet program and save it again."
                    )));
                }
                Some(last) => {
                    outline.see_cells(&row_cells);
                    row_cells.clear();
                    at - last - 1
                }
                None => at,
            };
            outline.see_blank(skipped as usize);
            row = Some(at);
            budget.row_read();
        }
        if !text.is_empty() {
            span.add((at, column));
            budget.fits(span.cells())?;
            budget.take_text(text.len() as u64)?;
            row_cells.push((column as usize, text));
        }
    }
    outline.see_cells(&row_cells);
    budget.take(span.cells())?;
    Ok(span.first_column().and_then(|first| Some((outline.shape_from(first as usize)?, first as usize))))
}

/// Every tab of an XLS workbook, each read whole (calamine reads an XLS tab only whole, and
/// every tab on opening) and handed over before the next is read.
fn ranges<'a, R>(
    file: &str,
    mut workbook: R,
    limits: &Limits,
    budget: &mut CellBudget,
    malformed: &Malformed,
    each: &mut Each,
) -> Result<(), ImportError>
where
    R: Reader<Bytes<'a>>,
    R::Error: Display,
{
    for name in too_many_tabs(file, workbook.sheet_names(), limits)? {
        let range: Range<Data> = workbook.worksheet_range(&name).map_err(|error| malformed(&error))?;
        let (height, width) = range.get_size();
        budget.take((height as u64).saturating_mul(width as u64))?;
        let start = range.start().unwrap_or((0, 0));
        let mut cells = Vec::new();
        for (row, column, data) in range.used_cells() {
            let text = cell_text(data);
            if !text.is_empty() {
                budget.take_text(text.len() as u64)?;
                cells.push((((row as u32) + start.0, (column as u32) + start.1), text));
            }
        }
        drop(range);
        let Some(sheet) = grid::shape(name, place(cells)) else { continue };
        if each(Piece::Tab { title: sheet.title, columns: sheet.columns, rows: sheet.rows.len() }).is_break() {
            return Ok(());
        }
        for row in sheet.rows {
            if each(Piece::Row(row)).is_break() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Rows of cells from positioned values; the first used column becomes the first column.
fn place(cells: Vec<((u32, u32), String)>) -> Vec<Vec<String>> {
    let Some(first_row) = cells.iter().map(|((row, _), _)| *row).min() else { return Vec::new() };
    let first_column = cells.iter().map(|((_, column), _)| *column).min().unwrap_or(0);
    let mut rows: Vec<Vec<String>> = Vec::new();
    for ((row, column), text) in cells {
        let (row, column) = ((row - first_row) as usize, (column - first_column) as usize);
        if rows.len() <= row {
            rows.resize(row + 1, Vec::new());
        }
        let cells = &mut rows[row];
        if cells.len() <= column {
            cells.resize(column + 1, String::new());
        }
        cells[column] = text;
    }
    rows
}

/// Refuses a zip archive that is corrupt, encrypted, not the workbook its name says, or that
/// would inflate past the limits — from the central directory first, then by inflating each
/// entry no further than its declared size (so a directory that lies is caught too).
fn check_archive(file: &str, bytes: &[u8], kind: Workbook, limits: &Limits) -> Result<(), ImportError> {
    let format = Format::Workbook(kind);
    let corrupt = |error: &dyn Display| ImportError::Malformed {
        file: file.to_owned(),
        format: format.label(),
        problem: format!("the file is damaged ({error})."),
    };
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|error| corrupt(&error))?;
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(|error| corrupt(&error))?;
        if entry.encrypted() {
            return Err(ImportError::Encrypted { file: file.to_owned() });
        }
        total = total.saturating_add(entry.size());
        if total > limits.max_decompressed_bytes {
            return Err(ImportError::DecompressedTooLarge { file: file.to_owned(), limit: limits.max_decompressed_bytes });
        }
        if entry.size() > RATIO_FROM_BYTES && entry.size() / entry.compressed_size().max(1) > MAX_RATIO {
            return Err(ImportError::CompressionRatio { file: file.to_owned(), entry: entry.name().to_owned() });
        }
    }
    check_kind(file, &mut archive, kind)?;
    for index in 0..archive.len() {
        let entry = archive.by_index(index).map_err(|error| corrupt(&error))?;
        let declared = entry.size();
        let inflated = io::copy(&mut entry.take(declared.saturating_add(1)), &mut io::sink()).map_err(|error| corrupt(&error))?;
        if inflated > declared {
            return Err(corrupt(&"a part is larger than the archive declares"));
        }
    }
    if kind == Workbook::Ods && ods_encrypted(&mut archive) {
        return Err(ImportError::Encrypted { file: file.to_owned() });
    }
    Ok(())
}

/// What `read` makes of the `content.xml` of an ODS archive; `None` when it has none that can
/// be read, which calamine then refuses.
fn ods_content<T>(bytes: &[u8], read: impl FnOnce(&mut dyn BufRead) -> T) -> Option<T> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).ok()?;
    let content = archive.by_name("content.xml").ok()?;
    let read = read(&mut BufReader::new(content));
    Some(read)
}

/// Whether the ODS archive's manifest says its parts are encrypted: OpenDocument encrypts the
/// parts themselves, not the zip entries, so the entries' flags do not say it.
fn ods_encrypted(archive: &mut ZipArchive<Bytes>) -> bool {
    let mut manifest = Vec::new();
    let Ok(entry) = archive.by_name("META-INF/manifest.xml") else { return false };
    let declared = entry.size();
    if entry.take(declared).read_to_end(&mut manifest).is_err() {
        return false;
    }
    let mut reader = quick_xml::Reader::from_reader(&manifest[..]);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Start(element) | quick_xml::events::Event::Empty(element))
                if element.name().as_ref() == b"manifest:encryption-data" =>
            {
                return true
            }
            Ok(quick_xml::events::Event::Eof) | Err(_) => return false,
            Ok(_) => {}
        }
    }
}

/// An .ods must say so in its `mimetype` entry; an .xlsx must have `[Content_Types].xml`.
fn check_kind(file: &str, archive: &mut ZipArchive<Bytes>, kind: Workbook) -> Result<(), ImportError> {
    let mismatch = |found| ImportError::FormatMismatch { file: file.to_owned(), expected: Format::Workbook(kind).label(), found };
    let mut mimetype = String::new();
    if let Ok(entry) = archive.by_name("mimetype") {
        // Small on purpose: the entry is a short MIME type and nothing else.
        let _ = entry.take(200).read_to_string(&mut mimetype);
    }
    let mimetype = mimetype.trim();
    let is_ods = mimetype == ODS_MIMETYPE;
    let is_ooxml = archive.index_for_name("[Content_Types].xml").is_some();
    match kind {
        Workbook::Ods if is_ods => Ok(()),
        Workbook::Xlsx if is_ooxml && mimetype.is_empty() => Ok(()),
        _ if is_ods => Err(mismatch("an OpenDocument spreadsheet (.ods)")),
        _ if mimetype.starts_with("application/vnd.oasis.opendocument") => Err(mismatch("another OpenDocument file")),
        _ if is_ooxml => Err(mismatch("an Office Open XML file (.xlsx)")),
        _ => Err(mismatch("a zip archive that is not a workbook")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    use calamine::{CellErrorType, ExcelDateTime, ExcelDateTimeType};
    use rust_xlsxwriter::{ExcelDateTime as WriteDate, Format as CellFormat, Workbook};
    use zip::write::SimpleFileOptions;
    use zip::{CompressionMethod, ZipWriter};

    use crate::{import, Sheet};

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|cell| cell.to_string()).collect()
    }

    fn import_default(name: &str, bytes: &[u8]) -> Result<Vec<Sheet>, ImportError> {
        import(name, bytes, &Limits::default())
    }

    fn zip_of(entries: &[(&str, &[u8], CompressionMethod)]) -> Vec<u8> {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        for (name, content, method) in entries {
            writer
                .start_file(*name, SimpleFileOptions::default().compression_method(*method).large_file(content.len() > u32::MAX as usize))
                .unwrap();
            writer.write_all(content).unwrap();
        }
        writer.finish().unwrap().into_inner()
    }

    fn xlsx() -> Vec<u8> {
        let mut workbook = Workbook::new();
        let date = CellFormat::new().set_num_format("yyyy-mm-dd");
        let moment = CellFormat::new().set_num_format("yyyy-mm-dd hh:mm:ss");
        let sales = workbook.add_worksheet().set_name("Sales").unwrap();
        sales.write_string(0, 0, "Name").unwrap();
        sales.write_string(0, 1, "Amount").unwrap();
        sales.write_string(0, 2, "Paid").unwrap();
        sales.write_string(0, 3, "When").unwrap();
        sales.write_string(0, 4, "At").unwrap();
        sales.write_string(0, 5, "Name").unwrap();
        sales.write_string(1, 0, "Ada").unwrap();
        sales.write_number(1, 1, 10.0).unwrap();
        sales.write_boolean(1, 2, true).unwrap();
        sales.write_datetime_with_format(1, 3, WriteDate::from_ymd(2024, 1, 5).unwrap(), &date).unwrap();
        sales.write_datetime_with_format(1, 4, WriteDate::parse_from_str("2024-01-05T10:30:15").unwrap(), &moment).unwrap();
        sales.write_string(2, 0, "Bob").unwrap();
        sales.write_number(2, 1, 0.1).unwrap();
        sales.write_boolean(2, 2, false).unwrap();
        sales.write_formula(2, 5, "=1/0").unwrap();
        workbook.add_worksheet().set_name("Empty").unwrap();
        let notes = workbook.add_worksheet().set_name("Notes").unwrap();
        notes.write_string(2, 1, "Note").unwrap();
        notes.write_string(3, 1, "hello").unwrap();
        workbook.save_to_buffer().unwrap()
    }

    /// The pieces of an XLSX as read, row by row or (`whole`) as XLS tabs are.
    fn xlsx_pieces(bytes: &[u8], whole: bool) -> Result<Vec<Piece>, ImportError> {
        let limits = Limits::default();
        let mut budget = CellBudget::new("t.xlsx", &limits);
        let malformed =
            |problem: &dyn Display| ImportError::Malformed { file: "t.xlsx".into(), format: "XLSX", problem: problem.to_string() };
        let mut pieces = Vec::new();
        let mut each = |piece| {
            pieces.push(piece);
            ControlFlow::Continue(())
        };
        if whole {
            let workbook: Xlsx<Bytes> = open_workbook_from_rs(Cursor::new(bytes)).unwrap();
            ranges("t.xlsx", workbook, &limits, &mut budget, &malformed, &mut each)?;
        } else {
            read("t.xlsx", bytes, crate::detect::Workbook::Xlsx, &limits, &mut budget, &mut each)?;
        }
        Ok(pieces)
    }

    #[test]
    fn an_xlsx_read_row_by_row_gives_the_tabs_of_a_whole_read() {
        let mut workbook = Workbook::new();
        let tricky = workbook.add_worksheet().set_name("Tricky").unwrap();
        // A blank cell left of everything still moves the first column; gaps, blank rows and a
        // value past the header's last name; names repeated and missing.
        tricky.write_string(2, 1, " ").unwrap();
        for (column, name) in [(2, "Name"), (3, ""), (4, "Name")] {
            tricky.write_string(3, column, name).unwrap();
        }
        tricky.write_string(4, 2, "Ada").unwrap().write_number(4, 7, 2.5).unwrap();
        tricky.write_string(6, 3, "Bob").unwrap().write_boolean(6, 2, true).unwrap();
        tricky.write_string(8, 2, " ").unwrap();
        let far = workbook.add_worksheet().set_name("Far").unwrap();
        far.write_string(0, 5, "A").unwrap().write_string(1_000, 5, "1").unwrap();
        workbook.add_worksheet().set_name("Blank").unwrap().write_string(3, 3, "  ").unwrap();
        let only_header = workbook.add_worksheet().set_name("Header").unwrap();
        only_header.write_string(5, 0, "Lonely").unwrap();
        let bytes = workbook.save_to_buffer().unwrap();

        let streamed = xlsx_pieces(&bytes, false).unwrap();
        assert_eq!(streamed, xlsx_pieces(&bytes, true).unwrap());
        let headers: Vec<_> = streamed.iter().filter(|piece| matches!(piece, Piece::Tab { .. })).collect();
        let tab = |title: &str, columns: &[&str], rows| Piece::Tab { title: title.into(), columns: strings(columns), rows };
        assert_eq!(
            headers,
            [
                &tab("Tricky", &["Column 1", "Name", "Column 3", "Name (2)", "Column 5", "Column 6", "Column 7"], 3),
                &tab("Far", &["A"], 1_000),
                &tab("Header", &["Lonely"], 0),
            ]
        );
        assert_eq!(streamed[1], Piece::Row(strings(&["", "Ada", "", "", "", "", "2.5"])));
        assert_eq!(streamed[3], Piece::Row(strings(&["", "TRUE", "Bob", "", "", "", ""])));
    }

    #[test]
    fn an_xlsx_whose_rows_are_out_of_order_is_refused_with_the_rows_named() {
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet();
        for row in 0..3 {
            sheet.write_string(row, 0, format!("r{row}")).unwrap();
        }
        let bytes = workbook.save_to_buffer().unwrap();
        // Rows 2 and 3 swapped in the sheet's XML, as no spreadsheet program writes them.
        let mut archive = ZipArchive::new(Cursor::new(&bytes[..])).unwrap();
        let mut entries = Vec::new();
        for index in 0..archive.len() {
            let mut entry = archive.by_index(index).unwrap();
            let mut content = Vec::new();
            entry.read_to_end(&mut content).unwrap();
            if entry.name() == "xl/worksheets/sheet1.xml" {
                let xml = String::from_utf8(content).unwrap();
                let (second, third) = (xml.find("<row r=\"2\"").unwrap(), xml.find("<row r=\"3\"").unwrap());
                let end = xml.find("</sheetData>").unwrap();
                content = format!("{}{}{}{}", &xml[..second], &xml[third..end], &xml[second..third], &xml[end..]).into_bytes();
            }
            entries.push((entry.name().to_owned(), content));
        }
        let entries: Vec<_> = entries.iter().map(|(name, content)| (name.as_str(), &content[..], CompressionMethod::Deflated)).collect();
        let error = import_default("book.xlsx", &zip_of(&entries)).unwrap_err();
        assert_eq!(
            error,
            ImportError::Malformed {
                file: "book.xlsx".into(),
                format: "an Excel (.xlsx) workbook",
                problem: "in the tab 'Sheet1', row 2 comes after row 3. Open the file in a spreadsheet program and save it again.".into()
            }
        );
    }

    #[test]
    fn an_xlsx_gives_one_sheet_per_tab_with_data() {
        let sheets = import_default("book.xlsx", &xlsx()).unwrap();
        assert_eq!(sheets.iter().map(|sheet| sheet.title.as_str()).collect::<Vec<_>>(), ["Sales", "Notes"]);
        let sales = &sheets[0];
        assert_eq!(sales.columns, strings(&["Name", "Amount", "Paid", "When", "At", "Name (2)"]));
        assert_eq!(sales.rows[0], strings(&["Ada", "10", "TRUE", "2024-01-05", "2024-01-05 10:30:15", ""]));
        // A formula written without a cached result reads back as its (empty) value.
        assert_eq!(sales.rows[1][..3], strings(&["Bob", "0.1", "FALSE"]));
        assert_eq!(sheets[1].columns, strings(&["Note"]));
        assert_eq!(sheets[1].rows, vec![strings(&["hello"])]);
    }

    #[test]
    fn cells_are_shown_as_a_spreadsheet_shows_them() {
        assert_eq!(cell_text(&Data::Float(3.0)), "3");
        assert_eq!(cell_text(&Data::Float(-0.0)), "0");
        assert_eq!(cell_text(&Data::Float(0.1 + 0.2)), "0.30000000000000004");
        assert_eq!(cell_text(&Data::Float(1234567.25)), "1234567.25");
        assert_eq!(cell_text(&Data::Int(-7)), "-7");
        assert_eq!(cell_text(&Data::Error(CellErrorType::Div0)), "#DIV/0!");
        assert_eq!(cell_text(&Data::Empty), "");
        let date = |value, kind| Data::DateTime(ExcelDateTime::new(value, kind, false));
        assert_eq!(cell_text(&date(45296.0, ExcelDateTimeType::DateTime)), "2024-01-05");
        assert_eq!(cell_text(&date(45296.4375, ExcelDateTimeType::DateTime)), "2024-01-05 10:30:00");
        assert_eq!(cell_text(&date(0.4375, ExcelDateTimeType::DateTime)), "10:30:00");
        assert_eq!(cell_text(&date(1.5, ExcelDateTimeType::TimeDelta)), "36:00:00");
        assert_eq!(cell_text(&Data::DateTimeIso("2024-01-05T10:30:15.250".into())), "2024-01-05 10:30:15");
        assert_eq!(cell_text(&Data::DateTimeIso("2024-01-05".into())), "2024-01-05");
    }

    fn ods(content: &str) -> Vec<u8> {
        let manifest = r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
        zip_of(&[
            ("mimetype", ODS_MIMETYPE.as_bytes(), CompressionMethod::Stored),
            ("META-INF/manifest.xml", manifest.as_bytes(), CompressionMethod::Deflated),
            ("content.xml", content.as_bytes(), CompressionMethod::Deflated),
        ])
    }

    const ODS_CONTENT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">
<office:body><office:spreadsheet>
<table:table table:name="People">
<table:table-row><table:table-cell office:value-type="string"><text:p>Name</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Age</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Born</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Member</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell office:value-type="string"><text:p>Ada</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="36"><text:p>36</text:p></table:table-cell><table:table-cell office:value-type="date" office:date-value="1815-12-10"><text:p>10/12/1815</text:p></table:table-cell><table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>TRUE</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell office:value-type="string"><text:p>Bob</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="2.5"><text:p>2.5</text:p></table:table-cell></table:table-row>
</table:table>
<table:table table:name="Blank"><table:table-row><table:table-cell/></table:table-row></table:table>
</office:spreadsheet></office:body></office:document-content>"#;

    #[test]
    fn an_ods_made_here_reads_back() {
        let sheets = import_default("people.ods", &ods(ODS_CONTENT)).unwrap();
        assert_eq!(sheets.len(), 1);
        assert_eq!(sheets[0].title, "People");
        assert_eq!(sheets[0].columns, strings(&["Name", "Age", "Born", "Member"]));
        assert_eq!(sheets[0].rows, vec![strings(&["Ada", "36", "1815-12-10", "TRUE"]), strings(&["Bob", "2.5", "", ""])]);
    }

    #[test]
    fn an_ods_is_read_row_by_row_and_reports_its_progress() {
        let rows: String = (1..=25_000)
            .map(|n| format!(r#"<table:table-row><table:table-cell office:value-type="float" office:value="{n}"/></table:table-row>"#))
            .collect();
        let content = ODS_CONTENT.replace(
            "</table:table>\n<table:table table:name=\"Blank\">",
            &format!("{rows}</table:table>\n<table:table table:name=\"Blank\">"),
        );
        let mut reports = Vec::new();
        let sheets = crate::import_reporting("long.ods", &ods(&content), &Limits::default(), &mut |rows| reports.push(rows)).unwrap();
        assert_eq!(sheets[0].rows.len(), 25_002);
        assert_eq!(sheets[0].rows[25_001], strings(&["25000", "", "", ""]));
        assert_eq!(reports, [10_000, 20_000]);
    }

    #[test]
    fn an_ods_whose_manifest_says_it_is_encrypted_is_password_protected() {
        let manifest = r#"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"/></manifest:file-entry></manifest:manifest>"#;
        let encrypted = zip_of(&[
            ("mimetype", ODS_MIMETYPE.as_bytes(), CompressionMethod::Stored),
            ("META-INF/manifest.xml", manifest.as_bytes(), CompressionMethod::Deflated),
            ("content.xml", b"\x8f\x12 not XML once encrypted", CompressionMethod::Deflated),
        ]);
        let error = import_default("secret.ods", &encrypted).unwrap_err();
        assert_eq!(error, ImportError::Encrypted { file: "secret.ods".into() });
        assert!(error.to_string().contains("password-protected"), "{error}");
    }

    #[test]
    fn a_zip_bomb_is_refused_before_it_is_opened() {
        let huge = vec![b'a'; 20 * MIB as usize];
        let bomb = zip_of(&[
            ("[Content_Types].xml", b"<Types/>", CompressionMethod::Deflated),
            ("xl/sharedStrings.xml", &huge, CompressionMethod::Deflated),
        ]);
        assert!(bomb.len() < MIB as usize);
        let error = import_default("bomb.xlsx", &bomb).unwrap_err();
        assert_eq!(error, ImportError::CompressionRatio { file: "bomb.xlsx".into(), entry: "xl/sharedStrings.xml".into() });
        let limits = Limits { max_decompressed_bytes: 10 * MIB, ..Limits::default() };
        let error = import("bomb.xlsx", &bomb, &limits).unwrap_err();
        assert_eq!(error, ImportError::DecompressedTooLarge { file: "bomb.xlsx".into(), limit: 10 * MIB });
        assert!(error.to_string().contains("10 MiB"), "{error}");
    }

    /// Sets the "encrypted" flag of every entry, in local and central headers.
    fn flag_encrypted(mut bytes: Vec<u8>) -> Vec<u8> {
        for at in 0..bytes.len().saturating_sub(10) {
            if bytes[at..].starts_with(b"PK\x03\x04") {
                bytes[at + 6] |= 1;
            } else if bytes[at..].starts_with(b"PK\x01\x02") {
                bytes[at + 8] |= 1;
            }
        }
        bytes
    }

    #[test]
    fn encrypted_archives_are_refused() {
        let encrypted = flag_encrypted(zip_of(&[("[Content_Types].xml", b"<Types/>", CompressionMethod::Stored)]));
        assert_eq!(import_default("secret.xlsx", &encrypted), Err(ImportError::Encrypted { file: "secret.xlsx".into() }));
    }

    #[test]
    fn broken_workbooks_are_clear_errors() {
        let mut truncated = xlsx();
        truncated.truncate(truncated.len() / 2);
        let error = import_default("broken.xlsx", &truncated).unwrap_err();
        assert!(matches!(error, ImportError::Malformed { .. }), "{error:?}");
        assert!(error.to_string().contains("'broken.xlsx'"), "{error}");

        let not_a_workbook = zip_of(&[("readme.txt", b"hello", CompressionMethod::Deflated)]);
        assert!(matches!(import_default("fake.xlsx", &not_a_workbook), Err(ImportError::FormatMismatch { .. })));
        assert!(matches!(import_default("fake.ods", &xlsx()), Err(ImportError::FormatMismatch { .. })));
        assert!(matches!(import_default("fake.xlsx", &ods(ODS_CONTENT)), Err(ImportError::FormatMismatch { .. })));

        let bad_xml = ods("<office:document-content><unclosed");
        assert!(matches!(import_default("bad.ods", &bad_xml), Err(ImportError::Malformed { .. })));

        let mut ole2 = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
        ole2.extend_from_slice(&[0; 600]);
        assert!(matches!(import_default("old.xls", &ole2), Err(ImportError::Malformed { .. })));
    }

    #[test]
    fn limits_on_tabs_and_cells() {
        let limits = Limits { max_sheets: 2, ..Limits::default() };
        assert_eq!(import("book.xlsx", &xlsx(), &limits), Err(ImportError::TooManySheets { file: "book.xlsx".into(), count: 3, limit: 2 }));
        let limits = Limits { max_sheets: 1, ..Limits::default() };
        assert_eq!(
            import("people.ods", &ods(ODS_CONTENT), &limits),
            Err(ImportError::TooManySheets { file: "people.ods".into(), count: 2, limit: 1 })
        );
        let limits = Limits { max_cells: 5, ..Limits::default() };
        assert!(matches!(import("book.xlsx", &xlsx(), &limits), Err(ImportError::TooManyCells { .. })));
        assert!(matches!(import("people.ods", &ods(ODS_CONTENT), &limits), Err(ImportError::TooManyCells { .. })));
    }

    #[test]
    fn values_far_apart_cost_the_rectangle_between_them() {
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet();
        sheet.write_string(0, 0, "Name").unwrap();
        sheet.write_string(1_048_575, 16_383, "far").unwrap();
        let bytes = workbook.save_to_buffer().unwrap();
        assert_eq!(import_default("far.xlsx", &bytes), Err(ImportError::TooManyCells { file: "far.xlsx".into(), limit: crate::MAX_CELLS }));
    }

    #[test]
    fn repeated_ods_cells_are_counted_before_calamine_expands_them() {
        let bomb = r#"<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="T"><table:table-row table:number-rows-repeated="1000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="100"/></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#;
        let limits = Limits { max_cells: 99_999, ..Limits::default() };
        assert_eq!(import("bomb.ods", &ods(bomb), &limits), Err(ImportError::TooManyCells { file: "bomb.ods".into(), limit: 99_999 }));
        let limits = Limits { max_cells: 100_100, ..Limits::default() };
        let sheets = import("bomb.ods", &ods(bomb), &limits).unwrap();
        assert_eq!((sheets[0].columns.len(), sheets[0].rows.len()), (100, 999));
    }

    #[test]
    fn text_a_workbook_stores_once_for_many_cells_counts_for_each() {
        let limits = Limits { max_text_bytes: 10_000, ..Limits::default() };
        let too_much = Err(ImportError::TooMuchText { file: "many.xlsx".into(), limit: 10_000 });
        // One shared string of 1,000 bytes in 11 cells.
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet();
        for row in 0..11 {
            sheet.write_string(row, 0, "x".repeat(1_000)).unwrap();
        }
        assert_eq!(import("many.xlsx", &workbook.save_to_buffer().unwrap(), &limits), too_much);
        // One ODS cell of 1,000 bytes repeated over 11 columns, refused before calamine copies it.
        let cell = format!(
            r#"<table:table-cell office:value-type="string" table:number-columns-repeated="11"><text:p>{}</text:p></table:table-cell>"#,
            "x".repeat(1_000)
        );
        let content = ODS_CONTENT.replace("<table:table-row>", &format!("<table:table-row>{cell}"));
        let error = import("many.ods", &ods(&content), &limits).unwrap_err();
        assert_eq!(error, ImportError::TooMuchText { file: "many.ods".into(), limit: 10_000 });
        assert!(error.to_string().contains("more than 10000 bytes (10000 bytes) of cell text"), "{error}");
        assert!(import("many.ods", &ods(&content), &Limits::default()).is_ok());
    }

    #[test]
    fn an_xls_is_read_by_calamine_from_its_workbook_stream_rewrapped() {
        let saved = include_bytes!("../../../tests/fuzz-crashers/files/import_bytes/seed-xls-three-tabs-xlwt");
        let sheets = import_default("book.xls", &saved[1..]).unwrap();
        let shapes: Vec<(&str, usize, usize)> =
            sheets.iter().map(|sheet| (sheet.title.as_str(), sheet.columns.len(), sheet.rows.len())).collect();
        assert_eq!(shapes, [("Sales", 5, 2), ("Notes", 1, 1)]);
    }

    #[test]
    fn a_workbook_without_data_says_so() {
        let mut workbook = Workbook::new();
        workbook.add_worksheet();
        let bytes = workbook.save_to_buffer().unwrap();
        assert_eq!(import_default("blank.xlsx", &bytes), Err(ImportError::NoData { file: "blank.xlsx".into() }));
    }
}
