//! What each block type can do, as data: whether it reads its board's data at all, which
//! computed view the server answers for it, which row writes it accepts, whether it runs row
//! actions, how many rows its first paint asks for, and whether only a browser can draw it.
//! The renderers read this table instead of switching on type names: the server's embed
//! (`snapshot.rs`, `render.rs`, `preview.rs`), its write rules (`audience.rs`,
//! `api/row_actions.rs`), the crate's `view()`, and, through the generated
//! `web/src/generated/blockCapabilities.ts`, the web's block registry and editor preview.
//!
//! [`BlockType::capabilities`] is a `match` without a fall-back, so a new block type does not
//! compile until it has a row here.
//!
//! Every type is framed as a titled box but the banner (bare: it draws its own title) and the
//! header and footer (page chrome: bare and across the page).
//!
//! | type | data | view | first page | writes | row actions | script only |
//! |---|---|---|---|---|---|---|
//! | chart | yes | chart | none | none | no | no |
//! | list | yes | none | `rows_per_page` | add, edit, delete | yes | no |
//! | imageGallery | yes | none | 200 rows | none | no | no |
//! | table | yes | none | `rows_per_page` | add, edit, delete, duplicate | yes | no |
//! | calendar | yes | calendar | none | none | no | no |
//! | form | yes | none | none | submit | no | yes |
//! | event, featureslayout, ImageGrid, bannerHero, footer, imageAccordian, header | no | none | none | none | no | no |
//! | datalist | yes | none | pages of 20 | none | no | no |
//! | itemDetails | yes | none | 1 row | none | no | no |
//! | grid | yes | none | pages of 20 | none | no | no |
//! | markdown | yes | markdown | none | none | no | no |
//! | iframe | yes | iframe | none | none | no | no |
//! | scorecard | yes | scorecard | none | none | no | no |
//! | map | yes | none | 500 rows | none | no | yes |
//!
//! The writes follow blocks §3.2, §3.5, §3.6 and §3.8: forms submit rows (audience `add_new_row`,
//! default `Everyone`), tables and lists add rows (the same setting, default `None`), edit and
//! delete them through their row actions, and only tables duplicate (§3.6: lists offer edit and
//! delete). The first page of a table or list is the block's `rows_per_page`, whose one default
//! is the catalogue's (the core's `DEFAULT_ROWS_PER_PAGE`), or every row when `paginate` is off.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::catalogue::field_of;
use crate::model::{BlockType, DefaultValue};

/// The computed view the server's view call (`GET .../view/{block}`) answers for a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ViewKind {
    /// No view: the block's rows come from the sheet call as they are, or it reads nothing.
    None,
    Chart,
    Scorecard,
    Calendar,
    Markdown,
    Iframe,
}

/// The rows a block's first paint asks the sheet call for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FirstPage {
    /// No rows (a standalone block, a computed view, a form that reads only its choices).
    None,
    /// The block's `rows_per_page` (its default is the catalogue's), or every row when its
    /// `paginate` is off.
    RowsPerPage,
    /// Pages of `size` rows that grow with 'Show more', or of the block's own `rows_per_page`
    /// when it has a usable one.
    Pages { size: u32 },
    /// At most `rows` rows, whatever the settings say.
    Rows { rows: u32 },
}

/// How a page frames a block of the type (issue 29: headers and footers are drawn as headers and
/// footers are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Frame {
    /// A box with the block's title above its body.
    Titled,
    /// No box and no title line: the block draws its own title (a banner's over its hero).
    Bare,
    /// Bare, and across the page (header, footer).
    PageChrome,
}

/// The row writes a block accepts (the audience settings decide who may make them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Writes {
    /// A form's answers, added as a row (`add_new_row`, default `Everyone`).
    pub submit: bool,
    /// An add-row form in the block (`add_new_row`, default `None`).
    pub add: bool,
    /// An `Edit row` action.
    pub edit: bool,
    /// A `Delete row` action.
    pub delete: bool,
    /// A `Duplicate row` action.
    pub duplicate: bool,
}

impl Writes {
    const NONE: Writes = Writes { submit: false, add: false, edit: false, delete: false, duplicate: false };
}

/// What one block type can do (see the module doc's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Capabilities {
    /// Reads its board's data (rows or a computed view) through a source; `false` for the
    /// standalone blocks drawn from their settings alone.
    pub data: bool,
    pub view: ViewKind,
    pub first_page: FirstPage,
    pub writes: Writes,
    /// Runs its row actions' API calls and PDF downloads through the server (blocks §3.6).
    pub row_actions: bool,
    /// Only a browser can draw it (a map's tiles, a form's inputs): the server's embed shows a
    /// box of its size and reads nothing for it.
    pub script_only: bool,
    pub frame: Frame,
}

const STANDALONE: Capabilities = Capabilities {
    data: false,
    view: ViewKind::None,
    first_page: FirstPage::None,
    writes: Writes::NONE,
    row_actions: false,
    script_only: false,
    frame: Frame::Titled,
};

const fn computed(view: ViewKind) -> Capabilities {
    Capabilities { data: true, view, ..STANDALONE }
}

const fn rows(first_page: FirstPage) -> Capabilities {
    Capabilities { data: true, first_page, ..STANDALONE }
}

