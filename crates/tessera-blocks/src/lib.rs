//! Tessera's block catalogue (blocks.md §3): every block type's settings as data, and what
//! derives from it.
//!
//! - [`catalogue()`]: the picker list (type, name, description, icon, group) and each type's
//!   field descriptors (key, label, kind, group, default, range, options, required flag,
//!   visibility rule, item limits). The web settings editor is built from it; the server answers
//!   it at `GET /api/blocks/catalogue`; the WASM build exports it as `blockCatalogue`.
//! - [`validate()`]: field-level errors (`axis[0].column`) for a block config; unknown settings
//!   are kept. Required settings are required to save, not while the block is a `temp_block`
//!   draft (see `validate.rs`).
//! - [`with_defaults()`]: fills absent settings with their defaults, never overwriting.
//! - [`normalise()`]: a stored block as renderers read it: old stored forms converted, numbers
//!   clamped to their range, every default filled (`normalise.rs`).
//! - [`visible()`]: whether the editor shows a setting (blocks §4), from rules stored as data
//!   (the table is in `visibility.rs`).
//! - [`set()`] and [`new_item()`]: the editing rules of platform §4 (a change that clears a
//!   sibling setting, a new social item's first unused network, item limits), in `edit.rs`.
//! - [`references()`] and [`rewrite_references()`]: the tabs and columns a block's settings
//!   name, found through the field kinds, and a rewrite of them (binding a board to another
//!   spreadsheet).
//! - [`starter()`] and [`starter_sheet()`]: a new data block's tab and first column bindings,
//!   chosen from the tab's column profiles, with sentences saying what was chosen (`starter.rs`).
//! - [`column_formats()`]: a block's conditional formatting rules as the core's query takes them.
//! - [`BlockType::capabilities`]: what a type can do (reads data, its computed view, its first
//!   page, its row writes), as data the renderers read instead of switching on type names
//!   (`capabilities.rs`); [`first_page_rows`] reads a block's first page from it.
//! - [`shown_columns()`]: the columns a table or list shows, in order (`columns.rs`).
//! - [`view()`]: what a chart, scorecard, calendar or markdown block asks of the core (its
//!   axes, cards, calendar settings or template), read from its settings with defaults filled.
//! - [`api::evaluate`]: the JSON facade the golden vectors (`tests/vectors/blocks.json`) and the
//!   WASM binding share.
//!
//! The tables live in `catalogue.rs`; `model.rs` holds the descriptor types. TypeScript
//! declarations of those types and one config interface per block type are generated into
//! `web/src/generated/` by this crate's tests (`typescript.rs`), which fail when the committed
//! files are stale.
//!
//! Like `tessera-core`, this crate does no I/O and imports no host crates (wasm-bindgen, axum,
//! sqlx, tokio). It depends on `tessera-core` (for the e-mail rule of platform §5), never the
//! other way round.

pub mod api;
mod block;
mod capabilities;
mod catalogue;
mod columns;
mod edit;
mod formats;
mod model;
mod normalise;
mod readable;
mod references;
mod starter;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod typescript;
mod validate;
mod view;
mod visibility;

pub use capabilities::{first_page_rows, Capabilities, FirstPage, Frame, ViewKind, Writes};
pub use catalogue::{
    block_info, catalogue, field_of, fields, picker, ACTION_TYPES, AUDIENCE, BUTTON_COLOUR, CONDITIONS, FILE_MIME_TYPES, FORM_TYPES,
    TABLE_TYPES,
};
pub use columns::{shown_columns, ShownColumn, HIDDEN_COLUMNS};
pub use edit::{new_item, set};
pub use formats::column_formats;
pub use model::{BlockInfo, BlockType, Catalogue, DefaultValue, Field, Group, ItemLimit, Kind, PickerEntry, PickerGroup, Rule};
pub use normalise::normalise;
pub use readable::{columns_read, ColumnsRead};
pub use references::{references, rewrite_references, Reference};
pub use starter::{starter, starter_sheet, Starter, CARD_COLUMNS, SELECT_OPTIONS};
pub use validate::{is_unfinished, validate, with_defaults, Block, BlockError, FieldError};
pub use view::{markdown_columns, own_sort, view, View, ViewError};
pub use visibility::visible;
