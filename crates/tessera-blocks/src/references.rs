//! The tabs and columns a block's settings name, found through the catalogue's field kinds so
//! that no block type's keys are listed twice: a `sheet` setting names a tab, a `column`
//! setting a column of the block's own tab (`sheet_title`), a `source` setting `{sheet,
//! column}` a column of any tab, and a `key_values` setting (an API call's field mapping) maps
//! body keys to columns of the block's tab. A source without its own tab reads the block's. Lists and objects are walked item by item, so a
//! chart series' `axis[0].column` or a conditional filter's `conditional_filter.select_column`
//! count too. Blank values name nothing.
//!
//! Binding a board to another spreadsheet reads them with [`references`] and rewrites them
//! with [`rewrite_references`]; a rewrite changes only the names, so a block valid before stays
//! valid.
//!
//! | setting (chart on tab `Sales`)                   | reference                               |
//! |--------------------------------------------------|-----------------------------------------|
//! | `sheet_title: "Sales"`                           | `sheet_title`: tab `Sales`              |
//! | `x_axis: "Month"`                                | `x_axis`: `Sales` / `Month`             |
//! | `axis: [{"column": "Total"}]`                    | `axis[0].column`: `Sales` / `Total`     |
//! | scorecard `axis: [{"source": {"sheet": "Costs", "column": "Cost"}}]` | `axis[0].source`: `Costs` / `Cost` |
//! | table `actions: [{"field_mapping": {"to": "Email"}}]` | `actions[0].field_mapping.to`: `Sales` / `Email` |

use serde_json::{Map, Value};

use crate::catalogue::fields;
use crate::model::{Field, Kind};
use crate::validate::parse_block;

/// A tab, or a column of a tab, that one setting of a block names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// Where the setting is: `sheet_title`, `x_axis`, `axis[0].source`.
    pub path: String,
    /// The tab: the one a sheet setting names, a source's `sheet`, or the block's own
    /// `sheet_title` for a column setting (`None` when that is blank).
    pub sheet: Option<String>,
    /// The column; `None` for a sheet setting.
    pub column: Option<String>,
}

/// Every tab and column `block` (`{type, ...settings}`) names, in catalogue order. A block
/// that cannot be read (no object, unknown type) names none.
pub fn references(block: &Value) -> Vec<Reference> {
    let mut found = Vec::new();
    let mut copy = block.clone();
    rewrite_references(&mut copy, |reference| {
        found.push(reference.clone());
        None
    });
    found
}

/// Calls `rewrite` with each reference of `block`, in catalogue order, and writes back what it
/// answers: the new tab of a sheet setting, the new column of a column setting, both of a
/// source. `None` leaves the setting as it is. Column settings are judged by the block's tab as
/// it was before the call, even when the call renames `sheet_title`.
pub fn rewrite_references(block: &mut Value, mut rewrite: impl FnMut(&Reference) -> Option<Reference>) {
    let Ok((block_type, object)) = parse_block(block) else { return };
    let sheet = object.get("sheet_title").and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
    let Some(object) = block.as_object_mut() else { return };
    walk(fields(block_type), object, "", sheet.as_deref(), &mut rewrite);
}

fn named(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).filter(|text| !text.trim().is_empty()).map(str::to_owned)
}

