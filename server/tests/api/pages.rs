//! Integration tests of `api::pages` (being written).
