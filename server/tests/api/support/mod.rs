//! The integration suite's harness: a real server on 127.0.0.1:0 over a real database, and
//! HTTP clients that act as a guest, a signed-in user or an administrator.
//!
//! Every test written with [`both_databases!`] runs twice: on a fresh SQLite file and on a fresh
//! PostgreSQL database (`TESSERA_TEST_POSTGRES`, default `postgres://postgres@127.0.0.1:5432/postgres`,
//! where each test creates and drops its own database).

pub mod google;
pub mod smtp;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use reqwest::header::HeaderMap;
use reqwest::Method;
use serde_json::Value;
use sqlx::{Connection, Executor, PgConnection};
use tessera_server::accounts::auth::User;
use tessera_server::infra::db::Db;
use tessera_server::{AppState, Config};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub const ADMIN_EMAIL: &str = "admin@tessera.test";
pub const PASSWORD: &str = "correct horse battery";
pub const INDEX_HTML: &str = "<!doctype html><html><head><title>Tessera test</title></head><body><div id=\"root\"></div></body></html>";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Writes one test per backend: `name::sqlite` and `name::postgres`. The body gets `backend`.
#[macro_export]
macro_rules! both_databases {
    ($(async fn $name:ident($backend:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            async fn run($backend: $crate::support::Backend) $body
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run($crate::support::Backend::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run($crate::support::Backend::Postgres).await
            }
        }
    )*};
}

