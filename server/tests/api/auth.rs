//! Integration tests of `api::auth` (being written).
