//! How many cells, and how much text, calamine will build for an XLS file, counted from its
//! BIFF records before calamine opens it.
//!
//! calamine reads every tab of an .xls when it opens the file: for each tab it reserves room for
//! the rectangle the tab's DIMENSIONS record declares, then builds a dense rectangle spanning
//! the cells it found. A few bytes can declare billions of cells either way (a DIMENSIONS record
//! of 65,536 × 256, or two cells in opposite corners), and a failed allocation of that size
//! ends the process rather than returning an error. The count here reads the same records the
//! same way (the tabs the BOUNDSHEET records point at, up to each tab's EOF) and adds both
//! rectangles per tab, so it never undercounts what calamine allocates.
//!
//! Text: calamine copies a shared string (SST) into every cell that names it, so a string of
//! 64K characters named by a million 14-byte records is hundreds of gigabytes. The shared
//! strings are walked as calamine walks them (their CONTINUE records, the character width each
//! continuation switches to, the runs and extensions skipped), each costing three bytes per
//! character (the most UTF-8 needs for one UTF-16 unit or one code-page byte), and each
//! LABELSST cell costs the string it names.

use std::io::{Cursor, Read, Write};

use crate::grid::{Extent, Span};

const EOF: u16 = 0x000A;
const BOUNDSHEET: u16 = 0x0085;
const DIMENSIONS: u16 = 0x0200;
const MULRK: u16 = 0x00BD;
const SST: u16 = 0x00FC;
const CONTINUE: u16 = 0x003C;
const LABEL_SST: u16 = 0x00FD;
/// Records that hold one cell at (row, column) in their first four bytes: Number, Label,
/// BoolErr, Rk, LabelSst, Formula.
const CELLS: [u16; 6] = [0x0203, 0x0204, 0x0205, 0x027E, 0x00FD, 0x0006];

/// An .xls as calamine will read it: its workbook stream, read by the `cfb` crate, in a new
/// compound file the `cfb` crate writes, and what calamine will build for its tabs. Or why the
/// file cannot be read that way.
///
/// calamine's own compound-file reader trusts the file's structure: it follows sector chains
/// without a loop check (a chain that points back at itself grows a table until memory runs
/// out, and the directory's chain is read with no length limit at all), reserves from header
/// fields before reading a sector (one of them read at the wrong offset) and indexes its tables
/// with ids the file gives. The `cfb` crate checks all of that, so calamine is only ever given
/// a compound file the `cfb` crate wrote, holding the one stream calamine reads.
pub(crate) fn rewrapped(bytes: &[u8], stream_limit: u64) -> Result<(Vec<u8>, Extent), std::io::Error> {
    let mut file = cfb::CompoundFile::open(Cursor::new(bytes))?;
    let Some(name) = ["/Workbook", "/Book"].into_iter().find(|name| file.is_stream(name)) else {
        return Err(std::io::Error::other("it holds no workbook stream"));
    };
    let mut workbook = Vec::new();
    file.open_stream(name)?.take(stream_limit.saturating_add(1)).read_to_end(&mut workbook)?;
    if workbook.len() as u64 > stream_limit {
        return Err(std::io::Error::other(format!("its workbook stream is larger than {stream_limit} bytes")));
    }
    // Version 3 (512-byte sectors), the one Excel writes.
    let mut clean = cfb::CompoundFile::create_with_version(cfb::Version::V3, Cursor::new(Vec::new()))?;
    clean.create_stream(name)?.write_all(&workbook)?;
    clean.flush()?;
    Ok((clean.into_inner().into_inner(), stream_extent(&workbook)))
}

/// What the tabs of a workbook stream cost.
fn stream_extent(workbook: &[u8]) -> Extent {
    let globals: Vec<(u16, &[u8])> = records(workbook).take_while(|&(kind, _)| kind != EOF).collect();
    let tabs = globals
        .iter()
        .filter(|&&(kind, data)| kind == BOUNDSHEET && data.len() >= 4)
        .map(|(_, data)| u32::from_le_bytes([data[0], data[1], data[2], data[3]]) as usize);
    // calamine keeps the last SST record, with the CONTINUE records right after it.
    let strings = globals
        .iter()
        .rposition(|&(kind, _)| kind == SST)
        .map(|at| {
            let continues: Vec<&[u8]> =
                globals[at + 1..].iter().take_while(|&&(kind, _)| kind == CONTINUE).map(|&(_, data)| data).collect();
            shared_string_bytes(globals[at].1, &continues)
        })
        .unwrap_or_default();
    tabs.filter_map(|position| workbook.get(position..)).map(|stream| tab(stream, &strings)).fold(Extent::default(), |sum, tab| Extent {
        cells: sum.cells.saturating_add(tab.cells),
        text_bytes: sum.text_bytes.saturating_add(tab.text_bytes),
    })
}

