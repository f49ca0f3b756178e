//! Native replay of the core's golden vectors in `tests/vectors/*.json` (the files without a
//! `"facade"`) through [`tessera_core::api::evaluate`]; the runner is `tessera-vectors` (format
//! and blessing: `tests/vectors/README.md`). It writes `target/vectors/native-outputs.jsonl`,
//! which `tests/vectors/replay.mjs` compares byte for byte with the WASM build's output.

use std::collections::BTreeSet;
use std::fs;

use serde_json::Value;
use tessera_core::api;
use tessera_core::filter::Condition;
use tessera_vectors::{repo_root, Facade};

#[test]
fn golden_vectors_pass_natively() {
    tessera_vectors::replay(&Facade { name: "core", evaluate: api::evaluate, operations: api::OPERATIONS });
}

/// The filters file names every condition of platform §5, so none goes untested.
#[test]
fn every_filter_condition_has_a_vector() {
    let text = fs::read_to_string(repo_root().join("tests/vectors/filters.json")).expect("filters.json");
    let doc: Value = serde_json::from_str(&text).expect("filters.json is JSON");
    let mut used: BTreeSet<String> = BTreeSet::new();
    fn walk(v: &Value, used: &mut BTreeSet<String>) {
        match v {
            Value::Object(o) => {
                if let Some(c) = o.get("condition").and_then(Value::as_str) {
                    used.insert(c.to_owned());
                }
                o.values().for_each(|v| walk(v, used));
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, used)),
            _ => {}
        }
    }
    walk(&doc, &mut used);
    let missing: Vec<&str> = Condition::ALL.iter().map(|c| c.as_str()).filter(|c| !used.contains(*c)).collect();
    assert!(missing.is_empty(), "filters.json has no case for {missing:?}");
}
