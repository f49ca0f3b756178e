//! Chart aggregation (blocks §3.3, issue 48): the render-ready series of a chart block, which
//! the web turns into ECharts options and the server draws as SVG, so both show the same numbers.
//!
//! **Categories.** The matching rows (filters and search of [`crate::query`]) are grouped by
//! their `x_axis` cell, trimmed:
//!
//! - by a unit of time ([`crate::date_bucket`]) when `x_bucket` names one, or when it is
//!   `Automatic` (the default) and every non-empty x cell of the matching rows holds a date.
//!   Buckets are in time order, and for line, bar and scatter charts every bucket between the
//!   first and the last has its place (a month without rows is drawn, as zero for sums and
//!   counts and as a gap for averages, minimums and maximums, which have no value there). With
//!   a chosen unit, cells that hold no date are grouped as [`NOT_A_DATE`], after the dates;
//! - else by text: groups keep the order in which their first row appears, and cells that
//!   differ only in case are different groups (a sheet's `north` and `North` are both shown, as
//!   the spreadsheet shows them).
//!
//! Rows whose x cell is empty form the group [`EMPTY_CATEGORY`] (last among date buckets), or
//! are left out when `empty_categories` is `Leave out`.
//!
//! **Series.** Every axis is one series with one value per group, by its `duplicateXAxis`:
//!
//! - numbers are read with the axis' decimal separator (see [`crate::number`]); cells without a
//!   number are left out of their group;
//! - `sum` (the default) adds the group's numbers, `average` divides that sum by how many
//!   numbers there were, `min` and `max` pick one; a group with no number at all is `null`, a
//!   gap that `spanGaps` may bridge; so is a sum too large for an `f64`, which no chart could draw;
//! - `count` counts the group's rows (the column's cells need not hold anything; the series is
//!   named `Count`), and `count distinct` the different non-empty texts of the column in the
//!   group (named `<column> (distinct)`).
//!
//! **Order and top N.** `category_order` sorts the groups by the first series' value (high to
//! low or low to high; groups without a value last) or by label, as the table sorts the x
//! column ascending ([`crate::sort`]); `As in the sheet` keeps the order above. Date buckets are
//! always in time order unless sorted by value. `top_n` (0: every group) keeps the groups with
//! the highest first-series values and adds up the rest as [`OTHER_CATEGORY`], computed from
//! their rows (so an average of the rest is an average, not a sum of averages); it does not
//! apply to date buckets, whose time line stays whole.
//!
//! | x     | Sales  | sum   | average |
//! |-------|--------|-------|---------|
//! | North | `$10`  |       |         |
//! | South | `5`    |       |         |
//! | North | `$2.5` |       |         |
//! | South | `n/a`  |       |         |
//! | →     |        | North 12.5, South 5 | North 6.25, South 5 |

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::date::from_seconds;
use crate::date_bucket::{DateBucket, Unit};
use crate::error::QueryError;
use crate::number::{parse_number, DecimalSeparator};
use crate::query::{matching_rows, QuerySpec};
use crate::sort::{sort_rows, SortDirection};
use crate::table::{Column, Table, NO_DATE};

/// The label of the rows whose x cell is empty.
pub const EMPTY_CATEGORY: &str = "(empty)";
/// The label of the rows whose x cell holds no date, on an axis grouped by a unit of time.
pub const NOT_A_DATE: &str = "(not a date)";
/// The label of the groups after the top N.
pub const OTHER_CATEGORY: &str = "Other";

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

/// How a group's cells become one value (blocks §3.3 `duplicateXAxis`, with issue 48's counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
#[cfg_attr(any(test, feature = "ts"), ts(rename = "DuplicateXAxis"))]
pub enum Combine {
    #[default]
    Sum,
    Average,
    Count,
    #[serde(rename = "count distinct")]
    CountDistinct,
    Min,
    Max,
}

