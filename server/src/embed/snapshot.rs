//! What an embed shows, read once per data version: the board's settings, the blocks of its open
//! section tab and, for each, the rows or the computed view its viewer gets, through the same
//! calls the browser makes (`sheet_query::answer` for rows, `views::view_of` for charts,
//! cards, texts, events and frames). The page (`render.rs`) and the preview image (`preview.rs`)
//! are both drawn from a [`Snapshot`].
//!
//! What each block is read as comes from its type's [`Capabilities`] (`tessera_blocks`), never
//! from a list of type names here, and every block's settings have the catalogue's defaults
//! filled in once, when it is read:
//!
//! | capabilities | read as | the browser asks for |
//! |---|---|---|
//! | a computed `view` (chart, scorecard, markdown, calendar, iframe) | the block's view | the same view |
//! | a `first_page` (table, list, datalist, grid, imageGallery, itemDetails) | the first page ([`first_page_rows`]), at most [`ALL_ROWS_SHOWN`] rows, sorted as a `sorting` setting says | the same page |
//! | standalone, or `script_only` (form, map) | their settings alone | rows or nothing |

use futures_util::future::join_all;
use serde::Deserialize;
use serde_json::{Map, Value};
use tessera_blocks::layout::Width;
use tessera_blocks::{first_page_rows, BlockSettings, BlockType, Capabilities, ViewKind};

use crate::access::scope::Scope;
use crate::access::sheet_query::{self, SheetAnswer, SheetParams, Viewer};
use crate::access::views::{self, BlockView, ViewParams};
use crate::boards::blocks::StoredBlock;
use crate::boards::board_state::{Board, Settings};
use crate::infra::error::{messages, Error};
use crate::AppState;

/// The most rows a block draws in the embed's markup (a table or list without pages, a gallery
/// of 200 images); the browser then loads the rest. The block scrolls inside its frame, so the
/// page below it does not move.
pub const ALL_ROWS_SHOWN: u64 = 100;

/// A board as its embed shows it.
#[derive(Debug)]
pub struct Snapshot {
    /// The hero's title: the board's `title`, else its name.
    pub title: String,
    pub settings: Settings,
    /// The section tabs (none without sections) and the open one.
    pub tabs: Vec<String>,
    pub active_tab: Option<String>,
    /// The blocks of the open tab, in board order.
    pub blocks: Vec<Shown>,
}

/// One block with what it shows.
#[derive(Debug)]
pub struct Shown {
    pub id: String,
    pub kind: Option<BlockType>,
    /// The block's settings, normalised (`tessera_blocks::normalise`), as stored JSON: what the
    /// core's rules over settings (shown columns) and the cache key read.
    pub config: Map<String, Value>,
    /// The same settings typed, for the renderers; `None` for a type the catalogue does not know.
    pub settings: Option<BlockSettings>,
    /// Its `title`, else its type's name.
    pub title: String,
    pub body: Body,
}

#[derive(Debug)]
pub enum Body {
    Rows(SheetAnswer),
    View(BlockView),
    /// Presentation blocks (and forms and maps, drawn by the browser): their settings say it all.
    Settings,
    /// What the browser would show in the block instead of its content.
    Failed(String),
}

impl Shown {
    /// A setting every type has (`BlockSettings::background_color`, ...), trimmed; empty when
    /// absent or when the type is unknown.
    pub fn shared<'a>(&'a self, read: fn(&'a BlockSettings) -> Option<&'a str>) -> &'a str {
        self.settings.as_ref().and_then(read).map(str::trim).unwrap_or_default()
    }

    /// Its share of the grid's row; a type the catalogue does not know takes the row.
    pub fn width(&self) -> Width {
        self.settings.as_ref().map_or(Width::Full, tessera_blocks::layout::width_of)
    }
}

/// A text setting as renderers show it: trimmed, empty when absent.
pub fn text(setting: &Option<String>) -> &str {
    setting.as_deref().map(str::trim).unwrap_or_default()
}

/// Reads everything the embed of `board` shows `viewer` through `scope`, its values written for
/// `locale` (a language tag, as the browser's rows calls send it); `blocks` are the board's
/// blocks in order.
pub async fn read(
    state: &AppState,
    board: &Board,
    scope: &Scope,
    viewer: &Viewer,
    locale: &str,
    blocks: Vec<StoredBlock>,
) -> Result<Snapshot, Error> {
    let settings = board.settings()?;
    let title = if settings.title.trim().is_empty() { board.name.clone() } else { settings.title.clone() };
    let (tabs, open) = open_tab(&settings, &blocks);
    // The open tab's blocks, normalised once: the bodies and the renderers read every setting as
    // its kind, defaults set.
    let read: Vec<(StoredBlock, Option<BlockSettings>)> = blocks
        .into_iter()
        .enumerate()
        .filter(|(i, _)| open.as_ref().is_none_or(|(_, indices)| indices.contains(i)))
        .map(|(_, block)| {
            let (config, settings) = normalised(&block.block_type, block.config);
            (StoredBlock { config, ..block }, settings)
        })
        .collect();
    let search = Some(settings.search.clone()).filter(|search| !search.trim().is_empty());
    let bodies = join_all(read.iter().map(|(block, _)| body(state, scope, viewer, block, search.clone(), locale))).await;
    let blocks = read
        .into_iter()
        .zip(bodies)
        .map(|((block, settings), body)| shown(block.id, &block.block_type, (block.config, settings), body))
        .collect();
    Ok(Snapshot { title, settings, tabs, active_tab: open.map(|(name, _)| name), blocks })
}

