/** The `next` page to go to after logging in or creating a workspace; only paths on this site, else the dashboard. */
export function nextPath(search: URLSearchParams): string {
  return sitePath(search.get('next') ?? '') ?? '/dashboard';
}

// Browsers drop tabs and line breaks from an address and read `\` as `/`, so `/\t/evil.example`
// and `/\evil.example` are `//evil.example`: another site. Control characters are refused.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** Most percent-decodings checked: each router or server on the way may decode once more. */
const DECODINGS = 4;

/**
 * `path` when it is a path of this site: one leading `/` (never `//`), and neither it nor any
 * percent-decoding of it holds a `\`, a control character or a leading `//`. Else null.
 */
export function sitePath(path: string): string | null {
  let decoded = path;
  for (let round = 0; round <= DECODINGS; round += 1) {
    if (!decoded.startsWith('/') || decoded.startsWith('//') || UNSAFE.test(decoded)) return null;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      // A `%` that starts no escape is a `%` to the browser too: nothing more to decode.
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return new URL(path, window.location.origin).origin === window.location.origin ? path : null;
}

/** `params` plus the `next` of `search` when it has one, to carry the return path through a flow. */
export function withNext(params: Record<string, string>, search: URLSearchParams): URLSearchParams {
  const carried = new URLSearchParams(params);
  const next = search.get('next');
  if (next) carried.set('next', next);
  return carried;
}
