//! What each fuzz target does with its input, shared by the cargo-fuzz binaries
//! (`fuzz_targets/*.rs`) and the stable replay of saved crashers
//! (`crates/tessera-core/tests/crashers.rs`), so a crasher replays exactly as it crashed.
//!
//! Every target reads its bytes as UTF-8, lossily (invalid sequences become U+FFFD), as a
//! browser or the server would hand text to the core. A target fails only by panicking: the core
//! must answer every input with a value or an error.

#![allow(dead_code)]

use tessera_core::api;
use tessera_core::date::parse_date;
use tessera_core::number::{parse_number, DecimalSeparator};
use tessera_core::query::{parse_url_filters, read_url_filters};

/// The names of the targets, which are also the directories of `tests/fuzz-crashers/`.
pub const TARGETS: &[&str] = &["parse_date", "parse_number", "url_filters", "query_json", "evaluate"];

/// Runs target `name` on `data`; panics on an unknown name.
pub fn run(name: &str, data: &[u8]) {
    match name {
        "parse_date" => fuzz_parse_date(data),
        "parse_number" => fuzz_parse_number(data),
        "url_filters" => fuzz_url_filters(data),
        "query_json" => fuzz_query_json(data),
        "evaluate" => fuzz_evaluate(data),
        other => panic!("unknown fuzz target `{other}`"),
    }
}

pub fn fuzz_parse_date(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Some(d) = parse_date(&text) {
        // A date that was read, written as ISO 8601 to the second, reads back as that text.
        let iso = d.format("%Y-%m-%dT%H:%M:%S").to_string();
        let again = parse_date(&iso).map(|d| d.format("%Y-%m-%dT%H:%M:%S").to_string());
        assert_eq!(again.as_deref(), Some(iso.as_str()), "{text:?} read as {iso}, which does not read back");
    }
}

pub fn fuzz_parse_number(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for separator in [DecimalSeparator::Dot, DecimalSeparator::Comma] {
        if let Some(n) = parse_number(&text, separator) {
            assert!(n.is_finite(), "{text:?} read as {n}");
        }
    }
}

pub fn fuzz_url_filters(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let pairs = parse_url_filters(&text);
    for (name, value) in &pairs {
        assert!(!name.is_empty() && name.trim() == name, "bad name {name:?} from {text:?}");
        assert_eq!(value.trim(), value, "untrimmed value from {text:?}");
        assert!(!name.contains(',') && !value.contains(','), "a comma inside a pair from {text:?}");
    }
    // A board without filters uses no pair and gives each non-empty pair a reason.
    let read = read_url_filters(&[], &text);
    assert!(read.used.is_empty(), "a board without filters used {:?} from {text:?}", read.used);
    assert_eq!(read.ignored.len(), text.split(',').filter(|p| !p.trim().is_empty()).count(), "a pair lost from {text:?}");
    assert!(read.ignored.iter().all(|i| !i.reason.is_empty()), "an ignored pair without a reason from {text:?}");
}

pub fn fuzz_query_json(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(output) = api::evaluate("query", &text) {
        assert!(output.starts_with('{'), "query output is not an object: {output}");
    }
}

/// The first byte picks the operation of [`api::OPERATIONS`], the rest is its input.
pub fn fuzz_evaluate(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let op = api::OPERATIONS[usize::from(pick) % api::OPERATIONS.len()];
    let text = String::from_utf8_lossy(rest);
    if let Ok(output) = api::evaluate(op, &text) {
        assert!(
            output.parse::<f64>().is_ok() || output.starts_with(['{', '[', '"']) || ["null", "true", "false"].contains(&output.as_str()),
            "`{op}` output is not JSON: {output}"
        );
    }
}
