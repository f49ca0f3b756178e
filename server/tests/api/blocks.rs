//! Integration tests of `api::blocks` (being written).