impl Combine {
    /// The value of a bucket without rows: none counted and nothing added is zero; an average,
    /// a minimum or a maximum of nothing has no value.
    fn of_nothing(self) -> Option<f64> {
        match self {
            Combine::Sum | Combine::Count | Combine::CountDistinct => Some(0.0),
            Combine::Average | Combine::Min | Combine::Max => None,
        }
    }
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

/// The order of a chart's categories (its `category_order` setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum CategoryOrder {
    #[default]
    #[serde(rename = "As in the sheet")]
    Sheet,
    #[serde(rename = "Value, high to low")]
    ValueDescending,
    #[serde(rename = "Value, low to high")]
    ValueAscending,
    #[serde(rename = "Label, A to Z")]
    Label,
}

/// What a chart does with the rows whose x cell is empty (its `empty_categories` setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum EmptyCategories {
    #[default]
    #[serde(rename = "Show as (empty)")]
    Show,
    #[serde(rename = "Leave out")]
    LeaveOut,
}

/// How a chart groups its rows into categories (the module documentation says how).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct Grouping {
    #[serde(default)]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub x_bucket: DateBucket,
    #[serde(default)]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub category_order: CategoryOrder,
    /// Keep this many groups and add up the rest; 0 keeps every group.
    #[serde(default)]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub top_n: u32,
    #[serde(default)]
    #[cfg_attr(any(test, feature = "ts"), ts(as = "Option<_>", optional))]
    pub empty_categories: EmptyCategories,
}

/// A chart block's query: the rows (as for any block) plus the axes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct ChartSpec {
    #[serde(flatten)]
    pub query: QuerySpec,
    pub x_axis: String,
    pub axis: Vec<ChartAxis>,
    #[serde(flatten)]
    pub grouping: Grouping,
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

/// The categories of a chart: a label per group and the group of each matching row (`None`:
/// left out).
struct Groups {
    labels: Vec<String>,
    of_row: Vec<Option<usize>>,
    /// Whether the groups are buckets of time (in time order, gaps filled where drawn).
    timeline: bool,
    /// Groups that hold no row (filled buckets).
    empty: Vec<bool>,
}

/// Groups the rows matching `spec` and combines each axis per group.
pub fn aggregate(table: &Table, spec: &ChartSpec) -> Result<ChartModel, QueryError> {
    let find = |name: &str| table.column_index(name).ok_or_else(|| QueryError::MissingColumn { column: name.to_owned() });
    let x = table.column(find(&spec.x_axis)?);
    let axes = spec.axis.iter().map(|a| find(&a.column).map(|c| (a, table.column(c)))).collect::<Result<Vec<_>, _>>()?;
    let rows = matching_rows(table, &spec.query)?;
    let fills = spec.axis.first().is_none_or(|axis| axis.series_type.family() == SeriesFamily::Grid);

    let mut groups = match unit_of(x, &rows, spec.grouping.x_bucket) {
        Some(unit) => by_time(x, &rows, unit, spec.grouping.empty_categories, fills),
        None => by_text(x, &rows, spec.grouping.empty_categories),
    };
    let values =
        |groups: &Groups| -> Vec<Vec<Option<f64>>> { axes.iter().map(|(axis, column)| combine(axis, column, &rows, groups)).collect() };
    let mut data = values(&groups);
    if spec.grouping.top_n > 0 && !groups.timeline && groups.labels.len() > spec.grouping.top_n as usize {
        groups = top(groups, data.first().map(Vec::as_slice).unwrap_or_default(), spec.grouping.top_n as usize);
        data = values(&groups);
    }
    let order = ordered(&groups, x, &rows, data.first().map(Vec::as_slice).unwrap_or_default(), spec.grouping.category_order);
    let labels = order.iter().map(|&g| groups.labels[g].clone()).collect();
    let series = axes
        .iter()
        .zip(data)
        .map(|((axis, _), values)| Series {
            name: series_name(axis),
            series_type: axis.series_type,
            data: order.iter().map(|&g| values[g]).collect(),
        })
        .collect();
    Ok(ChartModel { labels, series })
}

