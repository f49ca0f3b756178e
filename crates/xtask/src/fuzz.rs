//! `cargo xtask fuzz`: every cargo-fuzz target of the repository for a bounded time each, seeded
//! from its saved inputs under `tests/fuzz-crashers/`, and a table of what each run covered.
//!
//! The targets are found, not listed: each `crates/<crate>/fuzz/Cargo.toml` names its `[[bin]]`s,
//! so a new target is fuzzed here the day it is added.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::cmd::{self, cargo, repo_root};
use crate::Result;

/// One fuzz target: its cargo-fuzz workspace and its name.
#[derive(Debug, PartialEq)]
struct Target {
    crate_name: String,
    fuzz_dir: PathBuf,
    name: String,
}

impl Target {
    /// Where its saved inputs live: `tessera-core`'s directly under `tests/fuzz-crashers/`,
    /// every other crate's under a folder named after it (`tessera-markup` → `markup/`).
    fn crashers(&self, root: &Path) -> PathBuf {
        let base = root.join("tests/fuzz-crashers");
        match self.crate_name.strip_prefix("tessera-") {
            Some("core") | None => base.join(&self.name),
            Some(short) => base.join(short).join(&self.name),
        }
    }
}

/// What one bounded run did.
struct Outcome {
    target: String,
    runs: Option<u64>,
    crashed: bool,
}

pub fn run(args: &[String]) -> Result {
    let seconds = match args {
        [] => 60,
        [flag, value] if flag == "--seconds" => value.parse().map_err(|_| format!("--seconds wants a whole number, not `{value}`"))?,
        _ => return Err("usage: cargo xtask fuzz [--seconds N] (default 60 per target)".to_owned()),
    };
    let root = repo_root();
    let targets = targets(&root)?;
    ensure_tools()?;
    let mut outcomes = Vec::new();
    for target in &targets {
        outcomes.push(fuzz_one(&root, target, seconds)?);
    }
    println!("\nfuzz summary ({seconds} s per target):");
    println!("  {:<32} {:>12}  result", "target", "inputs run");
    for outcome in &outcomes {
        let runs = outcome.runs.map_or_else(|| "?".to_owned(), |runs| runs.to_string());
        println!("  {:<32} {runs:>12}  {}", outcome.target, if outcome.crashed { "CRASHED" } else { "no crash" });
    }
    let crashed: Vec<&str> = outcomes.iter().filter(|o| o.crashed).map(|o| o.target.as_str()).collect();
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} crashed; its input is under <crate>/fuzz/artifacts/: copy it into tests/fuzz-crashers/ (see its README) and fix the code",
            crashed.join(", ")
        ))
    }
}

/// Every `[[bin]]` of every `crates/*/fuzz/Cargo.toml`, in a stable order.
fn targets(root: &Path) -> Result<Vec<Target>> {
    let crates = std::fs::read_dir(root.join("crates")).map_err(|err| format!("reading crates/: {err}"))?;
    let mut found = Vec::new();
    for entry in crates.flatten() {
        let fuzz_dir = entry.path().join("fuzz");
        let Ok(manifest) = std::fs::read_to_string(fuzz_dir.join("Cargo.toml")) else { continue };
        let crate_name = entry.file_name().to_string_lossy().into_owned();
        found.extend(bin_names(&manifest).into_iter().map(|name| Target {
            crate_name: crate_name.clone(),
            fuzz_dir: fuzz_dir.clone(),
            name,
        }));
    }
    found.sort_by(|a, b| (&a.crate_name, &a.name).cmp(&(&b.crate_name, &b.name)));
    if found.is_empty() {
        return Err("no fuzz targets found under crates/*/fuzz/Cargo.toml".to_owned());
    }
    Ok(found)
}

/// The `name` of each `[[bin]]` table of a Cargo manifest.
fn bin_names(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(value) = line.strip_prefix("name").map(str::trim_start).and_then(|rest| rest.strip_prefix('=')) {
            if in_bin {
                names.push(value.trim().trim_matches('"').to_owned());
            }
        }
    }
    names
}

/// cargo-fuzz needs a nightly toolchain (libFuzzer's sanitizer flags) and the `cargo fuzz` command.
fn ensure_tools() -> Result {
    if cmd::stdout_of("rustup", &["run", "nightly", "rustc", "--version"]).is_none() {
        println!("fuzz: installing the nightly toolchain (cargo-fuzz needs it)");
        cmd::run(Command::new("rustup").args(["toolchain", "install", "nightly", "--profile", "minimal"]))?;
    }
    if cmd::stdout_of("cargo-fuzz", &["--version"]).is_none() {
        println!("fuzz: installing cargo-fuzz (about 2 minutes)");
        cmd::run(cargo().args(["install", "cargo-fuzz"]))?;
    }
    Ok(())
}

