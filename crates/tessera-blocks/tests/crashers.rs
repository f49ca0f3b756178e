//! Replays every input in `tests/fuzz-crashers/blocks/<target>/` through the code of that fuzz
//! target (`crates/tessera-blocks/fuzz/targets.rs`, shared with the cargo-fuzz binaries), on
//! stable, in every `cargo test`: none may panic or break the catalogue's laws. See
//! `tests/fuzz-crashers/README.md` for how inputs get there.

use std::path::Path;

#[path = "../fuzz/targets.rs"]
mod targets;

#[test]
fn every_saved_fuzz_input_replays_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-crashers/blocks");
    tessera_vectors::crashers::replay(&root, targets::TARGETS, &[], targets::run);
}
