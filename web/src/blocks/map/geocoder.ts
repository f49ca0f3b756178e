// Geocoding in the browser (blocks §3.10, platform §7): the provider's token comes from
// GET /api/getENV/CHARTMAT_MAPBOX_AUTH_TOKEN (a failure is ignored: only 'lat, lng' addresses
// are placed then), requests go to `${geocoderUrl}/geocoding/v5/mapbox.places/...` (Mapbox v5,
// or a stand-in with the same answer), and every answer is kept in localStorage so each address
// is geocoded once per browser.
import { getMapToken } from './mapApi';
import type { Geocode, LatLng } from './markers';

/** localStorage key prefix; the value is JSON `[lat, lng]`, or `null` for "no such place". */
export const GEOCODE_CACHE_PREFIX = 'tessera.geocode.v1:';

let token: Promise<string | null> | null = null;

/** The geocoding token, asked once per page load; null when the server has none. */
export function mapToken(): Promise<string | null> {
  token ??= getMapToken()
    .then((value) => (typeof value === 'string' && value.trim() ? value.trim() : null))
    .catch(() => null);
  return token;
}

/** Tests start each case without a token asked for. */
export function forgetMapTokenForTests(): void {
  token = null;
}

/** What the cache holds for `address`: a place, null (the provider knows no such place), or undefined (not asked yet). */
export function cachedPlace(address: string, storage: Storage | undefined = safeStorage()): LatLng | null | undefined {
  try {
    const text = storage?.getItem(GEOCODE_CACHE_PREFIX + address);
    if (text == null) return undefined;
    const value: unknown = JSON.parse(text);
    if (value === null) return null;
    return isLatLng(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function remember(storage: Storage | undefined, address: string, place: LatLng | null): void {
  try {
    storage?.setItem(GEOCODE_CACHE_PREFIX + address, JSON.stringify(place));
  } catch {
    // A full or disabled storage only costs a repeated request later.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function isLatLng(value: unknown): value is LatLng {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    Math.abs(value[0]) <= 90 &&
    Math.abs(value[1]) <= 180
  );
}

/** The place in a Mapbox v5 answer: `features[0].center` is `[lng, lat]`. */
export function placeOfAnswer(body: unknown): LatLng | null {
  const center = (body as { features?: { center?: unknown }[] } | null)?.features?.[0]?.center;
  if (!Array.isArray(center) || center.length < 2) return null;
  const place: LatLng = [Number(center[1]), Number(center[0])];
  return isLatLng(place) ? place : null;
}

export interface GeocoderOptions {
  /** The provider's base URL (runtimeConfig().geocoderUrl). */
  baseUrl: string;
  token?: () => Promise<string | null>;
  fetchImpl?: typeof fetch;
  storage?: Storage;
}

/**
 * A Geocode that answers from the cache when it can and asks the provider otherwise. A found
 * place and a "no such place" answer are both kept; a failed request (no token, a network error,
 * an error status) is not, so it is tried again on a later visit.
 */
export function createGeocoder({ baseUrl, token: tokenOf = mapToken, fetchImpl, storage = safeStorage() }: GeocoderOptions): Geocode {
  const base = baseUrl.replace(/\/+$/, '');
  return async (address, signal) => {
    const cached = cachedPlace(address, storage);
    if (cached !== undefined) return cached;
    const key = await tokenOf();
    if (!key) return null;
    const url = `${base}/geocoding/v5/mapbox.places/${encodeURIComponent(address)}.json?access_token=${encodeURIComponent(key)}&limit=1`;
    // The provider is another origin: no cookies. The referrer stays, since a provider may
    // restrict the token to the board's host by it.
    const response = await (fetchImpl ?? fetch)(url, { signal, credentials: 'omit' });
    if (!response.ok) return null;
    const place = placeOfAnswer(await response.json());
    remember(storage, address, place);
    return place;
  };
}
