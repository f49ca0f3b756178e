//! The browser's and Node's door to `tessera-core` and `tessera-blocks`. No logic lives here: each
//! export converts its arguments, calls the core and converts the answer (conversions in
//! `convert.rs`). Markdown to HTML and the iframe of pasted code are `wasm-markup`'s, a second
//! module the editor loads only for such a preview: this one, which it loads first, stays small.
//!
//! Two builds (`cargo xtask wasm`): the browser's `pkg/`, without features, and Node's `pkg-node/`
//! with `vectors`, which adds the JSON facades `evaluate` and `evaluateBlocks` the golden vectors
//! replay through, and turns on `tessera-blocks`' iframe check (html5ever): the browser checks
//! pasted iframe code with the markup module's `iframeFrame` instead, the same Rust function.
//!
//! A sheet crosses the boundary once into a [`SheetTable`] that stays in WASM memory: a server tab
//! as the bytes of `tessera_core::columnar` (`fromColumnar`, a copy and a check, not a parse), a
//! small sheet made in the browser as JSON text (`fromJson`). Queries and views then send a small
//! spec and get back only a page of rows, chart series, cards or events (toolchain facts:
//! converting 100,000 rows per call costs more than filtering them).
//!
//! One thing here is about the engine, not the data: as the first large sheet loads,
//! `warm_code.rs` runs a few small queries so that V8 has optimised the query code before a
//! viewer's first query (issue 31).

mod convert;
mod warm_code;

use serde::Deserialize;
use tessera_core::chart::{self, ChartSpec};
use tessera_core::profile::{self, ColumnProfile};
use tessera_core::{columnar, query, QuerySpec, Table};
use wasm_bindgen::prelude::*;

use convert::{from_js, json_from_js, to_js, JsResult};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A tab's `tessera_core::columnar` bytes read as a download streams them in (`push` each chunk,
/// then `finish`): WASM memory then holds the table only, never the whole download beside it,
/// and memory a WASM module took is never given back.
#[wasm_bindgen]
pub struct SheetLoader {
    decoder: Option<columnar::Decoder>,
}

#[wasm_bindgen]
impl SheetLoader {
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> SheetLoader {
        SheetLoader { decoder: Some(columnar::Decoder::new()) }
    }

    /// Takes the next chunk of bytes; bytes that cannot be a table are an error naming why.
    pub fn push(&mut self, chunk: &[u8]) -> JsResult<()> {
        self.decoder.as_mut().ok_or_else(|| JsError::new("the sheet was read already"))?.push(chunk).map_err(convert::error)
    }

    /// The table, warm, once every chunk was pushed.
    pub fn finish(&mut self) -> JsResult<SheetTable> {
        let decoder = self.decoder.take().ok_or_else(|| JsError::new("the sheet was read already"))?;
        decoder.finish().map(SheetTable::warm).map_err(convert::error)
    }
}

/// A sheet loaded into WASM memory.
#[wasm_bindgen]
pub struct SheetTable {
    table: Table,
}

