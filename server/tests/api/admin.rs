//! Integration tests of `api::admin` (being written).
