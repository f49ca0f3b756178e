//! Replays every input in `tests/fuzz-crashers/markup/<target>/` through the code of that fuzz
//! target (`crates/tessera-markup/fuzz/targets.rs`, shared with the cargo-fuzz binaries), on
//! stable, in every `cargo test`: each must come out safe, without a panic. See
//! `tests/fuzz-crashers/README.md` for how inputs get there.

use std::path::Path;

#[path = "../fuzz/targets.rs"]
mod targets;

#[test]
fn every_saved_fuzz_input_comes_out_safe() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-crashers/markup");
    tessera_vectors::crashers::replay(&root, targets::TARGETS, &[], targets::run);
}
