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
//! dictionary one; `ends` are the text's end offsets per slot. [`Decoder`] reads the bytes as a
//! download streams them in, straight into the table's buffers; it checks everything a
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
    let mut decoder = Decoder::new();
    decoder.push(bytes)?;
    decoder.finish()
}

/// Reads the bytes as they arrive, in chunks of any size (a download as it streams in), into
/// the table's own buffers: the whole download is never held beside the table, which is what
/// keeps a 1,000,000-row tab in the browser within its memory budget.
pub struct Decoder {
    step: Step,
    /// The bytes of the field being read, and how many it needs.
    field: Vec<u8>,
    need: usize,
    columns: usize,
    rows: usize,
    names: Vec<String>,
    done: Vec<Column>,
    /// The column being read.
    name: String,
    kind: u8,
    ends: Vec<u32>,
    text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Header,
    NameLength,
    Name,
    Kind,
    Slots,
    Ends,
    Text,
    Codes,
    Done,
}

impl Default for Decoder {
    fn default() -> Self {
        Self::new()
    }
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder {
            step: Step::Header,
            field: Vec::new(),
            need: MAGIC.len() + 8,
            columns: 0,
            rows: 0,
            names: Vec::new(),
            done: Vec::new(),
            name: String::new(),
            kind: PLAIN,
            ends: Vec::new(),
            text: String::new(),
        }
    }

    /// Takes the next bytes. An error is final: the bytes are not a table.
    pub fn push(&mut self, mut chunk: &[u8]) -> Result<(), TableError> {
        loop {
            // A field is read once it has all its bytes; some need none (an empty name or text).
            while self.step != Step::Done && self.field.len() == self.need {
                self.read_field()?;
            }
            if chunk.is_empty() {
                return Ok(());
            }
            if self.step == Step::Done {
                return Err(bad("there are bytes after the last column"));
            }
            // Grows with the bytes that came, never by a size the bytes only claim.
            let take = (self.need - self.field.len()).min(chunk.len());
            self.field.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
        }
    }

    /// The table, once every byte has come.
    pub fn finish(mut self) -> Result<Table, TableError> {
        self.push(&[])?;
        if self.step != Step::Done {
            return Err(bad("the bytes end early (a cut download?)"));
        }
        Ok(Table { names: self.names, columns: self.done, rows: self.rows })
    }

    fn expect(&mut self, step: Step, bytes: usize) {
        self.step = step;
        self.need = bytes;
        self.field.clear();
    }

    fn what(&self, problem: &str) -> TableError {
        bad(&format!("column '{}': {problem}", self.name))
    }

    fn read_field(&mut self) -> Result<(), TableError> {
        match self.step {
            Step::Header => {
                if &self.field[..MAGIC.len()] != MAGIC {
                    return Err(bad("these bytes are not a Tessera sheet (wrong start)"));
                }
                self.columns = u32_at(&self.field, MAGIC.len()) as usize;
                self.rows = u32_at(&self.field, MAGIC.len() + 4) as usize;
                self.next_column();
            }
            Step::NameLength => {
                let length = u32_at(&self.field, 0) as usize;
                self.expect(Step::Name, length);
            }
            Step::Name => {
                let name = String::from_utf8(std::mem::take(&mut self.field))
                    .map_err(|_| bad(&format!("column {} has a name that is not UTF-8", self.done.len() + 1)))?;
                self.name = name;
                self.expect(Step::Kind, 1);
            }
            Step::Kind => {
                self.kind = self.field[0];
                if self.kind != PLAIN && self.kind != DICTIONARY {
                    return Err(self.what(&format!("unknown column kind {}", self.kind)));
                }
                self.expect(Step::Slots, 4);
            }
            Step::Slots => {
                let slots = u32_at(&self.field, 0) as usize;
                if self.kind == PLAIN && slots != self.rows {
                    return Err(self.what("a plain column must have one cell per row"));
                }
                let bytes = slots.checked_mul(4).ok_or_else(|| self.what("the slot count is too large"))?;
                self.expect(Step::Ends, bytes);
            }
            Step::Ends => {
                self.ends = u32s(&self.field);
                let text = self.ends.last().copied().unwrap_or(0) as usize;
                self.expect(Step::Text, text);
            }
            Step::Text => {
                self.text = String::from_utf8(std::mem::take(&mut self.field)).map_err(|_| self.what("its text is not UTF-8"))?;
                // The field grew by doubling as chunks came (never by the size the bytes claim):
                // give back what it took beyond the text, up to half of it.
                self.text.shrink_to_fit();
                let mut start = 0;
                for &end in &self.ends {
                    let end = end as usize;
                    if end < start || !self.text.is_char_boundary(end) {
                        return Err(self.what("a cell's end offset is out of order or inside a character"));
                    }
                    start = end;
                }
                match self.kind {
                    DICTIONARY => {
                        let bytes = self.rows.checked_mul(4).ok_or_else(|| self.what("the row count is too large"))?;
                        self.expect(Step::Codes, bytes);
                    }
                    _ => {
                        let arena = self.take_arena();
                        self.add_column(Cells::Plain(arena));
                    }
                }
            }
            Step::Codes => {
                let codes = u32s(&self.field);
                let slots = self.ends.len();
                if codes.iter().any(|&code| code as usize >= slots) {
                    return Err(self.what("a row refers to a value the column does not have"));
                }
                let values = self.take_arena();
                self.add_column(Cells::Dict { values, codes });
            }
            Step::Done => {}
        }
        Ok(())
    }

    fn take_arena(&mut self) -> Arena {
        Arena { text: std::mem::take(&mut self.text), ends: std::mem::take(&mut self.ends) }
    }

    fn add_column(&mut self, cells: Cells) {
        self.names.push(std::mem::take(&mut self.name));
        self.done.push(Column::from_cells(cells));
        self.next_column();
    }

    fn next_column(&mut self) {
        if self.done.len() == self.columns {
            self.expect(Step::Done, 0);
        } else {
            self.expect(Step::NameLength, 4);
        }
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
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