/// The rectangle one tab's DIMENSIONS record reserves plus the rectangle its cells span, and
/// the text of its LABELSST cells (`strings` are the bytes each shared string can take).
fn tab(stream: &[u8], strings: &[u64]) -> Extent {
    let mut reserved: u64 = 0;
    let mut span = Span::default();
    let mut text_bytes: u64 = 0;
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
                if kind == LABEL_SST && data.len() >= 10 {
                    let index = u32::from_le_bytes([data[6], data[7], data[8], data[9]]) as usize;
                    text_bytes = text_bytes.saturating_add(strings.get(index).copied().unwrap_or(0));
                }
            }
            _ => {}
        }
    }
    Extent { cells: reserved.saturating_add(span.cells()), text_bytes }
}

/// The most UTF-8 bytes each shared string of an SST record (`data`, then `continues`) can
/// decode to, read as calamine's `parse_sst` reads them. Where calamine stops with an error or a
/// panic (which the importer reports) the file builds no cell, so the strings read so far are
/// as good as any.
fn shared_string_bytes(data: &[u8], continues: &[&[u8]]) -> Vec<u64> {
    // After the total and unique counts; calamine refuses an SST record too short for them.
    let Some(data) = data.get(8..) else { return Vec::new() };
    let mut record = SstRecord { data, continues: continues.iter() };
    let mut strings = Vec::new();
    while !record.data.is_empty() || record.next_continue() {
        match record.string() {
            Some(bytes) => strings.push(bytes),
            None => break,
        }
    }
    strings
}

/// An SST record being read: what is left of the record or continuation being read, and the
/// continuations after it.
struct SstRecord<'a> {
    data: &'a [u8],
    continues: std::slice::Iter<'a, &'a [u8]>,
}

