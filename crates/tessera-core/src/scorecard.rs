//! Scorecards (blocks §3.9: "Axis: source (tab and column), label, background_color,
//! font_color, function (sum, average, first row, last row; default sum), symbol (default $)").
//!
//! A card reads one column over the rows a block's query matched, in the query's order (see
//! [`crate::query::matching_rows`], so filters, search and sorting apply). The host passes the
//! sheet that `source.sheet` names; the column is found as
//! [`crate::table::Table::column_index`] finds columns. Cells are read as
//! numbers by the rule of [`crate::number`] (dot decimal separator): `$1,200` is 1200.
//!
//! | function    | value                                                                  |
//! |-------------|------------------------------------------------------------------------|
//! | `sum`       | the sum of the cells holding a number; empty and non-numeric cells are skipped |
//! | `average`   | that sum divided by the **count of cells holding a number** (not by the row count) |
//! | `first row` | the number in the first matching row; none when that cell holds none   |
//! | `last row`  | the number in the last matching row; none when that cell holds none    |
//! | `count`     | how many rows matched (issue 48); the column's cells need not hold anything |
//! | `count distinct` | how many different non-empty texts (trimmed) the column holds in those rows |
//! | `min`, `max` | the least or greatest number; none without a number                  |
//!
//! With no number to work on the value is none (JSON `null`), not 0: an empty result is not a
//! zero result. A sum beyond the range of an `f64` also has no value.
//!
//! A count of nothing is 0, a value: "no orders yet" is a zero result.
//!
//! **Formatting.** The symbol (default `$`, an empty text for none; the two counts, which are
//! never money, have none) goes before the digits and after the
//! minus sign; the integer part is grouped by threes with `,`; the value is rounded to 2
//! decimals (half away from zero) and trailing zeros of the fraction are dropped: "up to 2
//! decimals", the same text as JavaScript's
//! `toLocaleString('en-US', {maximumFractionDigits: 2})`, so a symbol other than money (`★ 4.5`)
//! reads well too. Money (a symbol holding `$`, `€`, `£`, `¥`, `₹` or another currency sign)
//! shows its cents as two digits when it has any (`$1,067.70`, not `$1,067.7`; `$15` stays), as
//! the Currency format of [`crate::display`], which does this formatting, shows money. No value
//! formats as [`NO_VALUE`].
//!
//! | cells                    | function    | symbol | value    | formatted   |
//! |--------------------------|-------------|--------|----------|-------------|
//! | `$1,200`, `34.5`, ``     | sum         | `$`    | 1234.5   | `$1,234.50` |
//! | `10`, `n/a`, `20`        | average     | `$`    | 15       | `$15`       |
//! | `-5`                     | sum         | `$`    | -5       | `-$5`       |
//! | `0.125`                  | sum         | ``     | 0.125    | `0.13`      |
//! | `1234567.891`            | last row    | `€`    | 1234567.891 | `€1,234,567.89` |
//! | `abc`, ``                | sum         | `$`    | null     | `—`         |

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::display::{format_currency, Decimals, EN_US};
use crate::filter::SheetColumn;
use crate::table::Table;

/// The text of a card without a value.
pub const NO_VALUE: &str = "—";
/// The symbol of a card whose axis sets none (blocks §3.9).
pub const DEFAULT_SYMBOL: &str = "$";
/// Symbols that mark money, whose cents show as two digits (`$1,067.70`).
const MONEY_SYMBOLS: &str = "$€£¥₹₩₽₺₪₫฿₦₱₴¢";

/// How a card folds its column (blocks §3.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ScoreFunction {
    #[default]
    #[serde(rename = "sum")]
    Sum,
    #[serde(rename = "average")]
    Average,
    #[serde(rename = "first row", alias = "first_row")]
    FirstRow,
    #[serde(rename = "last row", alias = "last_row")]
    LastRow,
    /// The rows shown (issue 48: "how many orders"); the column's cells need not hold anything.
    #[serde(rename = "count")]
    Count,
    /// The different non-empty texts of the column, trimmed.
    #[serde(rename = "count distinct", alias = "count_distinct")]
    CountDistinct,
    #[serde(rename = "min")]
    Min,
    #[serde(rename = "max")]
    Max,
}

