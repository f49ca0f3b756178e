//! A PostgreSQL cluster of one test's own, so that the test may stop and start it while other
//! tests keep using the machine's shared server: `initdb` into a temporary folder, its own port
//! on 127.0.0.1, its socket in that folder, and trust authentication for the `postgres` role.
//!
//! PostgreSQL refuses to run as root, so when the tests run as root (CI) every command runs as
//! the `postgres` user through `runuser`, and the folder is handed to that user first.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::TempDir;

pub struct PrivatePostgres {
    bin: PathBuf,
    folder: TempDir,
    port: u16,
    as_postgres_user: bool,
}

/// The newest `/usr/lib/postgresql/<version>/bin` that holds `initdb` and `pg_ctl`, or the
/// folder named by `TESSERA_TEST_PG_BIN`.
fn server_binaries() -> PathBuf {
    if let Some(folder) = std::env::var_os("TESSERA_TEST_PG_BIN") {
        return PathBuf::from(folder);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|entry| Some((entry.file_name().to_str()?.parse().ok()?, entry.path().join("bin"))))
        .filter(|(_, bin): &(u32, PathBuf)| bin.join("initdb").is_file() && bin.join("pg_ctl").is_file())
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).unwrap_or_else(|| {
        panic!(
            "this test needs the PostgreSQL server programs (initdb, pg_ctl) and found none under /usr/lib/postgresql/*/bin: \
             install them (Debian: apt-get install postgresql) or set TESSERA_TEST_PG_BIN to the folder that holds them"
        )
    })
}

fn is_root() -> bool {
    let output = Command::new("id").arg("-u").output().expect("`id -u` runs");
    String::from_utf8_lossy(&output.stdout).trim() == "0"
}

/// The uid and gid of the `postgres` user.
fn postgres_user() -> (u32, u32) {
    let id = |flag: &str| {
        let output = Command::new("id").args([flag, "postgres"]).output().expect("`id` runs");
        assert!(output.status.success(), "running as root, this test needs the `postgres` OS user to run PostgreSQL as (it refuses root)");
        String::from_utf8_lossy(&output.stdout).trim().parse::<u32>().expect("a numeric id")
    };
    (id("-u"), id("-g"))
}

impl PrivatePostgres {
    /// Creates the cluster and starts it.
    pub fn start() -> Self {
        let bin = server_binaries();
        let folder = TempDir::new();
        let as_postgres_user = is_root();
        if as_postgres_user {
            let (uid, gid) = postgres_user();
            std::os::unix::fs::chown(&folder.0, Some(uid), Some(gid)).expect("the cluster's folder is handed to postgres");
        }
        // A free port now; the cluster binds it a moment later.
        let port = TcpListener::bind("127.0.0.1:0").and_then(|listener| listener.local_addr()).expect("a free port").port();
        let cluster = Self { bin, folder, port, as_postgres_user };
        let data = cluster.data();
        cluster.run("initdb", &["-D", &data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
        cluster.start_again();
        cluster
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the stopped cluster and waits until it accepts connections.
    pub fn start_again(&self) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.folder.0.display());
        let log = self.folder.0.join("postgres.log").display().to_string();
        self.run("pg_ctl", &["start", "-D", &self.data(), "-w", "-t", "60", "-l", &log, "-o", &options]);
    }

    /// Stops the cluster as a crash would: every server process ends at once, without a
    /// checkpoint, and the next start recovers from the write-ahead log.
    pub fn stop_immediately(&self) {
        self.run("pg_ctl", &["stop", "-D", &self.data(), "-w", "-m", "immediate"]);
    }

    fn data(&self) -> String {
        self.folder.0.join("data").display().to_string()
    }

    fn command(&self, program: &str, args: &[&str]) -> Command {
        let path = self.bin.join(program);
        let mut command = if self.as_postgres_user {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&path);
            command
        } else {
            Command::new(&path)
        };
        command.args(args).current_dir(&self.folder.0);
        command
    }

    fn run(&self, program: &str, args: &[&str]) -> Output {
        let output = self.command(program, args).output().unwrap_or_else(|error| panic!("cannot run {program}: {error}"));
        assert!(
            output.status.success(),
            "{program} {args:?} failed ({}):\n{}{}\nserver log:\n{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            log_of(&self.folder.0)
        );
        output
    }
}

fn log_of(folder: &Path) -> String {
    std::fs::read_to_string(folder.join("postgres.log")).unwrap_or_default()
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = self.command("pg_ctl", &["stop", "-D", &self.data(), "-w", "-m", "immediate"]).output();
    }
}
