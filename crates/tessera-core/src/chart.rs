//! Chart aggregation (blocks §3.3): the render-ready series of a chart block, which the web
//! turns into ECharts options and the server draws as SVG, so both show the same numbers.
//!
//! The matching rows (filters and search of [`crate::query`]) are grouped by the text of the
//! `x_axis` cell, trimmed; groups keep the order in which their first row appears, and cells
//! that differ only in case are different groups (a sheet's `north` and `North` are both shown,
//! as the spreadsheet shows them). Every axis is one series with one value per group:
//!
//! - numbers are read with the axis' decimal separator (see [`crate::number`]); cells without a
//!   number are left out of their group;
//! - `duplicateXAxis: sum` (the default) adds the group's numbers, `average` divides that sum by
//!   how many numbers there were;
//! - a group with no number at all is `null`, a gap that `spanGaps` may bridge; so is a sum too
//!   large for an `f64`, which no chart could draw.
//!
//! | x     | Sales  | sum   | average |
//! |-------|--------|-------|---------|
//! | North | `$10`  |       |         |
//! | South | `5`    |       |         |
//! | North | `$2.5` |       |         |
//! | South | `n/a`  |       |         |
//! | →     |        | North 12.5, South 5 | North 6.25, South 5 |

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::error::QueryError;
use crate::number::{parse_number, DecimalSeparator};
use crate::query::{matching_rows, QuerySpec};
use crate::table::Table;

/// Series types of blocks §3.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(rename = "ChartType"))]
pub enum SeriesType {
    #[serde(rename = "line")]
    Line,
    #[default]
    #[serde(rename = "bar")]
    Bar,
    #[serde(rename = "horizontal-bar")]
    HorizontalBar,
    #[serde(rename = "radar")]
    Radar,
    #[serde(rename = "pie")]
    Pie,
    #[serde(rename = "polarArea")]
    PolarArea,
    #[serde(rename = "scatter")]
    Scatter,
}

impl SeriesType {
    /// Every series type, in the order the settings editor offers them.
    pub const ALL: [SeriesType; 7] = [
        SeriesType::Line,
        SeriesType::Bar,
        SeriesType::HorizontalBar,
        SeriesType::Radar,
        SeriesType::Pie,
        SeriesType::PolarArea,
        SeriesType::Scatter,
    ];

    /// The series a chart draws together with this one: a pie ring or a radar polygon has no
    /// place on a grid of categories, so a chart holds series of one family only.
    pub const fn family(self) -> SeriesFamily {
        match self {
            SeriesType::Line | SeriesType::Bar | SeriesType::HorizontalBar | SeriesType::Scatter => SeriesFamily::Grid,
            SeriesType::Radar => SeriesFamily::Radar,
            SeriesType::Pie | SeriesType::PolarArea => SeriesFamily::Ring,
        }
    }
}

/// Series types drawn together (see [`SeriesType::family`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriesFamily {
    Grid,
    Radar,
    Ring,
}

impl SeriesFamily {
    /// The family's types, as an owner reads them.
    pub const fn members(self) -> &'static str {
        match self {
            SeriesFamily::Grid => "line, bar, horizontal bar and scatter",
            SeriesFamily::Radar => "radar",
            SeriesFamily::Ring => "pie and polar area",
        }
    }
}

/// How a group's numbers become one value (blocks §3.3 `duplicateXAxis`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(rename = "DuplicateXAxis"))]
pub enum Combine {
    #[default]
    Sum,
    Average,
}

/// One chart axis (series) as far as the numbers go; styling stays with the block config.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct ChartAxis {
    pub column: String,
    #[serde(default, rename = "type")]
    pub series_type: SeriesType,
    #[serde(default, rename = "duplicateXAxis")]
    pub duplicate_x_axis: Combine,
    #[serde(default)]
    pub decimal_separator: DecimalSeparator,
}

/// A chart block's query: the rows (as for any block) plus the axes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct ChartSpec {
    #[serde(flatten)]
    pub query: QuerySpec,
    pub x_axis: String,
    pub axis: Vec<ChartAxis>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(rename = "ChartSeries"))]
pub struct Series {
    pub name: String,
    #[serde(rename = "type")]
    pub series_type: SeriesType,
    pub data: Vec<Option<f64>>,
}

/// What a renderer needs: one label per group, one value per group and series.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct ChartModel {
    pub labels: Vec<String>,
    pub series: Vec<Series>,
}

