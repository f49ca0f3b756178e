//! The WASM packages of `wasm-core`: `pkg/` for the browser (imported by `web/`) and `pkg-node/`
//! for Node (golden-vector replay, benchmark).

use std::path::Path;
use std::process::Command;

use crate::cmd::{self, repo_root};
use crate::Result;

/// Both wasm-pack builds, then wasm-opt on the browser module.
pub fn build() -> Result {
    wasm_pack("web", "pkg")?;
    optimize(&repo_root().join("wasm-core/pkg/tessera_wasm_core_bg.wasm"))?;
    wasm_pack("nodejs", "pkg-node")
}

fn wasm_pack(target: &str, out_dir: &str) -> Result {
    cmd::run(
        Command::new("wasm-pack")
            .args(["build", "wasm-core", "--release", "--target", target])
            .args(["--out-dir", out_dir])
            // Use the wasm-bindgen that `setup` installed; never a slow download or compile.
            .args(["--mode", "no-install"])
            .current_dir(repo_root()),
    )
}

/// wasm-pack's own wasm-opt is off (it would download binaryen); npm's binaryen@132 is the one
/// that produces working modules (Debian's 108 does not).
///
/// wasm-opt also enables what the module's `target_features` section lists (rustc 1.95 writes
/// bulk-memory, multivalue, mutable-globals, nontrapping-fptoint, reference-types, sign-ext);
/// the flags below name the core ones explicitly, as a guard should the section go missing
/// (`strip = true` drops it and wasm-opt then rejects bulk-memory instructions). Measured on the
/// 830 KB module: same output with and without them, 664 KB after -Oz, runs in Node 20.
fn optimize(module: &Path) -> Result {
    let wasm_opt = repo_root().join("web/node_modules/.bin/wasm-opt");
    if !wasm_opt.exists() {
        println!("wasm: wasm-opt skipped: {} not found (binaryen is not among web's devDependencies yet)", wasm_opt.display());
        return Ok(());
    }
    let before = size(module)?;
    cmd::run(Command::new(&wasm_opt).arg("-Oz").args(WASM_FEATURES).arg(module).arg("-o").arg(module))?;
    let after = size(module)?;
    println!(
        "wasm: {} {} KB -> {} KB after wasm-opt",
        module.file_name().unwrap_or_default().to_string_lossy(),
        before / 1024,
        after / 1024
    );
    Ok(())
}

const WASM_FEATURES: &[&str] =
    &["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals"];

fn size(path: &Path) -> Result<u64> {
    std::fs::metadata(path).map(|meta| meta.len()).map_err(|err| format!("cannot read {}: {err}", path.display()))
}
