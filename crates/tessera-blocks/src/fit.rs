//! How a table that fits its columns to the block (`fit_columns`, issue 47 "Tables that fit")
//! sizes them: each shown column's width from its content, within the block's width, so a
//! table of up to 8 columns needs no sideways scrolling on a full-width 1280 px board.
//!
//! A shown column ([`FitColumn`]) brings its `kind` (its axis entry's type, `text` without one),
//! its `length` (characters of the longest of its header and the cells shown, [`text_length`]),
//! `drop_first` (its axis entry's "Hide first when narrow") and `width` (its axis entry's own
//! `column_width`, which it keeps). The block brings its width and the pixels of it its columns
//! may not take (`reserved`: the actions column); the rest is the room.
//!
//! 1. Below [`CARD_WIDTH`] of block width the block shows compact cards, one per row (`cards`);
//!    the widths are answered all the same.
//! 2. A column's natural width is [`PADDING`] + [`CHARACTER`] × `length`, between
//!    [`NARROWEST`] and [`WIDEST`]; an image's is [`IMAGE`]. Its least width: a column of
//!    words (text, long text, markdown, links, e-mails, selects) may be cut with an ellipsis
//!    down to [`SHRUNK`]; numbers, dates, times and images keep their natural width (a cut value
//!    misleads). A column with its own width has that as both.
//! 3. While the least widths sum to more than the room and a `drop_first` column is still
//!    shown, the rightmost such column drops (`null`). Other columns never drop: what is left
//!    scrolls sideways.
//! 4. When the natural widths fit, the room left is shared by the columns of words in
//!    proportion to their natural width (when there are none, by the columns without their own
//!    width), so the table fills the block; else each column of words gives up room in proportion to what it can
//!    give (natural − least), never below its least width. Pixels are whole, rounded down.
//!
//! | columns (kind length) | width (reserved 0) | widths | cards |
//! |---|---|---|---|
//! | text 10, number 6 | 400 | 334, 66 | yes |
//! | text 40, text 40 | 400 | 200, 200 | yes |
//! | text 40, number 12 (drop first), text 40 | 300 | 150, null, 150 | yes |
//! | number 20, number 20 | 100 | 178, 178 | yes |
//!
//! The server's embed draws fitted tables with it; the React board's first-paint copy
//! (`web/src/blocks/table/fitColumns.ts`) replays `tests/vectors/fit_columns.json`
//! (op `fit_columns`) in `fitColumns.vectors.test.ts`.

use serde::{Deserialize, Serialize};

/// Below this block width (pixels), a fitted table shows cards.
pub const CARD_WIDTH: u32 = 600;
/// Pixels a character takes, on average, at the table's size.
pub const CHARACTER: u32 = 8;
/// A cell's padding, both sides.
pub const PADDING: u32 = 18;
/// The narrowest and widest natural widths.
pub const NARROWEST: u32 = 56;
pub const WIDEST: u32 = 320;
/// A column of words cut with an ellipsis keeps this much.
pub const SHRUNK: u32 = 96;
/// An image cell: a 48 px image and its padding.
pub const IMAGE: u32 = 66;
/// Characters a header needs beside its name: the sort arrow.
pub const HEADER_EXTRA: usize = 2;

/// The kinds whose values are words, which an ellipsis may cut.
const WORDS: &[&str] = &["text", "textarea", "markdowntext", "url", "email", "select", "multi-select"];

/// One shown column, as the rule reads it (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct FitColumn {
    #[serde(default = "text_kind")]
    pub kind: String,
    pub length: usize,
    #[serde(default)]
    pub drop_first: bool,
    #[serde(default)]
    pub width: Option<u32>,
}

fn text_kind() -> String {
    "text".to_owned()
}

/// The answer: a width per column in order (`None`: dropped) and whether to show cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fit {
    pub widths: Vec<Option<u32>>,
    pub cards: bool,
}

/// The characters a column needs: the longest of its header (with the sort arrow) and its cells.
pub fn text_length<'a>(header: &str, cells: impl IntoIterator<Item = &'a str>) -> usize {
    let header = header.chars().count() + HEADER_EXTRA;
    cells.into_iter().map(|cell| cell.trim().chars().count()).fold(header, usize::max)
}

fn is_words(column: &FitColumn) -> bool {
    column.width.is_none() && WORDS.contains(&column.kind.as_str())
}

fn natural(column: &FitColumn) -> u32 {
    match column.width {
        Some(own) => own,
        None if column.kind == "image" => IMAGE,
        None => {
            let length = u32::try_from(column.length).unwrap_or(u32::MAX);
            PADDING.saturating_add(CHARACTER.saturating_mul(length)).clamp(NARROWEST, WIDEST)
        }
    }
}

