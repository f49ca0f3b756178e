//! Sorting (blocks §3.15 `sorting`: None, Ascending, Descending; the table's column sort).
//!
//! A column sorts as dates when every non-empty cell of the sorted rows holds a date, else as
//! numbers when every non-empty cell holds a number, else as text (case-insensitive, ties broken
//! by the raw text). Empty cells go last in both directions, and rows that compare equal keep
//! their sheet order (the sort is stable).
//!
//! | cells                              | kind   | ascending                         |
//! |------------------------------------|--------|-----------------------------------|
//! | `$10`, `$9.50`, ``, `$100`         | number | `$9.50`, `$10`, `$100`, ``        |
//! | `Mar 5, 2024`, `2024-01-02`        | date   | `2024-01-02`, `Mar 5, 2024`       |
//! | `b`, `A`, `10`                     | text   | `10`, `A`, `b`                    |

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::table::{Column, NO_DATE};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SortDirection {
    #[default]
    None,
    Ascending,
    Descending,
}

/// A sort order: a column and a direction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    let is_empty = |row: u32| column.slot_lower(column.slot(row as usize)).is_empty();
    let every = |has: &dyn Fn(usize) -> bool| rows.iter().all(|&r| is_empty(r) || has(column.slot(r as usize)));
    let dates = column.dates();
    let numbers = column.numbers();
    let compare: Box<dyn Fn(usize, usize) -> Ordering> = if every(&|s| dates[s] != NO_DATE) {
        Box::new(move |a, b| dates[a].cmp(&dates[b]))
    } else if every(&|s| !numbers[s].is_nan()) {
        Box::new(move |a, b| numbers[a].total_cmp(&numbers[b]))
    } else {
        Box::new(|a, b| column.slot_lower(a).cmp(column.slot_lower(b)).then_with(|| column.slot_text(a).cmp(column.slot_text(b))))
    };
    rows.sort_by(|&a, &b| match (is_empty(a), is_empty(b)) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => {
            let order = compare(column.slot(a as usize), column.slot(b as usize));
            if direction == SortDirection::Descending {
                order.reverse()
            } else {
                order
            }
        }
    });
}
