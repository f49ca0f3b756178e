//! ARCHITECTURE.md is read like code (issue 46): every path it cites is in the repository, every
//! test it names is a test of it, every invariant names the test that guards it, every
//! top-level module is named, and it stays short enough to read in ten minutes. The
//! invariant "Pure core" is guarded here too: the data crates read no clock, environment, file
//! or network, and depend on no host crate.
//!
//! A cited path (a span with a file extension, or ending in `/`) is found from the repository's
//! root, from `web/src/` or `web/` (the doc's web paths), from the code-map entry it stands in
//! (`src/lib.rs` under **`crates/tessera-core`**), or as the end of a path in the tree
//! (`sheets/rows.rs`, a crate's `tests/crashers.rs`).

use std::fs;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository root")
}

/// Every file and folder below `dir`, but build output, dependencies and version control.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "target" | "node_modules" | ".git" | "dist" | "pkg" | "pkg-node") {
                out.push(path.clone());
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// The text between backticks, each span once per mention.
fn spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).filter(|span| !span.contains('\n')).collect()
}

const EXTENSIONS: [&str; 10] = [".rs", ".ts", ".tsx", ".md", ".mjs", ".json", ".js", ".toml", ".sql", ".css"];

fn is_path(span: &str) -> bool {
    let plain = span.chars().all(|c| c.is_ascii_alphanumeric() || "_.-/".contains(c));
    let named = span.ends_with('/') || EXTENSIONS.iter().any(|ext| span.ends_with(ext));
    // `../shared/...` is outside the repository: the specs.
    plain && named && !span.starts_with('/') && !span.starts_with('.')
}

/// A test's name as the doc cites it: snake case long enough not to be a setting's key.
fn is_test_name(span: &str) -> bool {
    span.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') && span.matches('_').count() >= 4
}

struct Tree {
    root: PathBuf,
    files: Vec<PathBuf>,
}

impl Tree {
    fn new() -> Self {
        let root = repo_root();
        let mut files = Vec::new();
        walk(&root, &mut files);
        Tree { root, files }
    }

    fn has(&self, span: &str, entry: Option<&str>) -> bool {
        let span = span.trim_end_matches('/');
        let bases = ["", "web/src", "web"].into_iter().chain(entry);
        if bases.into_iter().any(|base| self.root.join(base).join(span).exists()) {
            return true;
        }
        let tail = format!("/{span}");
        self.files.iter().any(|file| file.to_string_lossy().replace('\\', "/").ends_with(&tail))
    }

    fn rust_sources(&self) -> Vec<String> {
        self.files
            .iter()
            .filter(|file| file.extension().is_some_and(|ext| ext == "rs"))
            .filter_map(|file| fs::read_to_string(file).ok())
            .collect()
    }
}

/// Whether a Rust test function `name` is in one of `sources`.
fn has_test(name: &str, sources: &[String]) -> bool {
    sources.iter().any(|text| text.contains(&format!("fn {name}(")))
}

