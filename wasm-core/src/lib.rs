//! The browser's and Node's door to `tessera-core`. No logic lives here: each export converts
//! its arguments, calls the core and converts the answer (conversions in `convert.rs`).
//!
//! A sheet crosses the boundary once, as JSON text, into a [`SheetTable`] that stays in WASM
//! memory; queries then send a small spec and get back only a page of rows or chart series
//! (toolchain facts: converting 100,000 rows per call costs more than filtering them).

mod convert;

use tessera_core::chart::{self, ChartSpec};
use tessera_core::{query, QuerySpec, Table};
use wasm_bindgen::prelude::*;

use convert::{from_js, to_js, JsResult};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
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
}

/// The JSON facade of the core (`tessera_core::api::evaluate`), used by the golden vectors.
#[wasm_bindgen]
pub fn evaluate(op: &str, input: &str) -> JsResult<String> {
    tessera_core::api::evaluate(op, input).map_err(|m| JsError::new(&m))
}
