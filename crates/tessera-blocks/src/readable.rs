//! The columns of a tab a block lets its viewers read (issue 45: a viewer reads only what the
//! place shows them). The server's scope (`server/src/access/scope.rs`) bounds every read of a viewer
//! who does not edit the place with it; owners and admins read every column.
//!
//! - A block that draws whole rows (table, list, calendar, data list, grid, item details) and
//!   whose `axis` names no column shows every column of its own tab, as its renderers do.
//! - Otherwise a block reads the columns of the tab its settings name
//!   ([`crate::references`]), except what the viewer is not shown: the conditional filter's
//!   column (rows are matched on the server), an API call's field mapping (the server sends
//!   the call) and a form's fields (a form writes rows; it shows none). A column entry marked `hidden` shows nothing, unless another setting (a row
//!   action's source column) shows it.
//! - A markdown block shows the columns its text's `[Column]` placeholders name
//!   (`tessera_core::markdown::placeholder_names`).
//!
//! | block on tab `People`                                  | `People` columns read      |
//! |--------------------------------------------------------|----------------------------|
//! | table, no axis                                         | every column               |
//! | table, axis `Name`, `Email` (hidden)                   | `Name`                     |
//! | table, axis `Name`, conditional filter on `Email`      | `Name`                     |
//! | chart, x axis `Month`, series `Total`                  | `Month`, `Total`           |
//! | form on `Orders` with a select from `People`/`Name`    | `Name` (and none of `Orders`) |
//! | markdown with text `Hi [Name]`                         | `Name`                     |
//! | iframe                                                 | none                       |

use std::collections::BTreeSet;

use serde_json::Value;

use crate::model::BlockType;
use crate::references::references;
use crate::validate::parse_block;

/// The columns of one tab a block lets its viewers read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnsRead {
    Every,
    Only(BTreeSet<String>),
}

impl ColumnsRead {
    /// The columns both blocks show. A read through no block in particular answers the rows any
    /// of them shows, so it may answer only columns every one of them shows: else a row one
    /// block shows would come with a column only another block shows.
    pub fn shared_with(self, other: ColumnsRead) -> ColumnsRead {
        match (self, other) {
            (ColumnsRead::Only(mine), ColumnsRead::Only(theirs)) => ColumnsRead::Only(mine.intersection(&theirs).cloned().collect()),
            (ColumnsRead::Every, other) | (other, ColumnsRead::Every) => other,
        }
    }

    /// The columns either shows: what a search may match when one block's rows are shown
    /// beside another's columns.
    pub fn union(self, other: ColumnsRead) -> ColumnsRead {
        match (self, other) {
            (ColumnsRead::Only(mut mine), ColumnsRead::Only(theirs)) => {
                mine.extend(theirs);
                ColumnsRead::Only(mine)
            }
            _ => ColumnsRead::Every,
        }
    }
}

/// Whether a block of this type without chosen columns draws every column of its rows.
fn draws_whole_rows(block_type: BlockType) -> bool {
    use BlockType::*;
    match block_type {
        Table | List | Calendar | Datalist | Grid | ItemDetails => true,
        Chart | ImageGallery | Form | Event | FeaturesLayout | ImageGrid | BannerHero | Footer | ImageAccordian | Header | Markdown
        | Iframe | Scorecard | Map => false,
    }
}

/// Settings whose columns the block does not show its viewers (module doc).
fn not_shown(block_type: BlockType, path: &str) -> bool {
    let form_field = block_type == BlockType::Form && path.starts_with("axis[") && path.ends_with("].column");
    form_field || path.starts_with("conditional_filter.") || (path.starts_with("actions[") && path.contains(".field_mapping."))
}

