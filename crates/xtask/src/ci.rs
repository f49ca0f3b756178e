//! `cargo xtask ci`: every check of the repository, in order, stopping at the first failure.
//! `.ci/run` calls this. The summary at the end shows each step's duration.

use crate::cmd::{self, cargo, repo_root};
use crate::steps::Steps;
use crate::{server, setup, wasm, web, Result};

type Step = (&'static str, fn() -> Result);

const STEPS: &[Step] = &[
    ("setup", setup::run),
    ("fmt", || cargo_step(&["fmt", "--all", "--check"])),
    // ESLint and Prettier over web/ (web/eslint.config.js, web/.prettierrc.json).
    ("web-lint", || web::npm_run("lint", &[]).and_then(|()| web::npm_run("format:check", &[]))),
    ("clippy", || cargo_step(&["clippy", "--workspace", "--exclude", "tessera-bench", "--all-targets", "--", "-D", "warnings"])),
    // tessera-bindgen has no tests; the `wasm` step runs it.
    ("test", || cargo_step(&["test", "--workspace", "--exclude", "tessera-bench", "--exclude", "tessera-bindgen"])),
    ("wasm", wasm::build),
    ("vectors", golden_vectors),
    ("openapi", validate_openapi),
    ("web-test", || web::npm_run("test", &[])),
    ("web-build", web::build),
    ("server-build", || server::build(server::Profile::Quick)),
    ("e2e", end_to_end),
];

/// The edit-test loop's checks (`ci --quick`): format, lint, the Rust tests, the WASM packages
/// the web unit tests load, and those tests; no browser, web build or server build.
const QUICK: &[&str] = &["fmt", "web-lint", "clippy", "test", "wasm", "web-test"];

/// Runs every step; with `--from <step>` that step and the ones after it (to resume after a
/// fix); with `--quick` only the [`QUICK`] ones.
pub fn run(args: &[String]) -> Result {
    let chosen: Vec<&Step> = match args {
        [] => STEPS.iter().collect(),
        [flag] if flag == "--quick" => STEPS.iter().filter(|(name, _)| QUICK.contains(name)).collect(),
        [flag, name] if flag == "--from" => {
            let first = STEPS.iter().position(|(step, _)| step == name).ok_or_else(|| {
                let names: Vec<&str> = STEPS.iter().map(|(step, _)| *step).collect();
                format!("no ci step `{name}`; the steps are: {}", names.join(", "))
            })?;
            STEPS[first..].iter().collect()
        }
        _ => return Err("usage: cargo xtask ci [--quick | --from <step>]".to_owned()),
    };
    let mut steps = Steps::new("ci");
    for (name, step) in chosen {
        steps.run(name, "", step)?;
    }
    steps.summary();
    println!("ci: all steps passed");
    Ok(())
}

fn cargo_step(args: &[&str]) -> Result {
    cmd::run(cargo().args(args).current_dir(repo_root()))
}

/// The WASM package must give the answers the native core gives, byte for byte: the replay
/// reads the outputs that `cargo test` (the `test` step) wrote.
fn golden_vectors() -> Result {
    cmd::run(std::process::Command::new("node").arg("tests/vectors/replay.mjs").current_dir(repo_root()))
}

/// The server's OpenAPI document, as `cargo test` (the `test` step) wrote it, must validate
/// against the OpenAPI JSON Schemas, and the web's `src/generated/api.ts` must be what it
/// generates (web/scripts/generate-api-types.mjs fails when the committed file is stale).
fn validate_openapi() -> Result {
    let document = cmd::target_dir().join("tmp").join("openapi.json");
    cmd::run(std::process::Command::new("node").arg("web/scripts/validate-openapi.mjs").arg(&document).current_dir(repo_root()))?;
    cmd::run(std::process::Command::new("node").arg("web/scripts/generate-api-types.mjs").arg(&document).current_dir(repo_root()))
}

/// The browser tests against the release server on a free loopback port, serving `web/dist`.
/// Its e-mail goes to the SMTP stand-in that the journeys script runs on a port chosen here (it
/// reads codes and invitations from it), its outbound calls may reach exactly one private
/// address: the loopback port where the data-blocks journey stands in for a user's API endpoint,
/// and its payment webhook takes events signed with a secret made for this run.
fn end_to_end() -> Result {
    let smtp_port = free_port()?.to_string();
    let api_port = free_port()?.to_string();
    // The embed journey pays the way the payment provider does, with a webhook signed by this.
    let webhook_secret = format!("e2e-{}-{}", std::process::id(), free_port()?);
    let server = server::start_background_with(
        server::Profile::Quick,
        &[
            ("TESSERA_SMTP_URL", &format!("smtp://127.0.0.1:{smtp_port}")),
            ("TESSERA_OUTBOUND_ALLOW", &format!("127.0.0.1:{api_port}")),
            ("TESSERA_PAYMENT_WEBHOOK_SECRET", &webhook_secret),
        ],
    )?;
    println!("ci: server running at {}", server.url);
    let tests = web::npm_run(
        "e2e",
        &[
            ("TESSERA_URL", server.url.as_str()),
            ("E2E_SMTP_PORT", &smtp_port),
            ("E2E_API_PORT", &api_port),
            ("E2E_WEBHOOK_SECRET", &webhook_secret),
        ],
    );
    let stopped = server.stop();
    tests?;
    stopped
}

/// A loopback port nothing listens on now (the OS picks it; it stays free until used).
pub(crate) fn free_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|err| format!("could not find a free port: {err}"))?;
    listener.local_addr().map(|addr| addr.port()).map_err(|err| format!("could not find a free port: {err}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_quick_steps_are_steps() {
        for quick in super::QUICK {
            assert!(super::STEPS.iter().any(|(name, _)| name == quick), "{quick}");
        }
    }

    #[test]
    fn step_names_are_unique() {
        let mut names: Vec<&str> = super::STEPS.iter().map(|(name, _)| *name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), super::STEPS.len());
    }
}
