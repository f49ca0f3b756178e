//! Integration tests of `api::account` (being written).
