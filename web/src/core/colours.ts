// platform §9 "Colour contrast": a colour is light when its weighted luminance exceeds 105, and
// text on it is then black. A copy of tessera-core `contrast` (the server's embed asks the core),
// kept so the board's hero paints before the WASM core loads; colours.vectors.test.ts replays the
// core's golden vectors (tests/vectors/contrast.json) against it, so the two cannot drift.

/** Text on a light background (tessera-core `contrast::DARK_TEXT`). */
export const DARK_TEXT = '#000000';
/** Text on a dark background (tessera-core `contrast::LIGHT_TEXT`). */
export const LIGHT_TEXT = '#FFFFFF';

/** The core's `contrast` answer. */
export interface Contrast {
  luminance: number;
  light: boolean;
  text_color: string;
}

/** A colour the core does not read; the message is the core's. */
export class NotAColour extends Error {
  constructor(colour: string) {
    super(`\`${colour}\` is not a colour: use #rrggbb, #rgb or rgb(r, g, b)`);
  }
}

// Rust's `str::trim` and `split_whitespace` use Unicode White_Space (JavaScript's trim differs).
const trim = (text: string) => text.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`: channels 0-255, alpha ignored. */
function hexChannels(hex: string): number[] | null {
  if (!/^[0-9a-f]*$/.test(hex)) return null;
  if (hex.length === 3 || hex.length === 4) return [0, 1, 2].map((i) => parseInt(hex[i], 16) * 17);
  if (hex.length === 6 || hex.length === 8) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return null;
}

/** A CSS number, or a percentage of `full`, as the core reads one (no `inf`, no hex). */
function cssNumber(text: string, full: number): number | null {
  const percent = text.endsWith('%');
  const digits = percent ? text.slice(0, -1) : text;
  if (!/^[0-9.+\-e]+$/.test(digits)) return null;
  const value = Number(digits);
  if (!Number.isFinite(value)) return null;
  return percent ? (value * full) / 100 : value;
}

/** The inside of `rgb(...)`: `r, g, b[, a]` or `r g b[ / a]`. */
function functionalChannels(inner: string): number[] | null {
  let channels: string[];
  let alpha: string | null = null;
  if (inner.includes(',')) {
    channels = inner.split(',').map(trim);
    if (channels.length === 4) alpha = channels.pop()!;
  } else {
    const slash = inner.indexOf('/');
    const body = slash === -1 ? inner : inner.slice(0, slash);
    if (slash !== -1) alpha = trim(inner.slice(slash + 1));
    channels = body.split(/\p{White_Space}+/u).filter(Boolean);
  }
  if (channels.length !== 3) return null;
  if (alpha !== null && cssNumber(alpha, 1) === null) return null;
  const read = channels.map((channel) => cssNumber(channel, 255));
  return read.every((value) => value !== null) ? read.map((value) => Math.min(Math.max(value!, 0), 255)) : null;
}

/** tessera-core `contrast`: the weighted luminance, whether it is light, and the text colour on it. */
export function contrast(colour: string): Contrast {
  const text = trim(colour).replace(/[A-Z]/g, (c) => c.toLowerCase());
  let rgb: number[] | null = null;
  if (text.startsWith('#')) rgb = hexChannels(text.slice(1));
  else {
    const rest = text.startsWith('rgba(') ? text.slice(5) : text.startsWith('rgb(') ? text.slice(4) : null;
    if (rest !== null && rest.endsWith(')')) rgb = functionalChannels(rest.slice(0, -1));
  }
  if (!rgb) throw new NotAColour(colour);
  const [red, green, blue] = rgb;
  // A thousand times the luminance, compared as the core does, so the threshold is not decided by rounding.
  const weighted = 299 * red + 587 * green + 114 * blue;
  const light = weighted > 105_000;
  return { luminance: weighted / 1000, light, text_color: light ? DARK_TEXT : LIGHT_TEXT };
}

/** Whether `colour` is light; a colour the core cannot read counts as dark, as the embed treats it. */
export function isLightColour(colour: string): boolean {
  try {
    return contrast(colour).light;
  } catch {
    return false;
  }
}

/** A readable text colour on `background`; white on a colour the core cannot read, as the server's embed does. */
export function textOn(background: string): string {
  return isLightColour(background) ? DARK_TEXT : LIGHT_TEXT;
}
