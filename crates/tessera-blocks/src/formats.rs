//! The conditional formatting a block's columns ask for (blocks §3.4 `Conditional_formatting`),
//! as the query of `tessera_core` takes it. The server (for the rows it answers) and the
//! editor's live preview (through WASM) both read a block's rules here, so they colour the same
//! cells.
//!
//! | `axis` of the block | formats |
//! |---|---|
//! | `[{"column": "Amount", "Conditional_formatting": [{"condition": ">", "value": "100", "background_color": "#fee2e2"}]}]` | Amount: that rule |
//! | `[{"column": "Amount", "Conditional_formatting": [{"value": "100"}]}]` | none (a rule without a condition colours nothing) |
//! | `[{"Conditional_formatting": [{"condition": "="}]}]` | none (no column) |

use serde_json::{Map, Value};
use tessera_core::formatting::{ColumnFormat, FormatRule};

/// Each column of `block` (its settings object) with the formatting rules that can be read, in
/// the block's order.
pub fn column_formats(block: &Map<String, Value>) -> Vec<ColumnFormat> {
    let columns = block.get("axis").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    columns
        .iter()
        .filter_map(|axis| {
            let column = axis.get("column").and_then(Value::as_str).map(str::trim).filter(|c| !c.is_empty())?;
            let rules: Vec<FormatRule> = axis
                .get("Conditional_formatting")
                .and_then(Value::as_array)?
                .iter()
                .filter_map(|rule| serde_json::from_value(rule.clone()).ok())
                .collect();
            (!rules.is_empty()).then(|| ColumnFormat { column: column.to_owned(), rules })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn readable_rules_of_named_columns_are_kept_in_order() {
        let block = json!({"type": "table", "axis": [
            {"column": "Name"},
            {"column": "Amount", "Conditional_formatting": [
                {"condition": ">", "value": "100", "background_color": "#fee2e2"},
                {"value": "no condition"},
                {"condition": "like"}
            ]},
            {"Conditional_formatting": [{"condition": "="}]},
            {"column": "Due", "Conditional_formatting": [{"condition": "today", "text_color": "#166534"}]}
        ]});
        let formats = column_formats(block.as_object().unwrap());
        let columns: Vec<(&str, usize)> = formats.iter().map(|f| (f.column.as_str(), f.rules.len())).collect();
        assert_eq!(columns, [("Amount", 1), ("Due", 1)]);
        assert_eq!(formats[0].rules[0].background_color.as_deref(), Some("#fee2e2"));
        assert!(column_formats(json!({"type": "chart"}).as_object().unwrap()).is_empty());
    }
}