fn least(column: &FitColumn) -> u32 {
    if is_words(column) {
        natural(column).min(SHRUNK)
    } else {
        natural(column)
    }
}

/// `part` of `whole` shared in proportion `weight / total`, rounded down.
fn share(whole: u32, weight: u32, total: u32) -> u32 {
    if total == 0 {
        return 0;
    }
    (u64::from(whole) * u64::from(weight) / u64::from(total)) as u32
}

/// The widths of `columns` in a block `width` pixels wide of which they may not take `reserved`
/// (see the module doc).
pub fn fit_columns(columns: &[FitColumn], width: u32, reserved: u32) -> Fit {
    let room = width.saturating_sub(reserved);
    let mut kept: Vec<bool> = vec![true; columns.len()];
    let sum = |kept: &[bool], size: fn(&FitColumn) -> u32| -> u32 {
        columns.iter().zip(kept).filter(|(_, keep)| **keep).map(|(c, _)| size(c)).fold(0u32, u32::saturating_add)
    };
    while sum(&kept, least) > room {
        match (0..columns.len()).rev().find(|&i| kept[i] && columns[i].drop_first) {
            Some(i) => kept[i] = false,
            None => break,
        }
    }
    let naturals = sum(&kept, natural);
    let leasts = sum(&kept, least);
    // The room left widens the columns of words, else those without their own width.
    let words: Vec<bool> = columns.iter().zip(&kept).map(|(c, keep)| *keep && is_words(c)).collect();
    let growing: Vec<bool> =
        if words.contains(&true) { words } else { columns.iter().zip(&kept).map(|(c, keep)| *keep && c.width.is_none()).collect() };
    let weights: u32 = columns.iter().zip(&growing).filter(|(_, grows)| **grows).map(|(c, _)| natural(c)).sum();
    let widths = columns.iter().enumerate().map(|(i, column)| {
        if !kept[i] {
            return None;
        }
        let (natural, least) = (natural(column), least(column));
        Some(if naturals <= room {
            if growing[i] {
                natural + share(room - naturals, natural, weights)
            } else {
                natural
            }
        } else if leasts < room {
            least + share(room - leasts, natural - least, naturals - leasts)
        } else {
            least
        })
    });
    Fit { widths: widths.collect(), cards: width < CARD_WIDTH }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(kind: &str, length: usize) -> FitColumn {
        FitColumn { kind: kind.to_owned(), length, drop_first: false, width: None }
    }

    #[test]
    fn the_table_of_the_module_doc_holds() {
        let fit = fit_columns(&[column("text", 10), column("number", 6)], 400, 0);
        assert_eq!(fit, Fit { widths: vec![Some(334), Some(66)], cards: true });
        let fit = fit_columns(&[column("text", 40), column("text", 40)], 400, 0);
        assert_eq!(fit.widths, vec![Some(200), Some(200)]);
        let dropped = FitColumn { drop_first: true, ..column("number", 12) };
        let fit = fit_columns(&[column("text", 40), dropped, column("text", 40)], 300, 0);
        assert_eq!(fit.widths, vec![Some(150), None, Some(150)]);
        assert_eq!(fit_columns(&[column("number", 20), column("number", 20)], 100, 0).widths, vec![Some(178), Some(178)]);
    }

    #[test]
    fn eight_columns_of_a_sales_sheet_fit_a_full_width_board_without_dropping() {
        let kinds = [("date", 10), ("text", 12), ("text", 24), ("text", 30), ("number", 8), ("number", 10), ("text", 9), ("email", 28)];
        let columns: Vec<FitColumn> = kinds.iter().map(|(kind, length)| column(kind, *length)).collect();
        let fit = fit_columns(&columns, 1200, 0);
        let total: u32 = fit.widths.iter().map(|w| w.expect("nothing drops")).sum();
        assert!(total <= 1200, "{total}");
        assert!(!fit.cards);
    }

    #[test]
    fn the_reserved_pixels_are_not_the_columns_but_cards_go_by_the_blocks_width() {
        let fit = fit_columns(&[column("text", 10)], 700, 150);
        assert_eq!(fit, Fit { widths: vec![Some(550)], cards: false });
        assert!(fit_columns(&[column("text", 10)], 599, 0).cards);
    }

    #[test]
    fn a_column_with_its_own_width_keeps_it_and_lengths_count_the_header() {
        let own = FitColumn { width: Some(250), ..column("text", 3) };
        assert_eq!(fit_columns(&[own, column("number", 4)], 200, 0).widths, vec![Some(250), Some(56)]);
        assert_eq!(text_length("Revenue", ["12.5", " 1,000,000 "]), 9);
        assert_eq!(text_length("Id", ["Zoë"]), 4);
    }
}
