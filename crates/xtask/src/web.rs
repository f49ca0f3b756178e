//! The React app in `web/`: dependencies, unit tests, build, end-to-end tests.

use std::path::PathBuf;
use std::process::Command;
use std::time::SystemTime;

use crate::cmd::{self, repo_root};
use crate::{fresh, Result};

fn web_dir() -> PathBuf {
    repo_root().join("web")
}

fn npm() -> Command {
    let mut npm = Command::new("npm");
    npm.current_dir(web_dir());
    npm
}

/// Where `npm ci` records the `package.json` and `package-lock.json` it installed from.
const STAMP: &str = "node_modules/.tessera-npm-ci.stamp";

/// `npm ci`, unless `node_modules` already matches `package.json` and `package-lock.json`.
pub fn npm_ci() -> Result {
    let web = web_dir();
    let lock = web.join("package-lock.json");
    if !lock.exists() {
        return Err("web/package-lock.json is missing: run `npm install` in web/ and commit the lock file".to_owned());
    }
    let inputs = manifests()?;
    let stamp = web.join(STAMP);
    if std::fs::read(&stamp).is_ok_and(|recorded| recorded == inputs) {
        println!("setup: npm ci: node_modules matches package-lock.json, skipped");
        return Ok(());
    }
    if npm_installed_after_manifests_changed() {
        // npm writes its hidden lock file after every install; newer than both manifests means
        // an `npm install` already brought node_modules up to date.
        println!("setup: npm ci: node_modules is newer than package-lock.json, skipped");
    } else {
        println!("setup: npm ci: node_modules is missing or older than package-lock.json");
        cmd::run(npm().args(["ci", "--no-audit", "--no-fund"]))?;
    }
    std::fs::write(&stamp, inputs).map_err(|err| format!("cannot write {}: {err}", stamp.display()))
}

fn manifests() -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    for name in ["package.json", "package-lock.json"] {
        let path = web_dir().join(name);
        let content = std::fs::read(&path).map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        bytes.extend(content);
        bytes.push(0);
    }
    Ok(bytes)
}

fn npm_installed_after_manifests_changed() -> bool {
    let modified = |name: &str| -> Option<SystemTime> { std::fs::metadata(web_dir().join(name)).ok()?.modified().ok() };
    let Some(installed) = modified("node_modules/.package-lock.json") else {
        return false;
    };
    ["package.json", "package-lock.json"].iter().all(|name| modified(name).is_some_and(|changed| changed <= installed))
}

/// `npm run <script>` in `web/`, with extra environment variables.
pub fn npm_run(script: &str, env: &[(&str, &str)]) -> Result {
    let mut command = npm();
    command.args(["run", script]);
    for (key, value) in env {
        command.env(key, value);
    }
    cmd::run(&mut command)
}

/// `npm run build`: writes `web/dist`, which the server serves. Skipped when nothing it reads
/// (web/ outside node_modules and dist, the browser's WASM packages) changed since the last
/// build started: a warm `cargo xtask run` then starts in seconds.
pub fn build() -> Result {
    let root = repo_root();
    let inputs =
        fresh::Inputs { paths: vec![web_dir(), root.join("wasm-core/pkg"), root.join("wasm-markup/pkg")], skip: &["node_modules", "dist"] };
    let index = web_dir().join("dist/index.html");
    let ran = fresh::unless_fresh(&web_dir().join(BUILD_STAMP), &index, &inputs, || npm_run("build", &[]))?;
    if !ran {
        println!("web: web/dist is newer than its sources, build skipped");
    }
    Ok(())
}

/// Written as `npm run build` starts (outside dist/, which vite empties).
const BUILD_STAMP: &str = "node_modules/.tessera-web-build.stamp";
