//! Answers that many viewers share, computed once per data version and reused (issue 31).
//!
//! A board opened by many viewers asks the same page of the same tab over and over; each
//! answer is a pure function of the data versions of the tabs it reads and of the effective
//! query: the filters after the viewer's rules were applied (the session e-mail and name, the
//! session `_id`, the URL filters, an embed token's locked filters, a block's conditional
//! filter), search, sort, page, rows per page, the viewer's UTC offset and date, the block and
//! its settings, and what the caller's role lets the block offer. `sheet_query::answer_json`
//! and `views::view_json` write all of that, with the ids and versions of the tabs read, into
//! the key: JSON text compared whole, so two callers share an entry only when every input that
//! could change a byte of the answer is the same, and callers whose row-level rules differ
//! never share one.
//!
//! The version is read from the database on every request, as the table cache does, and is
//! part of the key: a write or a re-import is seen by the next request, and entries of older
//! versions are never asked for again and age out. Nothing is invalidated by hand.
//!
//! Entries hold the answer as serialised JSON, so a hit costs a version read and a map lookup
//! and the body sent is byte for byte the one of the miss that made it. Memory is bounded by
//! the keys' and bodies' bytes (`TESSERA_ANSWER_CACHE_MB`); the least recently used go first.
//! Like the table cache it is per process: a replica that lacks an entry computes it.
//!
//! Misses fly once: a request that misses takes the key's [`Flight`] before computing, and
//! requests that miss the same key meanwhile wait for it, then find the answer it kept. So when
//! a write makes every open board ask again at once, each answer is computed once, not once per
//! viewer.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::infra::error::Error;

/// What an entry costs besides its key and body: its map and order nodes, roughly.
const ENTRY_OVERHEAD_BYTES: usize = 96;

pub struct AnswerCache {
    budget_bytes: usize,
    inner: Mutex<Entries>,
    /// A lock per key being computed, with the requests that hold or wait for it; it goes
    /// when the last of them is done.
    flights: Mutex<Flights>,
}

/// Per key being computed: its lock and how many requests hold or wait for it.
type Flights = HashMap<Arc<str>, (Arc<tokio::sync::Mutex<()>>, usize)>;

/// A request counted among a key's users, from before it waits for the key's lock until its
/// flight is over (or its wait is dropped: the client went away).
struct User<'a> {
    cache: &'a AnswerCache,
    key: Arc<str>,
}

impl Drop for User<'_> {
    fn drop(&mut self) {
        self.cache.leave(&self.key);
    }
}

/// The right to compute one key's answer: requests that miss the same key wait until it drops.
pub struct Flight<'a> {
    _turn: tokio::sync::OwnedMutexGuard<()>,
    _user: User<'a>,
}

/// What [`AnswerCache::lookup`] found.
pub enum Lookup<'a> {
    /// The answer another request kept: send it.
    Kept(Bytes),
    /// Compute the answer, holding the flight (when the request has a key) until it is kept.
    Compute(Option<Flight<'a>>),
}

#[derive(Default)]
struct Entries {
    by_key: HashMap<Arc<str>, Entry>,
    /// Last use to key: the first is the least recently used.
    order: BTreeMap<u64, Arc<str>>,
    clock: u64,
    bytes: usize,
}

struct Entry {
    json: Bytes,
    used: u64,
}

fn cost(key: &str, json: &Bytes) -> usize {
    key.len() + json.len() + ENTRY_OVERHEAD_BYTES
}

impl AnswerCache {
    /// A cache holding at most `budget_bytes` of keys and answers; 0 keeps nothing.
    pub fn new(budget_bytes: usize) -> Self {
        Self { budget_bytes, inner: Mutex::new(Entries::default()), flights: Mutex::default() }
    }

