//! `tessera-bindgen <web|nodejs> <module.wasm> <out-dir>`: the JS glue and TypeScript types of a
//! wasm-bindgen module, written into `out-dir` (what `wasm-bindgen --target <t> --typescript`
//! writes). `cargo xtask build` runs it after compiling `wasm-core` for wasm32.
//!
//! Why a crate and not the CLI: the CLI and the `wasm-bindgen` crate must be the same version to
//! the patch, and `cargo install wasm-bindgen-cli` (plus wasm-pack around it) cost a new machine
//! about nine minutes of compiling an HTTP client, a test runner and an argument parser. As a
//! workspace dependency pinned with `=`, Cargo.lock keeps the versions equal and only the
//! generator itself is built.

use std::path::Path;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [target, module, out_dir] = args.as_slice() else {
        eprintln!("usage: tessera-bindgen <web|nodejs> <module.wasm> <out-dir>");
        return ExitCode::FAILURE;
    };
    match generate(target, Path::new(module), Path::new(out_dir)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tessera-bindgen: {message}");
            ExitCode::FAILURE
        }
    }
}

fn generate(target: &str, module: &Path, out_dir: &Path) -> Result<(), String> {
    let mut bindgen = Bindgen::new();
    bindgen.input_path(module).typescript(true);
    match target {
        // The browser calls `init()` with no argument: keep the default `new URL(…_bg.wasm)` path.
        "web" => bindgen.web(true).map(|bindgen| bindgen.omit_default_module_path(false)),
        "nodejs" => bindgen.nodejs(true),
        other => return Err(format!("unknown target `{other}`: web or nodejs")),
    }
    .map_err(|err| err.to_string())?;
    std::fs::create_dir_all(out_dir).map_err(|err| format!("cannot create {}: {err}", out_dir.display()))?;
    bindgen.generate(out_dir).map_err(|err| format!("{} -> {}: {err:#}", module.display(), out_dir.display()))
}