impl ScoreFunction {
    /// Whether the card counts rather than reads numbers: a count is never money.
    pub fn counts(self) -> bool {
        matches!(self, ScoreFunction::Count | ScoreFunction::CountDistinct)
    }
}

/// One card's axis settings (blocks §3.9).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ScorecardAxis {
    /// The tab and column the card reads.
    pub source: SheetColumn,
    pub label: String,
    pub background_color: Option<String>,
    pub font_color: Option<String>,
    pub function: ScoreFunction,
    /// Absent or null means [`DEFAULT_SYMBOL`]; an empty text means none. A count has none.
    pub symbol: Option<String>,
}

impl ScorecardAxis {
    /// The symbol the card shows: none for a count, whatever an earlier function left stored.
    pub fn symbol(&self) -> &str {
        match (&self.symbol, self.function.counts()) {
            (_, true) => "",
            (Some(symbol), false) => symbol,
            (None, false) => DEFAULT_SYMBOL,
        }
    }
}

/// A computed card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct Scorecard {
    pub label: String,
    pub value: Option<f64>,
    pub formatted: String,
}

/// Why a card could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScorecardError {
    #[error("scorecard `{label}` has no source column")]
    NoColumn { label: String },
    #[error("scorecard `{label}` reads column `{column}`, which this sheet does not have")]
    MissingColumn { label: String, column: String },
}

/// Computes the card of `axis` over `rows` (row indices in the query's order) of `table`.
pub fn compute(table: &Table, rows: &[u32], axis: &ScorecardAxis) -> Result<Scorecard, ScorecardError> {
    let column = axis.source.column.trim();
    if column.is_empty() {
        return Err(ScorecardError::NoColumn { label: axis.label.clone() });
    }
    let c = table
        .column_index(column)
        .ok_or_else(|| ScorecardError::MissingColumn { label: axis.label.clone(), column: axis.source.column.clone() })?;
    let column = table.column(c);
    // Row indices come from a query over this table, but a caller may pass its own: one past
    // the end is read as an empty cell rather than a panic.
    let number = |row: &u32| Some(*row as usize).filter(|&r| r < table.row_count()).and_then(|r| column.number(r));
    let value = match axis.function {
        ScoreFunction::Sum => fold(rows.iter().filter_map(number)).map(|(sum, _)| sum),
        ScoreFunction::Average => fold(rows.iter().filter_map(number)).map(|(sum, count)| sum / count as f64),
        ScoreFunction::FirstRow => rows.first().and_then(number),
        ScoreFunction::LastRow => rows.last().and_then(number),
        ScoreFunction::Count => Some(rows.iter().filter(|&&row| (row as usize) < table.row_count()).count() as f64),
        ScoreFunction::CountDistinct => {
            let texts: HashSet<&str> = rows
                .iter()
                .filter(|&&row| (row as usize) < table.row_count())
                .map(|&row| column.text(row as usize).trim())
                .filter(|text| !text.is_empty())
                .collect();
            Some(texts.len() as f64)
        }
        ScoreFunction::Min => rows.iter().filter_map(number).reduce(f64::min),
        ScoreFunction::Max => rows.iter().filter_map(number).reduce(f64::max),
    }
    .filter(|v| v.is_finite());
    Ok(Scorecard { label: axis.label.clone(), value, formatted: format_value(value, axis.symbol()) })
}

/// The sum and count of `numbers`, or `None` when there are none.
fn fold(numbers: impl Iterator<Item = f64>) -> Option<(f64, usize)> {
    numbers.fold(None, |acc, n| match acc {
        None => Some((n, 1)),
        Some((sum, count)) => Some((sum + n, count + 1)),
    })
}

