//! Server configuration, read from the environment once at start-up.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

/// Where the server listens and what it serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `TESSERA_BIND`, default 127.0.0.1 (local only; 0.0.0.0 to listen on every interface).
    pub bind: IpAddr,
    /// `PORT`, default 8080; 0 picks a free port (the start-up line shows which).
    pub port: u16,
    /// `TESSERA_WEB_DIST`, default `web/dist`: the output of `npm run build` in `web/`.
    pub web_dist: PathBuf,
}

impl Default for Config {
    fn default() -> Self {
        Self { bind: IpAddr::V4(Ipv4Addr::LOCALHOST), port: 8080, web_dist: PathBuf::from("web/dist") }
    }
}

/// A configuration variable that is set but unusable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("PORT must be a number from 0 to 65535, got `{0}`")]
    Port(String),
    #[error("TESSERA_BIND must be an IP address such as 127.0.0.1 or 0.0.0.0, got `{0}`")]
    Bind(String),
}

impl Config {
    /// Reads `PORT`, `TESSERA_BIND` and `TESSERA_WEB_DIST`; unset or empty means the default.
    /// A relative `web_dist` is made absolute against the current directory, so messages name
    /// the exact folder.
    pub fn from_env() -> Result<Self, ConfigError> {
        let mut config = Self::from_lookup(|name| std::env::var(name).ok())?;
        if let Ok(absolute) = std::path::absolute(&config.web_dist) {
            config.web_dist = absolute;
        }
        Ok(config)
    }

    /// Builds a configuration from any variable lookup (the environment, or a table in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());
        let mut config = Self::default();
        if let Some(port) = var("PORT") {
            config.port = port.trim().parse().map_err(|_| ConfigError::Port(port))?;
        }
        if let Some(bind) = var("TESSERA_BIND") {
            config.bind = bind.trim().parse().map_err(|_| ConfigError::Bind(bind))?;
        }
        if let Some(dist) = var("TESSERA_WEB_DIST") {
            config.web_dist = PathBuf::from(dist);
        }
        Ok(config)
    }

    pub fn socket_addr(&self) -> SocketAddr {
        SocketAddr::new(self.bind, self.port)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        Config::from_lookup(|name| vars.iter().find(|(key, _)| *key == name).map(|(_, value)| value.to_string()))
    }

    #[test]
    fn no_variables_give_loopback_8080_and_web_dist() {
        let config = config(&[]).unwrap();
        assert_eq!(config.socket_addr().to_string(), "127.0.0.1:8080");
        assert_eq!(config.web_dist, PathBuf::from("web/dist"));
    }

    #[test]
    fn variables_override_the_defaults() {
        let config = config(&[("PORT", "3000"), ("TESSERA_BIND", "0.0.0.0"), ("TESSERA_WEB_DIST", "/srv/tessera")]).unwrap();
        assert_eq!(config.socket_addr().to_string(), "0.0.0.0:3000");
        assert_eq!(config.web_dist, PathBuf::from("/srv/tessera"));
    }

    #[test]
    fn an_empty_variable_means_the_default() {
        assert_eq!(config(&[("PORT", "")]).unwrap().port, 8080);
    }

    #[test]
    fn a_bad_port_or_address_is_an_error_quoting_the_value() {
        assert_eq!(config(&[("PORT", "80a")]), Err(ConfigError::Port("80a".into())));
        assert_eq!(config(&[("PORT", "70000")]).unwrap_err().to_string(), "PORT must be a number from 0 to 65535, got `70000`");
        assert_eq!(config(&[("TESSERA_BIND", "localhost")]), Err(ConfigError::Bind("localhost".into())));
    }
}
