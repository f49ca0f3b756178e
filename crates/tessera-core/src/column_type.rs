//! What kind of values a column holds, read from its cells with the core's own number and date
//! rules, so that a board made for one sheet can be bound to another by column name *and* type
//! (a template's `Amount` of numbers should not bind to a column of names called `Amount`).
//!
//! Blank cells say nothing and are skipped. Of the rest:
//!
//! - **date** when every cell reads as a date ([`crate::date::parse_date`]). Dates are tried
//!   first because `2024-01-03` also holds a number (2024) by the number rule;
//! - **number** when every cell holds a number by [`crate::number::parse_number`] and has no
//!   letter: `$1,234.50`, `12%`, `-5` are numbers, `12 kg`, `n/a` and `A12` are text;
//! - **text** otherwise.
//!
//! A column without any non-blank cell has no type: nothing says what it is meant to hold.
//!
//! | cells                         | type   |
//! |-------------------------------|--------|
//! | `120`, `$80`, ``, `12.5%`     | number |
//! | `2026-11-20`, `Nov 25, 2026`  | date   |
//! | `120`, `n/a`                  | text   |
//! | `2026-11-20`, `soon`          | text   |
//! | (blank cells only)            | none   |

use serde::{Deserialize, Serialize};

use crate::date::parse_date;
use crate::number::{parse_number, DecimalSeparator};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ColumnType {
    Text,
    Number,
    Date,
}

impl ColumnType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Number => "number",
            Self::Date => "date",
        }
    }
}

impl std::fmt::Display for ColumnType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// True when a cell holds a number by the number rule and no letter.
fn is_number(cell: &str) -> bool {
    !cell.chars().any(char::is_alphabetic) && parse_number(cell, DecimalSeparator::Dot).is_some()
}

/// The type of a column with these cells, by the rules of this module; `None` when every cell is blank.
pub fn infer_column_type<'a>(cells: impl IntoIterator<Item = &'a str>) -> Option<ColumnType> {
    let mut dates = true;
    let mut numbers = true;
    let mut any = false;
    for cell in cells.into_iter().map(str::trim).filter(|cell| !cell.is_empty()) {
        any = true;
        dates = dates && parse_date(cell).is_some();
        numbers = numbers && is_number(cell);
        if !dates && !numbers {
            return Some(ColumnType::Text);
        }
    }
    any.then_some(match (dates, numbers) {
        (true, _) => ColumnType::Date,
        (false, true) => ColumnType::Number,
        (false, false) => ColumnType::Text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_the_module_doc_holds() {
        let cases: [(&[&str], Option<ColumnType>); 5] = [
            (&["120", "$80", "", "12.5%"], Some(ColumnType::Number)),
            (&["2026-11-20", "Nov 25, 2026"], Some(ColumnType::Date)),
            (&["120", "n/a"], Some(ColumnType::Text)),
            (&["2026-11-20", "soon"], Some(ColumnType::Text)),
            (&["", "  "], None),
        ];
        for (cells, expected) in cases {
            assert_eq!(infer_column_type(cells.iter().copied()), expected, "{cells:?}");
        }
    }

    #[test]
    fn numbers_with_units_or_letters_are_text_and_plain_years_are_numbers() {
        assert_eq!(infer_column_type(["12 kg"]), Some(ColumnType::Text));
        assert_eq!(infer_column_type(["A12"]), Some(ColumnType::Text));
        assert_eq!(infer_column_type(["-5", "€ 3", "1,234.50"]), Some(ColumnType::Number));
        // A serial day number or a year is not a date (see `date`).
        assert_eq!(infer_column_type(["2024", "45356"]), Some(ColumnType::Number));
    }

    #[test]
    fn date_times_are_dates() {
        assert_eq!(infer_column_type(["2026-11-20T09:00", "3/5/2024 2:30 PM"]), Some(ColumnType::Date));
    }
}