#[wasm_bindgen]
impl SheetTable {
    /// Loads `{"columns": [...], "rows": [[...], ...]}`.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(text: &str) -> JsResult<SheetTable> {
        Table::from_json(text).map(|table| SheetTable { table }).map_err(convert::error)
    }

    /// Loads a tab as the server answers it in `tessera_core::columnar`'s form; bytes that are
    /// not such a table (cut short, altered) are an error naming the problem. The parsed forms
    /// are built now ([`Table::warm`]), so the first query costs what later ones do.
    #[wasm_bindgen(js_name = fromColumnar)]
    pub fn from_columnar(bytes: &[u8]) -> JsResult<SheetTable> {
        columnar::decode(bytes).map(SheetTable::warm).map_err(convert::error)
    }

    /// The sheet in `tessera_core::columnar`'s form: the bytes the server answers for it.
    #[wasm_bindgen(js_name = toColumnar)]
    pub fn to_columnar(&self) -> Vec<u8> {
        columnar::encode(&self.table)
    }

    fn warm(table: Table) -> SheetTable {
        warm_code::warm_code_for(table.row_count());
        table.warm();
        SheetTable { table }
    }

    #[wasm_bindgen(getter, js_name = rowCount)]
    pub fn row_count(&self) -> usize {
        self.table.row_count()
    }

    /// The visible column names.
    pub fn columns(&self) -> Vec<String> {
        let names = self.table.column_names();
        self.table.visible_columns().into_iter().map(|c| names[c].clone()).collect()
    }

    /// Bytes the sheet holds in WASM memory.
    #[wasm_bindgen(js_name = heapBytes)]
    pub fn heap_bytes(&self) -> usize {
        self.table.heap_bytes()
    }

    /// Runs a query spec (filters, search, sort, page) and returns one page of rows.
    pub fn query(&self, spec: JsValue) -> JsResult<JsValue> {
        let spec: QuerySpec = from_js(spec)?;
        to_js(&query::run(&self.table, &spec).map_err(convert::error)?)
    }

    /// Groups the matching rows by the x axis and combines each series (blocks §3.3).
    pub fn chart(&self, spec: JsValue) -> JsResult<JsValue> {
        let spec: ChartSpec = from_js(spec)?;
        to_js(&chart::aggregate(&self.table, &spec).map_err(convert::error)?)
    }

    /// What each visible column holds: `[{name, kind, filled, distinct, values, shape}]`
    /// (`tessera_core::profile`).
    pub fn profile(&self) -> JsResult<JsValue> {
        to_js(&profile::profile(&self.table))
    }

    /// The cells of `rows` (row numbers from 0), each in the order of [`Self::columns`]: the
    /// records a calendar's events carry and the rows a first look shows, without the sheet
    /// crossing to JS. A row past the last is an error naming it.
    #[wasm_bindgen(js_name = rowCells)]
    pub fn row_cells(&self, rows: &[u32]) -> JsResult<JsValue> {
        let count = self.table.row_count();
        let columns = self.table.visible_columns();
        let cells = rows
            .iter()
            .map(|&row| match row as usize {
                row if row < count => Ok(columns.iter().map(|&column| self.table.cell(row, column)).collect::<Vec<_>>()),
                _ => Err(JsError::new(&format!("row {row} is not in the sheet, which has {count} rows"))),
            })
            .collect::<JsResult<Vec<_>>>()?;
        to_js(&cells)
    }

    /// How the cells of `rows` (row numbers from 0) in `columns` read to a viewer in `locale`, by
    /// `block`'s column formats (`tessera_blocks::value_formats`, `tessera_core::display`): the
    /// texts the server answers as a rows call's `display`, for the editor's preview.
    #[wasm_bindgen(js_name = displayTexts)]
    pub fn display_texts(&self, block: JsValue, rows: &[u32], columns: JsValue, locale: &str) -> JsResult<JsValue> {
        let block = json_from_js(&block)?;
        let columns: Vec<String> = from_js(columns)?;
        let formats = block.as_object().map(tessera_blocks::value_formats).unwrap_or_default();
        let locale = tessera_core::display::Locale::of(locale);
        to_js(&tessera_core::display::display_rows(&self.table, rows, &columns, &formats, locale))
    }

    /// The cards of a scorecard block over this sheet (`tessera_core::api::scorecards_of`): input
    /// `{spec, axis}` as JSON text, answer the cards as JSON text.
    pub fn scorecards(&self, input: &str) -> JsResult<String> {
        tessera_core::api::scorecards_of(&self.table, input).map_err(|m| JsError::new(&m))
    }

    /// A calendar block's window and events over this sheet (`tessera_core::api::calendar_of`):
    /// input `{spec, ...settings, view?, date?}` as JSON text, answer JSON text.
    pub fn calendar(&self, input: &str) -> JsResult<String> {
        tessera_core::api::calendar_of(&self.table, input).map_err(|m| JsError::new(&m))
    }

    /// A markdown block's texts filled in from this sheet (`tessera_core::api::markdown_texts_of`):
    /// input `{template, spec?, loop?}` as JSON text, answer a JSON array of texts.
    #[wasm_bindgen(js_name = markdownTexts)]
    pub fn markdown_texts(&self, input: &str) -> JsResult<String> {
        tessera_core::api::markdown_texts_of(&self.table, input).map_err(|m| JsError::new(&m))
    }
}

/// A markdown block's texts (`tessera_core::api::markdown_texts`) for a block that reads no
/// sheet: input `{template}` as JSON text, answer a JSON array of texts. A block that reads a
/// sheet asks its [`SheetTable`].
#[wasm_bindgen(js_name = markdownTexts)]
pub fn markdown_texts(input: &str) -> JsResult<String> {
    tessera_core::api::markdown_texts(input).map_err(|m| JsError::new(&m))
}

/// The JSON facade of the core (`tessera_core::api::evaluate`), for the golden vectors' Node
/// replay only: the `vectors` feature, which the browser build leaves out.
#[cfg(feature = "vectors")]
#[wasm_bindgen]
pub fn evaluate(op: &str, input: &str) -> JsResult<String> {
    tessera_core::api::evaluate(op, input).map_err(|m| JsError::new(&m))
}

/// The URL `filters` query `text` read against a board's stored `filters`
/// (`tessera_core::query::read_url_filters`): `{used: [[name, value]], ignored: [{pair, reason}]}`,
/// the pairs the server applies and those it leaves out, with the reason in words for a viewer.
#[wasm_bindgen(js_name = readUrlFilters)]
pub fn read_url_filters(filters: JsValue, text: &str) -> JsResult<JsValue> {
    let filters: Vec<tessera_core::filter::Filter> = convert::json_into(&filters)?;
    to_js(&query::read_url_filters(&filters, text))
}

/// Checks a block config against the block catalogue (`tessera_blocks::validate`): answers
/// `{valid, type?, draft, errors: [{path, message}]}`; an invalid block is an answer, not a throw.
#[wasm_bindgen(js_name = validateBlock)]
pub fn validate_block(block: JsValue) -> JsResult<JsValue> {
    to_js(&tessera_blocks::api::validation(&json_from_js(&block)?))
}

