//! Search (platform §5: "Search is a comma-separated set of terms, case-insensitive, matching
//! any row value").
//!
//! The search text is split on commas; each term is trimmed and lower-cased, and empty terms
//! are dropped. A row matches when **any** term is a substring of **any** visible cell (also
//! trimmed and lower-cased): terms widen the result, so `alice, bob` finds Alice's rows and
//! Bob's rows. Text without any term (empty, or only commas and spaces) matches every row. The
//! hidden `chartmat_row_index` column is never searched.
//!
//! | search       | row `Alice`, `North` | row `Bob`, `South` |
//! |--------------|----------------------|--------------------|
//! | `ali`        | yes                  | no                 |
//! | `ALI, sou`   | yes                  | yes                |
//! | `  , `       | yes                  | yes                |
//! | `north west` | no                   | no                 |

use crate::table::Table;

/// The terms of a search text, trimmed and lower-cased, empty ones dropped.
pub fn search_terms(search: &str) -> Vec<String> {
    search.split(',').map(|t| t.trim().to_lowercase()).filter(|t| !t.is_empty()).collect()
}

/// Narrows `mask` to the rows that match `search`.
pub fn narrow(table: &Table, search: &str, mask: &mut [bool]) {
    let terms = search_terms(search);
    if terms.is_empty() {
        return;
    }
    let mut found = vec![false; table.row_count()];
    for c in table.visible_columns() {
        let column = table.column(c);
        let mut slots = vec![false; column.slot_count()];
        for term in &terms {
            column.mark_slots_containing(term, &mut slots);
        }
        match column.codes() {
            Some(codes) => {
                for (hit, &code) in found.iter_mut().zip(codes) {
                    *hit |= slots[code as usize];
                }
            }
            None => {
                for (hit, slot) in found.iter_mut().zip(&slots) {
                    *hit |= *slot;
                }
            }
        }
    }
    for (keep, hit) in mask.iter_mut().zip(found) {
        *keep &= hit;
    }
}
