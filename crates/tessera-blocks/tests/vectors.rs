//! Native replay of the block catalogue's golden vectors (`tests/vectors/blocks.json`, the files
//! with `"facade": "blocks"`) through [`tessera_blocks::api::evaluate`]. It writes
//! `target/vectors/native-outputs-blocks.jsonl`, which `tests/vectors/replay.mjs` compares byte
//! for byte with the WASM export `evaluateBlocks`.

use tessera_blocks::api;
use tessera_vectors::Facade;

#[test]
fn block_vectors_pass_natively() {
    tessera_vectors::replay(&Facade { name: "blocks", evaluate: api::evaluate, operations: api::OPERATIONS });
}
