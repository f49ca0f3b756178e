//! Integration tests of `api::app_users` (being written).
