//! `cargo xtask setup`: installs what is missing, and says why each step is skipped when it is
//! not needed, so a warm machine gets through in about a second.

use std::path::Path;
use std::process::Command;

use crate::cmd::{self, cargo, repo_root};
use crate::{web, Result};

const WASM_TARGET: &str = "wasm32-unknown-unknown";
const CHROMIUM: &str = "/usr/bin/chromium";

/// What the tests need: what running needs, and Chromium for the end-to-end tests.
pub fn run() -> Result {
    for_running()?;
    chromium()
}

/// What building and running the product needs (no browser).
pub fn for_running() -> Result {
    wasm_target()?;
    wasm_bindgen_cli()?;
    wasm_pack()?;
    web::npm_ci()
}

fn note(step: &str, message: &str) {
    println!("setup: {step}: {message}");
}

fn wasm_target() -> Result {
    let installed = cmd::stdout_of("rustup", &["target", "list", "--installed"]);
    if installed.is_some_and(|list| list.lines().any(|line| line.trim() == WASM_TARGET)) {
        note(WASM_TARGET, "already installed, skipped");
        return Ok(());
    }
    note(WASM_TARGET, "installing the Rust target for WebAssembly");
    cmd::run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
}

/// wasm-pack builds offline only with a `wasm-bindgen` binary of exactly the crate's version.
fn wasm_bindgen_cli() -> Result {
    let wanted = wasm_bindgen_version()?;
    let found = cmd::stdout_of("wasm-bindgen", &["--version"]);
    let found = found.as_deref().and_then(|line| line.split_whitespace().nth(1));
    if found == Some(wanted.as_str()) {
        note("wasm-bindgen-cli", &format!("{wanted} already installed, skipped"));
        return Ok(());
    }
    let reason = match found {
        Some(other) => format!("found {other}, Cargo.lock has {wanted}"),
        None => "not installed".to_owned(),
    };
    note("wasm-bindgen-cli", &format!("installing {wanted} ({reason}; about 4 minutes)"));
    // Not `--locked`: its lock file names a webpki-roots version the registry mirror lacks.
    cmd::run(cargo().args(["install", "wasm-bindgen-cli", "--version", &wanted]))
}

fn wasm_pack() -> Result {
    if let Some(version) = cmd::stdout_of("wasm-pack", &["--version"]) {
        note("wasm-pack", &format!("{version} already installed, skipped"));
        return Ok(());
    }
    note("wasm-pack", "installing (not installed; about 3 minutes)");
    cmd::run(cargo().args(["install", "wasm-pack", "--locked"]))
}

/// The end-to-end tests drive Debian's Chromium (browser downloads do not work here).
fn chromium() -> Result {
    if Path::new(CHROMIUM).exists() {
        note("chromium", &format!("{CHROMIUM} present, skipped"));
        return Ok(());
    }
    if !cmd::on_path("apt-get") {
        return Err(format!("{CHROMIUM} is missing and there is no apt-get: install Chromium so that it is at {CHROMIUM}"));
    }
    note("chromium", &format!("installing ({CHROMIUM} is missing)"));
    let root = cmd::stdout_of("id", &["-u"]).as_deref() == Some("0");
    let apt = |args: &[&str]| {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            let mut sudo = Command::new("sudo");
            sudo.args(["-n", "apt-get"]);
            sudo
        };
        command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        command
    };
    cmd::run(&mut apt(&["update"]))?;
    cmd::run(&mut apt(&["install", "-y", "chromium"]))
}

/// The version of the `wasm-bindgen` crate that `Cargo.lock` resolved (resolving first if there
/// is no lock file yet).
fn wasm_bindgen_version() -> Result<String> {
    let lock = repo_root().join("Cargo.lock");
    if !lock.exists() {
        note("Cargo.lock", "missing, resolving the workspace with `cargo fetch`");
        cmd::run(cargo().arg("fetch").current_dir(repo_root()))?;
    }
    let text = std::fs::read_to_string(&lock).map_err(|err| format!("cannot read {}: {err}", lock.display()))?;
    locked_version(&text, "wasm-bindgen")
}

/// The one version of `package` in a `Cargo.lock`.
fn locked_version(lock: &str, package: &str) -> Result<String> {
    let mut versions = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block.lines().find_map(|line| {
                let (name, value) = line.split_once('=')?;
                (name.trim() == key).then(|| value.trim().trim_matches('"').to_owned())
            })
        };
        if field("name").as_deref() == Some(package) {
            versions.extend(field("version"));
        }
    }
    match versions.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("Cargo.lock has no `{package}` package")),
        many => Err(format!("Cargo.lock has several `{package}` versions ({}): pin one with `=X` in the workspace", many.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::locked_version;

    const LOCK: &str = r#"
version = 4

[[package]]
name = "wasm-bindgen"
version = "0.2.130"
source = "registry+https://github.com/rust-lang/crates.io-index"
dependencies = [
 "wasm-bindgen-macro",
]

[[package]]
name = "wasm-bindgen-macro"
version = "0.2.130"
"#;

    #[test]
    fn the_locked_version_is_read_from_the_package_block_of_that_name() {
        assert_eq!(locked_version(LOCK, "wasm-bindgen").unwrap(), "0.2.130");
    }

    #[test]
    fn a_missing_or_duplicated_package_is_an_error_naming_it() {
        let missing = locked_version(LOCK, "wasm-pack").unwrap_err();
        assert!(missing.contains("`wasm-pack`"), "{missing}");
        let twice = format!("{LOCK}\n[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.99\"\n");
        let error = locked_version(&twice, "wasm-bindgen").unwrap_err();
        assert!(error.contains("0.2.130, 0.2.99"), "{error}");
    }
}
