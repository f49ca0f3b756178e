//! The JSON facade: one operation name and a JSON input in, JSON text out. The golden vectors
//! under `tests/vectors/` replay through it on the native build and on the WASM build, so both
//! targets are checked on the same bytes; the WASM binding exposes it as `evaluate`.
//!
//! Output is compact JSON with object keys in struct order; an error is `Err(message)` with the
//! core's own message text.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::date::parse_date;
use crate::number::{parse_number, DecimalSeparator};
use crate::query::{self, QuerySpec};
use crate::search::search_terms;
use crate::table::Table;

/// A sheet as the vectors and the browser pass it.
#[derive(Debug, Deserialize)]
pub struct SheetInput {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

impl SheetInput {
    pub fn to_table(&self) -> Result<Table, String> {
        let text = serde_json::to_string(&serde_json::json!({"columns": self.columns, "rows": self.rows})).map_err(|e| e.to_string())?;
        Table::from_json(&text).map_err(|e| e.to_string())
    }
}

/// The names [`evaluate`] answers to.
pub const OPERATIONS: &[&str] = &["parse_number", "parse_date", "search_terms", "url_filters", "query"];

/// Runs operation `op` on the JSON text `input`.
pub fn evaluate(op: &str, input: &str) -> Result<String, String> {
    let output = match op {
        "parse_number" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
                #[serde(default)]
                separator: DecimalSeparator,
            }
            let i: In = read(input)?;
            to_value(parse_number(&i.text, i.separator))
        }
        "parse_date" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
            }
            let i: In = read(input)?;
            to_value(parse_date(&i.text).map(|d| d.format("%Y-%m-%dT%H:%M:%S").to_string()))
        }
        "search_terms" => {
            #[derive(Deserialize)]
            struct In {
                search: String,
            }
            let i: In = read(input)?;
            to_value(search_terms(&i.search))
        }
        "url_filters" => {
            #[derive(Deserialize)]
            struct In {
                text: String,
            }
            let i: In = read(input)?;
            to_value(query::parse_url_filters(&i.text).map_err(|e| e.to_string())?)
        }
        "query" => {
            #[derive(Deserialize)]
            struct In {
                sheet: SheetInput,
                #[serde(default)]
                spec: QuerySpec,
            }
            let i: In = read(input)?;
            let table = i.sheet.to_table()?;
            to_value(query::run(&table, &i.spec).map_err(|e| e.to_string())?)
        }
        other => return Err(format!("unknown operation `{other}`; known: {}", OPERATIONS.join(", "))),
    };
    serde_json::to_string(&output?).map_err(|e| e.to_string())
}

fn read<T: DeserializeOwned>(input: &str) -> Result<T, String> {
    serde_json::from_str(input).map_err(|e| format!("invalid input: {e}"))
}

fn to_value<T: Serialize>(value: T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| e.to_string())
}
