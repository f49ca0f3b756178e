//! How many cells calamine will build for an XLS file, counted from its BIFF records before
//! calamine opens it.
//!
//! calamine reads every tab of an .xls when it opens the file: for each tab it reserves room for
//! the rectangle the tab's DIMENSIONS record declares, then builds a dense rectangle spanning
//! the cells it found. A few bytes can declare billions of cells either way (a DIMENSIONS record
//! of 65,536 × 256, or two cells in opposite corners), and a failed allocation of that size
//! ends the process rather than returning an error. The count here reads the same records the
//! same way (the tabs the BOUNDSHEET records point at, up to each tab's EOF) and adds both
//! rectangles per tab, so it never undercounts what calamine allocates.

use std::io::{Cursor, Read};

use crate::grid::Span;

const EOF: u16 = 0x000A;
const BOUNDSHEET: u16 = 0x0085;
const DIMENSIONS: u16 = 0x0200;
const MULRK: u16 = 0x00BD;
/// Records that hold one cell at (row, column) in their first four bytes: Number, Label,
/// BoolErr, Rk, LabelSst, Formula.
const CELLS: [u16; 6] = [0x0203, 0x0204, 0x0205, 0x027E, 0x00FD, 0x0006];

/// The cells calamine will reserve and build for the tabs of the OLE2 file `bytes` (0 when it
/// holds no workbook stream, which calamine then refuses), or why the file is not a compound
/// file at all.
///
/// The `cfb` crate checks the file's structure (sector chains that loop or point past the end)
/// before calamine sees it: calamine follows the chain of the sector allocation table without
/// such a check, so a chain that points back at itself grows its table until memory runs out.
pub(crate) fn cells(bytes: &[u8], stream_limit: u64) -> Result<u64, std::io::Error> {
    let mut file = cfb::CompoundFile::open(Cursor::new(bytes))?;
    let Ok(stream) = file.open_stream("/Workbook").or_else(|_| file.open_stream("/Book")) else { return Ok(0) };
    let mut workbook = Vec::new();
    if stream.take(stream_limit).read_to_end(&mut workbook).is_err() {
        return Ok(0);
    }
    Ok(stream_cells(&workbook))
}

/// The cells of the tabs of a workbook stream.
fn stream_cells(workbook: &[u8]) -> u64 {
    let tabs: Vec<usize> = records(workbook)
        .take_while(|&(kind, _)| kind != EOF)
        .filter(|&(kind, data)| kind == BOUNDSHEET && data.len() >= 4)
        .map(|(_, data)| u32::from_le_bytes([data[0], data[1], data[2], data[3]]) as usize)
        .collect();
    tabs.into_iter().filter_map(|position| workbook.get(position..)).map(tab).fold(0u64, u64::saturating_add)
}

/// The rectangle one tab's DIMENSIONS record reserves plus the rectangle its cells span.
fn tab(stream: &[u8]) -> u64 {
    let mut reserved: u64 = 0;
    let mut span = Span::default();
    for (kind, data) in records(stream).take_while(|&(kind, _)| kind != EOF) {
        let u16_at = |at: usize| data.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
        match kind {
            DIMENSIONS => reserved = reserved.saturating_add(dimensions(data)),
            MULRK if data.len() >= 6 => {
                let (Some(row), Some(first), Some(last)) = (u16_at(0), u16_at(2), u16_at(data.len() - 2)) else { continue };
                span.add((u32::from(row), u32::from(first)));
                span.add((u32::from(row), u32::from(last.max(first))));
            }
            kind if CELLS.contains(&kind) => {
                if let (Some(row), Some(column)) = (u16_at(0), u16_at(2)) {
                    span.add((u32::from(row), u32::from(column)));
                }
            }
            _ => {}
        }
    }
    reserved.saturating_add(span.cells())
}

