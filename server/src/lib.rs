//! Tessera's HTTP server.
//!
//! [`router`] assembles the application from the route modules, each of which owns its router:
//! [`api`] answers `/api/*` with JSON, `web` serves the built React app (platform §2). `main.rs`
//! only calls [`run`].

pub mod api;
mod config;
mod error;
mod web;

use std::future::Future;
use std::io;
use std::net::SocketAddr;

use axum::Router;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

pub use config::{Config, ConfigError};
pub use error::Error;

/// The whole application: `/api/*` first, then the web app for every other path.
pub fn router(config: &Config) -> Router {
    web::router(config).nest("/api", api::router()).layer(TraceLayer::new_for_http())
}

/// Serves [`router`] on `listener` until `shutdown` completes, then lets in-flight requests finish.
pub async fn serve(listener: TcpListener, config: &Config, shutdown: impl Future<Output = ()> + Send + 'static) -> io::Result<()> {
    axum::serve(listener, router(config)).with_graceful_shutdown(shutdown).await
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Config(#[from] ConfigError),
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
    let config = Config::from_env()?;
    init_logging();
    let addr = config.socket_addr();
    let listener = TcpListener::bind(addr).await.map_err(|source| StartError::Bind { addr, source })?;
    let local = listener.local_addr().map_err(|source| StartError::Bind { addr, source })?;
    println!("Tessera is running at {}", display_url(local));
    if !config.web_dist.join("index.html").is_file() {
        eprintln!("warning: {} has no index.html: pages answer 503 until you run `cargo xtask build`", config.web_dist.display());
    }
    serve(listener, &config, shutdown_signal()).await.map_err(StartError::Serve)?;
    eprintln!("Tessera stopped");
    Ok(())
}

/// The URL to print for a bound address. An unspecified address (0.0.0.0, ::) listens on every
/// interface; the loopback form is the one a browser on this machine can open.
fn display_url(addr: SocketAddr) -> String {
    let mut shown = addr;
    if addr.ip().is_unspecified() {
        shown.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    format!("http://{shown}/")
}

/// Logs to stderr at the level named by `RUST_LOG` (error, warn, info, debug, trace; default info).
fn init_logging() {
    let level = std::env::var("RUST_LOG").ok().and_then(|value| value.parse::<tracing::Level>().ok()).unwrap_or(tracing::Level::INFO);
    // A second initialisation (tests calling `run` twice) is harmless, so its error is ignored.
    let _ = tracing_subscriber::fmt().with_max_level(level).with_writer(io::stderr).try_init();
}

/// Completes on the first SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            // Without a working handler, wait for SIGTERM alone rather than stopping at once.
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    eprintln!("Tessera is shutting down");
}

#[cfg(test)]
mod tests {
    use super::display_url;

    #[test]
    fn an_unspecified_bind_address_is_shown_as_loopback() {
        assert_eq!(display_url("0.0.0.0:8080".parse().unwrap()), "http://127.0.0.1:8080/");
        assert_eq!(display_url("[::]:9000".parse().unwrap()), "http://[::1]:9000/");
        assert_eq!(display_url("192.168.1.2:80".parse().unwrap()), "http://192.168.1.2:80/");
    }
}
