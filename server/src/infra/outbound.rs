//! Requests to addresses that users type in (published-CSV links, API-call row actions) must not
//! reach the server's own network: loopback, private ranges, link-local addresses (where cloud
//! metadata services answer) and the like. Three guards, because a URL can name an address
//! directly or through DNS, and a server can redirect anywhere: [`check_url`] refuses literal
//! private addresses before a request is made, [`PublicOnly`] resolves names and drops private
//! answers at connect time (so a name cannot be re-pointed between a check and the connection),
//! and [`redirect_policy`] checks every redirect's address as the first (a hop to a literal
//! address never reaches the resolver).
//!
//! Every spelling of an address counts: the URL parser reads `127.1`, `0x7f000001`,
//! `2130706433` and `0177.0.0.1` as 127.0.0.1 before the check sees them, and IPv6 forms that
//! carry an IPv4 address (`::ffff:127.0.0.1`, `::127.0.0.1`, NAT64 `64:ff9b::/96`, 6to4
//! `2002::/16`) are judged by the IPv4 address they carry.
//!
//! `TESSERA_ALLOW_PRIVATE_FETCH=1` turns them off, for a self-hosted install whose spreadsheets
//! live on its own network (and for the tests' loopback stand-ins); `TESSERA_OUTBOUND_ALLOW`
//! names single private `address:port` pairs that stay reachable while every other private
//! address is refused (an intranet endpoint, the end-to-end tests' stand-in). See [`PrivateAccess`].

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::Policy;
use reqwest::{ClientBuilder, Url};
use url::Host;

use crate::infra::error::Error;

/// Redirects a published-CSV link may take (reqwest's own default; Google's links take one or two).
pub const MAX_LINK_REDIRECTS: usize = 10;
/// Redirects an API-call action follows.
pub const MAX_ACTION_REDIRECTS: usize = 3;
/// The whole of an API-call action's request, from connecting to the last byte read.
pub const ACTION_TIMEOUT: Duration = Duration::from_secs(10);

pub const PRIVATE_ADDRESS: &str = "This link points to a private network address, which Tessera does not fetch. Use a public link.";

/// True for addresses on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match embedded_v4(v6) {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

/// The IPv4 address an IPv6 address stands for: IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated
/// `::ffff:0:a.b.c.d` (RFC 2765) and IPv4-compatible `::a.b.c.d` (`::1` is 0.0.0.1, which is not
/// public either), NAT64 `64:ff9b::a.b.c.d`, and 6to4 `2002:aabb:ccdd::`.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let octets = ip.octets();
    let low = Ipv4Addr::new(octets[12], octets[13], octets[14], octets[15]);
    match s {
        [0, 0, 0, 0, 0, 0 | 0xffff, ..] | [0, 0, 0, 0, 0xffff, 0, ..] => Some(low),
        [0x64, 0xff9b, 0, 0, 0, 0, ..] => Some(low),
        [0x2002, ..] => Some(Ipv4Addr::new(octets[2], octets[3], octets[4], octets[5])),
        _ => None,
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
    let [first, second, ..] = ip.segments();
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local (fc00::/7), link-local (fe80::/10) and the old site-local (fec0::/10).
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first & 0xffc0) == 0xfec0
        // Teredo (2001::/32) hides its IPv4 address; documentation (2001:db8::/32).
        || (first == 0x2001 && (second == 0 || second == 0xdb8))
        // Local-use NAT64 (64:ff9b:1::/48, RFC 8215): a translator of the operator's own network,
        // which may place the IPv4 address anywhere in the host bits.
        || (first == 0x64 && second == 0xff9b && ip.segments()[2] == 1))
}

/// Which private addresses requests to user-entered addresses may still reach.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrivateAccess {
    /// Every one (`TESSERA_ALLOW_PRIVATE_FETCH=1`).
    pub all: bool,
    /// Single literal `address:port` pairs (`TESSERA_OUTBOUND_ALLOW`); names are never matched,
    /// so no DNS answer can turn into an exception.
    pub exceptions: Vec<SocketAddr>,
}

