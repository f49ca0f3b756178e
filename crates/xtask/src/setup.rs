//! `cargo xtask setup`: installs what is missing, and says why each step is skipped when it is
//! not needed, so a warm machine gets through in about a second.

use std::path::Path;
use std::process::Command;

use crate::cmd;
use crate::wasm::WASM_TARGET;
use crate::{web, Result};

const CHROMIUM: &str = "/usr/bin/chromium";

/// What the tests need: what running needs, and Chromium for the end-to-end tests.
pub fn run() -> Result {
    for_running()?;
    chromium()
}

/// What building and running the product needs (no browser). The WASM packages need no
/// installed tool: `crates/tessera-bindgen` is wasm-bindgen as a workspace crate.
pub fn for_running() -> Result {
    wasm_target()?;
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
