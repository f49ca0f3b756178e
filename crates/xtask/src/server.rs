//! The server binary: built by `build`, run in the foreground by `run`, and in the background by
//! `ci` for the end-to-end tests and by the benchmarks.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::cmd::{self, cargo, repo_root};
use crate::Result;

/// What the server prints first; the rest of the line is its URL.
const READY: &str = "Tessera is running at ";

/// Which build of the server. Both are optimised; they differ in how long a cold build takes on
/// two cores (see `Cargo.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// `cargo xtask run` and the end-to-end tests: no LTO, parallel code generation.
    Quick,
    /// The benchmarks, and deployers who ask for it (`cargo xtask run --release`): fat LTO, one
    /// codegen unit.
    Release,
}

impl Profile {
    /// The cargo profile's name, which is also its folder under `target/`.
    fn name(self) -> &'static str {
        match self {
            Self::Quick => "quick",
            Self::Release => "release",
        }
    }
}

/// What building the server costs, said before it starts: the one long step of a first run.
pub fn build_note(profile: Profile) -> String {
    let cold = match profile {
        Profile::Quick => "about 5 minutes the first time on 2 cores",
        Profile::Release => "fat LTO over one codegen unit: several times the quick build the first time",
    };
    format!("tessera-server, {} profile ({cold}, seconds when nothing changed)", profile.name())
}

pub fn build(profile: Profile) -> Result {
    cmd::run(cargo().args(["build", "--profile", profile.name(), "-p", "tessera-server"]).current_dir(repo_root()))
}

fn binary(profile: Profile) -> PathBuf {
    cmd::target_dir().join(profile.name()).join("tessera-server")
}

fn command(profile: Profile) -> Command {
    let mut command = Command::new(binary(profile));
    command.current_dir(repo_root());
    if std::env::var_os("TESSERA_WEB_DIST").is_none() {
        command.env("TESSERA_WEB_DIST", repo_root().join("web/dist"));
    }
    command
}

/// Runs the server in this terminal until Ctrl-C. On Unix the server replaces this process, so
/// signals reach it directly.
pub fn run_foreground(profile: Profile) -> Result {
    let mut command = command(profile);
    println!("$ {} (Ctrl-C stops it)", cmd::describe(&command));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let err = command.exec();
        Err(format!("could not start {}: {err}", binary(profile).display()))
    }
    #[cfg(not(unix))]
    {
        cmd::run(&mut command)
    }
}

/// A server started in the background on a free loopback port; stopped on [`Background::stop`]
/// or drop.
pub struct Background {
    child: Child,
    pub url: String,
    /// The lines the server printed after its start-up line.
    lines: mpsc::Receiver<String>,
}

/// Starts the server built with `profile` with `PORT=0` on a fresh SQLite database (with the demo
/// workspace) and waits for the line that says which port it got.
pub fn start_background(profile: Profile) -> Result<Background> {
    start_background_with(profile, &[])
}

/// [`start_background`] with extra environment variables (an SMTP stand-in's address).
pub fn start_background_with(profile: Profile, env: &[(&str, &str)]) -> Result<Background> {
    // One folder per xtask process: a bench or api-fuzz run beside CI's end-to-end server must not
    // clear the database the other is using.
    let data = cmd::target_dir().join("server-data").join(std::process::id().to_string());
    if data.exists() {
        std::fs::remove_dir_all(&data).map_err(|err| format!("could not clear {}: {err}", data.display()))?;
    }
    let mut command = command(profile);
    if std::env::var_os("DATABASE_URL").is_none() {
        command.env("DATABASE_URL", format!("sqlite://{}/tessera.db", data.display()));
    }
    command.envs(env.iter().copied());
    let mut child = command
        .env("PORT", "0")
        .env("TESSERA_BIND", "127.0.0.1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|err| format!("could not start {}: {err}", binary(profile).display()))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    let (sender, receiver) = mpsc::channel();
    let (line_sender, lines) = mpsc::channel();
    std::thread::spawn(move || {
        let mut sent = false;
        for line in BufReader::new(stdout).lines().map_while(|line| line.ok()) {
            if sent {
                let _ = line_sender.send(line.clone());
            } else if let Some(url) = ready_url(&line) {
                let _ = sender.send(url.to_owned());
                sent = true;
            }
            println!("[server] {line}");
        }
    });
    let mut server = Background { child, url: String::new(), lines };
    match receiver.recv_timeout(Duration::from_secs(30)) {
        Ok(url) => {
            server.url = url;
            Ok(server)
        }
        Err(_) => Err("the server did not print its URL within 30 s".to_owned()),
    }
}

fn ready_url(line: &str) -> Option<&str> {
    line.trim().strip_prefix(READY).filter(|url| !url.is_empty())
}

impl Background {
    /// The rest of the first line the server prints after its start-up line that starts with
    /// `prefix`, waiting up to 10 s.
    pub fn line_after(&self, prefix: &str) -> Result<String> {
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(10)) {
            if let Some(rest) = line.strip_prefix(prefix) {
                return Ok(rest.to_owned());
            }
        }
        Err(format!("the server printed no line starting with `{prefix}`"))
    }

    /// SIGTERM (a graceful shutdown), then a kill if it is still running after 10 s.
    pub fn stop(mut self) -> Result {
        self.terminate()
    }

    fn terminate(&mut self) -> Result {
        if self.child.try_wait().ok().flatten().is_some() {
            return Ok(());
        }
        #[cfg(unix)]
        {
            let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
            for _ in 0..100 {
                if let Ok(Some(status)) = self.child.try_wait() {
                    return if status.success() { Ok(()) } else { Err(format!("the server exited with {status} on SIGTERM")) };
                }
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        Err("the server did not stop within 10 s of SIGTERM; killed".to_owned())
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.terminate();
    }
}

#[cfg(test)]
mod tests {
    use super::ready_url;

    #[test]
    fn the_url_is_read_from_the_start_up_line() {
        assert_eq!(ready_url("Tessera is running at http://127.0.0.1:40123/\n"), Some("http://127.0.0.1:40123/"));
        assert_eq!(ready_url("warning: web/dist has no index.html"), None);
    }
}
