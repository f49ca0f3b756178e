//! Conditional formatting of table cells (blocks §3.4 axis setting `Conditional_formatting`).
//!
//! A column carries a list of rules, each a condition of platform §5 with its value and the
//! colours a cell meeting it is drawn with. The conditions mean exactly what they mean in a
//! filter ([`crate::filter`]): case-insensitive text, numbers read by [`crate::number`], dates
//! by [`crate::date`] against the viewer's today, `[(current_user)]` as the signed-in e-mail.
//! The first rule a cell meets wins; a rule with an empty value never applies (as an empty
//! filter does not), and neither does a rule for a column the sheet does not have: formatting
//! is decoration, so a stale rule must not take the table away from its viewers.
//!
//! | rules of column `Amount`                         | cell `$120` | cell `45` | cell `` |
//! |--------------------------------------------------|-------------|-----------|---------|
//! | `> 100` red, then `> 40` amber                   | red         | amber     | none    |
//! | `< 50` green                                     | none        | green     | none    |
//! | `includes ""` (empty value)                      | none        | none      | none    |

use serde::{Deserialize, Serialize};

use crate::context::Context;
use crate::error::QueryError;
use crate::filter::{Condition, Filter, FilterValue, Predicate, SheetColumn};
use crate::table::Table;

/// One rule: a cell meeting `condition` with `value` gets these colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct FormatRule {
    pub condition: Condition,
    #[serde(default)]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub value: FilterValue,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(any(test, feature = "ts"), ts(optional))]
    pub background_color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(any(test, feature = "ts"), ts(optional))]
    pub text_color: Option<String>,
}

/// The rules of one column, in order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct ColumnFormat {
    pub column: String,
    pub rules: Vec<FormatRule>,
}

/// The colours of one cell of a page: `row` is its place on the page (0-based).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct CellStyle {
    pub row: usize,
    pub column: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(any(test, feature = "ts"), ts(optional))]
    pub background_color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(any(test, feature = "ts"), ts(optional))]
    pub text_color: Option<String>,
}

/// The styled cells of the page made of `rows` (sheet row indices), row by row, columns in the
/// order of `formats`. A rule whose value cannot be read for its condition (`> abc`) is an
/// error naming the column and rule.
pub fn cell_styles(table: &Table, rows: &[u32], formats: &[ColumnFormat], ctx: &Context) -> Result<Vec<CellStyle>, QueryError> {
    let mut prepared = Vec::new();
    for format in formats {
        let Some(index) = table.column_index(&format.column) else { continue };
        let mut rules = Vec::new();
        for (i, rule) in format.rules.iter().enumerate() {
            let as_filter = Filter {
                name: format!("{} formatting rule {}", format.column, i + 1),
                active: true,
                condition: rule.condition,
                sheet_column: SheetColumn { sheet: String::new(), column: format.column.clone() },
                value: rule.value.clone(),
            };
            if let Some(predicate) = Predicate::prepare(&as_filter, &rule.value, ctx)? {
                rules.push((predicate, rule));
            }
        }
        prepared.push((format.column.as_str(), table.column(index), rules));
    }
    let mut styles = Vec::new();
    for (place, &row) in rows.iter().enumerate() {
        for (name, column, rules) in &prepared {
            let slot = column.slot(row as usize);
            if let Some((_, rule)) = rules.iter().find(|(predicate, _)| predicate.matches(column, slot)) {
                styles.push(CellStyle {
                    row: place,
                    column: (*name).to_owned(),
                    background_color: rule.background_color.clone(),
                    text_color: rule.text_color.clone(),
                });
            }
        }
    }
    Ok(styles)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn table() -> Table {
        Table::from_rows(vec!["Name".into(), "Amount".into()], &[vec!["Ada", "$120"], vec!["Bea", "45"], vec!["Cy", ""]]).unwrap()
    }

    fn formats(value: serde_json::Value) -> Vec<ColumnFormat> {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_first_rule_a_cell_meets_gives_its_colours() {
        let rules = formats(json!([{"column": "Amount", "rules": [
            {"condition": ">", "value": "100", "background_color": "#fee2e2"},
            {"condition": ">", "value": "40", "background_color": "#fef3c7", "text_color": "#92400e"}
        ]}]));
        let styles = cell_styles(&table(), &[0, 1, 2], &rules, &Context::default()).unwrap();
        assert_eq!(
            styles,
            vec![
                CellStyle { row: 0, column: "Amount".into(), background_color: Some("#fee2e2".into()), text_color: None },
                CellStyle { row: 1, column: "Amount".into(), background_color: Some("#fef3c7".into()), text_color: Some("#92400e".into()) },
            ]
        );
    }

    #[test]
    fn rows_are_numbered_by_their_place_on_the_page() {
        let rules = formats(json!([{"column": "Name", "rules": [{"condition": "starts_with", "value": "c", "text_color": "#123456"}]}]));
        let styles = cell_styles(&table(), &[2, 0], &rules, &Context::default()).unwrap();
        assert_eq!(styles.iter().map(|s| (s.row, s.column.as_str())).collect::<Vec<_>>(), vec![(0, "Name")]);
    }

    #[test]
    fn empty_values_and_missing_columns_format_nothing_and_bad_numbers_are_named() {
        let rules = formats(json!([
            {"column": "Name", "rules": [{"condition": "includes", "value": " "}]},
            {"column": "Gone", "rules": [{"condition": "=", "value": "x"}]}
        ]));
        assert_eq!(cell_styles(&table(), &[0, 1, 2], &rules, &Context::default()).unwrap(), vec![]);
        let bad = formats(json!([{"column": "Amount", "rules": [{"condition": ">", "value": "lots"}]}]));
        let error = cell_styles(&table(), &[0], &bad, &Context::default()).unwrap_err().to_string();
        assert!(error.contains("Amount formatting rule 1"), "{error}");
    }
}