/// Formats a card's value by the rule of this module, with [`crate::display`]'s numbers.
pub fn format_value(value: Option<f64>, symbol: &str) -> String {
    let Some(value) = value.filter(|v| v.is_finite()) else {
        return NO_VALUE.to_owned();
    };
    let up_to_cents = format_currency(value, symbol, Decimals::UpTo(2), &EN_US);
    match symbol.chars().any(|c| MONEY_SYMBOLS.contains(c)) && up_to_cents.contains('.') {
        true => format_currency(value, symbol, Decimals::Exactly(2), &EN_US),
        false => up_to_cents,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(cells: &[&str]) -> Table {
        let rows: Vec<Vec<&str>> = cells.iter().map(|c| vec![*c]).collect();
        Table::from_rows(vec!["Amount".into()], &rows).unwrap()
    }

    fn card(cells: &[&str], function: ScoreFunction) -> Scorecard {
        let t = table(cells);
        let rows: Vec<u32> = (0..cells.len() as u32).collect();
        let axis = ScorecardAxis {
            source: SheetColumn { sheet: "Sales".into(), column: "Amount".into() },
            label: "Total".into(),
            function,
            ..ScorecardAxis::default()
        };
        compute(&t, &rows, &axis).unwrap()
    }

    #[test]
    fn sum_strips_symbols_and_skips_empty_and_text_cells() {
        let c = card(&["$1,200", "34.5", "", "n/a"], ScoreFunction::Sum);
        assert_eq!((c.label.as_str(), c.value, c.formatted.as_str()), ("Total", Some(1234.5), "$1,234.50"));
    }

    #[test]
    fn average_divides_by_the_cells_holding_a_number() {
        assert_eq!(card(&["10", "n/a", "20", ""], ScoreFunction::Average).value, Some(15.0));
        assert_eq!(card(&["1", "2"], ScoreFunction::Average).formatted, "$1.50");
        // Money shows its cents as two digits ("Average order $1,067.70"); other symbols do not.
        assert_eq!(card(&["1067.7", "1067.7"], ScoreFunction::Average).formatted, "$1,067.70");
        assert_eq!(format_value(Some(4.5), "★ "), "★ 4.5");
        assert_eq!(format_value(Some(15.0), "€"), "€15");
    }

    #[test]
    fn first_and_last_row_read_the_end_rows_even_when_empty() {
        assert_eq!(card(&["5", "6", "7"], ScoreFunction::FirstRow).value, Some(5.0));
        assert_eq!(card(&["5", "6", "7"], ScoreFunction::LastRow).value, Some(7.0));
        assert_eq!(card(&["", "6"], ScoreFunction::FirstRow).value, None);
        assert_eq!(card(&["6", "total"], ScoreFunction::LastRow).value, None);
    }

    #[test]
    fn no_numbers_or_no_rows_have_no_value() {
        for function in [ScoreFunction::Sum, ScoreFunction::Average, ScoreFunction::FirstRow, ScoreFunction::LastRow] {
            let c = card(&["abc", ""], function);
            assert_eq!((c.value, c.formatted.as_str()), (None, NO_VALUE), "{function:?}");
            assert_eq!(card(&[], function).value, None, "{function:?}");
        }
    }

    #[test]
    fn the_query_order_and_subset_decide_first_and_last() {
        let t = table(&["1", "2", "3", "4"]);
        let axis = ScorecardAxis { source: SheetColumn { sheet: String::new(), column: "amount".into() }, ..Default::default() };
        let first = ScorecardAxis { function: ScoreFunction::FirstRow, ..axis.clone() };
        assert_eq!(compute(&t, &[3, 1], &first).unwrap().value, Some(4.0));
        assert_eq!(compute(&t, &[3, 1], &axis).unwrap().value, Some(6.0));
        assert_eq!(compute(&t, &[9, 1], &axis).unwrap().value, Some(2.0), "a row past the end reads as empty");
    }

    #[test]
    fn a_sum_beyond_f64_has_no_value() {
        assert_eq!(card(&[&"9".repeat(308), &"9".repeat(308)], ScoreFunction::Sum).value, None);
    }

    #[test]
    fn formatting_groups_thousands_and_keeps_up_to_two_decimals() {
        let f = |v: f64, s: &str| format_value(Some(v), s);
        assert_eq!(f(1234.5, "$"), "$1,234.50");
        assert_eq!(f(1234.0, "$"), "$1,234");
        assert_eq!(f(1234567.891, "€"), "€1,234,567.89");
        assert_eq!(f(999.999, "$"), "$1,000");
        assert_eq!(f(0.0, "$"), "$0");
        assert_eq!(f(0.5, ""), "0.5");
        assert_eq!(f(100.0, "USD "), "USD 100");
        assert_eq!(f(1e21, "$"), "$1,000,000,000,000,000,000,000");
    }

    #[test]
    fn negatives_put_the_sign_before_the_symbol_and_never_show_minus_zero() {
        assert_eq!(format_value(Some(-5.0), "$"), "-$5");
        assert_eq!(format_value(Some(-1234.567), "$"), "-$1,234.57");
        assert_eq!(format_value(Some(-0.001), "$"), "$0");
        assert_eq!(format_value(Some(-0.0), "$"), "$0");
    }

    #[test]
    fn ties_round_away_from_zero_like_javascript() {
        assert_eq!(format_value(Some(0.125), ""), "0.13");
        assert_eq!(format_value(Some(-0.125), ""), "-0.13");
        assert_eq!(format_value(Some(2.675), ""), "2.67", "2.675 is stored just below the tie");
        assert_eq!(format_value(Some(1.005), ""), "1", "1.005 is stored just below the tie");
    }

    #[test]
    fn no_value_and_non_finite_values_format_as_a_dash() {
        assert_eq!(format_value(None, "$"), NO_VALUE);
        assert_eq!(format_value(Some(f64::NAN), "$"), NO_VALUE);
        assert_eq!(format_value(Some(f64::INFINITY), "$"), NO_VALUE);
    }

    #[test]
    fn function_names_accept_spaces_or_underscores_and_default_to_sum() {
        let read = |json: &str| serde_json::from_str::<ScorecardAxis>(json).map(|a| a.function);
        assert_eq!(read(r#"{"function":"first row"}"#).unwrap(), ScoreFunction::FirstRow);
        assert_eq!(read(r#"{"function":"last_row"}"#).unwrap(), ScoreFunction::LastRow);
        assert_eq!(read(r#"{}"#).unwrap(), ScoreFunction::Sum);
        assert!(read(r#"{"function":"median"}"#).is_err());
        assert_eq!(serde_json::to_string(&ScoreFunction::FirstRow).unwrap(), r#""first row""#);
    }

    #[test]
    fn the_symbol_defaults_to_dollar_and_may_be_empty() {
        let axis: ScorecardAxis = serde_json::from_str(r#"{"symbol":null}"#).unwrap();
        assert_eq!(axis.symbol(), "$");
        let axis: ScorecardAxis = serde_json::from_str(r#"{"symbol":""}"#).unwrap();
        assert_eq!(axis.symbol(), "");
    }

    #[test]
    fn a_missing_or_unset_column_is_an_error_naming_it() {
        let t = table(&["1"]);
        let axis = ScorecardAxis { label: "Revenue".into(), ..Default::default() };
        assert_eq!(compute(&t, &[0], &axis).unwrap_err().to_string(), "scorecard `Revenue` has no source column");
        let axis = ScorecardAxis { source: SheetColumn { sheet: String::new(), column: "Profit".into() }, ..axis };
        assert_eq!(
            compute(&t, &[0], &axis).unwrap_err().to_string(),
            "scorecard `Revenue` reads column `Profit`, which this sheet does not have"
        );
    }

    #[test]
    fn the_api_ops_answer_json() {
        assert_eq!(crate::api::evaluate("scorecard", r##"{"sheet":{"columns":["Region","Amount"],"rows":[["North","$1,200"],["South","$99"],["North","34.5"],["North","n/a"]]},"spec":{"filters":[{"name":"Region","active":true,"condition":"=","sheet_column":{"sheet":"Sales","column":"Region"},"value":"North"}]},"axis":[{"source":{"sheet":"Sales","column":"Amount"},"label":"North total","function":"sum"},{"source":{"sheet":"Sales","column":"Amount"},"label":"Average","function":"average","symbol":"€"},{"source":{"sheet":"Sales","column":"Amount"},"label":"Last","function":"last row"}]}"##), Ok(r##"[{"label":"North total","value":1234.5,"formatted":"$1,234.50"},{"label":"Average","value":617.25,"formatted":"€617.25"},{"label":"Last","value":null,"formatted":"—"}]"##.to_owned()));
    }
}
