//! What each fuzz target does with its input, shared by the cargo-fuzz binaries
//! (`fuzz_targets/*.rs`) and the stable replay of saved inputs
//! (`crates/tessera-blocks/tests/crashers.rs`), so a crasher replays exactly as it crashed.
//!
//! Block settings arrive from browsers, API clients and old stored rows: whatever they hold, the
//! catalogue must answer with errors, never a panic, and its answers must agree with each other.

#![allow(dead_code)]

use serde_json::Value;
use tessera_blocks::api;

/// The names of the targets, which are also the directories of `tests/fuzz-crashers/blocks/`.
pub const TARGETS: &[&str] = &["blocks_api", "block_config"];

/// Runs target `name` on `data`; panics on an unknown name.
pub fn run(name: &str, data: &[u8]) {
    match name {
        "blocks_api" => fuzz_blocks_api(data),
        "block_config" => fuzz_block_config(&String::from_utf8_lossy(data)),
        other => panic!("unknown fuzz target `{other}`"),
    }
}

/// The first byte picks an operation of the JSON facade the editor reaches through WASM (modulo
/// the number of operations), the rest is its input: any answer or error, no panic.
pub fn fuzz_blocks_api(data: &[u8]) {
    let Some((&pick, input)) = data.split_first() else { return };
    let op = api::OPERATIONS[usize::from(pick) % api::OPERATIONS.len()];
    let _ = api::evaluate(op, &String::from_utf8_lossy(input));
}

/// A block's settings as JSON: validation never panics, and filling in the defaults neither
/// turns a valid block invalid nor changes a block whose defaults are already filled.
pub fn fuzz_block_config(text: &str) {
    let Ok(block) = serde_json::from_str::<Value>(text) else { return };
    let valid = tessera_blocks::validate(&block).is_ok();
    let Ok(filled) = tessera_blocks::with_defaults(&block) else { return };
    if valid {
        let errors = tessera_blocks::validate(&filled).err();
        assert!(errors.is_none(), "the defaults made {text} invalid: {errors:?}");
    }
    let again = tessera_blocks::with_defaults(&filled).expect("a block with its defaults filled can be filled again");
    assert_eq!(again, filled, "filling the defaults of {text} twice changed it");
}
