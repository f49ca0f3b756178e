//! Integration tests of `api::plans` (being written).
