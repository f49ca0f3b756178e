//! Integration tests of `api::env` (being written).
