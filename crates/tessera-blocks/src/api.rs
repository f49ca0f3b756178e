//! The JSON facade of the catalogue: one operation name and a JSON input in, JSON text out, as
//! `tessera_core::api::evaluate` is for the data core. The golden vectors of
//! `tests/vectors/blocks.json` replay through it natively (`tests/vectors.rs` of this crate) and
//! through the WASM export `evaluateBlocks` under Node, and both answers must be byte-identical.
//!
//! A block that fails validation is an answer (`{"valid": false, "errors": [...]}`), not an
//! error; an error is input that is not JSON of the operation's shape, or a block that cannot be
//! read at all for `block_defaults`, `normalise_block` and `block_visible`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::BlockType;
use crate::validate::FieldError;

/// The names [`evaluate`] answers to.
pub const OPERATIONS: &[&str] = &[
    "validate_block",
    "block_defaults",
    "normalise_block",
    "block_visible",
    "block_catalogue",
    "block_set",
    "block_new_item",
    "shown_columns",
    "fit_columns",
    "block_layout",
];

/// What `validate_block` answers.
#[derive(Debug, Serialize)]
pub struct Validation {
    pub valid: bool,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub block_type: Option<BlockType>,
    pub draft: bool,
    pub errors: Vec<FieldError>,
}

/// [`crate::validate`] as an answer.
pub fn validation(block: &Value) -> Validation {
    match crate::validate(block) {
        Ok(block) => Validation { valid: true, block_type: Some(block.block_type), draft: block.draft, errors: Vec::new() },
        Err(errors) => Validation { valid: false, block_type: None, draft: false, errors },
    }
}

/// Runs operation `op` on the JSON text `input`.
///
/// - `validate_block`: input the block; answers [`Validation`].
/// - `block_defaults`: input the block; answers it with its defaults filled.
/// - `normalise_block`: input the block; answers it as renderers read it ([`crate::normalise`]).
/// - `block_visible`: input `{block, path}`; answers `true` or `false`.
/// - `block_catalogue`: input `{}` for the whole catalogue, `{"type": ...}` for one type.
/// - `block_set`: input `{block, path, value}`; answers the block with the setting written and
///   the editing rules of platform §4 applied.
/// - `block_new_item`: input `{block, path}` naming a list; answers the item an Add appends, or
///   `null` when the list is full.
/// - `shown_columns`: input `{block, columns}` (the sheet's columns); answers the
///   [`crate::ShownColumn`]s a table or list shows.
/// - `fit_columns`: input `{columns, width, reserved}` ([`crate::FitColumn`]s, the block's
///   width and the pixels of it the columns may not take, default 0); answers the [`crate::Fit`] of a table that fits its columns to the block.
/// - `block_layout`: input `{blocks}` (a board's or a page's blocks in order); answers the grid
///   columns each takes ([`crate::layout`]; a block of an unknown type takes the row).
pub fn evaluate(op: &str, input: &str) -> Result<String, String> {
    let output = match op {
        "validate_block" => to_value(validation(&read::<Value>(input)?)),
        "block_defaults" => crate::with_defaults(&read::<Value>(input)?).map_err(|e| e.to_string()),
        "normalise_block" => crate::normalise(&read::<Value>(input)?).map_err(|e| e.to_string()),
        "block_visible" => {
            #[derive(Deserialize)]
            struct In {
                block: Value,
                path: String,
            }
            let i: In = read(input)?;
            to_value(crate::visible(&i.block, &i.path).map_err(|e| e.to_string())?)
        }
        "block_set" => {
            #[derive(Deserialize)]
            struct In {
                block: Value,
                path: String,
                #[serde(default)]
                value: Value,
            }
            let i: In = read(input)?;
            crate::set(&i.block, &i.path, i.value).map_err(|e| e.to_string())
        }
        "block_new_item" => {
            #[derive(Deserialize)]
            struct In {
                block: Value,
                path: String,
            }
            let i: In = read(input)?;
            to_value(crate::new_item(&i.block, &i.path).map_err(|e| e.to_string())?)
        }
        "shown_columns" => {
            #[derive(Deserialize)]
            struct In {
                block: serde_json::Map<String, Value>,
                columns: Vec<String>,
            }
            let i: In = read(input)?;
            to_value(crate::shown_columns(&i.block, &i.columns))
        }
        "fit_columns" => {
            #[derive(Deserialize)]
            struct In {
                columns: Vec<crate::FitColumn>,
                width: u32,
                #[serde(default)]
                reserved: u32,
            }
            let i: In = read(input)?;
            to_value(crate::fit_columns(&i.columns, i.width, i.reserved))
        }
        "block_layout" => {
            #[derive(Deserialize)]
            struct In {
                blocks: Vec<Value>,
            }
            let i: In = read(input)?;
            let widths: Vec<_> = i
                .blocks
                .iter()
                .map(|block| crate::settings(block).map_or(crate::layout::Width::Full, |s| crate::layout::width_of(&s)))
                .collect();
            to_value(crate::layout::spans(&widths))
        }
        "block_catalogue" => {
            #[derive(Deserialize)]
            struct In {
                #[serde(default, rename = "type")]
                block_type: Option<String>,
            }
            let i: In = read(input)?;
            match i.block_type {
                None => to_value(crate::catalogue()),
                Some(name) => {
                    let block_type = BlockType::parse(&name).ok_or_else(|| crate::BlockError::UnknownType(name).to_string())?;
                    to_value(crate::block_info(block_type))
                }
            }
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
