//! Runs the query code a viewer's first query runs, over a small table of its own, as a sheet
//! loads. V8 compiles a WASM function on its first call with its baseline compiler and compiles
//! it again, optimised, in the background only once it has run a while; it never swaps code
//! under a call that is running. So the first query over a million rows ran on baseline code
//! from start to end (issue 31: 1.6 to 3.9 times a warm query, against 0.8 to 1.9 times with
//! the optimising compiler forced on). Run before `Table::warm`, whose work on the real sheet
//! leaves the background compiles the time to finish. Nothing here is a data rule: the answers
//! are dropped.

use std::sync::Once;

use tessera_core::chart::{self, ChartAxis, ChartSpec, Combine, Grouping, SeriesType};
use tessera_core::filter::{Condition, Filter, FilterValue, SheetColumn};
use tessera_core::number::DecimalSeparator;
use tessera_core::sort::{Sort, SortDirection};
use tessera_core::{query, QuerySpec, Table};

/// Rows of the table: above `dictionary_encode`'s 16-row floor, so one column is a dictionary
/// and the others stay plain, as on a real sheet.
const ROWS: usize = 256;

/// Enough runs for V8 to take each function the queries call as hot.
const RUNS: usize = 16;

/// Sheets shorter than this skip the warm-up: their first query on baseline code takes a few
/// milliseconds, less than the warm-up would.
pub const WARM_CODE_MIN_ROWS: usize = 50_000;

static WARMED: Once = Once::new();

/// Filters of each kind (text, number, date), a search and a group-by, then a sorted page: the
/// calls a board's blocks and the editor's preview make. Once per module instance, for the
/// first sheet of [`WARM_CODE_MIN_ROWS`] rows or more: V8 keeps the optimised code.
pub fn warm_code_for(rows: usize) {
    if rows < WARM_CODE_MIN_ROWS {
        return;
    }
    WARMED.call_once(|| {
        let Ok((table, chart_spec, query_spec)) = warm_up_inputs() else { return };
        for _ in 0..RUNS {
            let _ = chart::aggregate(&table, &chart_spec);
            let _ = query::run(&table, &query_spec);
        }
    });
}

// Built as structs, not read from JSON: a JSON reader of these specs would add about 100 KB to
// the browser's module.
fn warm_up_inputs() -> Result<(Table, ChartSpec, QuerySpec), tessera_core::TableError> {
    let regions = ["North", "South", "East", "West"];
    let rows: Vec<Vec<String>> = (0..ROWS)
        .map(|i| {
            vec![
                format!("Person {i}"),
                regions[i % regions.len()].to_owned(),
                format!("${},{:03}.50", i % 7, (i * 37) % 1000),
                format!("2024-{:02}-{:02}", i % 12 + 1, i % 28 + 1),
                format!("note {i}, with text"),
            ]
        })
        .collect();
    let names = ["Name", "Region", "Amount", "Date", "Notes"].map(String::from).to_vec();
    let table = Table::from_rows(names, &rows)?;
    table.warm();
    let filter = |column: &str, condition, value| Filter {
        name: column.to_owned(),
        active: true,
        condition,
        sheet_column: SheetColumn { sheet: SHEET.to_owned(), column: column.to_owned() },
        value,
    };
    let query = QuerySpec {
        sheet: Some(SHEET.to_owned()),
        filters: vec![
            filter("Region", Condition::Equals, FilterValue::Text("north".to_owned())),
            filter("Amount", Condition::GreaterThan, FilterValue::Text("100".to_owned())),
            filter("Date", Condition::Date, FilterValue::List(vec!["2024-01-01".to_owned(), "2024-06-30".to_owned()])),
        ],
        search: Some("an, ex".to_owned()),
        sort: Some(Sort { column: "Amount".to_owned(), direction: SortDirection::Descending }),
        page: Some(1),
        rows_per_page: Some(10),
        ..QuerySpec::default()
    };
    let axis = |combine| ChartAxis {
        column: "Amount".to_owned(),
        series_type: SeriesType::Bar,
        duplicate_x_axis: combine,
        decimal_separator: DecimalSeparator::Dot,
    };
    let chart = ChartSpec {
        query: query.clone(),
        x_axis: "Region".to_owned(),
        axis: vec![axis(Combine::Sum), axis(Combine::Average)],
        grouping: Grouping::default(),
    };
    Ok((table, chart, query))
}

const SHEET: &str = "Warm-up";

#[cfg(test)]
mod tests {
    use super::*;

    /// The warm-up's queries answer and keep rows: ones that kept none would leave most of the
    /// query code cold.
    #[test]
    fn the_warm_up_runs_real_queries() {
        let (table, chart_spec, query_spec) = warm_up_inputs().expect("the warm-up's table and specs");
        assert_eq!(table.row_count(), ROWS);
        let groups = chart::aggregate(&table, &chart_spec).expect("a chart answer");
        assert_eq!(groups.labels, ["North"]);
        let page = query::run(&table, &query_spec).expect("a page");
        assert!(page.total > 0, "the filters and search keep some rows");
    }

    /// A small sheet's load pays nothing; the first large one warms the code, once.
    #[test]
    fn only_a_large_sheet_warms_the_code() {
        warm_code_for(WARM_CODE_MIN_ROWS - 1);
        assert!(!WARMED.is_completed());
        warm_code_for(WARM_CODE_MIN_ROWS);
        assert!(WARMED.is_completed());
    }
}