/// Groups the rows matching `spec` and combines each axis per group.
pub fn aggregate(table: &Table, spec: &ChartSpec) -> Result<ChartModel, QueryError> {
    let find = |name: &str| table.column_index(name).ok_or_else(|| QueryError::MissingColumn { column: name.to_owned() });
    let x = table.column(find(&spec.x_axis)?);
    let axes = spec.axis.iter().map(|a| find(&a.column).map(|c| (a, table.column(c)))).collect::<Result<Vec<_>, _>>()?;
    let rows = matching_rows(table, &spec.query)?;

    // Group by slot first (a dictionary-encoded x column has few), then merge slots whose
    // trimmed text is the same.
    let mut labels: Vec<String> = Vec::new();
    let mut group_of_label: HashMap<&str, usize> = HashMap::new();
    let mut group_of_slot: HashMap<usize, usize> = HashMap::new();
    let mut row_groups = Vec::with_capacity(rows.len());
    for &row in &rows {
        let slot = x.slot(row as usize);
        let group = *group_of_slot.entry(slot).or_insert_with(|| {
            let label = x.slot_text(slot).trim();
            *group_of_label.entry(label).or_insert_with(|| {
                labels.push(label.to_owned());
                labels.len() - 1
            })
        });
        row_groups.push(group);
    }

    let series = axes
        .into_iter()
        .map(|(axis, column)| {
            let mut sums = vec![0.0; labels.len()];
            let mut counts = vec![0usize; labels.len()];
            for (&row, &group) in rows.iter().zip(&row_groups) {
                let number = match axis.decimal_separator {
                    DecimalSeparator::Dot => column.number(row as usize),
                    DecimalSeparator::Comma => parse_number(column.text(row as usize), DecimalSeparator::Comma),
                };
                if let Some(n) = number {
                    sums[group] += n;
                    counts[group] += 1;
                }
            }
            let data = sums
                .iter()
                .zip(&counts)
                .map(|(&sum, &count)| match (count, axis.duplicate_x_axis) {
                    (0, _) => None,
                    (_, Combine::Sum) => Some(sum).filter(|s| s.is_finite()),
                    (n, Combine::Average) => Some(sum / n as f64).filter(|a| a.is_finite()),
                })
                .collect();
            Series { name: axis.column.clone(), series_type: axis.series_type, data }
        })
        .collect();
    Ok(ChartModel { labels, series })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        let rows = [["North", "$10"], ["South", "5"], ["North", "$2.5"], ["South", "n/a"], [" North ", "1,5"], ["East", ""]];
        let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.to_vec()).collect();
        Table::from_rows(vec!["Region".into(), "Sales".into()], &rows).unwrap()
    }

    fn spec(combine: Combine, separator: DecimalSeparator) -> ChartSpec {
        ChartSpec {
            query: QuerySpec::default(),
            x_axis: "Region".into(),
            axis: vec![ChartAxis {
                column: "Sales".into(),
                series_type: SeriesType::Bar,
                duplicate_x_axis: combine,
                decimal_separator: separator,
            }],
        }
    }

    #[test]
    fn groups_keep_first_seen_order_and_sum_by_default() {
        let model = aggregate(&table(), &spec(Combine::Sum, DecimalSeparator::Dot)).unwrap();
        assert_eq!(model.labels, vec!["North", "South", "East"]);
        assert_eq!(model.series[0].data, vec![Some(27.5), Some(5.0), None]);
    }

    #[test]
    fn average_divides_by_the_cells_that_hold_a_number() {
        let model = aggregate(&table(), &spec(Combine::Average, DecimalSeparator::Dot)).unwrap();
        assert_eq!(model.series[0].data, vec![Some(27.5 / 3.0), Some(5.0), None]);
    }

    #[test]
    fn comma_separator_reads_decimal_commas() {
        let model = aggregate(&table(), &spec(Combine::Sum, DecimalSeparator::Comma)).unwrap();
        assert_eq!(model.series[0].data[0], Some(10.0 + 25.0 + 1.5));
    }

    #[test]
    fn a_missing_column_is_named_in_the_error() {
        let mut s = spec(Combine::Sum, DecimalSeparator::Dot);
        s.x_axis = "Month".into();
        assert_eq!(aggregate(&table(), &s).unwrap_err().to_string(), "column `Month` does not exist in this sheet");
    }
}
