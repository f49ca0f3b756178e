//! Sorting (blocks §3.15 `sorting`: None, Ascending, Descending; the table's column sort).
//!
//! A column sorts as dates when more than half of the non-empty cells of the sorted rows hold a
//! date, else as numbers when more than half hold a number, else as text (case-insensitive,
//! ties broken by the raw text). A stray `n/a` in a column of amounts thus leaves it a number
//! column. Cells that hold no value of the column's kind come after those that do, and empty
//! cells come last, both in sheet order and in both directions: the direction orders values,
//! not gaps. Rows that compare equal keep their sheet order (the sort is stable).
//!
//! | cells                              | kind   | ascending                         |
//! |------------------------------------|--------|-----------------------------------|
//! | `$10`, `$9.50`, ``, `$100`         | number | `$9.50`, `$10`, `$100`, ``        |
//! | `$10`, `n/a`, `$9`                 | number | `$9`, `$10`, `n/a`                |
//! | `Mar 5, 2024`, `2024-01-02`        | date   | `2024-01-02`, `Mar 5, 2024`       |
//! | `b`, `A`, `10`                     | text   | `10`, `A`, `b`                    |

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::table::{Column, NO_DATE};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub enum SortDirection {
    #[default]
    None,
    Ascending,
    Descending,
}

/// A sort order: a column and a direction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(any(test, feature = "ts"), derive(ts_rs::TS))]
pub struct Sort {
    pub column: String,
    #[serde(default)]
    pub direction: SortDirection,
}

/// Sorts `rows` (row indices) by `column`.
pub fn sort_rows(column: &Column, direction: SortDirection, rows: &mut [u32]) {
    if direction == SortDirection::None {
        return;
    }
    let slot = |row: u32| column.slot(row as usize);
    let is_empty = |s: usize| column.slot_lower(s).is_empty();
    let non_empty = rows.iter().filter(|&&r| !is_empty(slot(r))).count();
    let most = |has: &dyn Fn(usize) -> bool| rows.iter().filter(|&&r| has(slot(r))).count() * 2 > non_empty;
    let dates = column.dates();
    let numbers = column.numbers();
    let has_date = |s: usize| dates[s] != NO_DATE;
    let has_number = |s: usize| !numbers[s].is_nan();
    // Each kind: whether a slot holds a value of it, and how two such values compare.
    type Has<'a> = Box<dyn Fn(usize) -> bool + 'a>;
    type Compare<'a> = Box<dyn Fn(usize, usize) -> Ordering + 'a>;
    let (has, compare): (Has, Compare) = if most(&has_date) {
        (Box::new(has_date), Box::new(move |a, b| dates[a].cmp(&dates[b])))
    } else if most(&has_number) {
        // partial_cmp, not total_cmp: 0 and -0 are the same amount. NaN never gets here.
        (Box::new(has_number), Box::new(move |a, b| numbers[a].partial_cmp(&numbers[b]).unwrap_or(Ordering::Equal)))
    } else {
        (
            Box::new(move |s| !is_empty(s)),
            Box::new(|a, b| column.slot_lower(a).cmp(column.slot_lower(b)).then_with(|| column.slot_text(a).cmp(column.slot_text(b)))),
        )
    };
    let tier = |s: usize| {
        if has(s) {
            0
        } else if is_empty(s) {
            2
        } else {
            1
        }
    };
    rows.sort_by(|&a, &b| {
        let (a, b) = (slot(a), slot(b));
        tier(a).cmp(&tier(b)).then_with(|| {
            if tier(a) != 0 {
                return Ordering::Equal;
            }
            let order = compare(a, b);
            if direction == SortDirection::Descending {
                order.reverse()
            } else {
                order
            }
        })
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    fn sorted(cells: &[&str], direction: SortDirection) -> Vec<String> {
        let rows: Vec<Vec<&str>> = cells.iter().map(|c| vec![*c]).collect();
        let table = Table::from_rows(vec!["c".into()], &rows).unwrap();
        let mut order: Vec<u32> = (0..cells.len() as u32).collect();
        sort_rows(table.column(0), direction, &mut order);
        order.iter().map(|&r| cells[r as usize].to_string()).collect()
    }

    #[test]
    fn numbers_sort_by_value_with_gaps_last_both_ways() {
        assert_eq!(sorted(&["$10", "$9.50", "", "$100", "n/a"], SortDirection::Ascending), ["$9.50", "$10", "$100", "n/a", ""]);
        assert_eq!(sorted(&["$10", "$9.50", "", "$100", "n/a"], SortDirection::Descending), ["$100", "$10", "$9.50", "n/a", ""]);
    }

    #[test]
    fn dates_in_mixed_formats_sort_by_date() {
        assert_eq!(
            sorted(&["Mar 5, 2024", "2024-01-02", "03/01/2024"], SortDirection::Ascending),
            ["2024-01-02", "03/01/2024", "Mar 5, 2024"]
        );
    }

    #[test]
    fn text_sorts_without_case_and_stays_stable() {
        assert_eq!(sorted(&["b", "A", "10", "a"], SortDirection::Ascending), ["10", "A", "a", "b"]);
        assert_eq!(sorted(&["b", "A"], SortDirection::None), ["b", "A"]);
    }
}