impl PrivateAccess {
    fn allows(&self, ip: IpAddr, port: Option<u16>) -> bool {
        self.all || port.is_some_and(|port| self.exceptions.contains(&SocketAddr::new(ip, port)))
    }
}

/// Refuses a URL whose host is a literal private address that `access` does not allow.
pub fn check_url(url: &Url, access: &PrivateAccess) -> Result<(), Error> {
    let literal = match url.host() {
        Some(Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
        Some(Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
        Some(Host::Domain(_)) | None => None,
    };
    match literal {
        Some(ip) if !is_public(ip) && !access.allows(ip, url.port_or_known_default()) => Err(Error::invalid("url", PRIVATE_ADDRESS)),
        _ => Ok(()),
    }
}

/// `builder` made fit for addresses users type in: redirects checked by [`redirect_policy`] and,
/// unless every private address is allowed, names resolved by [`PublicOnly`]. Proxies named by
/// the environment (`HTTP_PROXY`, `HTTPS_PROXY`, `ALL_PROXY`) are not used: a proxy resolves the
/// name itself, so the connection would skip [`PublicOnly`] and reach whatever the proxy can.
pub fn for_user_addresses(builder: ClientBuilder, access: &PrivateAccess, max_hops: usize) -> ClientBuilder {
    let builder = builder.no_proxy().redirect(redirect_policy(access.clone(), max_hops));
    match access.all {
        true => builder,
        false => builder.dns_resolver(Arc::new(PublicOnly)),
    }
}

/// Follows at most `max_hops` redirects, each only to an address that passes [`check_url`];
/// names in redirects are still resolved by [`PublicOnly`] when it is in use. (reqwest itself
/// never follows a redirect to anything but http or https.)
fn redirect_policy(access: PrivateAccess, max_hops: usize) -> Policy {
    Policy::custom(move |attempt| {
        if attempt.previous().len() > max_hops {
            attempt.error(format!("more than {max_hops} redirects"))
        } else if check_url(attempt.url(), &access).is_err() {
            attempt.error(PRIVATE_REDIRECT)
        } else {
            attempt.follow()
        }
    })
}

const PRIVATE_REDIRECT: &str = "a redirect to a private network address";
const PRIVATE_NAME: &str = "resolves only to private network addresses";

/// Whether a request failed because a guard of this module refused an address (in a redirect,
/// or in a DNS answer), rather than because the other side failed.
pub fn refused(error: &reqwest::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        let text = error.to_string();
        if text.contains(PRIVATE_REDIRECT) || text.contains(PRIVATE_NAME) {
            return true;
        }
        source = error.source();
    }
    false
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
                return Err(format!("{host} {PRIVATE_NAME}").into());
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: PrivateAccess = PrivateAccess { all: false, exceptions: Vec::new() };

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
    fn every_spelling_of_a_private_address_is_refused() {
        for spelling in [
            "http://127.0.0.1/",
            "http://127.1/",
            "http://0x7f000001/",
            "http://2130706433/",
            "http://0177.0.0.1/",
            "http://0x7f.0.0.1/",
            "http://127.000.000.001/",
            "http://0.0.0.0/",
            "http://0/",
            "http://10.0.0.1/",
            "http://192.168.0.1:8080/",
            "http://169.254.169.254/latest/meta-data/",
            "http://0xa9fea9fe/",
            "http://[::1]/",
            "http://[::]/",
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:7f00:1]/",
            "http://[::ffff:169.254.169.254]/",
            "http://[::127.0.0.1]/",
            "http://[64:ff9b::a9fe:a9fe]/",
            "http://[::ffff:0:127.0.0.1]/",
            "http://[::ffff:0:a9fe:a9fe]/",
            "http://[::ffff:0:10.0.0.1]/",
            "http://[64:ff9b:1::a9fe:a9fe]/",
            "http://[64:ff9b:1:a9fe:a9:fe00::]/",
            "http://[2002:7f00:1::]/",
            "http://[fc00::]/",
            "http://[fd12:3456::1]/",
            "http://[fe80::]/",
            "http://[fe80::1%25eth0]/",
            "http://[fec0::1]/",
            "https://[2001::1]/",
        ] {
            match Url::parse(spelling) {
                // A URL the parser refuses cannot be requested at all.
                Err(_) => {}
                Ok(url) => assert!(check_url(&url, &NONE).is_err(), "{spelling} (read as {url}) was let through"),
            }
        }
        for public in
            ["https://example.com/", "http://8.8.8.8/", "http://134744072/", "http://[2606:4700::1111]/", "http://[::ffff:8.8.8.8]/"]
        {
            assert!(check_url(&Url::parse(public).unwrap(), &NONE).is_ok(), "{public}");
        }
    }

    #[test]
    fn literal_private_hosts_are_refused_unless_allowed() {
        let metadata = Url::parse("http://169.254.169.254/latest/meta-data").unwrap();
        assert_eq!(check_url(&metadata, &NONE).unwrap_err().to_string(), PRIVATE_ADDRESS);
        assert!(check_url(&metadata, &PrivateAccess { all: true, exceptions: vec![] }).is_ok());
        assert!(check_url(&Url::parse("http://[::1]:8080/x.csv").unwrap(), &NONE).is_err());
        assert!(check_url(&Url::parse("https://docs.google.com/x/pub?output=csv").unwrap(), &NONE).is_ok());
    }

    #[test]
    fn an_exception_opens_exactly_its_address_and_port() {
        let access = PrivateAccess { all: false, exceptions: vec!["127.0.0.1:2626".parse().unwrap()] };
        let check = |url: &str| check_url(&Url::parse(url).unwrap(), &access).is_ok();
        assert!(check("http://127.0.0.1:2626/orders"));
        assert!(check("http://127.1:2626/orders"), "another spelling of the same address");
        assert!(!check("http://127.0.0.1:2627/orders"), "another port");
        assert!(!check("http://127.0.0.1/orders"), "the default port");
        assert!(!check("http://10.0.0.1:2626/"), "another private address");
        assert!(!check("http://169.254.169.254:2626/"), "the metadata address");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_redirect_is_checked_and_at_most_max_hops_are_followed() {
        use axum::extract::Path;
        use axum::response::{IntoResponse, Redirect};
        use axum::routing::get;

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let port = addr.port();
        let app = axum::Router::new()
            .route("/secret", get(|| async { "secret" }))
            .route("/to-loopback", get(move || async move { Redirect::temporary(&format!("http://127.0.0.1:{port}/secret")) }))
            .route("/to-mapped", get(move || async move { Redirect::temporary(&format!("http://[::ffff:127.0.0.1]:{port}/secret")) }))
            .route("/to-localhost", get(move || async move { Redirect::temporary(&format!("http://localhost:{port}/secret")) }))
            .route("/to-file", get(|| async { Redirect::temporary("file:///etc/passwd") }))
            .route(
                "/hop/{n}",
                get(move |Path(n): Path<u32>| async move {
                    match n {
                        0 => "end".into_response(),
                        n => Redirect::temporary(&format!("http://public.test:{port}/hop/{}", n - 1)).into_response(),
                    }
                }),
            );
        tokio::spawn(async move { axum::serve(listener, app).await });
        let _ = rustls::crypto::ring::default_provider().install_default();
        // `public.test` stands for a public name: resolved by an override, as DNS would answer it.
        let client =
            for_user_addresses(reqwest::Client::builder(), &NONE, MAX_ACTION_REDIRECTS).resolve("public.test", addr).build().unwrap();
        let get = |path: &str| client.get(format!("http://public.test:{port}{path}")).send();

        assert_eq!(get("/secret").await.unwrap().text().await.unwrap(), "secret");
        for path in ["/to-loopback", "/to-mapped", "/to-localhost"] {
            let error = get(path).await.unwrap_err();
            assert!(refused(&error), "{path} was not refused: {error:?}");
        }
        assert_eq!(get("/to-file").await.unwrap().status(), 307, "a redirect to a file is not followed");
        assert_eq!(get("/hop/3").await.unwrap().text().await.unwrap(), "end");
        let error = get("/hop/4").await.unwrap_err();
        assert!(error.is_redirect() && !refused(&error), "{error:?}");
    }
}