    /// The answer kept under `key`, or the right to compute it: on a miss this waits until no
    /// other request computes `key`, then looks again, so a request that waited reuses what the
    /// one before it kept. No key (a request that must not share) is always computed.
    pub async fn lookup(&self, key: Option<&str>) -> Lookup<'_> {
        let Some(key) = key else { return Lookup::Compute(None) };
        if let Some(json) = self.get(key) {
            return Lookup::Kept(json);
        }
        let flight = self.flight(key.into()).await;
        match self.get(key) {
            Some(json) => Lookup::Kept(json),
            None => Lookup::Compute(Some(flight)),
        }
    }

    /// Waits until no other request computes `key`, then holds it.
    async fn flight(&self, key: Arc<str>) -> Flight<'_> {
        let lock = {
            let mut flights = self.flights();
            let (lock, users) = flights.entry(key.clone()).or_default();
            *users += 1;
            lock.clone()
        };
        let user = User { cache: self, key };
        Flight { _turn: lock.lock_owned().await, _user: user }
    }

    fn flights(&self) -> std::sync::MutexGuard<'_, Flights> {
        self.flights.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A request is done with `key`'s lock; the last one removes it.
    fn leave(&self, key: &str) {
        let mut flights = self.flights();
        if let Some((_, users)) = flights.get_mut(key) {
            *users -= 1;
            if *users == 0 {
                flights.remove(key);
            }
        }
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The answer kept under `key`, now the most recently used.
    pub fn get(&self, key: &str) -> Option<Bytes> {
        let mut entries = self.entries();
        entries.clock += 1;
        let clock = entries.clock;
        let Entries { by_key, order, .. } = &mut *entries;
        let entry = by_key.get_mut(key)?;
        if let Some(name) = order.remove(&entry.used) {
            order.insert(clock, name);
        }
        entry.used = clock;
        Some(entry.json.clone())
    }

    /// Keeps `json` as the answer to `key`, dropping the least recently used answers while over
    /// budget. An answer larger than the whole budget is not kept.
    pub fn put(&self, key: String, json: Bytes) {
        let bytes = cost(&key, &json);
        if bytes > self.budget_bytes {
            return;
        }
        let key: Arc<str> = key.into();
        let mut entries = self.entries();
        entries.clock += 1;
        let used = entries.clock;
        if let Some(old) = entries.by_key.insert(key.clone(), Entry { json, used }) {
            entries.order.remove(&old.used);
            entries.bytes -= cost(&key, &old.json);
        }
        entries.order.insert(used, key);
        entries.bytes += bytes;
        while entries.bytes > self.budget_bytes {
            let Some((_, oldest)) = entries.order.pop_first() else { break };
            if let Some(evicted) = entries.by_key.remove(&oldest) {
                entries.bytes -= cost(&oldest, &evicted.json);
            }
        }
    }

    /// How many answers are kept.
    pub fn len(&self) -> usize {
        self.entries().by_key.len()
    }

    /// True when no answer is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An answer as JSON bytes, sent as `ApiJson` sends a value (`Content-Type: application/json`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonAnswer(pub Bytes);

impl JsonAnswer {
    /// `value` serialised; a failure is a 500 naming what was being written.
    pub fn of(value: &impl Serialize, what: &str) -> Result<Self, Error> {
        serde_json::to_vec(value).map(|json| Self(Bytes::from(json))).map_err(|error| Error::internal(what, error))
    }

    /// The answer as an entry of a larger one (a board's first paint, every tab of a
    /// spreadsheet). The bytes are JSON the server wrote, so an error here is a server fault.
    pub fn into_raw(self) -> Result<Box<RawValue>, Error> {
        let text = String::from_utf8(self.0.to_vec()).map_err(|error| Error::internal("reading a kept answer", error))?;
        RawValue::from_string(text).map_err(|error| Error::internal("reading a kept answer", error))
    }
}

impl IntoResponse for JsonAnswer {
    fn into_response(self) -> Response {
        ([(CONTENT_TYPE, HeaderValue::from_static("application/json"))], self.0).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(size: usize) -> Bytes {
        Bytes::from(vec![b'x'; size])
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_misses_of_one_key_compute_it_once() {
        let cache = Arc::new(AnswerCache::new(1 << 20));
        let computed = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let viewers: Vec<_> = (0..8)
            .map(|_| {
                let (cache, computed) = (cache.clone(), computed.clone());
                tokio::spawn(async move {
                    let _flight = match cache.lookup(Some("page")).await {
                        Lookup::Kept(json) => return json,
                        Lookup::Compute(flight) => flight,
                    };
                    computed.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    cache.put("page".into(), answer(10));
                    answer(10)
                })
            })
            .collect();
        for viewer in viewers {
            assert_eq!(viewer.await.unwrap(), answer(10));
        }
        assert_eq!(computed.load(std::sync::atomic::Ordering::SeqCst), 1, "eight viewers, one computation");
        assert!(cache.flights().is_empty(), "no lock stays behind");
        // A request that gives up waiting (its client left) leaves no lock behind.
        let holder = cache.flight("slow".into()).await;
        assert!(tokio::time::timeout(std::time::Duration::from_millis(20), cache.flight("slow".into())).await.is_err());
        drop(holder);
        assert!(cache.flights().is_empty(), "the waiter that gave up was counted out");
        // A key that failed (nothing kept) is computed again by the next request.
        drop(cache.flight("error".into()).await);
        assert!(cache.get("error").is_none() && cache.flights().is_empty());
        // A request without a key (it must not share) computes, holding no flight.
        assert!(matches!(cache.lookup(None).await, Lookup::Compute(None)));
    }

    #[test]
    fn over_budget_the_least_recently_used_answer_goes() {
        let one = cost("a", &answer(1000));
        let cache = AnswerCache::new(one * 2 + one / 2);
        cache.put("a".into(), answer(1000));
        cache.put("b".into(), answer(1000));
        assert!(cache.get("a").is_some());
        cache.put("c".into(), answer(1000));
        assert!(cache.get("b").is_none(), "b was used least recently");
        assert_eq!(cache.get("a"), Some(answer(1000)));
        assert!(cache.get("c").is_some());
        assert_eq!(cache.len(), 2);
    }

    #[test]
    fn a_replaced_answer_is_counted_once_and_an_answer_over_the_whole_budget_is_not_kept() {
        let one = cost("a", &answer(1000));
        let cache = AnswerCache::new(one * 2);
        cache.put("a".into(), answer(1000));
        cache.put("a".into(), answer(1000));
        cache.put("b".into(), answer(1000));
        assert!(cache.get("a").is_some() && cache.get("b").is_some(), "two answers fit the budget of two");
        cache.put("huge".into(), answer(one * 3));
        assert!(cache.get("huge").is_none());
        assert_eq!(cache.len(), 2, "a refused answer evicts nothing");
        assert!(AnswerCache::new(0).get("a").is_none());
        let off = AnswerCache::new(0);
        off.put("a".into(), answer(1));
        assert!(off.is_empty(), "a budget of 0 keeps nothing");
    }
}
