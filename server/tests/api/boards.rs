//! Integration tests of `api::boards` (being written).
