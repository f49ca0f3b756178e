//! `cargo xtask <command>`: set-up, build, run and CI of the whole repository.
//!
//! One command per job, so that a fresh machine needs only `cargo xtask run` (to use Tessera)
//! or `.ci/run` (`cargo xtask ci`, to test everything). Standard library only.

mod api_fuzz;
mod bench_embed;
mod bench_load;
mod bench_mixed;
mod bench_web;
mod ci;
mod cmd;
mod docs_shots;
mod fresh;
mod fuzz;
mod load;
mod reliability;
mod server;
mod setup;
mod steps;
mod wasm;
mod web;

use server::Profile;

use std::process::ExitCode;

/// Errors are messages for a person at a terminal.
pub type Result<T = (), E = String> = std::result::Result<T, E>;

const USAGE: &str = "\
Usage: cargo xtask <command>

Commands:
  setup   install what is missing: the wasm32 target, web/node_modules, Chromium (for the tests)
  build   setup (without Chromium), then the WASM packages, the web app (web/dist) and the server (quick profile)
  wasm    the WASM packages only: wasm-core/pkg and wasm-markup/pkg (browser), wasm-core/pkg-node (Node)
  run     build, then start the server (PORT, default 8080; TESSERA_BIND, default 127.0.0.1)
          (`run --release`: the fully optimised server, fat LTO, a much longer first build)
  bench-load  build, then measure the sheet-data call under load on loopback (requests/s, p50, p99)
  bench-mixed build the server, then 500 viewers, editors and form submissions at once on loopback (req/s, p50, p99, errors per kind)
  api-fuzz    build the server, then schemathesis against /api/openapi.json as the owner and as a guest (`--quick`: about 3 minutes)
  bench-embed build the server (and the web app if unbuilt), then measure the server-rendered /embed (p50, p99; cached and cold)
  bench-web   build, then measure the board viewer's critical-path JS + WASM (gzipped) and its FCP/LCP in Chromium
  docs-shots  build, then take the screenshots of the user guides and tutorials from the real product into web/public/docs-shots
  fuzz    every cargo-fuzz target for a bounded time (`fuzz --seconds N`, default 60 each; nightly + cargo-fuzz)
  reliability  the whole reliability suite: every check of ci, then each fuzz target for a bounded time, api-fuzz and bench-mixed
               (`--skip-ci` leaves out the ci part, `--fuzz-seconds N` changes the 60 s per target)
  ci      setup, fmt, clippy, Rust tests, WASM builds, golden vectors, web tests, web build, end-to-end tests
          (`ci --from <step>` resumes at a step, e.g. `cargo xtask ci --from test`;
          `ci --quick`: format, lint, Rust and web unit tests only, for the edit-test loop)
";

fn main() -> ExitCode {
    cmd::put_cargo_bin_on_path();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup::run(),
        Some("build") => build(Profile::Quick),
        Some("wasm") => wasm::build(),
        Some("run") => run(&args[1..]),
        Some("ci") => ci::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("reliability") => reliability::run(&args[1..]),
        Some("bench-load") => build(Profile::Release).and_then(|()| bench_load::run()),
        Some("bench-embed") => bench_embed::run(),
        Some("bench-mixed") => bench_mixed::run(),
        Some("api-fuzz") => api_fuzz::run(&args[1..]),
        Some("bench-web") => build(Profile::Release).and_then(|()| bench_web::run()),
        Some("docs-shots") => build(Profile::Quick).and_then(|()| docs_shots::run()),
        None | Some("help" | "-h" | "--help") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `run [--release]`: the quick build by default; `--release` is the fully optimised one.
fn run(args: &[String]) -> Result {
    let profile = match args {
        [] => Profile::Quick,
        [flag] if flag == "--release" => Profile::Release,
        _ => return Err("usage: cargo xtask run [--release]".to_owned()),
    };
    build(profile).and_then(|()| server::run_foreground(profile))
}

/// Everything running the server needs: the WASM packages, `web/dist` and the server binary
/// built with `profile`. Chromium belongs to the tests, so it is not installed here. Each step
/// says roughly how long it takes cold on two cores, and the seconds each took are printed at the
/// end (the README's figures come from this summary).
fn build(profile: Profile) -> Result {
    let mut steps = steps::Steps::new("build");
    steps.run(
        "setup",
        "installs what is missing: the wasm32 target and the web app's npm packages (under a minute)",
        setup::for_running,
    )?;
    steps.run("wasm", "the browser's two WASM modules (data core, markup) and their JS glue (about 2 minutes cold)", wasm::browser)?;
    steps.run("web", "the web app into web/dist (about 30 seconds)", web::build)?;
    steps.run("server", &server::build_note(profile), || server::build(profile))?;
    steps.summary();
    Ok(())
}
