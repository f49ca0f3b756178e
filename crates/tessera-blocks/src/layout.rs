//! Where blocks sit on a board or an app page (issue 47, "a layout engine"): a grid of
//! [`COLUMNS`] columns in which a block takes a third, a half, two thirds or the whole row, by its
//! `width` setting. `full_width` (blocks §3.1) still means the whole row, and page chrome (header,
//! footer) always takes it. The browser's board and app page (`web/src/blocks/layout.ts`, which
//! replays `tests/vectors/layout.json`) and the server's embed place blocks by this one rule.
//!
//! Blocks fill rows in their order. A block that does not fit beside the blocks before it starts
//! the next row, and the last block of a row grows to the row's end, so no row leaves an empty
//! band beside a block. Rows take the height of their tallest block (the grid stretches the
//! others), and below 600 px every block takes the whole row (CSS alone: a phone has one column).
//!
//! | widths, in order | spans (of 6) | why |
//! |---|---|---|
//! | Third, Third, Third | 2, 2, 2 | a KPI row |
//! | Half, Half | 3, 3 | |
//! | Half | 6 | alone, it grows: no empty half beside it |
//! | Third, Half, Two thirds | 2, 4, 6 | two thirds does not fit beside 5 columns |
//! | Two thirds, Third, Full | 4, 2, 6 | |
//! | Full, Third | 6, 6 | |

use serde::{Deserialize, Serialize};

use crate::settings::BlockSettings;

/// The grid's columns: the least that a third, a half and two thirds all divide.
pub const COLUMNS: u8 = 6;

/// A block's share of the row: the options of the catalogue's `width` (`catalogue::WIDTHS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Width {
    Third,
    Half,
    #[serde(rename = "Two thirds")]
    TwoThirds,
    Full,
}

impl Width {
    /// The width a `width` setting names; `None` for text that is none of the options.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "Third" => Some(Self::Third),
            "Half" => Some(Self::Half),
            "Two thirds" => Some(Self::TwoThirds),
            "Full" => Some(Self::Full),
            _ => None,
        }
    }

    /// The grid columns it takes.
    pub const fn columns(self) -> u8 {
        match self {
            Self::Third => 2,
            Self::Half => 3,
            Self::TwoThirds => 4,
            Self::Full => COLUMNS,
        }
    }
}

/// The width a normalised block takes: the whole row for page chrome and a `full_width` block,
/// else its `width` (a type without one, or one that reads as none of the options: the row).
pub fn width_of(settings: &BlockSettings) -> Width {
    let chrome = matches!(settings, BlockSettings::Header(_) | BlockSettings::Footer(_));
    if chrome || settings.full_width() {
        return Width::Full;
    }
    let width = match settings {
        BlockSettings::Chart(s) => &s.width,
        BlockSettings::List(s) => &s.width,
        BlockSettings::ImageGallery(s) => &s.width,
        BlockSettings::Table(s) => &s.width,
        BlockSettings::Calendar(s) => &s.width,
        BlockSettings::Form(s) => &s.width,
        BlockSettings::Event(s) => &s.width,
        BlockSettings::Featureslayout(s) => &s.width,
        BlockSettings::Datalist(s) => &s.width,
        BlockSettings::ImageGrid(s) => &s.width,
        BlockSettings::BannerHero(s) => &s.width,
        BlockSettings::ImageAccordian(s) => &s.width,
        BlockSettings::ItemDetails(s) => &s.width,
        BlockSettings::Grid(s) => &s.width,
        BlockSettings::Markdown(s) => &s.width,
        BlockSettings::Iframe(s) => &s.width,
        BlockSettings::Scorecard(s) => &s.width,
        BlockSettings::Map(s) => &s.width,
        BlockSettings::Header(_) | BlockSettings::Footer(_) => return Width::Full,
    };
    Width::parse(width).unwrap_or(Width::Full)
}

/// The columns each block takes, in order: the blocks fill rows of [`COLUMNS`], and the last block
/// of each row grows to the row's end (see the module doc).
pub fn spans(widths: &[Width]) -> Vec<u8> {
    let mut spans: Vec<u8> = Vec::with_capacity(widths.len());
    let mut used = 0;
    for width in widths {
        let columns = width.columns();
        if used + columns > COLUMNS {
            grow_last(&mut spans, used);
            used = 0;
        }
        spans.push(columns);
        used += columns;
    }
    grow_last(&mut spans, used);
    spans
}

/// The last block of a row of `used` columns takes the rest of the row.
fn grow_last(spans: &mut [u8], used: u8) {
    if let Some(last) = spans.last_mut() {
        *last += COLUMNS - used;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use Width::*;

    #[test]
    fn the_module_table_holds() {
        assert_eq!(spans(&[Third, Third, Third]), [2, 2, 2]);
        assert_eq!(spans(&[Half, Half]), [3, 3]);
        assert_eq!(spans(&[Half]), [6]);
        assert_eq!(spans(&[Third, Half, TwoThirds]), [2, 4, 6]);
        assert_eq!(spans(&[TwoThirds, Third, Full]), [4, 2, 6]);
        assert_eq!(spans(&[Full, Third]), [6, 6]);
        assert!(spans(&[]).is_empty());
    }

    #[test]
    fn every_row_is_filled_to_its_end() {
        let all = [Third, Half, TwoThirds, Full];
        // Every sequence of up to four widths: the spans of each row add up to the whole row.
        for n in 0..=4u32 {
            for code in 0..4usize.pow(n) {
                let widths: Vec<Width> = (0..n).map(|i| all[code / 4usize.pow(i) % 4]).collect();
                let mut row = 0;
                for (span, width) in spans(&widths).into_iter().zip(&widths) {
                    assert!(span >= width.columns(), "{widths:?}: a block never shrinks");
                    row += span;
                    assert!(row <= COLUMNS, "{widths:?}");
                    row %= COLUMNS;
                }
                assert_eq!(row, 0, "{widths:?}: the last row ends at the edge");
            }
        }
    }

    #[test]
    fn types_start_at_the_width_their_content_reads_at() {
        let width = |block: serde_json::Value| width_of(&crate::settings(&block).unwrap());
        assert_eq!(width(json!({"type": "table"})), Full);
        assert_eq!(width(json!({"type": "list"})), Full);
        assert_eq!(width(json!({"type": "chart"})), Half);
        assert_eq!(width(json!({"type": "form"})), Half);
        assert_eq!(width(json!({"type": "scorecard"})), Third);
        assert_eq!(width(json!({"type": "scorecard", "width": "Two thirds"})), TwoThirds);
        assert_eq!(width(json!({"type": "scorecard", "width": "Two thirds", "full_width": true})), Full, "full_width wins");
        assert_eq!(width(json!({"type": "header"})), Full);
        assert_eq!(width(json!({"type": "chart", "width": "Quarter"})), Half, "normalise reads an unknown width as the default");
    }
}
