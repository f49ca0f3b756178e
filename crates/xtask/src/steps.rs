//! Named steps run in order, each timed, with a summary of the seconds at the end: `ci` and
//! `build`/`run` print the same kind of table, so a slow step is named by the command itself.

use std::time::{Duration, Instant};

use crate::Result;

/// The steps run so far and how each went.
pub struct Steps {
    /// The command's name, which starts every heading ("ci", "run").
    command: &'static str,
    started: Instant,
    done: Vec<(&'static str, Duration, &'static str)>,
}

impl Steps {
    pub fn new(command: &'static str) -> Self {
        Steps { command, started: Instant::now(), done: Vec::new() }
    }

    /// Runs `step` under a heading; `about` says what it does and how long it may take, so that a
    /// long silent build does not look hung. On failure, prints the summary and names the step.
    pub fn run(&mut self, name: &'static str, about: &str, step: impl FnOnce() -> Result) -> Result {
        match about {
            "" => println!("\n==> {}: {name}", self.command),
            _ => println!("\n==> {}: {name}: {about}", self.command),
        }
        let step_started = Instant::now();
        let outcome = step();
        let elapsed = step_started.elapsed();
        match outcome {
            Ok(()) => {
                self.done.push((name, elapsed, "passed"));
                Ok(())
            }
            Err(message) => {
                self.done.push((name, elapsed, "FAILED"));
                self.summary();
                Err(format!("{} failed at step `{name}`: {message}", self.command))
            }
        }
    }

    /// Each step's seconds and the total.
    pub fn summary(&self) {
        println!("\n{} summary:", self.command);
        for (name, elapsed, result) in &self.done {
            println!("  {name:<16} {:>8}  {result}", seconds(*elapsed));
        }
        println!("  {:<16} {:>8}", "total", seconds(self.started.elapsed()));
    }
}

fn seconds(duration: Duration) -> String {
    format!("{:.1} s", duration.as_secs_f64())
}
