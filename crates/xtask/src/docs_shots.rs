//! `cargo xtask docs-shots`: takes the screenshots of the user guides and of the Tutorial Videos
//! popup's walkthroughs again, from the real product, into `web/public/docs-shots/`.
//!
//! The release server is started as the end-to-end tests start it, and `web/e2e/shots.e2e.mjs`
//! saves its pictures straight into the copy the server serves (`web/dist/docs-shots/`), so its
//! own checks (every picture a guide or a walkthrough shows loads, and was taken by this run) see
//! the new pictures. Only when the run passes do they replace the repository's.

use std::path::Path;

use crate::cmd::repo_root;
use crate::{ci, server, web, Result};

/// Where the guides and the web app find the pictures (Vite copies `web/public` into `web/dist`).
const SHOTS: &str = "web/public/docs-shots";

pub fn run() -> Result {
    let root = repo_root();
    let served = root.join("web/dist/docs-shots");
    clear_pictures(&served)?;
    let smtp_port = ci::free_port()?.to_string();
    // The owner pays the way the payment provider does, so Embed Content shows the embed code.
    let webhook_secret = format!("docs-shots-{}-{}", std::process::id(), ci::free_port()?);
    let server = server::start_background_with(
        server::Profile::Quick,
        &[("TESSERA_SMTP_URL", &format!("smtp://127.0.0.1:{smtp_port}")), ("TESSERA_PAYMENT_WEBHOOK_SECRET", &webhook_secret)],
    )?;
    let taken = web::npm_run(
        "docs-shots",
        &[
            ("TESSERA_URL", server.url.as_str()),
            ("E2E_SMTP_PORT", &smtp_port),
            ("E2E_WEBHOOK_SECRET", &webhook_secret),
            ("DOCS_SHOTS_OUT", &served.to_string_lossy()),
        ],
    );
    let stopped = server.stop();
    taken?;
    stopped?;
    let kept = root.join(SHOTS);
    clear_pictures(&kept)?;
    let (count, bytes) = copy_pictures(&served, &kept)?;
    println!("docs-shots: {count} pictures, {} KB in all, in {SHOTS}; commit them with the guides", bytes / 1024);
    Ok(())
}

fn is_picture(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "jpg")
}

/// Removes the pictures of `folder` (a picture no longer taken must not stay behind), and makes it.
fn clear_pictures(folder: &Path) -> Result {
    std::fs::create_dir_all(folder).map_err(|err| format!("could not create {}: {err}", folder.display()))?;
    for entry in std::fs::read_dir(folder).map_err(|err| format!("could not read {}: {err}", folder.display()))? {
        let path = entry.map_err(|err| format!("could not read {}: {err}", folder.display()))?.path();
        if is_picture(&path) {
            std::fs::remove_file(&path).map_err(|err| format!("could not remove {}: {err}", path.display()))?;
        }
    }
    Ok(())
}

/// Copies the pictures of `from` into `to`: how many, and their bytes.
fn copy_pictures(from: &Path, to: &Path) -> Result<(usize, u64)> {
    let mut count = 0;
    let mut bytes = 0;
    for entry in std::fs::read_dir(from).map_err(|err| format!("could not read {}: {err}", from.display()))? {
        let path = entry.map_err(|err| format!("could not read {}: {err}", from.display()))?.path();
        if !is_picture(&path) {
            continue;
        }
        let target = to.join(path.file_name().expect("a file read from a folder has a name"));
        bytes +=
            std::fs::copy(&path, &target).map_err(|err| format!("could not copy {} to {}: {err}", path.display(), target.display()))?;
        count += 1;
    }
    Ok((count, bytes))
}
