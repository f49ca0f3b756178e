//! Integration tests of `api::workspaces` (being written).
