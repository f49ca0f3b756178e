// Stored block settings read defensively: blocks saved by older editors or edited by hand may hold
// numbers where text is expected and 'true' where a boolean is. Every block view reads its plain
// text and on/off settings through these, so they all forgive the same things.

/** A text setting, trimmed; a number (a title typed as 2024) reads as its digits; anything else is ''. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** An on/off setting: true, or 'true' from older stored blocks. */
export const flagOf = (value: unknown): boolean => value === true || value === 'true';
