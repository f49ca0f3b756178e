//! Search (platform §5: "Search is a comma-separated set of terms, case-insensitive, matching
//! any row value").
//!
//! The search text is split on commas; each term is trimmed and lower-cased, and empty terms
//! are dropped. A row matches when **any** term is a substring of **any** visible cell (also
//! trimmed and lower-cased): terms widen the result, so `alice, bob` finds Alice's rows and
//! Bob's rows. Text without any term (empty, or only commas and spaces) matches every row. The
//! columns the sheet keeps for itself (`ChartApps Record ID`, the hidden `chartmat_row_index`)
//! are never searched: a viewer never sees them, and random ids would match short terms.
//!
//! | search       | row `Alice`, `North` | row `Bob`, `South` |
//! |--------------|----------------------|--------------------|
//! | `ali`        | yes                  | no                 |
//! | `ALI, sou`   | yes                  | yes                |
//! | `  , `       | yes                  | yes                |
//! | `north west` | no                   | no                 |

use memchr::memmem::Finder;

use crate::table::{Column, Table};

/// The terms of a search text, trimmed and lower-cased, empty ones dropped.
pub fn search_terms(search: &str) -> Vec<String> {
    search.split(',').map(|t| t.trim().to_lowercase()).filter(|t| !t.is_empty()).collect()
}

/// Narrows `mask` to the rows that match `search` in one of the `columns` (indices of
/// [`Table::searched_columns`], or fewer: a reader searches only what they may see).
///
/// Search runs after the filters, so it usually looks at few rows. A dictionary-encoded column
/// is searched once per distinct value. A plain column is searched with one substring scan over
/// its whole text when many rows are still in play, and cell by cell when few are: scanning a
/// million cells to keep a few thousand would cost more than the filters did.
pub fn narrow(table: &Table, search: &str, columns: &[usize], mask: &mut [bool]) {
    let terms = search_terms(search);
    if terms.is_empty() {
        return;
    }
    let in_play = mask.iter().filter(|&&keep| keep).count();
    let scan_whole_columns = in_play * SPARSE_FRACTION > table.row_count();
    let finders: Vec<Finder> = terms.iter().map(|t| Finder::new(t.as_bytes())).collect();
    let columns: Vec<(&Column, Option<Vec<bool>>)> = columns
        .iter()
        .map(|&c| {
            let column = table.column(c);
            let by_slot = (column.codes().is_some() || scan_whole_columns).then(|| {
                let mut slots = vec![false; column.slot_count()];
                for term in &terms {
                    column.mark_slots_containing(term, &mut slots);
                }
                slots
            });
            (column, by_slot)
        })
        .collect();
    for (row, keep) in mask.iter_mut().enumerate() {
        if *keep {
            *keep = columns.iter().any(|(column, by_slot)| {
                let slot = column.slot(row);
                match by_slot {
                    Some(hits) => hits[slot],
                    None => finders.iter().any(|f| f.find(column.slot_lower(slot).as_bytes()).is_some()),
                }
            });
        }
    }
}

/// Below one row in this many still in play, plain columns are searched cell by cell.
const SPARSE_FRACTION: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        let rows: Vec<Vec<String>> = (0..200)
            .map(|i| {
                vec![format!("Person {i}"), ["North", "South", "East", "West"][i % 4].to_string(), format!("Note about item {}", i * 7)]
            })
            .collect();
        Table::from_rows(vec!["Name".into(), "Region".into(), "Notes".into()], &rows).unwrap()
    }

    #[test]
    fn few_rows_in_play_match_exactly_as_a_whole_column_scan_would() {
        let t = table();
        for search in ["person 1", "ORTH, 14", "item 7", "zzz", "e"] {
            let mut everything = vec![true; t.row_count()];
            narrow(&t, search, &t.searched_columns(), &mut everything);
            // Every 20th row in play: far below the scan threshold.
            let mut sparse: Vec<bool> = (0..t.row_count()).map(|r| r % 20 == 3).collect();
            narrow(&t, search, &t.searched_columns(), &mut sparse);
            let expected: Vec<bool> = (0..t.row_count()).map(|r| r % 20 == 3 && everything[r]).collect();
            assert_eq!(sparse, expected, "{search}");
        }
    }

    #[test]
    fn terms_widen_the_result() {
        let t = table();
        let count = |s: &str| {
            let mut mask = vec![true; t.row_count()];
            narrow(&t, s, &t.searched_columns(), &mut mask);
            mask.iter().filter(|&&m| m).count()
        };
        assert_eq!(count("person 19"), 11);
        // Persons 19, 191, 195 and 199 are in the West too.
        assert_eq!(count("person 19, west"), 11 + 50 - 4);
        assert_eq!(count(" , "), 200);
    }
}