/// The cells calamine reserves for a DIMENSIONS record, with its arithmetic: 32-bit, wrapping
/// (as in its release builds) when the last row comes before the first.
fn dimensions(data: &[u8]) -> u64 {
    let u16_at = |at: usize| u32::from(u16::from_le_bytes([data[at], data[at + 1]]));
    let u32_at = |at: usize| u32::from_le_bytes([data[at], data[at + 1], data[at + 2], data[at + 3]]);
    let (first_row, last_row, mut first_column, last_column) = match data.len() {
        10 => (u16_at(0), u16_at(2), u16_at(4), u16_at(6)),
        14 => (u32_at(0), u32_at(4), u16_at(8), u16_at(10)),
        _ => return 0,
    };
    if first_column > 0xFF || last_column < first_column {
        first_column = 0;
    }
    let (end_row, end_column) = if last_row >= 1 && last_column >= 1 { (last_row - 1, last_column - 1) } else { (first_row, first_column) };
    let rows = u64::from(end_row.wrapping_sub(first_row).wrapping_add(1));
    let columns = u64::from(end_column.wrapping_sub(first_column).wrapping_add(1));
    rows.saturating_mul(columns)
}

/// BIFF records as (type, data), until the stream ends or a record runs past it.
fn records(mut stream: &[u8]) -> impl Iterator<Item = (u16, &[u8])> {
    std::iter::from_fn(move || {
        let kind = u16::from_le_bytes([*stream.first()?, *stream.get(1)?]);
        let length = usize::from(u16::from_le_bytes([*stream.get(2)?, *stream.get(3)?]));
        let data = stream.get(4..4 + length)?;
        stream = &stream[4 + length..];
        Some((kind, data))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: u16, data: &[u8]) -> Vec<u8> {
        let mut bytes = kind.to_le_bytes().to_vec();
        bytes.extend((data.len() as u16).to_le_bytes());
        bytes.extend(data);
        bytes
    }

    fn dims(first_row: u32, last_row: u32, first_column: u16, last_column: u16) -> Vec<u8> {
        let mut data = first_row.to_le_bytes().to_vec();
        data.extend(last_row.to_le_bytes());
        data.extend(first_column.to_le_bytes());
        data.extend(last_column.to_le_bytes());
        data.extend([0, 0]);
        data
    }

    fn number(row: u16, column: u16) -> Vec<u8> {
        let mut data = row.to_le_bytes().to_vec();
        data.extend(column.to_le_bytes());
        data.extend([0; 10]);
        record(0x0203, &data)
    }

    /// A workbook stream: one BOUNDSHEET record per tab, pointing at its records.
    fn stream(tabs: &[Vec<u8>]) -> Vec<u8> {
        let globals_length = tabs.len() * (4 + 8) + 4;
        let mut globals = Vec::new();
        let mut position = globals_length;
        for tab in tabs {
            let mut data = (position as u32).to_le_bytes().to_vec();
            data.extend([0, 0, 1, b'T']);
            globals.extend(record(BOUNDSHEET, &data));
            position += tab.len();
        }
        globals.extend(record(EOF, &[]));
        assert_eq!(globals.len(), globals_length);
        globals.extend(tabs.concat());
        globals
    }

    #[test]
    fn a_tab_costs_its_declared_rectangle_and_the_span_of_its_cells() {
        let tab = [record(DIMENSIONS, &dims(0, 3, 0, 2)), number(0, 0), number(2, 1), record(EOF, &[]), number(9999, 9999)].concat();
        assert_eq!(stream_cells(&stream(&[tab])), 3 * 2 + 3 * 2);
    }

    #[test]
    fn hostile_dimensions_and_far_cells_count_in_full() {
        let declared = [record(DIMENSIONS, &dims(0, 65_536, 0, 256)), record(EOF, &[])].concat();
        let far = [number(0, 0), number(65_535, 255), record(EOF, &[])].concat();
        let backwards = [record(DIMENSIONS, &dims(10, 5, 0, 1)), record(EOF, &[])].concat();
        assert_eq!(stream_cells(&stream(std::slice::from_ref(&declared))), 65_536 * 256);
        assert_eq!(stream_cells(&stream(&[far])), 65_536 * 256);
        assert_eq!(stream_cells(&stream(&[backwards])), u64::from(4u32.wrapping_sub(10).wrapping_add(1)));
        // A tab named twice is read twice.
        let named_twice = stream(&[declared.clone(), Vec::new()]);
        let mut second = named_twice.clone();
        second.copy_within(4..8, 16);
        assert_eq!(stream_cells(&second), 2 * 65_536 * 256);
    }

    #[test]
    fn truncated_records_end_the_count() {
        let tab = [record(DIMENSIONS, &dims(0, 2, 0, 2)), vec![0x03, 0x02, 0xFF]].concat();
        assert_eq!(stream_cells(&stream(&[tab])), 4);
    }
}
