//! The columns a table or list shows, in order (blocks §3.4, §3.5): its `axis` entries that
//! name a column, are not `hidden`, are columns of the sheet and are not one of the columns the
//! sheet keeps for itself ([`HIDDEN_COLUMNS`]), each column once, in the block's order; a block
//! whose `axis` names no column shows every column of the sheet but those.
//!
//! The server's embed draws its tables and lists with it; the React board's first-paint copy
//! (`web/src/blocks/table/tableModel.ts` `shownColumns`) replays the golden vectors of
//! `tests/vectors/shown_columns.json` (op `shown_columns`) in `tableModel.vectors.test.ts`.
//!
//! | axis | sheet columns | shown |
//! |---|---|---|
//! | none | `Name, Age, ChartApps Record ID` | `Name, Age` |
//! | `Age`, `Name` (hidden), `Gone` | `Name, Age` | `Age` (axis 0) |
//! | `Age`, `Age` | `Age` | `Age` (axis 0) |

use serde::Serialize;
use serde_json::{Map, Value};

/// Columns a sheet keeps for itself (the record id, the row index), never shown.
pub use tessera_core::table::BOOKKEEPING_COLUMNS as HIDDEN_COLUMNS;

/// One shown column: its name and, when an `axis` entry shows it, that entry's index in `axis`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShownColumn {
    pub column: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub axis: Option<usize>,
}

/// The columns a table or list with settings `config` shows of a sheet with `columns` (see the
/// module doc).
pub fn shown_columns(config: &Map<String, Value>, columns: &[String]) -> Vec<ShownColumn> {
    let entries: Vec<(usize, &Map<String, Value>, &str)> = config
        .get("axis")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, entry)| entry.as_object().map(|entry| (i, entry)))
        .filter_map(|(i, entry)| entry.get("column").and_then(Value::as_str).filter(|c| !c.trim().is_empty()).map(|c| (i, entry, c)))
        .collect();
    let is_hidden = |name: &str| HIDDEN_COLUMNS.contains(&name);
    if entries.is_empty() {
        return columns.iter().filter(|name| !is_hidden(name)).map(|name| ShownColumn { column: name.clone(), axis: None }).collect();
    }
    let mut shown: Vec<ShownColumn> = Vec::new();
    for (i, entry, name) in entries {
        let hidden = entry.get("hidden").and_then(Value::as_bool) == Some(true);
        if hidden || is_hidden(name) || !columns.iter().any(|c| c == name) || shown.iter().any(|c| c.column == name) {
            continue;
        }
        shown.push(ShownColumn { column: name.to_owned(), axis: Some(i) });
    }
    shown
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tessera_core::table::RECORD_ID_COLUMN;

    use super::*;

    fn shown(config: Value, columns: &[&str]) -> Vec<(String, Option<usize>)> {
        let columns: Vec<String> = columns.iter().map(|c| (*c).to_owned()).collect();
        shown_columns(config.as_object().unwrap(), &columns).into_iter().map(|c| (c.column, c.axis)).collect()
    }

    #[test]
    fn the_axis_decides_else_every_column_but_the_sheets_own() {
        assert_eq!(shown(json!({}), &["Name", RECORD_ID_COLUMN, "Age"]), [("Name".into(), None), ("Age".into(), None)]);
        assert_eq!(
            shown(
                json!({"axis": [{"column": ""}, {"column": "Age"}, {"column": "Name", "hidden": true}, {"column": "Gone"}, {"column": "Age"}]}),
                &["Name", "Age"]
            ),
            [("Age".into(), Some(1))]
        );
    }
}
