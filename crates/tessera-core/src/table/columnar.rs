//! A [`Table`] as bytes: the way a tab travels from the server to the browser's WASM core.
//!
//! The bytes are the table's own memory layout, column by column, so loading them is a copy
//! and a validation, not a parse: no JSON text, no string per cell, and a dictionary-encoded
//! column arrives already encoded. Arrow IPC was the other candidate; it would need an Arrow
//! reader in the WASM module (hundreds of KiB) and a conversion into this layout on arrival,
//! while this form is the layout. Measured by `tessera-bench`, 1,000,000 rows x 10: see README.
//!
//! ```text
//! file    = magic "TSCOLS01" | u32 columns | u32 rows | column*
//! column  = u32 name bytes | name (UTF-8) | u8 kind (0 plain, 1 dictionary)
//!           | u32 slots | u32 ends[slots] | text (UTF-8, ends[slots-1] bytes)
//!           | (dictionary only) u32 codes[rows]
//! ```
//!
//! Integers are little-endian. A slot is a row of a plain column and a distinct value of a
//! dictionary one; `ends` are the text's end offsets per slot. [`decode`] checks everything a
//! bad or cut download could break (sizes, offsets, UTF-8 and character boundaries, codes) and
//! answers an error, never a panic. Parsed forms are not sent: [`Table::warm`] builds them on
//! arrival for less than the bytes would cost to download.

use std::io::Write;

use super::{Arena, Cells, Column, Table, TableError};

/// The content type of the bytes, for HTTP.
pub const MEDIA_TYPE: &str = "application/vnd.tessera.columns";

const MAGIC: &[u8; 8] = b"TSCOLS01";
const PLAIN: u8 = 0;
const DICTIONARY: u8 = 1;

/// Writes `table` column by column, so that a server can stream it without building the whole
/// answer first.
pub fn write(table: &Table, out: &mut impl Write) -> std::io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&count(table.columns.len())?.to_le_bytes())?;
    out.write_all(&count(table.rows)?.to_le_bytes())?;
    for (name, column) in table.names.iter().zip(&table.columns) {
        write_column(name, column, out)?;
    }
    Ok(())
}

/// Writes one column: its name, then its cells as they are held.
fn write_column(name: &str, column: &Column, out: &mut impl Write) -> std::io::Result<()> {
    out.write_all(&count(name.len())?.to_le_bytes())?;
    out.write_all(name.as_bytes())?;
    let (kind, arena, codes) = match &column.cells {
        Cells::Plain(arena) => (PLAIN, arena, None),
        Cells::Dict { values, codes } => (DICTIONARY, values, Some(codes)),
    };
    out.write_all(&[kind])?;
    out.write_all(&count(arena.ends.len())?.to_le_bytes())?;
    write_u32s(&arena.ends, out)?;
    out.write_all(arena.text.as_bytes())?;
    if let Some(codes) = codes {
        write_u32s(codes, out)?;
    }
    Ok(())
}

/// The whole table as bytes.
pub fn encode(table: &Table) -> Vec<u8> {
    let mut out = Vec::with_capacity(table.heap_bytes() + 64);
    // A table in memory never exceeds the u32 sizes the format uses (the builder refuses it).
    write(table, &mut out).expect("a table in memory fits the format's sizes");
    out
}

/// Reads bytes written by [`write`] back into a table.
pub fn decode(bytes: &[u8]) -> Result<Table, TableError> {
    let mut reader = Reader { bytes, at: 0 };
    if reader.take(MAGIC.len())? != MAGIC {
        return Err(bad("these bytes are not a Tessera sheet (wrong start)"));
    }
    let columns = reader.u32()? as usize;
    let rows = reader.u32()? as usize;
    // Each column takes at least 9 bytes, so a count beyond that is a lie, not an allocation.
    if columns > reader.remaining() / 9 {
        return Err(bad("the column count does not fit the bytes"));
    }
    let mut names = Vec::with_capacity(columns);
    let mut cols = Vec::with_capacity(columns);
    for index in 0..columns {
        let name_len = reader.u32()? as usize;
        let name =
            std::str::from_utf8(reader.take(name_len)?).map_err(|_| bad(&format!("column {} has a name that is not UTF-8", index + 1)))?;
        let what = |problem: &str| bad(&format!("column '{name}': {problem}"));
        let kind = reader.take(1)?[0];
        let slots = reader.u32()? as usize;
        if slots > reader.remaining() / 4 {
            return Err(what("the slot count does not fit the bytes"));
        }
        let ends = reader.u32s(slots)?;
        let text_len = ends.last().copied().unwrap_or(0) as usize;
        let text = std::str::from_utf8(reader.take(text_len)?).map_err(|_| what("its text is not UTF-8"))?;
        let mut start = 0;
        for &end in &ends {
            let end = end as usize;
            if end < start || !text.is_char_boundary(end) {
                return Err(what("a cell's end offset is out of order or inside a character"));
            }
            start = end;
        }
        let arena = Arena { text: text.to_owned(), ends };
        let cells = match kind {
            PLAIN if slots == rows => Cells::Plain(arena),
            PLAIN => return Err(what("a plain column must have one cell per row")),
            DICTIONARY => {
                let codes = reader.u32s(rows)?;
                if codes.iter().any(|&code| code as usize >= slots) {
                    return Err(what("a row refers to a value the column does not have"));
                }
                Cells::Dict { values: arena, codes }
            }
            other => return Err(what(&format!("unknown column kind {other}"))),
        };
        names.push(name.to_owned());
        cols.push(Column::from_cells(cells));
    }
    if reader.remaining() != 0 {
        return Err(bad("there are bytes after the last column"));
    }
    Ok(Table { names, columns: cols, rows })
}

fn bad(problem: &str) -> TableError {
    TableError::Columnar(problem.to_owned())
}

fn count(n: usize) -> std::io::Result<u32> {
    u32::try_from(n).map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidInput, "a size exceeds 4 GiB"))
}

/// Writes u32s little-endian, a chunk at a time, so a column of millions of rows is never copied
/// whole into a second buffer.
fn write_u32s(values: &[u32], out: &mut impl Write) -> std::io::Result<()> {
    let mut buffer = Vec::with_capacity(64 * 1024);
    for chunk in values.chunks(16 * 1024) {
        buffer.clear();
        buffer.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
        out.write_all(&buffer)?;
    }
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn remaining(&self) -> usize {
        self.bytes.len() - self.at
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        if n > self.remaining() {
            return Err(bad("the bytes end early (a cut download?)"));
        }
        let slice = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, TableError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u32s(&mut self, n: usize) -> Result<Vec<u32>, TableError> {
        let bytes = self.take(n.checked_mul(4).ok_or_else(|| bad("a count is too large"))?)?;
        Ok(bytes.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
    }
}
