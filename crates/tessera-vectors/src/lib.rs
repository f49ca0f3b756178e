//! The native replay of the golden vectors in `tests/vectors/*.json` (format:
//! `tests/vectors/README.md`), shared by every crate with a JSON facade under test.
//!
//! A vector file belongs to one facade: its top-level `"facade"` names it (`"blocks"` for
//! `tessera_blocks::api::evaluate`), and a file without one belongs to `"core"`
//! (`tessera_core::api::evaluate`). [`replay`] runs the files of one facade: every case through
//! its `evaluate`, whose output must equal `expect` (JSON equality, numbers by value) or whose
//! error must be exactly `error`. Every output string is also written, one JSON line per case,
//! to `target/vectors/native-outputs.jsonl` (core) or `native-outputs-{facade}.jsonl`, which
//! `tests/vectors/replay.mjs` compares byte for byte with the WASM build's output.
//!
//! This crate sits beside the facades rather than in either so that `tessera-core` stays free of
//! `tessera-blocks` (which depends on it): each facade's crate has a one-line test calling
//! [`replay`].
//!
//! [`crashers::replay`] is the same for saved fuzz inputs.
//!
//! `UPDATE_VECTORS=1 cargo test -p <crate> --test vectors` fills `expect` (or `error`) of cases
//! that have neither, and rewrites those files in the canonical layout. Read every blessed value
//! against the module's documented rule before committing it.

pub mod crashers;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

/// A JSON facade under test.
pub struct Facade {
    /// The value of a vector file's `"facade"` (`core` for files without one).
    pub name: &'static str,
    pub evaluate: fn(&str, &str) -> Result<String, String>,
    /// Every operation, each of which must have a case.
    pub operations: &'static [&'static str],
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The vector files of `tests/vectors/`, sorted.
pub fn vector_files() -> Vec<PathBuf> {
    let dir = repo_root().join("tests/vectors");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// The facade a vector file belongs to.
pub fn facade_of(doc: &Value) -> &str {
    doc.get("facade").and_then(Value::as_str).unwrap_or("core")
}

/// Where the native outputs of `facade` go.
pub fn outputs_file(facade: &str) -> PathBuf {
    let name = if facade == "core" { "native-outputs.jsonl".to_owned() } else { format!("native-outputs-{facade}.jsonl") };
    repo_root().join("target/vectors").join(name)
}

/// JSON equality where numbers compare by value (`15` equals `15.0`), as in JavaScript.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w))),
        _ => a == b,
    }
}

/// The canonical layout of a vector file: a value is written on one line when that line fits in
/// 120 columns, else its items go one per line, indented by two spaces.
pub fn layout(value: &Value, indent: usize, out: &mut String) {
    let flat = one_line(value);
    let (open, close, items): (char, char, Vec<(Option<&String>, &Value)>) = match value {
        Value::Array(a) if indent + flat.len() > 120 && !a.is_empty() => ('[', ']', a.iter().map(|v| (None, v)).collect()),
        Value::Object(o) if indent + flat.len() > 120 && !o.is_empty() => ('{', '}', o.iter().map(|(k, v)| (Some(k), v)).collect()),
        _ => {
            out.push_str(&flat);
            return;
        }
    };
    out.push(open);
    for (i, (key, item)) in items.iter().enumerate() {
        out.push('\n');
        out.push_str(&" ".repeat(indent + 2));
        let mut used = indent + 2;
        if let Some(key) = key {
            let k = serde_json::to_string(key).expect("a key serializes");
            used += k.len() + 2;
            let _ = write!(out, "{k}: ");
        }
        layout(item, used, out);
        if i + 1 < items.len() {
            out.push(',');
        }
    }
    out.push('\n');
    out.push_str(&" ".repeat(indent));
    out.push(close);
}

pub fn one_line(value: &Value) -> String {
    match value {
        Value::Array(a) => format!("[{}]", a.iter().map(one_line).collect::<Vec<_>>().join(", ")),
        Value::Object(o) => {
            let items: Vec<String> =
                o.iter().map(|(k, v)| format!("{}: {}", serde_json::to_string(k).expect("a key serializes"), one_line(v))).collect();
            format!("{{{}}}", items.join(", "))
        }
        scalar => serde_json::to_string(scalar).expect("a scalar serializes"),
    }
}

