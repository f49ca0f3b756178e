//! Replays every input in `tests/fuzz-crashers/<target>/` through the code of that fuzz target
//! (`crates/tessera-core/fuzz/targets.rs`, shared with the cargo-fuzz binaries), on stable, in
//! every `cargo test`. Each input must be answered without a panic. See
//! `tests/fuzz-crashers/README.md` for how inputs get there.

use std::path::Path;

#[path = "../fuzz/targets.rs"]
mod targets;

#[test]
fn every_saved_fuzz_input_is_answered_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-crashers");
    // `markup/`, `blocks/` and `files/` hold the targets of tessera-markup, tessera-blocks and
    // tessera-files, replayed by their own tests/crashers.rs.
    tessera_vectors::crashers::replay(&root, targets::TARGETS, &["markup", "blocks", "files"], targets::run);
}
