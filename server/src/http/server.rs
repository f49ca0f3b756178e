//! The server as a whole: the [`AppState`] built from the configuration, the [`router`] that
//! assembles the application from the route modules (each owns its router: `api` answers
//! `/api/*` with JSON, `web` serves the built React app, platform §2), and [`run`], all that
//! `main.rs` calls.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;

use crate::accounts::auth::session::SessionKeys;
use crate::accounts::mail::{self, Mailer};
use crate::boards::demo;
use crate::infra::db::{self, Db};
use crate::infra::outbound;
use crate::sheets::answer_cache::AnswerCache;
use crate::sheets::cache::TableCache;
use crate::{embed, history, http, web, AppState, Config, ConfigError};

/// The whole application: `/api/*` first, then the web app for every other path, behind the
/// refusal of forged cross-site changes (`cross_site`). Answers are
/// compressed (brotli or gzip, as the client accepts): the web app's code and sheet rows are text
/// that shrinks several times, which is most of a board's first-load time on a real network.
pub fn router(state: AppState) -> Router {
    web::router(&state)
        .merge(embed::router(state.clone()))
        .nest("/v3", http::api::v3_router(state.clone()))
        .nest("/api", http::api::router(state.clone()))
        .layer(axum::middleware::from_fn_with_state(state, http::cross_site::refuse_forgeries))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
}

impl AppState {
    /// Connects to the database (applying migrations) and loads the session keys.
    pub async fn new(config: Config) -> Result<Self, StartError> {
        let db = Db::connect(&config.database_url).await?;
        let keys = SessionKeys::load(&db, &config).await.map_err(|error| StartError::Init(error.to_string()))?;
        if let Some(plan) = &config.plan {
            crate::boards::plans::require_known(&db, "TESSERA_PLAN", plan).await.map_err(|error| StartError::Init(error.to_string()))?;
        }
        let mailer = Mailer::from_config(&config, keys.outbox_key())?;
        let tables = Arc::new(TableCache::new(config.sheet_cache_mb * 1024 * 1024));
        let answers = Arc::new(AnswerCache::new(config.answer_cache_mb * 1024 * 1024));
        let embeds = Arc::new(embed::Cache::default());
        let http = build_client(http_builder())?;
        let access = config.private_access();
        let user_http = build_client(outbound::for_user_addresses(http_builder(), &access, outbound::MAX_LINK_REDIRECTS))?;
        let action_http = build_client(outbound::for_user_addresses(
            http_builder().timeout(outbound::ACTION_TIMEOUT),
            &access,
            outbound::MAX_ACTION_REDIRECTS,
        ))?;
        Ok(Self { config: Arc::new(config), db, keys: Arc::new(keys), mailer, tables, answers, embeds, http, user_http, action_http })
    }
}

/// A client for outside services: rustls on ring (installed once as the process default),
/// bounded waits and a user agent that names the product.
fn http_builder() -> reqwest::ClientBuilder {
    // A second installation (tests start many servers in one process) is refused harmlessly.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .user_agent(concat!("Tessera/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(std::time::Duration::from_secs(10))
        .timeout(std::time::Duration::from_secs(60))
}

fn build_client(builder: reqwest::ClientBuilder) -> Result<reqwest::Client, StartError> {
    builder.build().map_err(|error| StartError::Init(format!("cannot build the HTTP client: {error}")))
}

/// Serves [`router`] on `listener` until `shutdown` completes, then lets in-flight requests finish.
/// The client's address reaches handlers (rate limits) through `ConnectInfo`.
pub async fn serve(listener: TcpListener, state: AppState, shutdown: impl Future<Output = ()> + Send + 'static) -> io::Result<()> {
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown).await
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Database(#[from] db::DbError),
    #[error(transparent)]
    Mail(#[from] mail::MailConfigError),
    #[error("cannot start: {0}")]
    Init(String),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        #[source]
        source: io::Error,
    },
    #[error("server error: {0}")]
    Serve(#[source] io::Error),
}

/// The binary's entry point: configuration from the environment, then serve until SIGINT/SIGTERM.
///
/// The first line on stdout is always `Tessera is running at <url>`: `cargo xtask` reads it to
/// learn the port when it starts the server with `PORT=0`. Logs go to stderr.
pub async fn run() -> Result<(), StartError> {
    let mut config = Config::from_env()?;
    init_logging();
    let addr = config.socket_addr();
    let listener = TcpListener::bind(addr).await.map_err(|source| StartError::Bind { addr, source })?;
    let local = listener.local_addr().map_err(|source| StartError::Bind { addr, source })?;
    // With PORT=0 the configured port is not the real one; links in e-mails need the real one.
    config.port = local.port();
    if !config.web_dist.join("index.html").is_file() {
        eprintln!("warning: {} has no index.html: pages answer 503 until you run `cargo xtask build`", config.web_dist.display());
    }
    let state = AppState::new(config).await?;
    let demo = match state.config.demo {
        true => demo::seed_if_empty(&state).await.map_err(|error| StartError::Init(format!("creating the demo workspace: {error}")))?,
        false => None,
    };
    let limits = state.config.history;
    history::revisions::backfill(&state.db, &limits).await.map_err(|error| StartError::Init(format!("starting the history: {error}")))?;
    tokio::spawn(history::retention::run(state.db.clone(), limits));
    // Before the line below: whoever reads it may stop the server at once.
    let stop = shutdown_signal();
    println!("Tessera is running at {}/", state.config.public_base_url());
    if let Some(demo) = demo {
        println!("{demo}");
    }
    serve(listener, state, stop).await.map_err(StartError::Serve)?;
    eprintln!("Tessera stopped");
    Ok(())
}

/// Logs to stderr at the level named by `RUST_LOG` (error, warn, info, debug, trace; default info).
fn init_logging() {
    let level = std::env::var("RUST_LOG").ok().and_then(|value| value.parse::<tracing::Level>().ok()).unwrap_or(tracing::Level::INFO);
    // A second initialisation (tests calling `run` twice) is harmless, so its error is ignored.
    let _ = tracing_subscriber::fmt().with_max_level(level).with_writer(io::stderr).try_init();
}

/// Completes on the first SIGINT (Ctrl-C) or SIGTERM. On Unix both are taken over when this is
/// called, not when the future is first polled: `run` calls it before it says the server is
/// running, so a signal sent as soon as it says so stops it cleanly instead of killing it (what
/// SIGTERM does while no handler is installed; seen under CI's load).
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let signals = {
        use tokio::signal::unix::{signal, SignalKind};
        [signal(SignalKind::interrupt()).ok(), signal(SignalKind::terminate()).ok()]
    };
    async move {
        #[cfg(unix)]
        {
            // Without a working handler for one, wait for the other rather than stopping at once.
            let [interrupt, terminate] = signals.map(|stream| async move {
                match stream {
                    Some(mut stream) => drop(stream.recv().await),
                    None => std::future::pending::<()>().await,
                }
            });
            tokio::select! {
                () = interrupt => {},
                () = terminate => {},
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        eprintln!("Tessera is shutting down");
    }
}
