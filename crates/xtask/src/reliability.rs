//! `cargo xtask reliability`: the whole reliability and security suite in one command. First the
//! quick part, which is every check of `.ci/run` (access matrix, hostile input, faults, the
//! differential checks and the saved fuzz inputs all live there), then the long runs CI leaves
//! out: every fuzz target for a bounded time, the API fuzz run and the mixed load run.
//! `docs/reliability.md` says what each part proves and holds the latest figures.

use std::time::{Duration, Instant};

use crate::{api_fuzz, bench_mixed, ci, fuzz, Result};

/// One part of the suite: its name and how to run it.
type Part<'a> = (&'static str, Box<dyn Fn() -> Result + 'a>);

const USAGE: &str = "usage: cargo xtask reliability [--skip-ci] [--fuzz-seconds N]";

pub fn run(args: &[String]) -> Result {
    let mut skip_ci = false;
    let mut fuzz_seconds = "60".to_owned();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--skip-ci" => skip_ci = true,
            "--fuzz-seconds" => fuzz_seconds = rest.next().ok_or(USAGE)?.clone(),
            _ => return Err(format!("unknown argument `{arg}`\n{USAGE}")),
        }
    }
    let fuzz_args = ["--seconds".to_owned(), fuzz_seconds];
    let parts: Vec<Part> = vec![
        ("ci (quick part)", Box::new(|| if skip_ci { Ok(()) } else { ci::run(&[]) })),
        ("fuzz", Box::new(|| fuzz::run(&fuzz_args))),
        ("api-fuzz", Box::new(|| api_fuzz::run(&[]))),
        ("load (bench-mixed)", Box::new(bench_mixed::run)),
    ];
    // Every part runs even after one fails: a long run's figures are worth having either way.
    let started = Instant::now();
    let mut outcomes: Vec<(&str, Duration, Result)> = Vec::new();
    for (name, part) in &parts {
        println!("\n==> reliability: {name}");
        let part_started = Instant::now();
        let outcome = part();
        outcomes.push((name, part_started.elapsed(), outcome));
    }
    println!("\nreliability summary:");
    for (name, elapsed, outcome) in &outcomes {
        let result = match outcome {
            Ok(()) if *name == "ci (quick part)" && skip_ci => "skipped".to_owned(),
            Ok(()) => "passed".to_owned(),
            Err(message) => format!("FAILED: {message}"),
        };
        println!("  {name:<20} {:>8.1} s  {result}", elapsed.as_secs_f64());
    }
    println!("  {:<20} {:>8.1} s", "total", started.elapsed().as_secs_f64());
    let failed: Vec<&str> = outcomes.iter().filter(|(_, _, outcome)| outcome.is_err()).map(|(name, _, _)| *name).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("reliability: {} failed (see above)", failed.join(", ")))
    }
}
