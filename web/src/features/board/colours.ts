// platform §9 "Colour contrast": a colour is light when its weighted luminance exceeds 105, and
// text on it is then dark.

const LIGHT_ABOVE = 105;

/** The red, green and blue of `#RGB`, `#RRGGBB` or `#RRGGBBAA`; null for anything else. */
function channels(colour: string): [number, number, number] | null {
  const hex = colour.trim().replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function isLightColour(colour: string): boolean {
  const rgb = channels(colour);
  if (!rgb) return true;
  const [r, g, b] = rgb;
  return r * 0.299 + g * 0.587 + b * 0.114 > LIGHT_ABOVE;
}

/** A readable text colour on `background`. */
export function textOn(background: string): string {
  return isLightColour(background) ? '#161819' : '#FFFFFF';
}
