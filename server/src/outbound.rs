//! Requests to addresses that users type in (published-CSV links, and later API-call actions)
//! must not reach the server's own network: loopback, private ranges, link-local addresses
//! (where cloud metadata services answer) and the like. Two guards, because a URL can name an
//! address directly or through DNS: [`check_url`] refuses literal private addresses before a
//! request is made, and [`PublicOnly`] resolves names and drops private answers at connect time
//! (so a name cannot be re-pointed between a check and the connection).
//!
//! `TESSERA_ALLOW_PRIVATE_FETCH=1` turns both off, for a self-hosted install whose spreadsheets
//! live on its own network (and for the tests' loopback stand-ins).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::Url;

use crate::error::Error;

pub const PRIVATE_ADDRESS: &str = "This link points to a private network address, which Tessera does not fetch. Use a public link.";

/// True for addresses on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        // Shared address space (carrier-grade NAT) and benchmarking ranges.
        || (a == 100 && (64..128).contains(&b))
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local (fc00::/7) and link-local (fe80::/10) addresses.
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80)
}

/// Refuses a URL whose host is a literal private address.
pub fn check_url(url: &Url, allow_private: bool) -> Result<(), Error> {
    let host = url.host_str().unwrap_or_default();
    let literal = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().ok();
    match literal {
        Some(ip) if !allow_private && !is_public(ip) => Err(Error::invalid("url", PRIVATE_ADDRESS)),
        _ => Ok(()),
    }
}

/// A DNS resolver that answers only public addresses.
pub struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = found.into_iter().filter(|addr| is_public(addr.ip())).collect();
            if public.is_empty() {
                return Err(format!("{host} resolves only to private network addresses").into());
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_loopback_link_local_and_special_addresses_are_not_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["8.8.8.8", "142.250.74.14", "2001:4860:4860::8888"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn literal_private_hosts_are_refused_unless_allowed() {
        let metadata = Url::parse("http://169.254.169.254/latest/meta-data").unwrap();
        assert_eq!(check_url(&metadata, false).unwrap_err().to_string(), PRIVATE_ADDRESS);
        assert!(check_url(&metadata, true).is_ok());
        assert!(check_url(&Url::parse("http://[::1]:8080/x.csv").unwrap(), false).is_err());
        assert!(check_url(&Url::parse("https://docs.google.com/x/pub?output=csv").unwrap(), false).is_ok());
    }
}