fn architecture() -> String {
    fs::read_to_string(repo_root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The code-map entry a line stands in: the path in its bold heading (`- **`crates/x`**`).
fn entry_of(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("- **`")?;
    let end = rest.find("`**")?;
    Some(rest[..end].trim_end_matches('/'))
}

#[test]
fn every_path_and_test_the_architecture_cites_is_in_the_repository() {
    let tree = Tree::new();
    let sources = tree.rust_sources();
    let mut entry: Option<String> = None;
    let mut missing = Vec::new();
    for line in architecture().lines() {
        if line.starts_with('#') || line.starts_with("- **") {
            entry = entry_of(line).map(str::to_owned);
        }
        for span in spans(line) {
            if is_path(span) && !tree.has(span, entry.as_deref()) {
                missing.push(format!("path `{span}`"));
            }
            if is_test_name(span) && !has_test(span, &sources) {
                missing.push(format!("test `{span}`"));
            }
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md cites what the repository does not have: {missing:#?}");
}

/// Ten minutes of reading.
const MAX_WORDS: usize = 2_000;

#[test]
fn the_architecture_names_every_top_level_module_in_at_most_two_thousand_words() {
    let text = architecture();
    let words = text.split_whitespace().count();
    assert!(words <= MAX_WORDS, "ARCHITECTURE.md has {words} words; at most {MAX_WORDS} can be read in ten minutes");
    let root = repo_root();
    let mut unnamed = Vec::new();
    let entries = |dir: &str| -> Vec<(String, bool)> {
        let mut found: Vec<(String, bool)> = fs::read_dir(root.join(dir))
            .expect("a folder")
            .flatten()
            .map(|entry| (entry.file_name().to_string_lossy().into_owned(), entry.path().is_dir()))
            .collect();
        found.sort();
        found
    };
    // A server module by its file (`scope.rs`) or folder (`sheets/`); a web folder; a crate.
    for (name, is_dir) in entries("server/src") {
        let cited = if is_dir { format!("{name}/`") } else { format!("{name}`") };
        if !text.contains(&cited) {
            unnamed.push(format!("server/src/{name}"));
        }
    }
    for (name, _) in entries("web/src").into_iter().filter(|(_, is_dir)| *is_dir) {
        if !text.contains(&format!("`{name}/`")) && !text.contains(&format!("/{name}/`")) {
            unnamed.push(format!("web/src/{name}/"));
        }
    }
    for (name, _) in entries("crates").into_iter().filter(|(_, is_dir)| *is_dir) {
        if !text.contains(&format!("`crates/{name}`")) {
            unnamed.push(format!("crates/{name}"));
        }
    }
    assert!(unnamed.is_empty(), "ARCHITECTURE.md's code map does not name: {unnamed:#?}");
}

#[test]
fn every_invariant_names_the_test_that_guards_it() {
    let text = architecture();
    let start = text.find("## Invariants").expect("an Invariants section");
    let section = &text[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |end| end + 3)];
    let mut unguarded = Vec::new();
    for invariant in section.split("\n- **").skip(1) {
        let names_a_test = spans(invariant).iter().any(|span| {
            is_test_name(span)
                || span.contains(".test.")
                || span.starts_with("tests/")
                || span.contains("/tests/")
                || span.ends_with(".e2e.mjs")
        }) || invariant.contains("('");
        if !names_a_test {
            unguarded.push(invariant.lines().next().unwrap_or_default().to_owned());
        }
    }
    assert!(unguarded.is_empty(), "invariants without the test that guards them: {unguarded:#?}");
}

/// "Pure core": the data rules run the same in the server and in WASM because they touch nothing
/// of their host.
#[test]
fn the_data_crates_read_no_clock_environment_file_or_network() {
    let root = repo_root();
    let host_crates = ["tokio", "axum", "sqlx", "reqwest", "wasm-bindgen", "hyper"];
    let host_calls = ["std::fs", "std::net", "std::env", "std::process", "SystemTime::now", "Instant::now", "Utc::now", "Local::now"];
    let mut found = Vec::new();
    for krate in ["crates/tessera-core", "crates/tessera-blocks"] {
        let manifest = fs::read_to_string(root.join(krate).join("Cargo.toml")).expect("a manifest");
        let dependencies = manifest.split("[dev-dependencies]").next().unwrap_or_default();
        found.extend(
            host_crates
                .iter()
                .filter(|name| dependencies.lines().any(|line| line.starts_with(&format!("{name} "))))
                .map(|name| format!("{krate} depends on {name}")),
        );
        if dependencies.contains("\"clock\"") {
            found.push(format!("{krate} turns on chrono's clock"));
        }
        // Modules compiled only into the tests (`#[cfg(test)] mod typescript;` writes generated files).
        let lib = fs::read_to_string(root.join(krate).join("src/lib.rs")).expect("a lib.rs");
        let test_only: Vec<String> = lib
            .split("#[cfg(test)]")
            .skip(1)
            .filter_map(|rest| {
                rest.trim_start().strip_prefix("mod ").and_then(|rest| rest.split(';').next()).map(|name| format!("{}.rs", name.trim()))
            })
            .collect();
        let mut files = Vec::new();
        walk(&root.join(krate).join("src"), &mut files);
        let rules = files.iter().filter(|file| file.extension().is_some_and(|ext| ext == "rs"));
        for file in rules.filter(|file| !test_only.iter().any(|name| file.ends_with(name))) {
            let text = fs::read_to_string(file).expect("a source file");
            // Tests may read fixtures and generate files; the rules may not.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            found.extend(host_calls.iter().filter(|call| code.contains(*call)).map(|call| format!("{} uses {call}", file.display())));
        }
    }
    assert!(found.is_empty(), "the data crates must stay pure: {found:#?}");
}
