// Where a map block's rows go (blocks §3.10): pure functions from rows and a geocoder to markers,
// kept apart from Leaflet so they can be tested without a map.
import { httpUrl } from '../urls';

/** [latitude, longitude] in degrees. */
export type LatLng = [number, number];

/** The four columns of a map block (catalogue keys title_column ... image_column). */
export interface MapColumns {
  title: string;
  description: string;
  address: string;
  image: string;
}

export interface MapMarker {
  position: LatLng;
  title: string;
  description: string;
  /** An http(s) image address, or null. */
  image: string | null;
  address: string;
}

export interface PlacedMarkers {
  markers: MapMarker[];
  /** Distinct addresses the geocoder could not place (not found, or it failed). */
  unplaced: number;
}

/** An address's place, null when it has none. A rejection counts as no place. */
export type Geocode = (address: string, signal?: AbortSignal) => Promise<LatLng | null>;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A cell that already reads 'lat, lng' (two decimal numbers, latitude -90..90, longitude
 * -180..180), which needs no geocoding; null for anything else.
 */
export function parseLatLng(text: string): LatLng | null {
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const [lat, lng] = parts.map((part) => part.trim());
  if (!DECIMAL.test(lat) || !DECIMAL.test(lng)) return null;
  const position: LatLng = [Number(lat), Number(lng)];
  return Math.abs(position[0]) <= 90 && Math.abs(position[1]) <= 180 ? position : null;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The markers of `rows`: a 'lat, lng' address is placed as it is, any other address is asked of
 * `geocode` once however many rows share it, at most `concurrency` at a time. Rows without an
 * address are left out; addresses the geocoder cannot place are counted, and the rest still show.
 */
export async function computeMarkers(
  rows: Record<string, string>[],
  columns: MapColumns,
  geocode: Geocode,
  { concurrency = 3, signal }: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<PlacedMarkers> {
  const addressOf = (row: Record<string, string>) => (row[columns.address] ?? '').trim();
  const places = new Map<string, LatLng | null>();
  const toGeocode = new Set<string>();
  for (const row of rows) {
    const address = addressOf(row);
    if (!address || places.has(address)) continue;
    const position = parseLatLng(address);
    if (position) places.set(address, position);
    else toGeocode.add(address);
  }

  await eachLimited([...toGeocode], concurrency, async (address) => {
    if (signal?.aborted) return;
    let position: LatLng | null;
    try {
      position = await geocode(address, signal);
    } catch {
      position = null;
    }
    places.set(address, position);
  });

  const markers: MapMarker[] = [];
  for (const row of rows) {
    const address = addressOf(row);
    const position = address ? places.get(address) : null;
    if (!position) continue;
    markers.push({
      position,
      title: (row[columns.title] ?? '').trim(),
      description: (row[columns.description] ?? '').trim(),
      image: httpUrl(row[columns.image]),
      address,
    });
  }
  const unplaced = [...toGeocode].filter((address) => !places.get(address)).length;
  return { markers, unplaced };
}
