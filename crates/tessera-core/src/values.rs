//! The distinct values of one column over the rows a viewer may read, with how many rows hold
//! each: what a viewer's "any of" filter chip offers to pick from (issue 48).
//!
//! **Which rows.** Those [`crate::query::matching_rows`] keeps for the spec: the place's
//! filters, the viewer's row rules and search; its sort and page do not matter. The column must
//! be one the spec answers ([`crate::query::answered_columns`]): a column the reader may not
//! read is refused exactly as a column the sheet lacks, so neither its values nor its existence
//! leak.
//!
//! **What a value is.** Cells are compared as an `any_of` filter compares them
//! ([`crate::filter`]): trimmed and case-insensitively, so `North`, `north` and ` North ` are one
//! value, and picking it keeps exactly the rows counted. It is written as the first of its rows
//! (in sheet order) writes it, trimmed. Values are grouped as text: `5` and `5.0` are two values
//! (a chip holding either keeps both, since `=` compares plain numbers numerically).
//!
//! **Empty cells are left out**: an `any_of` chip cannot pick the empty value (its empty parts
//! are skipped), so offering it would offer a choice that keeps nothing.
//!
//! **Search and cap.** `search` keeps the values whose lower-cased text contains its trimmed,
//! lower-cased text. The values come most rows first, then by their lower-cased text (code
//! point order), then as written; at most `limit` of them. `distinct` counts every value the
//! search keeps and `more` says that some were cut.
//!
//! | cells (column Region)                   | search | limit | values                        | distinct | more  |
//! |-----------------------------------------|--------|-------|-------------------------------|----------|-------|
//! | `North`, `south`, ` north`, ``, `South` |        | 100   | `North` 2, `south` 2          | 2        | false |
//! | `East`, `West`, `West`, `North`         | `st`   | 100   | `West` 2, `East` 1            | 2        | false |
//! | `b`, `a`, `c`, `a`                      |        | 2     | `a` 2, `b` 1                  | 3        | true  |
//!
//! A dictionary-encoded column (see [`crate::table`]) is counted per code and grouped per
//! distinct text, so a 1,000,000-row column of categories costs one pass over its codes (about
//! 2 ms natively, `tessera-bench`). A column of mostly different texts is grouped row by row, a
//! hash lookup each: a million of them take hundreds of milliseconds, which a search cuts to
//! the rows whose text holds it.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::error::QueryError;
use crate::query::{self, QuerySpec};
use crate::table::Table;

/// How many values an answer lists when the caller names no limit.
pub const DEFAULT_LIMIT: usize = 100;
/// The most values one answer lists, whatever the caller asks.
pub const MAX_LIMIT: usize = 1_000;

/// One value of a column and the number of rows that hold it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueCount {
    pub value: String,
    pub count: usize,
}

/// The values of a column (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DistinctValues {
    /// At most `limit` values, most rows first.
    pub values: Vec<ValueCount>,
    /// How many values the search keeps, listed or not.
    pub distinct: usize,
    /// Some values were cut by the limit.
    pub more: bool,
}

/// The values of `column` (by name, as [`Table::column_index`] finds it) over the rows `spec`
/// keeps, searched by `search` and capped at `limit`, itself at most [`MAX_LIMIT`] (module doc).
pub fn column_values(table: &Table, spec: &QuerySpec, column: &str, search: &str, limit: usize) -> Result<DistinctValues, QueryError> {
    let missing = || QueryError::MissingColumn { column: column.to_owned() };
    let c = table.column_index(column).ok_or_else(missing)?;
    if !query::answered_columns(table, spec).contains(&c) {
        return Err(missing());
    }
    // The order of the rows does not change a count: skip sorting them.
    let unsorted = QuerySpec { sort: None, ..spec.clone() };
    let rows = query::matching_rows(table, &unsorted)?;
    Ok(distinct_values(table, &rows, c, search, limit.min(MAX_LIMIT)))
}

/// One value while counting: its rows and the first of them (which writes it).
struct Group<'a> {
    key: &'a str,
    count: usize,
    first_row: usize,
}

