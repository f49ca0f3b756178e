//! Running programs: every command is echoed before it runs, and a failure names the command.

use std::env;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::Result;

/// The repository root (this crate lives in `crates/xtask`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("crates/xtask sits two levels below the repository root").to_path_buf()
}

/// The cargo that runs us (`cargo xtask` sets `CARGO`), else the one on `PATH`.
pub fn cargo() -> Command {
    Command::new(env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// `cargo install` puts tools in `$CARGO_HOME/bin`; make sure the children find them there
/// even when the caller's `PATH` lacks it (a fresh shell without `~/.cargo/env`).
pub fn put_cargo_bin_on_path() {
    let cargo_home =
        env::var_os("CARGO_HOME").map(PathBuf::from).or_else(|| env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")));
    let Some(bin) = cargo_home.map(|home| home.join("bin")) else {
        return;
    };
    let path = env::var_os("PATH").unwrap_or_default();
    if env::split_paths(&path).any(|dir| dir == bin) {
        return;
    }
    let joined = env::join_paths(std::iter::once(bin).chain(env::split_paths(&path)));
    if let Ok(joined) = joined {
        // Single-threaded at this point: nothing else reads the environment concurrently.
        env::set_var("PATH", joined);
    }
}

/// A command line as a person would type it, for echoing and error messages.
pub fn describe(command: &Command) -> String {
    let root = repo_root();
    let program = Path::new(command.get_program());
    let mut text = match program.strip_prefix(&root) {
        // Our own files by their path in the repository (`target/release/tessera-server`).
        Ok(inside) => inside.display().to_string(),
        // Tools by name: `CARGO` is an absolute path into the toolchain, `cargo` reads better.
        Err(_) => program.file_name().unwrap_or(program.as_os_str()).to_string_lossy().into_owned(),
    };
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&quote(arg));
    }
    if let Some(dir) = command.get_current_dir() {
        let shown = dir.strip_prefix(&root).unwrap_or(dir);
        if !shown.as_os_str().is_empty() {
            text = format!("(cd {} && {text})", shown.display());
        }
    }
    text
}

fn quote(arg: &OsStr) -> String {
    let arg = arg.to_string_lossy();
    if arg.is_empty() || arg.contains([' ', '"', '\'', '$']) {
        format!("'{}'", arg.replace('\'', r"'\''"))
    } else {
        arg.into_owned()
    }
}

/// Runs `command` to completion with stdin closed (CI has none) and output passed through.
pub fn run(command: &mut Command) -> Result {
    let line = describe(command);
    println!("$ {line}");
    let status = command.stdin(Stdio::null()).status().map_err(|err| format!("could not start `{line}`: {err}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{line}` failed ({status})"))
    }
}

/// The trimmed stdout of a successful `program args`, or `None` if it is missing or fails.
/// Used to ask tools for their version.
pub fn stdout_of(program: impl AsRef<OsStr>, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).stdin(Stdio::null()).stderr(Stdio::null()).output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// True when `program` can be started from `PATH`.
pub fn on_path(program: &str) -> bool {
    env::var_os("PATH").is_some_and(|path| env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Cargo's target folder: `CARGO_TARGET_DIR`, else `target/` at the repository root.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| repo_root().join("target"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_described_as_typed_with_its_folder() {
        let mut command = Command::new("/usr/bin/npm");
        command.args(["run", "build"]).current_dir(repo_root().join("web"));
        assert_eq!(describe(&command), "(cd web && npm run build)");
        let mut command = Command::new("node");
        command.args(["-e", "it's"]);
        assert_eq!(describe(&command), r"node -e 'it'\''s'");
        let command = Command::new(repo_root().join("target/release/tessera-server"));
        assert_eq!(describe(&command), "target/release/tessera-server");
    }
}
