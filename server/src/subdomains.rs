//! Sub-domains of workspaces and apps: one registry table, so a name is unique across both
//! ("A workspace or app with this subdomain already exists", platform §8).

use sqlx::AnyConnection;

use crate::db::is_unique_violation;
use crate::error::{messages, Error, ResultExt};

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

/// Registers `subdomain` for a workspace or an app, inside the caller's transaction.
pub async fn claim(conn: &mut AnyConnection, subdomain: &str, owner_kind: &str) -> Result<(), Error> {
    match sqlx::query("INSERT INTO subdomains (subdomain, owner_kind) VALUES ($1, $2)").bind(subdomain).bind(owner_kind).execute(conn).await
    {
        Ok(_) => Ok(()),
        Err(error) if is_unique_violation(&error) => Err(Error::Conflict(messages::SUBDOMAIN_TAKEN.to_owned())),
        Err(error) => Err(Error::internal("claiming a subdomain", error)),
    }
}

/// Frees `subdomain` after its workspace or app was deleted or renamed, in the caller's transaction.
pub async fn release(conn: &mut AnyConnection, subdomain: &str) -> Result<(), Error> {
    sqlx::query("DELETE FROM subdomains WHERE subdomain = $1").bind(subdomain).execute(conn).await.context("releasing a subdomain")?;
    Ok(())
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
