// One theme per board and per app (issue 47; the server's `boards/theme.rs`): an accent colour
// and a light or dark look. The board or app root sets them as CSS custom properties, which
// buttons, filter chips and links read; charts draw on a canvas, so they read the theme's values
// from ThemeContext. A block's own colour settings still win over both.
import { createContext, useContext, type CSSProperties } from 'react';
import { isLightColour, textOn } from '../core/colours';
import { BUTTON_COLOUR } from './frameStyle';

export type Look = 'light' | 'dark';

export interface Theme {
  accent: string;
  look: Look;
  /** The board's palette (Board Settings): the charts' series colours when the owner set one. */
  palette: readonly string[];
}

/** A board or app that set no theme: the catalogue's button colour as the accent, light. */
export const DEFAULT_THEME: Theme = { accent: BUTTON_COLOUR, look: 'light', palette: [] };

/** The theme of a board's or an app page's state; what it lacks is the default. */
export function themeOf(state: { accent_color?: string; look?: string; palette?: readonly unknown[] }): Theme {
  const palette = (state.palette ?? []).filter((colour): colour is string => typeof colour === 'string' && colour.trim() !== '');
  return { accent: state.accent_color?.trim() || BUTTON_COLOUR, look: state.look === 'dark' ? 'dark' : 'light', palette };
}

const ThemeContext = createContext<Theme>(DEFAULT_THEME);
export const ThemeProvider = ThemeContext.Provider;
export const useTheme = (): Theme => useContext(ThemeContext);

/**
 * Links take the accent where the core's contrast rule finds it readable on the look's
 * background (a dark accent on a light page, a light one on a dark page); elsewhere they keep the
 * text colour, and their underline marks them.
 */
function linkColour(theme: Theme): string {
  const readable = isLightColour(theme.accent) === (theme.look === 'dark');
  return readable ? theme.accent : 'inherit';
}

/** The class and custom properties of a board's or app page's root element. */
export function themeRoot(theme: Theme): { className: string; style: CSSProperties } {
  return {
    className: `look-${theme.look}`,
    style: { '--accent': theme.accent, '--accent-text': textOn(theme.accent), '--link': linkColour(theme) } as CSSProperties,
  };
}

/**
 * A colour setting of the board or page as its root sets it: the owner's, except that the dark
 * look stands in for the spec's light default (`specDefault`), which would make a dark page light.
 */
export function lookColour(theme: Theme, value: string, specDefault: string): string | undefined {
  return theme.look === 'dark' && value.trim().toLowerCase() === specDefault.toLowerCase() ? undefined : value;
}
