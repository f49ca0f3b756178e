//! Tessera's data core: the semantics of the product spec over spreadsheet cells, written once
//! and compiled both into the server and, through `wasm-core`, into the browser.
//!
//! Architecture invariants: no I/O, no async, no clock reads ("now" and the time zone arrive in
//! [`context::Context`]), and no host crates (wasm-bindgen, axum, sqlx, tokio). Every external
//! input returns an error instead of panicking.
//!
//! Entry points: [`table::Table`] holds a sheet; [`query::run`] answers a block's query;
//! [`api::evaluate`] is the JSON facade that the golden vectors and the WASM build share.

pub mod api;
pub mod calendar;
pub mod chart;
pub mod column_type;
pub mod context;
pub mod contrast;
pub mod date;
pub mod date_bucket;
pub mod display;
pub mod error;
pub mod filter;
pub mod form;
pub mod formatting;
pub mod markdown;
pub mod number;
pub mod profile;
pub mod query;
pub mod scorecard;
pub mod search;
pub mod sections;
pub mod sort;
pub mod table;
#[cfg(test)]
mod typescript;
pub mod values;

pub use context::Context;
pub use error::QueryError;
pub use query::{QueryResult, QuerySpec};
pub use table::{columnar, Table, TableBuilder, TableError};
