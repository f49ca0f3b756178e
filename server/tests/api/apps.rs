//! Integration tests of `api::apps` (being written).