/// The values of column `c` over `rows` (module doc).
pub fn distinct_values(table: &Table, rows: &[u32], c: usize, search: &str, limit: usize) -> DistinctValues {
    let column = table.column(c);
    let needle = search.trim().to_lowercase();
    // Slots whose text contains the search, found by one scan of the column's text.
    let searched = (!needle.is_empty()).then(|| {
        let mut marks = vec![false; column.slot_count()];
        column.mark_slots_containing(&needle, &mut marks);
        marks
    });
    let kept = |slot: usize| searched.as_ref().is_none_or(|marks| marks[slot]);
    // Sized once for the most values there can be (a slot each: a code, or a row of a plain
    // column, that the search keeps), so a column of a million different texts never regrows.
    let slots = column.codes().map_or(rows.len(), |_| column.slot_count());
    let most = searched.as_ref().map_or(slots, |marks| marks.iter().filter(|&&kept| kept).count().min(slots));
    let mut groups: Vec<Group> = Vec::with_capacity(most);
    // The standard hasher, keyed per process: cells may come from anyone a form lets write, and
    // a fixed hash would let them pick texts that collide and slow every count down.
    let mut index: HashMap<&str, usize> = HashMap::with_capacity(most);
    let mut add = |slot: usize, count: usize, first_row: usize| {
        let key = column.slot_lower(slot);
        if key.is_empty() {
            return;
        }
        let next = groups.len();
        match groups.get_mut(*index.entry(key).or_insert(next)) {
            Some(group) => {
                group.count += count;
                group.first_row = group.first_row.min(first_row);
            }
            None => groups.push(Group { key, count, first_row }),
        }
    };
    match column.codes() {
        // Rows counted per code first: the grouping then runs once per distinct text.
        Some(codes) => {
            let mut per_slot = vec![(0usize, usize::MAX); column.slot_count()];
            for &row in rows {
                let entry = &mut per_slot[codes[row as usize] as usize];
                entry.0 += 1;
                entry.1 = entry.1.min(row as usize);
            }
            for (slot, &(count, first_row)) in per_slot.iter().enumerate() {
                if count > 0 && kept(slot) {
                    add(slot, count, first_row);
                }
            }
        }
        None => {
            for &row in rows {
                let row = row as usize;
                if kept(row) {
                    add(row, 1, row);
                }
            }
        }
    }
    let distinct = groups.len();
    let order = |a: &Group, b: &Group| b.count.cmp(&a.count).then_with(|| a.key.cmp(b.key));
    // Only the listed values need sorting: a column of a million different texts is cut first.
    if groups.len() > limit {
        if limit > 0 {
            groups.select_nth_unstable_by(limit - 1, order);
        }
        groups.truncate(limit);
    }
    let mut values: Vec<(&str, ValueCount)> = groups
        .iter()
        .map(|group| (group.key, ValueCount { value: column.text(group.first_row).trim().to_owned(), count: group.count }))
        .collect();
    values.sort_by(|(a_key, a), (b_key, b)| b.count.cmp(&a.count).then_with(|| a_key.cmp(b_key)).then_with(|| a.value.cmp(&b.value)));
    DistinctValues { values: values.into_iter().map(|(_, value)| value).collect(), distinct, more: distinct > limit }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(column: &[&str]) -> Table {
        let rows: Vec<Vec<&str>> = column.iter().map(|cell| vec![*cell]).collect();
        Table::from_rows(vec!["Region".to_owned()], &rows).unwrap()
    }

    fn pairs(values: &DistinctValues) -> Vec<(&str, usize)> {
        values.values.iter().map(|v| (v.value.as_str(), v.count)).collect()
    }

    fn all(t: &Table, search: &str, limit: usize) -> DistinctValues {
        column_values(t, &QuerySpec::default(), "Region", search, limit).unwrap()
    }

    #[test]
    fn the_table_of_the_module_doc_holds() {
        let v = all(&table(&["North", "south", " north", "", "South"]), "", 100);
        assert_eq!((pairs(&v), v.distinct, v.more), (vec![("North", 2), ("south", 2)], 2, false));
        let v = all(&table(&["East", "West", "West", "North"]), "st", 100);
        assert_eq!((pairs(&v), v.distinct, v.more), (vec![("West", 2), ("East", 1)], 2, false));
        let v = all(&table(&["b", "a", "c", "a"]), "", 2);
        assert_eq!((pairs(&v), v.distinct, v.more), (vec![("a", 2), ("b", 1)], 3, true));
    }

    #[test]
    fn a_dictionary_encoded_column_counts_as_a_plain_one() {
        let regions = [" north", "North", "South", "East ", "east", "", "West"];
        let cells: Vec<&str> = (0..700).map(|i| regions[i % regions.len()]).collect();
        let t = table(&cells);
        assert!(t.column(0).codes().is_some(), "the test needs a dictionary-encoded column");
        let v = all(&t, "", 100);
        assert_eq!(pairs(&v), vec![("East", 200), ("north", 200), ("South", 100), ("West", 100)]);
        // Only the rows given count, and the first of them writes the value.
        let rows: Vec<u32> = (1..700).collect();
        let v = distinct_values(&t, &rows, 0, "", 100);
        assert_eq!(pairs(&v)[1], ("North", 199));
    }

    #[test]
    fn the_cut_keeps_the_most_frequent_values_in_order() {
        let mut cells: Vec<String> = (0..50).map(|i| format!("v{i:02}")).collect();
        cells.extend(["v07", "v07", "v31"].map(String::from));
        let t = table(&cells.iter().map(String::as_str).collect::<Vec<_>>());
        let v = all(&t, "", 3);
        assert_eq!((pairs(&v), v.distinct, v.more), (vec![("v07", 3), ("v31", 2), ("v00", 1)], 50, true));
        let v = all(&t, "", 0);
        assert!(v.values.is_empty() && v.more);
    }

    #[test]
    fn a_column_the_reader_may_not_read_is_refused_as_a_missing_one() {
        let t = Table::from_rows(vec!["Name".into(), "Note".into()], &[vec!["Ada", "secret"]]).unwrap();
        let spec = QuerySpec { readable_columns: Some(vec!["Name".into()]), ..QuerySpec::default() };
        let hidden = column_values(&t, &spec, "Note", "", 10).unwrap_err();
        let missing = column_values(&t, &spec, "Colour", "", 10).unwrap_err();
        assert_eq!(hidden.to_string().replace("Note", "X"), missing.to_string().replace("Colour", "X"));
        assert_eq!(pairs(&column_values(&t, &spec, "name", "", 10).unwrap()), vec![("Ada", 1)]);
    }
}