/// A temporary folder, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!("tessera-test-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed)));
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }

    pub fn write(&self, relative: &str, contents: &str) {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A database of its own for one test: a SQLite file in a temporary folder, or a PostgreSQL
/// database that is dropped (with its connections) when the test ends, passed or failed.
pub struct TestDatabase {
    pub url: String,
    postgres_name: Option<String>,
    _folder: TempDir,
}

fn postgres_admin_url() -> String {
    std::env::var("TESSERA_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

impl TestDatabase {
    pub async fn new(backend: Backend) -> Self {
        let folder = TempDir::new();
        match backend {
            Backend::Sqlite => Self { url: format!("sqlite://{}/tessera.db", folder.0.display()), postgres_name: None, _folder: folder },
            Backend::Postgres => {
                static NEXT: AtomicUsize = AtomicUsize::new(0);
                let name =
                    format!("tessera_test_{}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed), rand::random::<u32>());
                let admin = postgres_admin_url();
                let mut conn = PgConnection::connect(&admin)
                    .await
                    .unwrap_or_else(|error| panic!("PostgreSQL at {admin} is needed by the integration suite: {error}"));
                conn.execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
                conn.close().await.unwrap();
                let (base, _) = admin.rsplit_once('/').unwrap();
                Self { url: format!("{base}/{name}"), postgres_name: Some(name), _folder: folder }
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some(name) = self.postgres_name.take() else { return };
        // Drop runs inside the test's runtime, which cannot block on itself: use a thread.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async {
                let mut conn = PgConnection::connect(&postgres_admin_url()).await?;
                conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str()).await?;
                conn.close().await
            })
        })
        .join();
        if let Ok(Err(error)) = dropped {
            eprintln!("warning: could not drop a test database: {error}");
        }
    }
}

/// A running server with its own database and web build.
pub struct TestServer {
    pub base: String,
    pub state: AppState,
    stop: Option<oneshot::Sender<()>>,
    database: Option<TestDatabase>,
    _dist: TempDir,
}

impl TestServer {
    pub async fn start(backend: Backend) -> Self {
        Self::start_with(backend, |_| {}).await
    }

    /// Starts a server after `configure` has adjusted its configuration (SMTP, secrets, ...).
    pub async fn start_with(backend: Backend, configure: impl FnOnce(&mut Config)) -> Self {
        let database = TestDatabase::new(backend).await;
        Self::start_on(database, configure).await
    }

    /// Starts a server on an existing database (a second replica, or a restart).
    pub async fn start_on(database: TestDatabase, configure: impl FnOnce(&mut Config)) -> Self {
        let dist = TempDir::new();
        dist.write("index.html", INDEX_HTML);
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut config = Config {
            port: addr.port(),
            web_dist: dist.0.clone(),
            database_url: database.url.clone(),
            admin_emails: vec![ADMIN_EMAIL.to_owned()],
            demo: false,
            // The stand-ins of outside services listen on loopback.
            allow_private_fetch: true,
            ..Config::default()
        };
        configure(&mut config);
        let state = AppState::new(config).await.unwrap_or_else(|error| panic!("the test server starts: {error}"));
        let (stop, stopped) = oneshot::channel::<()>();
        let served = state.clone();
        tokio::spawn(async move {
            tessera_server::http::server::serve(listener, served, async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        Self { base: format!("http://{addr}"), state, stop: Some(stop), database: Some(database), _dist: dist }
    }

    pub fn db(&self) -> &Db {
        &self.state.db
    }

    /// A client without a session.
    pub fn guest(&self) -> Client {
        Client::new(&self.base, None, None)
    }

    /// A verified user with a session, made directly in the database (not through sign-up).
    pub async fn user(&self, name: &str, email: &str) -> Client {
        let user = tessera_server::accounts::create_user(self.db(), name, email, PASSWORD, true).await.unwrap();
        self.session_for(user).await
    }

    /// A client signed in as `user`, with a fresh session.
    pub async fn session_for(&self, user: User) -> Client {
        let session =
            self.state.keys.start(self.db(), &user.id, &tessera_server::accounts::auth::session::Origin::default()).await.unwrap();
        Client::new(&self.base, Some(session.token), Some(user))
    }

    /// The platform administrator (`ADMIN_EMAIL`).
    pub async fn admin(&self) -> Client {
        self.user("Ada Admin", ADMIN_EMAIL).await
    }

    /// Stops serving (in-flight requests finish) and hands back the database for a restart.
    pub fn stop(mut self) -> TestDatabase {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.database.take().expect("a running server has its database")
    }

    /// The URL of this server's database (for a second replica).
    pub fn database_url(&self) -> &str {
        &self.database.as_ref().expect("a running server has its database").url
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// An HTTP client with a cookie store; signed-in clients send their session as a Bearer token.
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub token: Option<String>,
    pub user: Option<User>,
}

/// A finished response: status, headers and the body (parsed as JSON when it is JSON).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub text: String,
    pub json: Value,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }

    /// The `error` text of an error answer.
    pub fn error(&self) -> &str {
        self.json["error"].as_str().unwrap_or_else(|| panic!("no error text in {} {}", self.status, self.text))
    }

    /// Panics with the body unless the status is `expected`; returns the JSON body.
    #[track_caller]
    pub fn expect(&self, expected: u16) -> &Value {
        assert_eq!(self.status, expected, "unexpected status; body: {}", self.text);
        &self.json
    }
}

impl Client {
    pub fn new(base: &str, token: Option<String>, user: Option<User>) -> Self {
        // The server installs the process's TLS provider when it starts; tests that only run
        // server processes (binary.rs) must install it themselves. A second install is refused
        // harmlessly.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
        Self { http, base: base.to_owned(), token, user }
    }

    pub fn user(&self) -> &User {
        self.user.as_ref().expect("a signed-in client")
    }

    pub async fn get(&self, path: &str) -> Reply {
        self.send(Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Reply {
        self.send(Method::POST, path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Reply {
        self.send(Method::PUT, path, Some(body)).await
    }

    pub async fn delete(&self, path: &str, body: Option<Value>) -> Reply {
        self.send(Method::DELETE, path, body).await
    }

    /// Any request; `body` is sent as JSON.
    pub async fn send(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        Self::finish(request).await
    }

    /// Sends a prepared request (raw bodies, custom headers) and reads the answer.
    pub async fn finish(request: reqwest::RequestBuilder) -> Reply {
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Reply { status, headers, text, json }
    }

    /// A request builder for cases `send` does not cover, with the session attached.
    pub fn request(&self, method: Method, path: &str) -> reqwest::RequestBuilder {
        let request = self.http.request(method, format!("{}{path}", self.base));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }
}