/// A series' name in the legend: its column, but a count counts rows, not the column's values.
fn series_name(axis: &ChartAxis) -> String {
    match axis.duplicate_x_axis {
        Combine::Count => "Count".to_owned(),
        Combine::CountDistinct => format!("{} (distinct)", axis.column),
        _ => axis.column.clone(),
    }
}

/// The unit `x` is grouped by, if any: the one `bucket` names, or for `Automatic` the span's
/// unit when every non-empty x cell of `rows` holds a date (and one does).
fn unit_of(x: &Column, rows: &[u32], bucket: DateBucket) -> Option<Unit> {
    if let Some(unit) = bucket.unit() {
        return Some(unit);
    }
    if bucket == DateBucket::EachValue {
        return None;
    }
    let dates = x.dates();
    let (mut first, mut last) = (i64::MAX, i64::MIN);
    for &row in rows {
        let slot = x.slot(row as usize);
        if x.slot_text(slot).trim().is_empty() {
            continue;
        }
        let seconds = dates[slot];
        if seconds == NO_DATE {
            return None;
        }
        (first, last) = (first.min(seconds), last.max(seconds));
    }
    let day = |seconds: i64| from_seconds(seconds).map(|moment| moment.date());
    Some(Unit::automatic(day(first)?, day(last)?))
}

/// One group per distinct trimmed text, in order of first appearance.
fn by_text(x: &Column, rows: &[u32], empty: EmptyCategories) -> Groups {
    // Group by slot first (a dictionary-encoded x column has few), then merge slots whose
    // trimmed text is the same.
    let mut labels: Vec<String> = Vec::new();
    let mut group_of_label: HashMap<&str, usize> = HashMap::new();
    // `LEFT_OUT` marks a slot whose rows no group takes (one map type for both: every map type
    // is code of its own in the WASM core).
    const LEFT_OUT: usize = usize::MAX;
    let mut group_of_slot: HashMap<usize, usize> = HashMap::new();
    let mut of_row = Vec::with_capacity(rows.len());
    for &row in rows {
        let slot = x.slot(row as usize);
        let group = *group_of_slot.entry(slot).or_insert_with(|| {
            let label = match x.slot_text(slot).trim() {
                "" if empty == EmptyCategories::LeaveOut => return LEFT_OUT,
                "" => EMPTY_CATEGORY,
                label => label,
            };
            *group_of_label.entry(label).or_insert_with(|| {
                labels.push(label.to_owned());
                labels.len() - 1
            })
        });
        of_row.push(Some(group).filter(|&group| group != LEFT_OUT));
    }
    let empty = vec![false; labels.len()];
    Groups { labels, of_row, timeline: false, empty }
}

