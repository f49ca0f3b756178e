//! Sub-domains of workspaces and apps: one registry table, so a name is unique across both
//! ("A workspace or app with this subdomain already exists", platform §8). Registry rows belong
//! to their workspace or app and are deleted with it by the database (ON DELETE CASCADE).

use sqlx::AnyConnection;

use crate::infra::db::is_unique_violation;
use crate::infra::error::{messages, Error};

/// Names that would shadow the product's own hosts.
const RESERVED: &[&str] = &["www", "api", "admin", "app", "apps", "mail", "docs", "embed", "static", "assets", "dashboard", "marketplace"];

/// The rule a sub-domain must meet, as users read it.
pub const RULE: &str = "A subdomain has 3 to 63 lowercase letters, digits or hyphens, and starts and ends with a letter or digit.";

/// Trims and lower-cases `input`, then checks [`RULE`] and the reserved names. `field` names the
/// request field in the error.
pub fn normalise(field: &str, input: &str) -> Result<String, Error> {
    let name = input.trim().to_lowercase();
    let well_formed = (3..=63).contains(&name.len())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.starts_with('-')
        && !name.ends_with('-')
        // A numeric host is an IP address part: app-info answers an empty name for those.
        && !name.chars().all(|c| c.is_ascii_digit());
    if !well_formed {
        return Err(Error::invalid(field, RULE));
    }
    if RESERVED.contains(&name.as_str()) {
        return Err(Error::invalid(field, format!("`{name}` is reserved; please choose another subdomain.")));
    }
    Ok(name)
}

/// What a sub-domain names.
#[derive(Debug, Clone, Copy)]
pub enum Owner<'a> {
    Workspace(&'a str),
    App(&'a str),
}

impl Owner<'_> {
    fn key(self) -> &'static str {
        match self {
            Self::Workspace(_) => "workspace_id",
            Self::App(_) => "app_id",
        }
    }

    fn id(&self) -> &str {
        match self {
            Self::Workspace(id) | Self::App(id) => id,
        }
    }
}

/// Registers `subdomain` for a workspace or app that the caller's transaction just inserted.
pub async fn claim(conn: &mut AnyConnection, subdomain: &str, owner: Owner<'_>) -> Result<(), Error> {
    let sql = format!("INSERT INTO subdomains (subdomain, {}) VALUES ($1, $2)", owner.key());
    taken_or(sqlx::query(&sql).bind(subdomain).bind(owner.id()).execute(conn).await.map(drop), "claiming a subdomain")
}

/// Moves a workspace or app to another sub-domain, inside the caller's transaction.
pub async fn rename(conn: &mut AnyConnection, subdomain: &str, owner: Owner<'_>) -> Result<(), Error> {
    let sql = format!("UPDATE subdomains SET subdomain = $1 WHERE {} = $2", owner.key());
    taken_or(sqlx::query(&sql).bind(subdomain).bind(owner.id()).execute(conn).await.map(drop), "renaming a subdomain")
}

fn taken_or(outcome: Result<(), sqlx::Error>, context: &str) -> Result<(), Error> {
    match outcome {
        Ok(()) => Ok(()),
        Err(error) if is_unique_violation(&error) => Err(Error::Conflict(messages::SUBDOMAIN_TAKEN.to_owned())),
        Err(error) => Err(Error::internal(context, error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subdomains_are_lowercase_labels_that_are_not_reserved_or_numeric() {
        assert_eq!(normalise("subdomain", "  Acme-Sales ").unwrap(), "acme-sales");
        for bad in ["ab", "-acme", "acme-", "acme sales", "acme.sales", "ácme", "12345", &"a".repeat(64)] {
            assert_eq!(normalise("subdomain", bad).unwrap_err().to_string(), RULE, "{bad}");
        }
        assert!(normalise("subdomain", "www").unwrap_err().to_string().contains("reserved"));
    }
}
