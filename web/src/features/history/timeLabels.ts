// How the history screens tell a time (Unix seconds): "3 hours ago" to scan a list, the full date
// and time in the viewer's locale on hover and for screen readers.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(seconds: number, nowMs = Date.now()): string {
  const ago = Math.max(0, Math.round(nowMs / 1000 - seconds));
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (ago >= size) return format.format(-Math.floor(ago / size), unit);
  return 'just now';
}

export function absoluteTime(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString();
}