/// One group per bucket of `unit` from the first date to the last (only those with rows unless
/// `fill`), then [`NOT_A_DATE`] and [`EMPTY_CATEGORY`] when rows fall there.
fn by_time(x: &Column, rows: &[u32], unit: Unit, empty: EmptyCategories, fill: bool) -> Groups {
    #[derive(Clone, Copy)]
    enum Place {
        Bucket(i64),
        NotADate,
        Empty,
        Out,
    }
    let dates = x.dates();
    let mut place_of_slot: Vec<Option<Place>> = vec![None; x.slot_count()];
    let places: Vec<Place> = rows
        .iter()
        .map(|&row| {
            let slot = x.slot(row as usize);
            *place_of_slot[slot].get_or_insert_with(|| {
                let date = Some(dates[slot]).filter(|&seconds| seconds != NO_DATE).and_then(from_seconds);
                match (x.slot_text(slot).trim().is_empty(), date) {
                    (true, _) if empty == EmptyCategories::LeaveOut => Place::Out,
                    (true, _) => Place::Empty,
                    (false, Some(moment)) => Place::Bucket(unit.key(moment.date())),
                    (false, None) => Place::NotADate,
                }
            })
        })
        .collect();
    let mut held: Vec<i64> = places.iter().filter_map(|place| if let Place::Bucket(key) = place { Some(*key) } else { None }).collect();
    held.sort_unstable();
    held.dedup();
    let keys: Vec<i64> = match (fill, held.first(), held.last()) {
        (true, Some(&first), Some(&last)) => (first..=last).collect(),
        _ => held.clone(),
    };
    let mut labels: Vec<String> = keys.iter().map(|&key| unit.label(key)).collect();
    let mut empty_groups: Vec<bool> = keys.iter().map(|key| held.binary_search(key).is_err()).collect();
    let mut extra = |label: &str, wanted: bool| {
        wanted.then(|| {
            labels.push(label.to_owned());
            empty_groups.push(false);
            labels.len() - 1
        })
    };
    let not_a_date = extra(NOT_A_DATE, places.iter().any(|place| matches!(place, Place::NotADate)));
    let empty_group = extra(EMPTY_CATEGORY, places.iter().any(|place| matches!(place, Place::Empty)));
    let of_row = places
        .iter()
        .map(|place| match place {
            Place::Bucket(key) => keys.binary_search(key).ok(),
            Place::NotADate => not_a_date,
            Place::Empty => empty_group,
            Place::Out => None,
        })
        .collect();
    Groups { labels, of_row, timeline: true, empty: empty_groups }
}

/// One value per group of `axis` over `column`.
fn combine(axis: &ChartAxis, column: &Column, rows: &[u32], groups: &Groups) -> Vec<Option<f64>> {
    let n = groups.labels.len();
    let number = |row: usize| match axis.decimal_separator {
        DecimalSeparator::Dot => column.number(row),
        DecimalSeparator::Comma => parse_number(column.text(row), DecimalSeparator::Comma),
    };
    let members = rows.iter().zip(&groups.of_row).filter_map(|(&row, group)| group.map(|g| (row as usize, g)));
    let mut values: Vec<Option<f64>> = match axis.duplicate_x_axis {
        Combine::Count => {
            let mut counts = vec![0usize; n];
            members.for_each(|(_, g)| counts[g] += 1);
            counts.into_iter().map(|count| Some(count as f64)).collect()
        }
        Combine::CountDistinct => {
            let mut seen: Vec<HashSet<&str>> = vec![HashSet::new(); n];
            for (row, g) in members {
                let text = column.text(row).trim();
                if !text.is_empty() {
                    seen[g].insert(text);
                }
            }
            seen.into_iter().map(|texts| Some(texts.len() as f64)).collect()
        }
        combine => {
            let mut folded: Vec<Option<(f64, usize)>> = vec![None; n];
            for (row, g) in members {
                let Some(value) = number(row) else { continue };
                folded[g] = Some(match (folded[g], combine) {
                    (None, _) => (value, 1),
                    (Some((min, count)), Combine::Min) => (min.min(value), count + 1),
                    (Some((max, count)), Combine::Max) => (max.max(value), count + 1),
                    (Some((sum, count)), _) => (sum + value, count + 1),
                });
            }
            folded
                .into_iter()
                .map(|fold| {
                    let (value, count) = fold?;
                    Some(if combine == Combine::Average { value / count as f64 } else { value }).filter(|v| v.is_finite())
                })
                .collect()
        }
    };
    for (value, _) in values.iter_mut().zip(&groups.empty).filter(|(_, &empty)| empty) {
        *value = axis.duplicate_x_axis.of_nothing();
    }
    values
}

