//! The embed's cache of rendered boards (see the `embed` module doc, **Cache**). It lives here,
//! below everything that takes the application state, because it needs nothing of the server but
//! the markup type: the state holds it without depending on the embed's routes and renderers.

use std::sync::Arc;

use quick_cache::sync::Cache as QuickCache;
use quick_cache::Weighter;

use crate::infra::html::Safe;

/// The most bytes of rendered pages and previews kept in memory.
pub const CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// A board drawn for its embed: the page title, the page's markup and the preview image.
#[derive(Debug)]
pub struct Rendered {
    pub title: String,
    pub markup: Safe,
    pub preview: Safe,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub(crate) board_id: String,
    pub(crate) fingerprint: u64,
}

#[derive(Debug, Clone)]
pub(crate) struct BySize;

impl Weighter<Key, Arc<Rendered>> for BySize {
    fn weight(&self, key: &Key, rendered: &Arc<Rendered>) -> u64 {
        (key.board_id.len() + rendered.title.len() + rendered.markup.as_str().len() + rendered.preview.as_str().len()) as u64
    }
}

/// Rendered boards by fingerprint; see the module documentation.
pub struct Cache {
    pub(crate) entries: QuickCache<Key, Arc<Rendered>, BySize>,
}

impl Cache {
    pub fn new(bytes: u64) -> Self {
        // About 64 KB a page: the estimate only sizes the cache's tables.
        Self { entries: QuickCache::with_weighter((bytes / 65_536).max(16) as usize, bytes, BySize) }
    }
}

impl Default for Cache {
    fn default() -> Self {
        Self::new(CACHE_BYTES)
    }
}