impl SstRecord<'_> {
    fn next_continue(&mut self) -> bool {
        match self.continues.next() {
            Some(next) => {
                self.data = next;
                true
            }
            None => false,
        }
    }

    fn take(&mut self, count: usize) -> Option<&[u8]> {
        let (taken, rest) = (self.data.get(..count)?, self.data.get(count..)?);
        self.data = rest;
        Some(taken)
    }

    /// One XLUnicodeRichExtendedString: three bytes per character it holds.
    fn string(&mut self) -> Option<u64> {
        if self.data.is_empty() {
            return Some(0);
        }
        let header = self.take(3)?;
        let (mut characters, flags) = (usize::from(u16::from_le_bytes([header[0], header[1]])), header[2]);
        let runs = if flags & 0x8 != 0 { self.take(2).map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))? } else { 0 };
        let extension = if flags & 0x4 != 0 { self.take(4).map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)? } else { 0 };
        let bytes = 3 * characters as u64;
        let mut wide = flags & 0x1 != 0;
        while characters > 0 {
            let read = if wide { (self.data.len() / 2).min(characters) } else { self.data.len().min(characters) };
            self.take(if wide { 2 * read } else { read })?;
            characters -= read;
            if characters > 0 {
                // Each continuation starts with the width of the characters it goes on with.
                if !self.next_continue() {
                    return None;
                }
                wide = self.take(1)?[0] & 0x1 != 0;
            }
        }
        self.skip(runs.checked_mul(4)?)?;
        self.skip(extension)?;
        Some(bytes)
    }

    fn skip(&mut self, mut count: usize) -> Option<()> {
        while count > 0 {
            if self.data.is_empty() && !self.next_continue() {
                return None;
            }
            let step = count.min(self.data.len());
            self.data = &self.data[step..];
            count -= step;
        }
        Some(())
    }
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
        assert_eq!(stream_extent(&stream(&[tab])).cells, 3 * 2 + 3 * 2);
    }

    #[test]
    fn hostile_dimensions_and_far_cells_count_in_full() {
        let declared = [record(DIMENSIONS, &dims(0, 65_536, 0, 256)), record(EOF, &[])].concat();
        let far = [number(0, 0), number(65_535, 255), record(EOF, &[])].concat();
        let backwards = [record(DIMENSIONS, &dims(10, 5, 0, 1)), record(EOF, &[])].concat();
        assert_eq!(stream_extent(&stream(std::slice::from_ref(&declared))).cells, 65_536 * 256);
        assert_eq!(stream_extent(&stream(&[far])).cells, 65_536 * 256);
        assert_eq!(stream_extent(&stream(&[backwards])).cells, u64::from(4u32.wrapping_sub(10).wrapping_add(1)));
        // A tab named twice is read twice.
        let named_twice = stream(&[declared.clone(), Vec::new()]);
        let mut second = named_twice.clone();
        second.copy_within(4..8, 16);
        assert_eq!(stream_extent(&second).cells, 2 * 65_536 * 256);
    }

    #[test]
    fn truncated_records_end_the_count() {
        let tab = [record(DIMENSIONS, &dims(0, 2, 0, 2)), vec![0x03, 0x02, 0xFF]].concat();
        assert_eq!(stream_extent(&stream(&[tab])).cells, 4);
    }

    /// An SST record holding `strings`, each (characters, wide, bytes as stored).
    fn sst(strings: &[(u16, bool, &[u8])]) -> Vec<u8> {
        let mut data = vec![0; 8];
        for &(characters, wide, stored) in strings {
            data.extend(characters.to_le_bytes());
            data.push(u8::from(wide));
            data.extend(stored);
        }
        data
    }

    fn label_sst(row: u16, index: u32) -> Vec<u8> {
        let mut data = row.to_le_bytes().to_vec();
        data.extend([0, 0, 0, 0]);
        data.extend(index.to_le_bytes());
        record(LABEL_SST, &data)
    }

    /// A workbook stream whose globals start with `shared` (SST and CONTINUE records).
    fn with_strings(shared: &[u8], tab: &[u8]) -> Vec<u8> {
        let plain = stream(&[tab.to_vec()]);
        // Every BOUNDSHEET position moves by the records put in front of them.
        let mut globals = shared.to_vec();
        let mut moved = plain.clone();
        let position = u32::from_le_bytes([plain[4], plain[5], plain[6], plain[7]]) + shared.len() as u32;
        moved[4..8].copy_from_slice(&position.to_le_bytes());
        globals.extend(moved);
        globals
    }

    #[test]
    fn each_cell_naming_a_shared_string_costs_the_whole_string() {
        let long = vec![b'x'; 1_000];
        let shared = record(SST, &sst(&[(2, false, b"ab"), (1_000, false, &long)]));
        let cells: Vec<u8> = (0..50).flat_map(|row| label_sst(row, 1)).collect();
        let tab = [cells, label_sst(50, 0), label_sst(51, 7), record(EOF, &[])].concat();
        assert_eq!(stream_extent(&with_strings(&shared, &tab)).text_bytes, 50 * 3_000 + 6);
    }

    #[test]
    fn shared_strings_are_followed_across_continue_records_as_calamine_reads_them() {
        // A 6-character string of 2-byte characters split after 2, going on in 1-byte
        // characters, then a second string.
        let first = sst(&[(6, true, &[b'a', 0, b'b', 0])]);
        let mut rest = vec![0, b'c', b'd', b'e', b'f'];
        rest.extend([3, 0, 0, b'x', b'y', b'z']);
        let shared = [record(SST, &first), record(CONTINUE, &rest)].concat();
        let tab = [label_sst(0, 0), label_sst(1, 1), record(EOF, &[])].concat();
        assert_eq!(stream_extent(&with_strings(&shared, &tab)).text_bytes, 18 + 9);
        assert_eq!(shared_string_bytes(&first, &[&rest]), vec![18, 9]);
        // Runs and extensions are skipped, across records too.
        let rich = [vec![0; 8], vec![1, 0, 0x0c, 2, 0, 3, 0, 0, 0, b'q'], vec![0; 8]].concat();
        assert_eq!(shared_string_bytes(&rich, &[&[0, 0, 0], &[2, 0, 0, b'o', b'k']]), vec![3, 6]);
        // A string cut short fails calamine's whole file, so its strings cost nothing more.
        assert_eq!(shared_string_bytes(&sst(&[(9, false, b"abc")]), &[]), Vec::<u64>::new());
    }
}
