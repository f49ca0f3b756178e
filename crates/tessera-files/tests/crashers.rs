//! Replays every input in `tests/fuzz-crashers/files/<target>/` through the code of that fuzz
//! target (`crates/tessera-files/fuzz/targets.rs`, shared with the cargo-fuzz binaries), on
//! stable, in every `cargo test`: each must end in sheets within the limits or in an error naming
//! the file, without a panic. See `tests/fuzz-crashers/README.md` for how inputs get there.

use std::path::Path;

#[path = "../fuzz/targets.rs"]
mod targets;

#[test]
fn every_saved_fuzz_input_is_imported_within_the_limits_or_refused_clearly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-crashers/files");
    tessera_vectors::crashers::replay(&root, targets::TARGETS, &[], targets::run);
}
