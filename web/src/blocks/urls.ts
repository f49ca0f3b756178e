// Sheet values become links and image sources only when they are plain web addresses: a
// `javascript:` or `data:` value typed into a sheet never reaches an href or src.

/** `value` as an absolute http(s) URL, or null. */
export function httpUrl(value: string | undefined | null): string | null {
  const text = (value ?? '').trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An image address a cell may show: a web address or a file this server stored. */
export function imageUrl(value: string): string | null {
  const url = value.trim();
  return /^https?:\/\/[^\s/]+/i.test(url) || /^\/api\/uploads\/[A-Za-z0-9-]+$/.test(url) ? url : null;
}

/** A link a button may open: http(s) or, where allowed, mailto. Anything else (javascript:) is refused. */
export function linkUrl(value: string, allowMailto = true): string | null {
  const url = value.trim();
  if (/^https?:\/\/[^\s/]+/i.test(url)) return url;
  if (allowMailto && /^mailto:\S+/i.test(url)) return url;
  return null;
}

/** An address a mailto link can carry as is: no spaces and nothing that starts a query (`?subject=`). */
const EMAIL = /^[^\s@?&#<>"'()]+@[^\s@?&#<>"'()]+\.[^\s@?&#<>"'()]+$/;

/** Whether `email` may become a mailto link. */
export function mailtoHref(email: string): string | null {
  return EMAIL.test(email) ? `mailto:${email}` : null;
}

/** OpenStreetMap's search for an address: no key, no tracking script, works for any address text. */
export function mapSearchHref(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
