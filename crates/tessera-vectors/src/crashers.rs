//! The stable replay of saved fuzz inputs (`tests/fuzz-crashers/`, see its README), shared by every
//! crate with cargo-fuzz targets: each crate's `tests/crashers.rs` hands over its directory, its
//! targets and the code they run (the same `fuzz/targets.rs` the fuzz binaries use).

use std::fs;
use std::panic;
use std::path::Path;

/// Runs every file in `root/<target>/` through `run(target, bytes)`; panics listing each input
/// that panicked (a target's safety check fails by panicking too). Every target must keep at
/// least one input, and every directory under `root` must be a target or one of `others` (the
/// directories of another crate's targets), so no saved input is silently skipped.
pub fn replay(root: &Path, targets: &[&str], others: &[&str], run: fn(&str, &[u8])) {
    let mut failures: Vec<String> = Vec::new();
    let mut replayed = 0usize;
    for target in targets {
        let dir = root.join(target);
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{} is missing ({e}): every fuzz target keeps a crasher directory", dir.display()))
            .map(|entry| entry.expect("directory entry").path())
            .filter(|p| p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("README")))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} holds no input", dir.display());
        for file in files {
            let data = fs::read(&file).expect("readable crasher");
            replayed += 1;
            if let Err(cause) = panic::catch_unwind(|| run(target, &data)) {
                let why = cause
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| cause.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!("{target}/{}: {why}", file.file_name().unwrap_or_default().to_string_lossy()));
            }
        }
    }
    for entry in fs::read_dir(root).unwrap_or_else(|e| panic!("{} is missing ({e})", root.display())) {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if path.is_dir() && !targets.contains(&name.as_str()) && !others.contains(&name.as_str()) {
            failures.push(format!("{name}/ is not a fuzz target: {targets:?}"));
        }
    }
    println!("replayed {replayed} saved fuzz inputs");
    assert!(failures.is_empty(), "saved fuzz inputs that panic:\n{}", failures.join("\n"));
}