impl BlockType {
    /// What blocks of this type can do.
    pub const fn capabilities(self) -> Capabilities {
        match self {
            Self::Chart => computed(ViewKind::Chart),
            Self::Scorecard => computed(ViewKind::Scorecard),
            Self::Calendar => computed(ViewKind::Calendar),
            Self::Markdown => computed(ViewKind::Markdown),
            Self::Iframe => computed(ViewKind::Iframe),
            Self::Table => Capabilities {
                writes: Writes { submit: false, add: true, edit: true, delete: true, duplicate: true },
                row_actions: true,
                ..rows(FirstPage::RowsPerPage)
            },
            Self::List => Capabilities {
                writes: Writes { submit: false, add: true, edit: true, delete: true, duplicate: false },
                row_actions: true,
                ..rows(FirstPage::RowsPerPage)
            },
            Self::Datalist | Self::Grid => rows(FirstPage::Pages { size: 20 }),
            Self::ImageGallery => rows(FirstPage::Rows { rows: 200 }),
            Self::ItemDetails => rows(FirstPage::Rows { rows: 1 }),
            Self::Map => Capabilities { script_only: true, ..rows(FirstPage::Rows { rows: 500 }) },
            Self::Form => Capabilities { writes: Writes { submit: true, ..Writes::NONE }, script_only: true, ..rows(FirstPage::None) },
            Self::Event | Self::FeaturesLayout | Self::ImageGrid | Self::ImageAccordian => STANDALONE,
            Self::BannerHero => Capabilities { frame: Frame::Bare, ..STANDALONE },
            Self::Header | Self::Footer => Capabilities { frame: Frame::PageChrome, ..STANDALONE },
        }
    }
}

/// The rows the first paint of a `block_type` block with settings `config` asks for: `None`
/// when it reads no rows, `Some(0)` for every row (a table or list whose `paginate` is off).
/// An absent `rows_per_page` reads as the catalogue's default.
pub fn first_page_rows(block_type: BlockType, config: &Map<String, Value>) -> Option<u64> {
    let own = || config.get("rows_per_page").and_then(Value::as_f64).filter(|n| n.is_finite() && *n >= 1.0).map(|n| n.floor() as u64);
    match block_type.capabilities().first_page {
        FirstPage::None => None,
        FirstPage::RowsPerPage if config.get("paginate").and_then(Value::as_bool) == Some(false) => Some(0),
        FirstPage::RowsPerPage => own().or_else(|| match field_of(block_type, "rows_per_page").and_then(|f| f.default) {
            Some(DefaultValue::Integer(n)) => u64::try_from(n).ok(),
            _ => None,
        }),
        FirstPage::Pages { size } => Some(own().unwrap_or(u64::from(size))),
        FirstPage::Rows { rows } => Some(u64::from(rows)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::catalogue::fields;

    #[test]
    fn every_type_has_capabilities_that_agree_with_its_settings() {
        for block_type in BlockType::ALL {
            let caps = block_type.capabilities();
            let has = |key: &str| fields(block_type).any(|f| f.key == key);
            // A block that reads data names its sheet (markdown and iframe: a view without rows).
            assert_eq!(caps.data, has("sheet_title") || caps.view == ViewKind::Iframe, "{block_type}: data");
            assert!(
                caps.data || (caps.view == ViewKind::None && caps.first_page == FirstPage::None),
                "{block_type}: standalone reads nothing"
            );
            assert!(caps.view == ViewKind::None || caps.first_page == FirstPage::None, "{block_type}: a view or rows, not both");
            assert_eq!(caps.first_page == FirstPage::RowsPerPage, has("rows_per_page"), "{block_type}: rows_per_page");
            assert_eq!(caps.row_actions, has("action_button_visibility"), "{block_type}: row actions have an audience");
            let w = caps.writes;
            assert_eq!(w.edit || w.delete || w.duplicate, caps.row_actions, "{block_type}: edits go through row actions");
            assert_eq!(w.add, has("add_new_row"), "{block_type}: adding is governed by add_new_row");
            assert_eq!(w.submit, block_type == BlockType::Form, "{block_type}: only forms submit");
        }
    }

    #[test]
    fn the_first_page_reads_rows_per_page_with_the_catalogues_default() {
        let config = |value: Value| value.as_object().unwrap().clone();
        assert_eq!(first_page_rows(BlockType::Table, &config(json!({}))), Some(tessera_core::query::DEFAULT_ROWS_PER_PAGE));
        assert_eq!(first_page_rows(BlockType::List, &config(json!({"rows_per_page": 25}))), Some(25));
        assert_eq!(first_page_rows(BlockType::Table, &config(json!({"paginate": false, "rows_per_page": 5}))), Some(0));
        assert_eq!(first_page_rows(BlockType::Datalist, &config(json!({}))), Some(20));
        assert_eq!(first_page_rows(BlockType::Grid, &config(json!({"rows_per_page": 3}))), Some(3));
        assert_eq!(first_page_rows(BlockType::ItemDetails, &config(json!({"rows_per_page": 3}))), Some(1));
        assert_eq!(first_page_rows(BlockType::Chart, &config(json!({}))), None);
        assert_eq!(first_page_rows(BlockType::Header, &config(json!({}))), None);
    }
}