/// The columns of `tab` the block (`{type, ...settings}`) lets its viewers read (module doc).
pub fn columns_read(block: &Value, tab: &str) -> ColumnsRead {
    let Ok((block_type, object)) = parse_block(block) else { return ColumnsRead::Only(BTreeSet::new()) };
    let own_tab = object.get("sheet_title").and_then(Value::as_str).map(str::trim) == Some(tab.trim());
    let axis = object.get("axis").and_then(Value::as_array);
    let names_a_column =
        axis.into_iter().flatten().any(|entry| entry.get("column").and_then(Value::as_str).is_some_and(|column| !column.trim().is_empty()));
    if own_tab && draws_whole_rows(block_type) && !names_a_column {
        return ColumnsRead::Every;
    }
    let hidden = |path: &str| -> bool {
        let Some(index) = path.strip_prefix("axis[").and_then(|rest| rest.strip_suffix("].column")) else { return false };
        let entry = index.parse::<usize>().ok().and_then(|index| axis.and_then(|axis| axis.get(index)));
        entry.and_then(|entry| entry.get("hidden")).and_then(Value::as_bool) == Some(true)
    };
    let mut columns: BTreeSet<String> = references(block)
        .into_iter()
        .filter(|reference| reference.sheet.as_deref().map(str::trim) == Some(tab.trim()))
        .filter(|reference| !not_shown(block_type, &reference.path) && !hidden(&reference.path))
        .filter_map(|reference| reference.column)
        .collect();
    if own_tab && block_type == BlockType::Markdown {
        let text = object.get("text").and_then(Value::as_str).unwrap_or_default();
        columns.extend(tessera_core::markdown::placeholder_names(text));
    }
    ColumnsRead::Only(columns)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn only(columns: &[&str]) -> ColumnsRead {
        ColumnsRead::Only(columns.iter().map(|column| (*column).to_owned()).collect())
    }

    #[test]
    fn the_table_of_the_module_doc_holds() {
        assert_eq!(columns_read(&json!({"type": "table", "sheet_title": "People"}), "People"), ColumnsRead::Every);
        let hidden = json!({"type": "table", "sheet_title": "People", "axis": [{"column": "Name"}, {"column": "Email", "hidden": true}]});
        assert_eq!(columns_read(&hidden, "People"), only(&["Name"]));
        let filtered = json!({"type": "table", "sheet_title": "People", "axis": [{"column": "Name"}],
            "conditional_filter": {"select_column": "Email", "condition": "Is", "filter_by": "Logged in user"}});
        assert_eq!(columns_read(&filtered, "People"), only(&["Name"]));
        let chart = json!({"type": "chart", "sheet_title": "People", "x_axis": "Month", "axis": [{"column": "Total"}]});
        assert_eq!(columns_read(&chart, "People"), only(&["Month", "Total"]));
        let form = json!({"type": "form", "sheet_title": "Orders",
            "axis": [{"column": "Buyer", "type": "select", "from_google_sheet": true, "source": {"sheet": "People", "column": "Name"}}]});
        assert_eq!(columns_read(&form, "People"), only(&["Name"]));
        assert_eq!(columns_read(&form, "Orders"), only(&[]));
        let markdown = json!({"type": "markdown", "sheet_title": "People", "text": "Hi [Name], [see](x) \\[Email]"});
        assert_eq!(columns_read(&markdown, "People"), only(&["Name"]));
        assert_eq!(columns_read(&json!({"type": "iframe", "iframe_code": "<iframe src=\"https://x.io\">"}), "People"), only(&[]));
    }

    #[test]
    fn a_row_action_shows_a_hidden_column_and_a_field_mapping_does_not() {
        let table = json!({"type": "table", "sheet_title": "People", "axis": [{"column": "Name"}, {"column": "Site", "hidden": true}],
            "actions": [{"type": "Open link", "source_column": "Site"}, {"type": "API call", "field_mapping": {"to": "Email"}}]});
        assert_eq!(columns_read(&table, "People"), only(&["Name", "Site"]));
    }

    #[test]
    fn a_rows_block_reading_another_tab_reads_only_what_it_names_there() {
        let table = json!({"type": "table", "sheet_title": "Orders",
            "axis": [{"column": "Buyer", "type": "select", "from_google_sheet": true, "source": {"sheet": "People", "column": "Name"}}]});
        assert_eq!(columns_read(&table, "People"), only(&["Name"]));
        assert_eq!(columns_read(&json!({"type": "table", "sheet_title": "Orders"}), "People"), only(&[]));
        assert_eq!(only(&["A", "B"]).shared_with(only(&["B", "C"])), only(&["B"]));
        assert_eq!(only(&["A"]).shared_with(ColumnsRead::Every), only(&["A"]));
        assert_eq!(ColumnsRead::Every.shared_with(ColumnsRead::Every), ColumnsRead::Every);
    }

    #[test]
    fn a_union_holds_what_either_shows_and_every_column_absorbs() {
        assert_eq!(only(&["A", "B"]).union(only(&["B", "C"])), only(&["A", "B", "C"]));
        assert_eq!(only(&["A"]).union(ColumnsRead::Every), ColumnsRead::Every);
        assert_eq!(ColumnsRead::Every.union(only(&[])), ColumnsRead::Every);
    }
}