fn walk<'f>(
    fields: impl IntoIterator<Item = &'f Field>,
    object: &mut Map<String, Value>,
    prefix: &str,
    sheet: Option<&str>,
    rewrite: &mut dyn FnMut(&Reference) -> Option<Reference>,
) {
    for field in fields {
        let Some(value) = object.get_mut(field.key) else { continue };
        let path = if prefix.is_empty() { field.key.to_owned() } else { format!("{prefix}.{}", field.key) };
        match field.kind {
            Kind::Sheet => {
                let Some(tab) = named(Some(value)) else { continue };
                if let Some(new) = rewrite(&Reference { path, sheet: Some(tab), column: None }).and_then(|new| new.sheet) {
                    *value = Value::String(new);
                }
            }
            Kind::Column => {
                let Some(column) = named(Some(value)) else { continue };
                let reference = Reference { path, sheet: sheet.map(str::to_owned), column: Some(column) };
                if let Some(new) = rewrite(&reference).and_then(|new| new.column) {
                    *value = Value::String(new);
                }
            }
            Kind::Source => {
                let Some(source) = value.as_object_mut() else { continue };
                let Some(column) = named(source.get("column")) else { continue };
                // A source without its own tab reads the block's (blocks §3.9); renaming that is
                // the block's `sheet_title`'s business.
                let own_sheet = named(source.get("sheet"));
                let reference = Reference { path, sheet: own_sheet.clone().or_else(|| sheet.map(str::to_owned)), column: Some(column) };
                if let Some(new) = rewrite(&reference) {
                    if let (Some(tab), Some(_)) = (new.sheet, own_sheet) {
                        source.insert("sheet".to_owned(), Value::String(tab));
                    }
                    if let Some(column) = new.column {
                        source.insert("column".to_owned(), Value::String(column));
                    }
                }
            }
            Kind::KeyValues => {
                let Some(mapping) = value.as_object_mut() else { continue };
                for (key, column_value) in mapping.iter_mut() {
                    let Some(column) = named(Some(column_value)) else { continue };
                    let reference = Reference { path: format!("{path}.{key}"), sheet: sheet.map(str::to_owned), column: Some(column) };
                    if let Some(new) = rewrite(&reference).and_then(|new| new.column) {
                        *column_value = Value::String(new);
                    }
                }
            }
            Kind::List => {
                let Some(items) = value.as_array_mut() else { continue };
                for (index, item) in items.iter_mut().enumerate() {
                    if let Some(item) = item.as_object_mut() {
                        walk(field.fields, item, &format!("{path}[{index}]"), sheet, rewrite);
                    }
                }
            }
            Kind::Object => {
                if let Some(inner) = value.as_object_mut() {
                    walk(field.fields, inner, &path, sheet, rewrite);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn reference(path: &str, sheet: Option<&str>, column: Option<&str>) -> Reference {
        Reference { path: path.into(), sheet: sheet.map(Into::into), column: column.map(Into::into) }
    }

    #[test]
    fn the_table_of_the_module_doc_holds() {
        let chart = json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Month", "axis": [{"column": "Total"}], "title": "Month"});
        assert_eq!(
            references(&chart),
            [
                reference("sheet_title", Some("Sales"), None),
                reference("x_axis", Some("Sales"), Some("Month")),
                reference("axis[0].column", Some("Sales"), Some("Total")),
            ]
        );
        let scorecard = json!({"type": "scorecard", "axis": [{"source": {"sheet": "Costs", "column": "Cost"}, "label": "Cost"}]});
        assert_eq!(references(&scorecard), [reference("axis[0].source", Some("Costs"), Some("Cost"))]);
        let table =
            json!({"type": "table", "sheet_title": "Sales", "actions": [{"type": "API call", "field_mapping": {"to": "Email", "x": ""}}]});
        assert_eq!(references(&table)[1], reference("actions[0].field_mapping.to", Some("Sales"), Some("Email")));
        assert_eq!(references(&table).len(), 2, "blank values name nothing");
    }

    #[test]
    fn nested_objects_count_and_blocks_without_data_name_nothing() {
        let table = json!({"type": "table", "sheet_title": "Sales",
            "conditional_filter": {"filter_by": "Logged in user", "select_column": "Owner"},
            "axis": [{"column": "Name", "type": "select", "from_google_sheet": true, "source": {"sheet": "Regions", "column": "Region"}}]});
        let paths: Vec<String> = references(&table).into_iter().map(|r| r.path).collect();
        assert_eq!(paths, ["sheet_title", "axis[0].column", "axis[0].source", "conditional_filter.select_column"]);
        assert!(references(&json!({"type": "iframe", "iframe_code": "<iframe src=\"https://x.io\">"})).is_empty());
        assert!(references(&json!({"type": "nope", "sheet_title": "Sales"})).is_empty());
        // A column without a tab still counts, with no tab.
        assert_eq!(references(&json!({"type": "map", "title_column": "Name"})), [reference("title_column", None, Some("Name"))]);
    }

    #[test]
    fn a_rewrite_changes_only_the_names_answered_and_keeps_the_block_valid() {
        let mut chart =
            json!({"type": "chart", "sheet_title": "Sales", "x_axis": "Month", "axis": [{"column": "Total"}, {"column": "Kept"}]});
        rewrite_references(&mut chart, |r| match (r.sheet.as_deref(), r.column.as_deref()) {
            (Some("Sales"), None) => Some(reference(&r.path, Some("Deals"), None)),
            // Columns are judged by the tab the block had.
            (Some("Sales"), Some("Month")) => Some(reference(&r.path, None, Some("Period"))),
            (Some("Sales"), Some("Total")) => Some(reference(&r.path, None, Some("Amount"))),
            _ => None,
        });
        assert_eq!(
            chart,
            json!({"type": "chart", "sheet_title": "Deals", "x_axis": "Period", "axis": [{"column": "Amount"}, {"column": "Kept"}]})
        );
        assert!(crate::validate(&chart).is_ok());

        let mut scorecard = json!({"type": "scorecard", "axis": [{"source": {"sheet": "Costs", "column": "Cost"}}]});
        rewrite_references(&mut scorecard, |r| Some(reference(&r.path, Some("Spend"), Some("Amount"))));
        assert_eq!(scorecard["axis"][0]["source"], json!({"sheet": "Spend", "column": "Amount"}));
    }
}
