//! `cargo xtask bench-web`: the board viewer's download and paint budget (issue 5), measured by
//! `web/bench/budget.mjs` in headless Chromium against the release server and its demo. A
//! benchmark, not a test: the figures are printed with their targets, never asserted.

use crate::{server, web, Result};

pub fn run() -> Result {
    let server = server::start_background(server::Profile::Release)?;
    let owner = server.line_after("Demo owner: ")?;
    let (email, password) = owner.split_once(" / ").ok_or("the demo owner line has no password")?;
    let url = server.url.trim_end_matches('/').to_owned();
    let measured =
        web::npm_run("bench", &[("TESSERA_URL", url.as_str()), ("TESSERA_DEMO_EMAIL", email), ("TESSERA_DEMO_PASSWORD", password)]);
    server.stop()?;
    measured
}
