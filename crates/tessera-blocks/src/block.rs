//! Reading a stored block (`{type, ...settings}`): its type and its object, or why it cannot
//! be read. Validation, visibility, editing, references and views all start here, so it sits
//! below them and imports none of them.

use serde_json::{Map, Value};

use crate::model::BlockType;

/// A block that cannot be read at all, or a setting path that names nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlockError {
    #[error("a block must be a JSON object such as {{\"type\": \"chart\"}}; got `{0}`")]
    NotAnObject(String),
    #[error("the block has no `type`")]
    MissingType,
    #[error("the block `type` must be text such as \"chart\"; got `{0}`")]
    TypeNotText(String),
    #[error("unknown block type `{0}`; expected one of: {known}", known = known_types())]
    UnknownType(String),
    #[error("`{path}` is not a setting of a {block_type} block")]
    UnknownSetting { block_type: BlockType, path: String },
    #[error("malformed setting path `{path}`: expected keys joined by dots, with an item index after a list, such as `axis[0].column`")]
    BadPath { path: String },
    #[error("`{list}` has no item {index}")]
    NoItem { list: String, index: usize },
    #[error("`{path}` is not a list of items")]
    NotAList { path: String },
    #[error("the block's settings cannot be read: {0}")]
    Unreadable(String),
}

fn known_types() -> String {
    BlockType::ALL.map(BlockType::as_str).join(", ")
}

/// A value as error messages quote it: text as written, anything else as JSON, cut at 60
/// characters so a pasted page does not fill the message.
pub(crate) fn quote(value: &Value) -> String {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// The block's type and its object.
pub(crate) fn parse_block(block: &Value) -> Result<(BlockType, &Map<String, Value>), BlockError> {
    let object = block.as_object().ok_or_else(|| BlockError::NotAnObject(quote(block)))?;
    let block_type = match object.get("type") {
        None | Some(Value::Null) => return Err(BlockError::MissingType),
        Some(Value::String(text)) => BlockType::parse(text).ok_or_else(|| BlockError::UnknownType(text.clone()))?,
        Some(other) => return Err(BlockError::TypeNotText(quote(other))),
    };
    Ok((block_type, object))
}
