//! Replays every input in `tests/fuzz-crashers/markup/<target>/` through the code of that fuzz
//! target (`crates/tessera-markup/fuzz/targets.rs`, shared with the cargo-fuzz binaries), on
//! stable, in every `cargo test`: each must come out safe, without a panic. See
//! `tests/fuzz-crashers/README.md` for how inputs get there.

use std::fs;
use std::panic;
use std::path::Path;

#[path = "../fuzz/targets.rs"]
mod targets;

#[test]
fn every_saved_fuzz_input_comes_out_safe() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-crashers/markup");
    let mut failures: Vec<String> = Vec::new();
    let mut replayed = 0usize;
    for target in targets::TARGETS {
        let dir = root.join(target);
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{} is missing ({e}): every fuzz target keeps a crasher directory", dir.display()))
            .map(|entry| entry.expect("directory entry").path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{} holds no input", dir.display());
        for file in files {
            let data = fs::read(&file).expect("readable crasher");
            replayed += 1;
            if let Err(cause) = panic::catch_unwind(|| targets::run(target, &data)) {
                let why = cause
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| cause.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!("{target}/{}: {why}", file.file_name().unwrap_or_default().to_string_lossy()));
            }
        }
    }
    for entry in fs::read_dir(&root).expect("tests/fuzz-crashers/markup") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if path.is_dir() && !targets::TARGETS.contains(&name.as_str()) {
            failures.push(format!("markup/{name}/ is not a fuzz target: {:?}", targets::TARGETS));
        }
    }
    println!("replayed {replayed} saved fuzz inputs");
    assert!(failures.is_empty(), "saved fuzz inputs that came out unsafe or panicked:\n{}", failures.join("\n"));
}
