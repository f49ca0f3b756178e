//! What every other module stands on and that knows nothing of boards: configuration, the
//! database, errors, outbound HTTP, text and markup escaping, CSV cells.

pub(crate) mod config;
pub mod csv;
pub mod db;
pub mod error;
pub mod html;
pub mod outbound;
pub mod rendered_cache;
pub mod text;
