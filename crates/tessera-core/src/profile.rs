//! What each column of a loaded sheet holds, at a glance: the profile the editor starts new
//! blocks from (`tessera_blocks::starter`) and the first-run guide shows beside an upload.
//!
//! Per visible column ([`Table::visible_columns`]: every column but `chartmat_row_index`):
//!
//! - `kind`: text, number or date by [`infer_column_type`]; none for a column of blank cells;
//! - `filled`: the rows whose cell is not blank;
//! - `distinct`: how many different values those cells hold, compared trimmed (`North` and
//!   `North ` are one value);
//! - `values`: those values, most frequent first (ties in the order they first appear), when
//!   there are at most [`LISTED_VALUES`]; empty otherwise;
//! - `shape`: for a text column whose every filled cell is an e-mail address (by platform §5's
//!   rule, [`crate::form::is_valid_email`]), a web link (`http://` or `https://`, no spaces), or
//!   a web link to an image file (its path ends in `.png`, `.jpg`, `.jpeg`, `.gif`, `.webp`,
//!   `.svg`, `.avif` or `.bmp`, before any `?` or `#`); none otherwise.
//!
//! | cells                                    | kind   | filled | distinct | values             | shape     |
//! |------------------------------------------|--------|--------|----------|--------------------|-----------|
//! | `North`, `South`, ``, `North `           | text   | 3      | 2        | `North`, `South`   |           |
//! | `$10`, `5`, `5`                          | number | 3      | 2        | `5`, `$10`         |           |
//! | `a@b.co`, `c@d.org`                      | text   | 2      | 2        | `a@b.co`, `c@d.org`| email     |
//! | `https://x.io/a.png?w=2`, `http://y/b.JPG` | text | 2      | 2        | (both)             | image_url |
//! | ``, ``                                   | none   | 0      | 0        |                    |           |
//!
//! Dictionary-encoded columns (see [`crate::table`]) are counted per distinct value and code,
//! so a 10,000-row sheet is profiled in one pass over each column.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::column_type::{infer_column_type, ColumnType};
use crate::form::is_valid_email;
use crate::table::{Column, Table};

/// The most values a profile lists; a column with more different values lists none.
pub const LISTED_VALUES: usize = 20;

/// What a text column's values look like, when all of them look alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TextShape {
    Email,
    Url,
    ImageUrl,
}

/// One column's profile (see the module doc).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ColumnProfile {
    pub name: String,
    pub kind: Option<ColumnType>,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub filled: usize,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub distinct: usize,
    /// The distinct values, most frequent first, when there are at most [`LISTED_VALUES`].
    #[serde(default)]
    pub values: Vec<String>,
    #[serde(default)]
    pub shape: Option<TextShape>,
}

/// The profile of every visible column of `table`, in sheet order.
pub fn profile(table: &Table) -> Vec<ColumnProfile> {
    let names = table.column_names();
    table.visible_columns().into_iter().map(|c| column_profile(&names[c], table.column(c), table.row_count())).collect()
}

/// How often each trimmed, non-blank value occurs, in order of first appearance.
fn tally(column: &Column, rows: usize) -> Vec<(&str, usize)> {
    let mut order: Vec<(&str, usize)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    match column.codes() {
        // One count per code, then one entry per distinct slot text.
        Some(codes) => {
            let mut per_slot = vec![0usize; column.slot_count()];
            let mut first_seen: Vec<usize> = Vec::new();
            for &code in codes {
                let slot = code as usize;
                if per_slot[slot] == 0 {
                    first_seen.push(slot);
                }
                per_slot[slot] += 1;
            }
            for slot in first_seen {
                count_into(&mut order, &mut index, column.slot_text(slot).trim(), per_slot[slot]);
            }
        }
        None => {
            for row in 0..rows {
                count_into(&mut order, &mut index, column.text(row).trim(), 1);
            }
        }
    }
    order
}

fn count_into<'a>(order: &mut Vec<(&'a str, usize)>, index: &mut HashMap<&'a str, usize>, text: &'a str, count: usize) {
    if text.is_empty() {
        return;
    }
    match index.get(text) {
        Some(&at) => order[at].1 += count,
        None => {
            index.insert(text, order.len());
            order.push((text, count));
        }
    }
}