/// The block with every absent setting's default filled in (`tessera_blocks::with_defaults`).
#[wasm_bindgen(js_name = blockDefaults)]
pub fn block_defaults(block: JsValue) -> JsResult<JsValue> {
    to_js(&tessera_blocks::with_defaults(&json_from_js(&block)?).map_err(convert::error)?)
}

/// The block as renderers read it (`tessera_blocks::normalise`): old stored forms converted,
/// numbers clamped, every default filled.
#[wasm_bindgen(js_name = normaliseBlock)]
pub fn normalise_block(block: JsValue) -> JsResult<JsValue> {
    to_js(&tessera_blocks::normalise(&json_from_js(&block)?).map_err(convert::error)?)
}

/// Whether the settings editor shows the setting at `path` (`axis[0].image_source`) for `block`.
#[wasm_bindgen(js_name = blockVisible)]
pub fn block_visible(block: JsValue, path: &str) -> JsResult<bool> {
    tessera_blocks::visible(&json_from_js(&block)?, path).map_err(convert::error)
}

/// `block` with the setting at `path` set to `value` (`undefined`/`null` removes it) and the
/// editing rules of platform §4 applied (`tessera_blocks::set`).
#[wasm_bindgen(js_name = blockSet)]
pub fn block_set(block: JsValue, path: &str, value: JsValue) -> JsResult<JsValue> {
    let value = if value.is_undefined() { serde_json::Value::Null } else { json_from_js(&value)? };
    to_js(&tessera_blocks::set(&json_from_js(&block)?, path, value).map_err(convert::error)?)
}

/// The item an Add appends to the list at `path`, or `null` when the list is full
/// (`tessera_blocks::new_item`).
#[wasm_bindgen(js_name = blockNewItem)]
pub fn block_new_item(block: JsValue, path: &str) -> JsResult<JsValue> {
    to_js(&tessera_blocks::new_item(&json_from_js(&block)?, path).map_err(convert::error)?)
}

/// The conditional formatting rules of `block`'s columns, as `SheetTable.query` takes them in
/// `formats` (`tessera_blocks::column_formats`).
#[wasm_bindgen(js_name = blockColumnFormats)]
pub fn block_column_formats(block: JsValue) -> JsResult<JsValue> {
    let block = json_from_js(&block)?;
    to_js(&block.as_object().map(tessera_blocks::column_formats).unwrap_or_default())
}

/// The block catalogue: the picker list and every type's settings (`tessera_blocks::catalogue`).
#[wasm_bindgen(js_name = blockCatalogue)]
pub fn block_catalogue() -> JsResult<JsValue> {
    to_js(&tessera_blocks::catalogue())
}

/// A block type as `blockStarter` and `blockStarterSheet` take it.
fn block_type(name: &str) -> JsResult<tessera_blocks::BlockType> {
    tessera_blocks::BlockType::parse(name).ok_or_else(|| convert::error(tessera_blocks::BlockError::UnknownType(name.to_owned())))
}

#[derive(Deserialize)]
struct StarterInput {
    #[serde(rename = "type")]
    block_type: String,
    sheet: String,
    columns: Vec<ColumnProfile>,
}

/// A new block's starting settings from its tab's column profiles (`tessera_blocks::starter`):
/// input `{type, sheet, columns}` (`columns` as `SheetTable.profile()` answers them), answer
/// `{settings, chosen}`.
#[wasm_bindgen(js_name = blockStarter)]
pub fn block_starter(input: JsValue) -> JsResult<JsValue> {
    let input: StarterInput = convert::json_into(&input)?;
    to_js(&tessera_blocks::starter(block_type(&input.block_type)?, &input.sheet, &input.columns))
}

#[derive(Deserialize)]
struct StarterSheetInput {
    #[serde(rename = "type")]
    block_type: String,
    sheets: Vec<String>,
    #[serde(default)]
    blocks: Vec<serde_json::Value>,
}

/// The tab a new block reads (`tessera_blocks::starter_sheet`): input `{type, sheets, blocks}`
/// (the spreadsheet's tabs in order and the other blocks of the board or page), answer the
/// tab's name, or `null` for a type that reads no tab.
#[wasm_bindgen(js_name = blockStarterSheet)]
pub fn block_starter_sheet(input: JsValue) -> JsResult<Option<String>> {
    let input: StarterSheetInput = convert::json_into(&input)?;
    Ok(tessera_blocks::starter_sheet(block_type(&input.block_type)?, &input.sheets, &input.blocks))
}

/// The JSON facade of the block catalogue (`tessera_blocks::api::evaluate`), for the Node replay
/// of the golden vectors of `tests/vectors/blocks.json` only (the `vectors` feature).
#[cfg(feature = "vectors")]
#[wasm_bindgen(js_name = evaluateBlocks)]
pub fn evaluate_blocks(op: &str, input: &str) -> JsResult<String> {
    tessera_blocks::api::evaluate(op, input).map_err(|m| JsError::new(&m))
}
