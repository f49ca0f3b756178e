//! Every setting the editor offers does something (issue 29): each key of the block catalogue,
//! nested list and object items included, must be read by a renderer (the web app's blocks and
//! views, the editor's preview, the server's embed, views and row rules, the core's inputs that
//! serde reads settings into, such as a conditional filter) or be listed in [`EDITOR_ONLY`] with
//! the reason it changes nothing on a page. A setting that only the catalogue and the settings
//! editor name is a switch an owner flips to no effect.
//!
//! "Read" is found in the source text: the key as a whole word outside the catalogue, generated
//! files, tests and the settings editor. That cannot prove a setting works (the feature tests
//! do), but it catches the setting nobody wired up.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use tessera_blocks::{catalogue, Field};

/// Settings no renderer reads, each with why that is right.
const EDITOR_ONLY: &[(&str, &str)] = &[(
    "http_method",
    "its one option is POST (blocks §3.6), the method every API call action is sent with; the editor shows it so the method is not a guess",
)];

/// Where renderers live, from the repository root.
const RENDERER_ROOTS: &[&str] =
    &["web/src", "server/src", "crates/tessera-core/src", "crates/tessera-blocks/src/view.rs", "crates/tessera-blocks/src/formats.rs"];

/// Parts of those trees that are not renderers.
fn is_renderer(path: &Path) -> bool {
    let text = path.to_string_lossy().replace('\\', "/");
    let skipped = ["/generated/", "/test/", ".test.", "/shell/settings/", "/tests/", "catalogue.rs"];
    let source = [".ts", ".tsx", ".rs"].iter().any(|ext| text.ends_with(ext));
    source && !skipped.iter().any(|part| text.contains(part))
}

fn files(root: &Path, out: &mut Vec<PathBuf>) {
    if root.is_file() {
        out.push(root.to_owned());
        return;
    }
    for entry in fs::read_dir(root).unwrap_or_else(|error| panic!("{}: {error}", root.display())).flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if is_renderer(&path) {
            out.push(path);
        }
    }
}

/// Whether `key` stands in `text` as a whole word (not inside a longer identifier).
fn names(text: &str, key: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(key).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + key.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

fn keys(fields: &[Field], out: &mut BTreeSet<&'static str>) {
    for field in fields {
        out.insert(field.key);
        keys(field.fields, out);
    }
}

#[test]
fn every_setting_is_read_by_a_renderer_or_says_why_not() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut sources = Vec::new();
    for place in RENDERER_ROOTS {
        files(&root.join(place), &mut sources);
    }
    let text: String = sources.iter().map(|path| fs::read_to_string(path).unwrap_or_default()).collect::<Vec<_>>().join("\n");
    let mut all = BTreeSet::new();
    for info in catalogue().blocks {
        keys(&info.fields, &mut all);
    }
    let excused: BTreeSet<&str> = EDITOR_ONLY.iter().map(|(key, _)| *key).collect();
    let unread: Vec<&str> = all.iter().copied().filter(|key| !excused.contains(key) && !names(&text, key)).collect();
    assert!(
        unread.is_empty(),
        "these settings are offered in the editor but read by no renderer: {unread:?}. Make a renderer honour each, hide it with a \
         visibility rule, or list it in EDITOR_ONLY with the reason"
    );
    let stale: Vec<&str> = excused.iter().copied().filter(|key| !all.contains(key)).collect();
    assert!(stale.is_empty(), "EDITOR_ONLY names settings the catalogue no longer has: {stale:?}");
    for (key, reason) in EDITOR_ONLY {
        assert!(!reason.trim().is_empty(), "EDITOR_ONLY `{key}` gives no reason");
    }
}
