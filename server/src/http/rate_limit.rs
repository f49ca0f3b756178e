//! Rate limits of the log-in and code calls, per client address and per account (e-mail).
//!
//! Fixed windows of 15 minutes, counted in the `rate_limits` table so that every replica shares
//! them. Each call has its own buckets:
//!
//! | calls                                                            | per account | per address |
//! |------------------------------------------------------------------|-------------|-------------|
//! | log-in, verify-email, reset-password, `POST /api/auth` (token)   | 10          | 30          |
//! | password change, account deletion (current password)             | 10          | 30          |
//! | sign-up, resend-code, login-link, forgot-password (send e-mail)  | 5           | 30          |
//!
//! Ten guesses per account leave a 6-digit code (which also dies after 5 wrong guesses) out of
//! reach; five e-mails per account stop anyone from flooding an inbox. An address allows more,
//! because an office or a school shares one. IPv6 clients are counted per /64, the block one
//! subscriber gets. Over a limit the call answers 429 with `Retry-After`.
//!
//! Ten per window is still about 960 code guesses a day, so wrong codes (verification and reset
//! alike) also count against a daily cap per account, [`WRONG_CODES_PER_DAY`]
//! ([`check_wrong_codes`], [`count_wrong_code`]); the guess that reaches it tells the caller to
//! e-mail the account's owner, once.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use rand::Rng;

use crate::accounts::normalise_email;
use crate::infra::db::{now, Db};
use crate::infra::error::{Error, ResultExt};
use crate::AppState;

const WINDOW_SECS: i64 = 15 * 60;
const DAY_SECS: i64 = 24 * 60 * 60;
/// Wrong codes per account in a day (a fixed UTC day, as the 15-minute windows are fixed).
pub const WRONG_CODES_PER_DAY: i64 = 30;
const PER_ADDRESS: i64 = 30;
/// One in this many counted hits also deletes windows that have ended.
const SWEEP_ONE_IN: u32 = 64;

/// A rate-limited call and how many attempts per account it allows in a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Login,
    VerifyEmail,
    ResetPassword,
    RedeemToken,
    Signup,
    ResendCode,
    LoginLink,
    ForgotPassword,
    /// `PUT /api/account/password`: the current password is a guessable secret too.
    ChangePassword,
    /// `DELETE /api/account`, confirmed with the password.
    DeleteAccount,
    /// The browser's error reports, counted per address only.
    ClientError,
}

impl Action {
    fn name(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::VerifyEmail => "verify-email",
            Self::ResetPassword => "reset-password",
            Self::RedeemToken => "redeem-token",
            Self::Signup => "signup",
            Self::ResendCode => "resend-code",
            Self::LoginLink => "login-link",
            Self::ForgotPassword => "forgot-password",
            Self::ChangePassword => "change-password",
            Self::DeleteAccount => "delete-account",
            Self::ClientError => "client-error",
        }
    }

    fn per_account(self) -> i64 {
        match self {
            Self::Login | Self::VerifyEmail | Self::ResetPassword | Self::RedeemToken | Self::ChangePassword | Self::DeleteAccount => 10,
            Self::Signup | Self::ResendCode | Self::LoginLink | Self::ForgotPassword => 5,
            // Reports name no account; this bound is never reached.
            Self::ClientError => PER_ADDRESS,
        }
    }
}

/// The client's address as rate limits see it: the connection's peer, or behind a trusted
/// proxy (`TESSERA_TRUST_PROXY`) the last `X-Forwarded-For` entry, the one that proxy wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        // Served without connect info (a router used directly), every client shares one bucket.
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map_or(IpAddr::from([0, 0, 0, 0]), |info| info.0.ip());
        Ok(Self(client_ip(peer, &parts.headers, state.config.trust_proxy)))
    }
}

fn client_ip(peer: IpAddr, headers: &HeaderMap, trust_proxy: bool) -> IpAddr {
    if !trust_proxy {
        return peer;
    }
    let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|value| value.to_str().ok()).flat_map(|value| value.split(','));
    forwarded.last().and_then(|last| last.trim().parse().ok()).unwrap_or(peer)
}

/// The bucket key of an address: IPv4 as is, IPv6 by its /64 network.
fn address_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// Counts one attempt of `action` from `ip` (and for `account`, an e-mail, when the call names
/// one); 429 when either is over its limit.
pub async fn check(db: &Db, action: Action, ip: ClientIp, account: Option<&str>) -> Result<(), Error> {
    hit(db, &format!("{}:ip:{}", action.name(), address_key(ip.0)), PER_ADDRESS).await?;
    if let Some(email) = account {
        hit(db, &format!("{}:account:{}", action.name(), normalise_email(email)), action.per_account()).await?;
    }
    Ok(())
}