/// The section tabs (platform §5, `tessera_core::sections`) and the open one with the indices
/// of its blocks; no tabs when the board lists no sections (every block shows, as in the
/// browser's `sectionTabs`).
fn open_tab(settings: &Settings, blocks: &[StoredBlock]) -> (Vec<String>, Option<(String, Vec<usize>)>) {
    use tessera_core::sections;
    let names = sections::parse_sections(&settings.sections);
    if names.is_empty() {
        return (Vec::new(), None);
    }
    let of_blocks: Vec<Option<&str>> = blocks.iter().map(|block| block.config.get("section").and_then(Value::as_str)).collect();
    let tabs = sections::group_blocks(&of_blocks, &names);
    let current = sections::current_tab(Some(settings.current_section.as_str()).filter(|s| !s.trim().is_empty()), &tabs);
    let open = current.and_then(|name| tabs.iter().find(|tab| tab.section == name).map(|tab| (name, tab.blocks.clone())));
    (tabs.into_iter().map(|tab| tab.section).collect(), open)
}

/// The settings `config` of a block of type `block_type` as renderers read them, normalised once
/// (`tessera_blocks::normalise`): as JSON, for the core's rules over settings and the cache key,
/// and typed, for the renderers. A type the catalogue does not know keeps its settings as stored,
/// untyped.
pub(crate) fn normalised(block_type: &str, config: Map<String, Value>) -> (Map<String, Value>, Option<BlockSettings>) {
    let mut json = Value::Object(config);
    json["type"] = Value::String(block_type.to_owned());
    let filled = tessera_blocks::normalise(&json).unwrap_or(json);
    let settings = BlockSettings::deserialize(&filled).ok();
    let Value::Object(mut config) = filled else { unreachable!("a block is an object") };
    config.remove("type");
    (config, settings)
}

/// A block of type `block_type` with its settings as `normalised` answers them, as the renderers
/// take it.
pub(crate) fn shown(id: String, block_type: &str, (config, settings): (Map<String, Value>, Option<BlockSettings>), body: Body) -> Shown {
    let kind = BlockType::parse(block_type);
    let own_title = settings.as_ref().and_then(BlockSettings::title).map(str::trim).unwrap_or_default();
    let title = match (own_title.is_empty(), kind) {
        (false, _) => own_title.to_owned(),
        (true, Some(kind)) => tessera_blocks::block_info(kind).entry.name.to_owned(),
        (true, None) => block_type.to_owned(),
    };
    Shown { id, kind, config, settings, title, body }
}

async fn body(state: &AppState, scope: &Scope, viewer: &Viewer, block: &StoredBlock, search: Option<String>, locale: &str) -> Body {
    // No sort is asked: the server orders a block's rows as the block says (a data list's
    // `sorting`, sheet_query `own_sort`), as it does for the browser.
    let rows = |rows_per_page: u64| SheetParams {
        search: search.clone(),
        page: Some("1".to_owned()),
        rows_per_page: Some(rows_per_page.to_string()),
        block: Some(block.id.clone()),
        locale: Some(locale.to_owned()),
        ..SheetParams::default()
    };
    let sheet = block.config.get("sheet_title").and_then(Value::as_str).map(str::trim).unwrap_or_default();
    let params = match reads(BlockType::parse(&block.block_type), &block.config) {
        Reads::Settings => return Body::Settings,
        Reads::View => {
            let params = ViewParams { search, locale: Some(locale.to_owned()), ..ViewParams::default() };
            return match views::view_of(state, scope, viewer, block, &params).await {
                Ok(view) => Body::View(view),
                Err(error) => failed(&block.id, error),
            };
        }
        Reads::Rows(first) => rows(first),
    };
    if sheet.is_empty() {
        return Body::Failed("This block has no sheet; choose one in its settings.".to_owned());
    }
    match sheet_query::answer(state, scope, viewer, sheet, &params).await {
        Ok(answer) => Body::Rows(answer),
        Err(error) => failed(&block.id, error),
    }
}

/// What the embed reads for a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reads {
    /// Nothing: its settings say it all, or only a browser can draw it.
    Settings,
    /// Its computed view.
    View,
    /// The first page of its rows, this many.
    Rows(u64),
}

/// What the embed reads for a `kind` block with settings `config` (defaults filled), from the
/// type's capabilities: its view, else its first page (every row, or more than
/// [`ALL_ROWS_SHOWN`], is cut to [`ALL_ROWS_SHOWN`]).
pub(crate) fn reads(kind: Option<BlockType>, config: &Map<String, Value>) -> Reads {
    let Some(kind) = kind else { return Reads::Settings };
    let Capabilities { data, view, script_only, .. } = kind.capabilities();
    if !data || script_only {
        return Reads::Settings;
    }
    if view != ViewKind::None {
        return Reads::View;
    }
    match first_page_rows(kind, config) {
        None => Reads::Settings,
        Some(0) => Reads::Rows(ALL_ROWS_SHOWN),
        Some(first) => Reads::Rows(first.min(ALL_ROWS_SHOWN)),
    }
}

/// An error as the block shows it: the text of a client error (a missing tab or column), the
/// spec's generic text for a server error, which is logged.
fn failed(block_id: &str, error: Error) -> Body {
    if error.status().is_server_error() {
        tracing::error!(block = block_id, error = ?error, "rendering a block of an embed");
        return Body::Failed(messages::SERVER_ERROR.to_owned());
    }
    Body::Failed(error.to_string())
}
