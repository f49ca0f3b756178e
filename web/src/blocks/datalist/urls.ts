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