/// The daily bucket of wrong codes of an account.
fn wrong_codes_bucket(email: &str) -> String {
    format!("wrong-code:day:{}", normalise_email(email))
}

fn day_start(at: i64) -> i64 {
    at - at.rem_euclid(DAY_SECS)
}

/// 429 when the account behind `email` has used up its wrong codes for the day; counts nothing,
/// so a right code is refused too until the day ends.
pub async fn check_wrong_codes(db: &Db, email: &str) -> Result<(), Error> {
    let at = now();
    let window_start = day_start(at);
    let hits: Option<(i64,)> = sqlx::query_as("SELECT hits FROM rate_limits WHERE bucket = $1 AND window_start = $2")
        .bind(wrong_codes_bucket(email))
        .bind(window_start)
        .fetch_optional(&db.pool)
        .await
        .context("reading the wrong codes of a day")?;
    if hits.is_some_and(|(hits,)| hits >= WRONG_CODES_PER_DAY) {
        return Err(Error::TooManyRequests { retry_after_secs: retry_after(window_start, DAY_SECS, at) });
    }
    Ok(())
}

/// Counts a wrong code against the account's day. True for exactly the guess that uses the day
/// up (the count is taken in one statement, so parallel guesses cannot both see it): the caller
/// then tells the account's owner.
pub async fn count_wrong_code(db: &Db, email: &str) -> Result<bool, Error> {
    let hits = count(db, &wrong_codes_bucket(email), day_start(now())).await?;
    Ok(hits == WRONG_CODES_PER_DAY)
}

fn retry_after(window_start: i64, window_secs: i64, at: i64) -> u64 {
    u64::try_from(window_start + window_secs - at).unwrap_or(1).max(1)
}

async fn hit(db: &Db, bucket: &str, limit: i64) -> Result<(), Error> {
    let at = now();
    let window_start = at - at.rem_euclid(WINDOW_SECS);
    let hits = count(db, bucket, window_start).await?;
    if hits > limit {
        return Err(Error::TooManyRequests { retry_after_secs: retry_after(window_start, WINDOW_SECS, at) });
    }
    Ok(())
}

/// Adds one to `bucket`'s window starting at `window_start`; answers the new count.
async fn count(db: &Db, bucket: &str, window_start: i64) -> Result<i64, Error> {
    let (hits,): (i64,) = sqlx::query_as(
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limits.hits + 1 RETURNING hits",
    )
    .bind(bucket)
    .bind(window_start)
    .fetch_one(&db.pool)
    .await
    .context("counting a rate-limited attempt")?;
    if rand::rng().random_ratio(1, SWEEP_ONE_IN) {
        // Every window that started before today (UTC) has ended, daily ones included; ended
        // 15-minute windows of today wait for tomorrow's sweep, which only costs rows.
        sqlx::query("DELETE FROM rate_limits WHERE window_start < $1")
            .bind(day_start(now()))
            .execute(&db.pool)
            .await
            .context("deleting ended rate-limit windows")?;
    }
    Ok(hits)
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn the_forwarded_address_counts_only_behind_a_trusted_proxy() {
        let peer: IpAddr = "10.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", HeaderValue::from_static("1.1.1.1, 203.0.113.7"));
        assert_eq!(client_ip(peer, &headers, false), peer);
        assert_eq!(client_ip(peer, &headers, true), "203.0.113.7".parse::<IpAddr>().unwrap());
        headers.append("x-forwarded-for", HeaderValue::from_static("198.51.100.2"));
        assert_eq!(client_ip(peer, &headers, true), "198.51.100.2".parse::<IpAddr>().unwrap());
        assert_eq!(client_ip(peer, &HeaderMap::new(), true), peer);
        let mut junk = HeaderMap::new();
        junk.append("x-forwarded-for", HeaderValue::from_static("not-an-address"));
        assert_eq!(client_ip(peer, &junk, true), peer);
    }

    #[test]
    fn ipv6_clients_are_counted_per_64_block() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(address_key(a), address_key(b));
        assert_eq!(address_key(a), "2001:db8:1:2::/64");
        assert_eq!(address_key("::ffff:192.0.2.1".parse().unwrap()), "192.0.2.1");
        assert_eq!(address_key("192.0.2.1".parse().unwrap()), "192.0.2.1");
    }
}