fn column_profile(name: &str, column: &Column, rows: usize) -> ColumnProfile {
    let mut counts = tally(column, rows);
    let kind = infer_column_type(counts.iter().map(|(text, _)| *text));
    let shape = if kind == Some(ColumnType::Text) { text_shape(counts.iter().map(|(text, _)| *text)) } else { None };
    let filled = counts.iter().map(|(_, count)| count).sum();
    let distinct = counts.len();
    let values = if distinct <= LISTED_VALUES {
        // A stable sort keeps ties in the order they first appear.
        counts.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
        counts.into_iter().map(|(text, _)| text.to_owned()).collect()
    } else {
        Vec::new()
    };
    ColumnProfile { name: name.to_owned(), kind, filled, distinct, values, shape }
}

const IMAGE_EXTENSIONS: &[&str] = &[".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".avif", ".bmp"];

fn is_link(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    (lower.starts_with("http://") || lower.starts_with("https://")) && !text.contains(char::is_whitespace)
}

fn is_image_link(text: &str) -> bool {
    let path = text.split(['?', '#']).next().unwrap_or(text).to_ascii_lowercase();
    is_link(text) && IMAGE_EXTENSIONS.iter().any(|ext| path.ends_with(ext))
}

/// The shape all of `values` share (at least one value), by the rules of the module doc.
fn text_shape<'a>(values: impl Iterator<Item = &'a str> + Clone) -> Option<TextShape> {
    let all = |rule: fn(&str) -> bool| values.clone().all(rule);
    if values.clone().next().is_none() {
        None
    } else if all(is_image_link) {
        Some(TextShape::ImageUrl)
    } else if all(is_link) {
        Some(TextShape::Url)
    } else if all(is_valid_email) {
        Some(TextShape::Email)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(columns: &[&str], rows: &[&[&str]]) -> Table {
        let rows: Vec<Vec<&str>> = rows.iter().map(|r| r.to_vec()).collect();
        Table::from_rows(columns.iter().map(|c| (*c).to_owned()).collect(), &rows).unwrap()
    }

    fn one(cells: &[&str]) -> ColumnProfile {
        let rows: Vec<&[&str]> = cells.iter().map(std::slice::from_ref).collect();
        profile(&table(&["A"], &rows)).remove(0)
    }

    #[test]
    fn the_table_of_the_module_doc_holds() {
        let p = one(&["North", "South", "", "North "]);
        assert_eq!(
            (p.kind, p.filled, p.distinct, p.values, p.shape),
            (Some(ColumnType::Text), 3, 2, vec!["North".into(), "South".into()], None)
        );
        let p = one(&["$10", "5", "5"]);
        assert_eq!((p.kind, p.filled, p.distinct, p.values), (Some(ColumnType::Number), 3, 2, vec!["5".into(), "$10".into()]));
        assert_eq!(one(&["a@b.co", "c@d.org"]).shape, Some(TextShape::Email));
        assert_eq!(one(&["https://x.io/a.png?w=2", "http://y/b.JPG"]).shape, Some(TextShape::ImageUrl));
        let p = one(&["", ""]);
        assert_eq!((p.kind, p.filled, p.distinct, p.values.len()), (None, 0, 0, 0));
    }

    #[test]
    fn links_that_are_not_images_are_urls_and_a_mix_has_no_shape() {
        assert_eq!(one(&["https://example.com", "https://x.io/a.png"]).shape, Some(TextShape::Url));
        assert_eq!(one(&["https://example.com", "hello"]).shape, None);
        assert_eq!(one(&["12"]).shape, None);
    }

    #[test]
    fn more_than_twenty_values_are_counted_but_not_listed() {
        let cells: Vec<String> = (0..21).map(|i| format!("v{i}")).collect();
        let p = one(&cells.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!((p.distinct, p.values.len()), (21, 0));
    }

    #[test]
    fn a_dictionary_encoded_column_lists_its_values_most_frequent_first() {
        let regions = ["West", "East", "East", "North", "East", "North"];
        let cells: Vec<&str> = (0..600).map(|i| regions[i % regions.len()]).collect();
        let t = table(&["Region"], &cells.iter().map(std::slice::from_ref).collect::<Vec<_>>());
        assert!(t.column(0).codes().is_some(), "the test needs a dictionary-encoded column");
        let p = profile(&t).remove(0);
        assert_eq!((p.filled, p.distinct), (600, 3));
        assert_eq!(p.values, vec!["East", "North", "West"]);
    }

    #[test]
    fn the_hidden_row_index_is_not_profiled_and_dates_are_dates() {
        let t = table(&["When", crate::table::ROW_INDEX_COLUMN], &[&["2026-01-02", "1"], &["Mar 3, 2026", "2"]]);
        let p = profile(&t);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].kind, Some(ColumnType::Date));
    }
}
