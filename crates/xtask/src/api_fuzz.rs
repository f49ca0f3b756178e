//! `cargo xtask api-fuzz [--quick]`: schemathesis against the server's own OpenAPI document.
//!
//! Starts the release server on a fresh SQLite database (with its demo owner), signs in as the
//! demo owner with the password the first start prints, gives the owner a spreadsheet and a
//! board of blocks so that real ids exist, and runs schemathesis twice, as the owner and as a
//! guest, with two checks: no answer is a server error (5xx), and every documented answer
//! matches its schema. Each run is bounded by examples per operation and a time budget.
//! schemathesis comes from PyPI at a pinned version, in a virtualenv under `target/`.

use std::path::PathBuf;
use std::process::Command;

use crate::bench_load::{call, generate, public_board, start_as_demo_owner};
use crate::cmd::{self, target_dir};
use crate::{server, Result};

const SCHEMATHESIS: &str = "4.32.5";
const CHECKS: &str = "not_a_server_error,response_schema_conformance";

/// The calls that would end the owner's session or account halfway through the run; a guest
/// cannot reach them, so the guest run covers their refusals.
const OWNER_SKIPS: &[&str] = &["POST /api/auth/logout", "DELETE /api/account", "PUT /api/account/password"];

/// How hard one run pushes: examples per operation, a time budget per schemathesis run, and a
/// fixed seed for the quick run (the one CI makes must find the same things every time); the
/// long run takes a new seed each time and prints it.
struct Depth {
    name: &'static str,
    max_examples: u32,
    max_seconds: u32,
    seed: Option<u32>,
}

const QUICK: Depth = Depth { name: "quick", max_examples: 10, max_seconds: 75, seed: Some(11) };
const LONG: Depth = Depth { name: "long", max_examples: 100, max_seconds: 600, seed: None };

pub fn run(args: &[String]) -> Result {
    let depth = match args {
        [] => &LONG,
        [flag] if flag == "--quick" => &QUICK,
        _ => return Err(format!("api-fuzz takes only `--quick`, not `{}`", args.join(" "))),
    };
    let st = schemathesis()?;
    server::build(server::Profile::Release)?;
    // A server as an operator runs it, payments included: without a webhook secret the payment
    // webhook answers 503 by design, which is not what the fuzzer is looking for.
    let webhook_secret = format!("api-fuzz-{}", std::process::id());
    let (server, host, token) = start_as_demo_owner(&[("TESSERA_PAYMENT_WEBHOOK_SECRET", &webhook_secret)])?;
    seed(&host, &token)?;

    let reports = target_dir().join("api-fuzz");
    let schema = format!("{}api/openapi.json", server.url);
    let mut failed = Vec::new();
    for (who, header) in [("owner", Some(format!("Authorization: Bearer {token}"))), ("guest", None)] {
        let mut command = Command::new(&st);
        command.args(["run", &schema, "--url", server.url.trim_end_matches('/'), "--checks", CHECKS]);
        command.args(["--phases", "examples,coverage,fuzzing", "--workers", "2", "--request-timeout", "10"]);
        command.args(["--max-examples", &depth.max_examples.to_string(), "--max-time", &depth.max_seconds.to_string()]);
        command.args(["--suppress-health-check", "all", "--report", "junit"]);
        if let Some(seed) = depth.seed {
            command.args(["--seed", &seed.to_string()]);
        }
        command.arg("--report-junit-path").arg(reports.join(format!("{who}-{}.xml", depth.name)));
        if let Some(header) = &header {
            command.args(["--header", header]);
            for skip in OWNER_SKIPS {
                command.args(["--exclude-name", skip]);
            }
        }
        println!("api-fuzz: {} run as the {who}", depth.name);
        if let Err(err) = cmd::run(&mut command) {
            failed.push(format!("{who}: {err}"));
        }
    }
    server.stop()?;
    if failed.is_empty() {
        println!("api-fuzz: no server errors and no schema violations (reports in {})", reports.display());
        Ok(())
    } else {
        Err(format!("schemathesis found failures (reports in {}):\n{}", reports.display(), failed.join("\n")))
    }
}

/// The schemathesis CLI at the pinned version, installed into `target/schemathesis-venv` when
/// it is missing or another version.
fn schemathesis() -> Result<PathBuf> {
    let venv = target_dir().join("schemathesis-venv");
    let st = venv.join("bin/st");
    let found = cmd::stdout_of(&st, &["--version"]);
    if found.as_deref().is_some_and(|line| line.ends_with(SCHEMATHESIS)) {
        println!("api-fuzz: schemathesis {SCHEMATHESIS} already installed, skipped");
        return Ok(st);
    }
    if !venv.join("bin/pip").is_file() {
        cmd::run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    cmd::run(Command::new(venv.join("bin/pip")).args(["install", "--quiet", &format!("schemathesis=={SCHEMATHESIS}")]))?;
    Ok(st)
}

/// A spreadsheet and a public board with a table, a chart and a form over it, so the owner's
/// run finds its ids in the lists it reads.
fn seed(host: &str, token: &str) -> Result {
    let (board, _, sheet) = public_board(host, token, "api-fuzz", "API fuzz", &generate(200, 1))?;
    for block in [
        r#"{"type":"table","title":"Deals","rows_per_page":10}"#,
        r#"{"type":"chart","title":"By region","x_axis":"Region","axis":[{"column":"Amount","type":"bar"}]}"#,
        r#"{"type":"form","title":"Add a deal"}"#,
    ] {
        let block = block.replacen('{', &format!(r#"{{"sheet_title":"{sheet}","#), 1);
        call(host, token, "POST", &format!("/api/boards/{board}/blocks"), &block)?;
    }
    Ok(())
}
