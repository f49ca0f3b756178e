//! The WASM packages: `wasm-core/pkg/` for the browser (imported by `web/` as `@tessera/core`,
//! the module the editor loads first), `wasm-markup/pkg/` for the browser (`@tessera/markup`,
//! loaded only when a markdown or iframe preview needs it) and `wasm-core/pkg-node/` for Node
//! (golden-vector replay, benchmark).
//!
//! Two plain steps instead of wasm-pack: cargo compiles both browser modules for wasm32 in one
//! invocation, then `crates/tessera-bindgen` (wasm-bindgen as a library, at the crate's exact
//! version) writes the JS glue and types for each target. The Node package is a second build of
//! wasm-core with its `vectors` feature (the JSON facades `evaluate` and `evaluateBlocks`, block
//! validation with the iframe check): the browser's module leaves them out. Both builds write the
//! same `release/tessera_wasm_core.wasm`, so the browser one is bound before the Node one is
//! built. Nothing is installed with `cargo install`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, cargo, repo_root};
use crate::Result;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Each module's crate, its folder and the file stem cargo and wasm-bindgen give it.
const MODULES: [(&str, &str, &str); 2] =
    [("tessera-wasm-core", "wasm-core", "tessera_wasm_core"), ("tessera-wasm-markup", "wasm-markup", "tessera_wasm_markup")];

/// Both browser packages, then the core's Node build and package (`cargo xtask wasm`, CI).
pub fn build() -> Result {
    browser()?;
    let mut node = cargo();
    node.args(["build", "--lib", "--release", "--target", WASM_TARGET, "-p", "tessera-wasm-core", "--features", "vectors"]);
    cmd::run(node.current_dir(repo_root()))?;
    let core = module("tessera_wasm_core");
    let out = repo_root().join("wasm-core/pkg-node");
    unless_bound(&core, "nodejs", &out.join("tessera_wasm_core.js"), || bindgen("nodejs", &core, &out))
}

/// Both browser modules (one cargo run, so shared dependencies are compiled once), then each
/// browser package with wasm-opt on its module: what running the product needs (`run`).
pub fn browser() -> Result {
    let mut build = cargo();
    build.args(["build", "--lib", "--release", "--target", WASM_TARGET]);
    for (krate, _, _) in MODULES {
        build.args(["-p", krate]);
    }
    cmd::run(build.current_dir(repo_root()))?;
    for (_, dir, stem) in MODULES {
        let web = repo_root().join(dir).join("pkg");
        let optimised = web.join(format!("{stem}_bg.wasm"));
        unless_bound(&module(stem), "web", &optimised, || {
            bindgen("web", &module(stem), &web)?;
            optimize(&optimised)
        })?;
    }
    Ok(())
}

/// The module cargo last wrote for `stem` (both builds of wasm-core write the same file).
fn module(stem: &str) -> PathBuf {
    cmd::target_dir().join(WASM_TARGET).join(format!("release/{stem}.wasm"))
}

/// Runs `bind` (wasm-bindgen, and wasm-opt for the browser) unless it already made `output` from
/// a module with these very bytes: a warm `run` skips about a minute of wasm-opt. The stamp holds
/// the module's digest, not a time, because cargo relinks wasm-core (same bytes, new time) each
/// time the Node build's feature is switched on or off.
fn unless_bound(module: &Path, target: &str, output: &Path, bind: impl FnOnce() -> Result) -> Result {
    let stamps = cmd::target_dir().join("wasm-packages");
    std::fs::create_dir_all(&stamps).map_err(|err| format!("cannot create {}: {err}", stamps.display()))?;
    let name = module.file_stem().unwrap_or_default().to_string_lossy();
    let stamp = stamps.join(format!("{name}-{target}.digest"));
    let bytes = std::fs::read(module).map_err(|err| format!("cannot read {}: {err}", module.display()))?;
    let digest = format!("{:016x} {}", digest(&bytes), bytes.len());
    if output.exists() && std::fs::read_to_string(&stamp).is_ok_and(|recorded| recorded == digest) {
        println!("wasm: the {target} package of {name} was made from this module, skipped");
        return Ok(());
    }
    let _ = std::fs::remove_file(&stamp);
    bind()?;
    std::fs::write(&stamp, digest).map_err(|err| format!("cannot write {}: {err}", stamp.display()))
}

/// A digest of the module for the stamp (std's SipHash: a new toolchain may change it, which only
/// costs one more binding).
fn digest(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// Writes `out_dir` afresh, so no file of an older build (or of wasm-pack) lingers in it.
fn bindgen(target: &str, module: &Path, out_dir: &PathBuf) -> Result {
    if out_dir.exists() {
        std::fs::remove_dir_all(out_dir).map_err(|err| format!("cannot empty {}: {err}", out_dir.display()))?;
    }
    // The quick profile shares serde and friends with the quick server build of `cargo xtask run`.
    cmd::run(
        cargo()
            .args(["run", "--quiet", "--profile", "quick", "-p", "tessera-bindgen", "--", target])
            .arg(module)
            .arg(out_dir)
            .current_dir(repo_root()),
    )
}

/// npm's binaryen@132 is the wasm-opt that produces working modules (Debian's 108 does not).
///
/// wasm-opt also enables what the module's `target_features` section lists (rustc 1.95 writes
/// bulk-memory, multivalue, mutable-globals, nontrapping-fptoint, reference-types, sign-ext);
/// the flags below name the core ones explicitly, as a guard should the section go missing
/// (`strip = true` drops it and wasm-opt then rejects bulk-memory instructions).
fn optimize(module: &Path) -> Result {
    let wasm_opt = repo_root().join("web/node_modules/.bin/wasm-opt");
    if !wasm_opt.exists() {
        return Err(format!("{} not found: run `cargo xtask setup` (it installs web's npm packages)", wasm_opt.display()));
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
    &["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-simd"];

fn size(path: &Path) -> Result<u64> {
    std::fs::metadata(path).map(|meta| meta.len()).map_err(|err| format!("cannot read {}: {err}", path.display()))
}
