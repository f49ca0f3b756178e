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
//!
//! It also reads each column's display format (`format`, `decimals`, `currency_symbol`; see
//! `tessera_core::display`), which the server applies to the rows it answers and the embed
//! draws, so every place shows a column's values alike:
//!
//! | `axis` of the block | display formats |
//! |---|---|
//! | `[{"column": "Amount", "format": "Currency", "currency_symbol": "€"}]` | Amount: Currency, € |
//! | `[{"column": "Amount"}]` or `[{"column": "Amount", "format": "Automatic"}]` | none (by kind) |
//! | `[{"column": "Amount", "format": "Money"}]` | none (an unknown format is Automatic) |

use serde_json::{Map, Value};
use tessera_core::display::{ColumnDisplay, Format};
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

/// Each column of `block` (its settings object) with a display format other than Automatic, in
/// the block's order; a column without a readable one is shown by its kind.
pub fn value_formats(block: &Map<String, Value>) -> Vec<ColumnDisplay> {
    let columns = block.get("axis").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    columns
        .iter()
        .filter_map(|axis| {
            let column = axis.get("column").and_then(Value::as_str).map(str::trim).filter(|c| !c.is_empty())?;
            let format: Format = serde_json::from_value(axis.get("format")?.clone()).ok()?;
            let decimals =
                axis.get("decimals").and_then(Value::as_u64).map(|d| d.min(u64::from(tessera_core::display::MAX_DECIMALS)) as u32);
            let currency_symbol = axis.get("currency_symbol").and_then(Value::as_str).map(str::to_owned);
            let date_pattern = axis.get("date_pattern").and_then(Value::as_str).map(str::to_owned);
            (format != Format::Automatic).then(|| ColumnDisplay {
                column: column.to_owned(),
                format,
                decimals,
                currency_symbol,
                date_pattern,
            })
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

    #[test]
    fn display_formats_are_read_per_column_and_automatic_or_unknown_ones_are_left_out() {
        let block = json!({"axis": [
            {"column": "Amount", "format": "Currency", "currency_symbol": "€", "decimals": 0},
            {"column": "Qty", "format": "Automatic"},
            {"column": "Odd", "format": "Money"},
            {"column": "When", "format": "Date and time"},
            {"format": "Number"}
        ]});
        let formats = value_formats(block.as_object().unwrap());
        assert_eq!(
            formats,
            [
                ColumnDisplay {
                    column: "Amount".into(),
                    format: Format::Currency,
                    decimals: Some(0),
                    currency_symbol: Some("€".into()),
                    date_pattern: None
                },
                ColumnDisplay {
                    column: "When".into(),
                    format: Format::DateTime,
                    decimals: None,
                    currency_symbol: None,
                    date_pattern: None
                },
            ]
        );
    }
}