/// Replays every vector file of `facade` and panics, after listing them, on any failure.
pub fn replay(facade: &Facade) {
    let update = std::env::var("UPDATE_VECTORS").is_ok_and(|v| v == "1");
    let mut failures: Vec<String> = Vec::new();
    let mut passed = 0usize;
    let mut lines = String::new();
    let mut ops_seen: BTreeSet<String> = BTreeSet::new();
    let mut blessed = 0usize;

    for path in vector_files() {
        let file = path.file_name().expect("a file name").to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        let mut doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file} is not valid JSON: {e}"));
        if facade_of(&doc) != facade.name {
            continue;
        }
        let default_op = doc.get("op").and_then(Value::as_str).map(str::to_owned);
        let Some(cases) = doc.get_mut("cases").and_then(Value::as_array_mut) else {
            failures.push(format!("{file}: no `cases` array"));
            continue;
        };
        let mut names: BTreeSet<String> = BTreeSet::new();
        let mut changed = false;
        for case in cases.iter_mut() {
            let name = case.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
            if name.is_empty() || !names.insert(name.clone()) {
                failures.push(format!("{file}: case name `{name}` is empty or used twice (names key the WASM comparison)"));
                continue;
            }
            let Some(op) = case.get("op").and_then(Value::as_str).map(str::to_owned).or_else(|| default_op.clone()) else {
                failures.push(format!("{file} / {name}: no `op` on the case or the file"));
                continue;
            };
            ops_seen.insert(op.clone());
            let input = serde_json::to_string(case.get("input").unwrap_or(&Value::Null)).expect("input serializes");
            let result = (facade.evaluate)(&op, &input);
            let line = match &result {
                Ok(output) => json!({"file": file, "name": name, "input": input, "output": output}),
                Err(error) => json!({"file": file, "name": name, "input": input, "error": error}),
            };
            lines.push_str(&line.to_string());
            lines.push('\n');

            let expect = case.get("expect");
            let want_error = case.get("error");
            let failure = match (&result, expect, want_error) {
                (_, Some(_), Some(_)) => Some("has both `expect` and `error`".to_owned()),
                (Ok(output), Some(expect), None) => match serde_json::from_str::<Value>(output) {
                    Ok(got) if same(&got, expect) => None,
                    Ok(_) => Some(format!("expected {}\n    actual   {output}", one_line(expect))),
                    Err(e) => Some(format!("output is not JSON ({e}): {output}")),
                },
                (Err(error), Some(expect), None) => Some(format!("expected {}\n    actual   error: {error}", one_line(expect))),
                (Ok(output), None, Some(want)) => Some(format!("expected error: {}\n    actual   {output}", one_line(want))),
                (Err(error), None, Some(want)) => (want.as_str() != Some(error.as_str()))
                    .then(|| format!("expected error: {}\n    actual   error: {error}", one_line(want))),
                (_, None, None) if update => {
                    let object = case.as_object_mut().expect("a case is an object");
                    match &result {
                        Ok(output) => object.insert("expect".into(), serde_json::from_str(output).expect("output is JSON")),
                        Err(error) => object.insert("error".into(), Value::String(error.clone())),
                    };
                    changed = true;
                    blessed += 1;
                    println!("blessed {file} / {name}: {}", result.as_ref().unwrap_or_else(|e| e));
                    None
                }
                (_, None, None) => Some("has neither `expect` nor `error` (UPDATE_VECTORS=1 fills it)".to_owned()),
            };
            match failure {
                Some(why) => failures.push(format!("{file} / {name}:\n    {why}")),
                None => passed += 1,
            }
        }
        if changed {
            let mut out = String::new();
            layout(&doc, 0, &mut out);
            out.push('\n');
            fs::write(&path, out).unwrap_or_else(|e| panic!("cannot write {file}: {e}"));
        }
    }

    let out = outputs_file(facade.name);
    fs::create_dir_all(out.parent().expect("a directory")).expect("create target/vectors");
    fs::write(&out, lines).unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));

    for op in facade.operations {
        if !ops_seen.contains(*op) {
            failures.push(format!("operation `{op}` has no golden vector"));
        }
    }
    if blessed > 0 {
        println!("blessed {blessed} case(s): read each against its rule");
    }
    for failure in &failures {
        println!("FAIL {failure}");
    }
    println!("{passed} passed, {} failed", failures.len());
    assert!(failures.is_empty(), "{} golden vector failure(s), listed above", failures.len());
}