/// Fuzzes one target for `seconds`, starting from a scratch corpus plus its saved inputs (read
/// only: libFuzzer writes new inputs into the first corpus folder alone).
fn fuzz_one(root: &Path, target: &Target, seconds: u64) -> Result<Outcome> {
    let label = format!("{}/{}", target.crate_name, target.name);
    println!("\n==> fuzz: {label} for {seconds} s");
    let corpus = cmd::target_dir().join("fuzz-corpus").join(&target.crate_name).join(&target.name);
    std::fs::create_dir_all(&corpus).map_err(|err| format!("creating {}: {err}", corpus.display()))?;
    let mut command = Command::new("cargo");
    command.args(["+nightly", "fuzz", "run", &target.name]).arg(&corpus);
    let crashers = target.crashers(root);
    if crashers.is_dir() {
        command.arg(&crashers);
    }
    command.args(["--", &format!("-max_total_time={seconds}"), "-print_final_stats=1"]).current_dir(&target.fuzz_dir);
    let line = cmd::describe(&command);
    println!("$ {line}");
    let output = command.stdin(Stdio::null()).output().map_err(|err| format!("could not start `{line}`: {err}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    for line in how_it_ended(&log) {
        println!("  {line}");
    }
    Ok(Outcome { target: label, runs: runs_done(&log), crashed: !output.status.success() })
}

/// The lines of a run's log that say how it ended. libFuzzer talks on stderr and its last lines
/// say so; after a crash cargo-fuzz adds its own error and backtrace there, so the lines from
/// the first sign of the crash (the panic, the sanitizer's or libFuzzer's report) are shown.
fn how_it_ended(log: &str) -> Vec<&str> {
    const CRASH_SIGNS: [&str; 4] = ["panicked at", "ERROR: libFuzzer", "ERROR: AddressSanitizer", "ALARM: working on the last Unit"];
    let lines: Vec<&str> = log.lines().collect();
    match lines.iter().position(|line| CRASH_SIGNS.iter().any(|sign| line.contains(sign))) {
        Some(first) => lines[first..].iter().take(16).copied().collect(),
        None => lines[lines.len().saturating_sub(12)..].to_vec(),
    }
}

/// The input count of libFuzzer's closing line, `Done 131681 runs in 61 second(s)`.
fn runs_done(log: &str) -> Option<u64> {
    log.lines().rev().find_map(|line| line.trim().strip_prefix("Done ")?.split_whitespace().next()?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bin_names_come_from_bin_tables_only() {
        let manifest = "[package]\nname = \"tessera-core-fuzz\"\n\n[[bin]]\nname = \"parse_date\"\npath = \"x.rs\"\n\n[dependencies]\nname = \"not-a-bin\"\n\n[[bin]]\nname=\"evaluate\"\n";
        assert_eq!(bin_names(manifest), ["parse_date", "evaluate"]);
    }

    #[test]
    fn saved_inputs_of_the_core_sit_at_the_top_and_others_in_their_crates_folder() {
        let root = Path::new("/repo");
        let target = |crate_name: &str| Target { crate_name: crate_name.to_owned(), fuzz_dir: PathBuf::new(), name: "t".to_owned() };
        assert_eq!(target("tessera-core").crashers(root), Path::new("/repo/tests/fuzz-crashers/t"));
        assert_eq!(target("tessera-markup").crashers(root), Path::new("/repo/tests/fuzz-crashers/markup/t"));
    }

    #[test]
    fn the_run_count_is_read_from_libfuzzers_closing_line() {
        let log = "#2 INITED\nstat::number_of_executed_units: 131681\nDone 131681 runs in 61 second(s)\n";
        assert_eq!(runs_done(log), Some(131_681));
        assert_eq!(runs_done("==1== ERROR: libFuzzer: deadly signal"), None);
    }

    #[test]
    fn a_crash_is_shown_from_its_first_sign_not_from_cargo_fuzzs_backtrace() {
        let crashed = "#1 INITED\nthread '<unnamed>' panicked at calamine/src/utils.rs:28:5:\nassertion failed\n==1== ERROR: libFuzzer: deadly signal\nError: Fuzz target exited\n   0: anyhow::msg";
        assert_eq!(how_it_ended(crashed)[0], "thread '<unnamed>' panicked at calamine/src/utils.rs:28:5:");
        let ended = "#1 INITED\nDone 5 runs in 61 second(s)";
        assert_eq!(how_it_ended(ended), ["#1 INITED", "Done 5 runs in 61 second(s)"]);
    }

    #[test]
    fn every_fuzz_workspace_of_the_repository_is_found() {
        let found = targets(&repo_root()).expect("the repository has fuzz targets");
        for expected in [("tessera-core", "parse_date"), ("tessera-markup", "markdown_html"), ("tessera-blocks", "block_config")] {
            assert!(found.iter().any(|t| (t.crate_name.as_str(), t.name.as_str()) == expected), "{expected:?} missing from {found:?}");
        }
    }
}