/// `groups` with only the `n` of highest `first` value (ties: the earlier) and the rest as one
/// group, [`OTHER_CATEGORY`], after them.
fn top(groups: Groups, first: &[Option<f64>], n: usize) -> Groups {
    let mut ranked: Vec<usize> = (0..groups.labels.len()).collect();
    sort_groups(&mut ranked, &|a, b| by_value(first[b], first[a]).then(none_last(first[a], first[b])).then(a.cmp(&b)));
    let mut kept: Vec<usize> = ranked[..n].to_vec();
    sort_groups(&mut kept, &|a, b| a.cmp(&b));
    let mut new_index = vec![n; groups.labels.len()];
    for (i, &g) in kept.iter().enumerate() {
        new_index[g] = i;
    }
    let mut labels: Vec<String> = kept.iter().map(|&g| groups.labels[g].clone()).collect();
    labels.push(OTHER_CATEGORY.to_owned());
    let of_row = groups.of_row.iter().map(|group| group.map(|g| new_index[g])).collect();
    let empty = vec![false; labels.len()];
    Groups { labels, of_row, timeline: false, empty }
}

/// The groups' indices in the order `order` asks for.
fn ordered(groups: &Groups, x: &Column, rows: &[u32], first: &[Option<f64>], order: CategoryOrder) -> Vec<usize> {
    let mut order_of: Vec<usize> = (0..groups.labels.len()).collect();
    // The sorts are stable: equal values keep the sheet's (or time's) order.
    match order {
        CategoryOrder::Sheet => {}
        CategoryOrder::Label if groups.timeline => {}
        CategoryOrder::Label => order_of = by_label(groups, x, rows),
        CategoryOrder::ValueDescending => {
            sort_groups(&mut order_of, &|a, b| by_value(first[b], first[a]).then(none_last(first[a], first[b])))
        }
        CategoryOrder::ValueAscending => {
            sort_groups(&mut order_of, &|a, b| by_value(first[a], first[b]).then(none_last(first[a], first[b])))
        }
    }
    order_of
}

/// The groups in the order the table sorts the x column ascending ([`crate::sort`]: numbers by
/// value, dates in time order, texts alphabetically, case aside), each by its first row; a group
/// of many texts ([`OTHER_CATEGORY`]) last.
fn by_label(groups: &Groups, x: &Column, rows: &[u32]) -> Vec<usize> {
    let mut group_of_row: HashMap<usize, usize> = HashMap::new();
    let mut seen = vec![false; groups.labels.len()];
    let mut firsts: Vec<u32> = Vec::new();
    for (&row, group) in rows.iter().zip(&groups.of_row) {
        if let Some(g) = group.filter(|&g| !seen[g]) {
            seen[g] = true;
            group_of_row.insert(row as usize, g);
            firsts.push(row);
        }
    }
    if groups.labels.last().is_some_and(|label| label == OTHER_CATEGORY) {
        // The rest's first row names only one of its texts.
        if let Some(other) = firsts.iter().position(|&row| group_of_row[&(row as usize)] == groups.labels.len() - 1) {
            firsts.remove(other);
        }
    }
    sort_rows(x, SortDirection::Ascending, &mut firsts);
    let mut order: Vec<usize> = firsts.iter().map(|&row| group_of_row[&(row as usize)]).collect();
    let sorted = order.clone();
    order.extend((0..groups.labels.len()).filter(|g| !sorted.contains(g)));
    order
}

/// A stable sort of group indices. One comparator type for every order: each closure type
/// passed to `sort_by` is a sort of its own in the WASM core the browser downloads.
fn sort_groups(groups: &mut [usize], compare: &dyn Fn(usize, usize) -> Ordering) {
    groups.sort_by(|&a, &b| compare(a, b));
}

/// Values compared, a group without one equal to every other here (see [`none_last`]).
fn by_value(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        _ => Ordering::Equal,
    }
}

/// Groups without a value after those with one.
fn none_last(a: Option<f64>, b: Option<f64>) -> Ordering {
    a.is_none().cmp(&b.is_none())
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
            grouping: Grouping::default(),
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
