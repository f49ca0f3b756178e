// How the iframe block draws the one frame the server let through (blocks §3.14): its box is
// known before the page inside loads, and only the sizes a block can honour are taken.

/** The frame's height when the pasted code gives none it can honour (not a block setting). */
export const FALLBACK_FRAME_HEIGHT = 400;
export const MIN_HEIGHT = 100;
export const MAX_HEIGHT = 2000;

/** Root font size, for heights pasted in em or rem. */
const EM_PX = 16;

/**
 * The frame's height in px: a bare number or px, em or rem, clamped to 100-2000 px. Other units
 * (%, vh, auto) give 400 px: a block has no definite height for a percentage to resolve against,
 * and the box must be reserved before the page loads.
 */
export function frameHeight(height: string | null): number {
  const match = /^(\d+(?:\.\d+)?)\s*(px|r?em)?$/i.exec((height ?? '').trim());
  if (!match) return FALLBACK_FRAME_HEIGHT;
  const px = Number(match[1]) * (match[2] && match[2].toLowerCase() !== 'px' ? EM_PX : 1);
  return Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, px)));
}

/** The largest width the frame may take (it never grows past its column): a CSS length, or null for none. */
export function frameMaxWidth(width: string | null): string | null {
  const match = /^(\d+(?:\.\d+)?)\s*(px|%|r?em|vw)?$/i.exec((width ?? '').trim());
  if (!match || Number(match[1]) === 0) return null;
  return `${match[1]}${(match[2] ?? 'px').toLowerCase()}`;
}
