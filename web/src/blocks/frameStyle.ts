// The shared block settings of blocks §3.1 that colour a block's frame: background_color and
// font_color for the block, title_color and title_background_color for its title, and
// toolbar_icon_color for the controls of its toolbar.
import type { CSSProperties } from 'react';
import { textOn } from '../core/colours';
import type { BoardBlock } from '../generated/api';

/** The catalogue's BUTTON_COLOUR (blocks §3.1): the default of every button colour setting. */
export const BUTTON_COLOUR = '#4f46E5';

/** The board's or app's accent and the text on it (blocks/theme.ts sets both on the root). */
export const ACCENT = 'var(--accent)';
export const ACCENT_TEXT = 'var(--accent-text)';

const colour = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function frameStyle(block: BoardBlock): { frame: CSSProperties; title: CSSProperties } {
  const titleBackground = colour(block.title_background_color);
  return {
    frame: { background: colour(block.background_color), color: colour(block.font_color) },
    title: {
      color: colour(block.title_color),
      ...(titleBackground && { background: titleBackground, padding: '4px 8px', borderRadius: 4 }),
    },
  };
}

/** The block's toolbar_icon_color (blocks §3.1), if it set one. */
export function toolbarColour(block: BoardBlock): string | undefined {
  return colour(block.toolbar_icon_color);
}

/**
 * The colours of a control in a block's toolbar (CSV, PDF, a calendar's navigation): the block's
 * toolbar_icon_color for its text and outline, or the product's when none is set.
 */
export function toolbarStyle(block: BoardBlock): CSSProperties | undefined {
  const tint = toolbarColour(block);
  return tint ? { color: tint, borderColor: tint } : undefined;
}

/**
 * A block button's colours (forms, lists, item buttons, row actions). Its own colour setting wins,
 * unless it is unset or still the catalogue's default BUTTON_COLOUR: that default is the theme's
 * accent's own, so an untouched button follows the board's or app's accent (issue 47). The text is
 * the button's own text colour, else readable on the background by the core's contrast rule.
 */
export function buttonStyle(background: unknown, text: unknown): { backgroundColor: string; color: string; borderColor: string } {
  const own = colour(background);
  const themed = !own || own.toLowerCase() === BUTTON_COLOUR.toLowerCase();
  const backgroundColor = themed ? ACCENT : own;
  return { backgroundColor, color: colour(text) ?? (themed ? ACCENT_TEXT : textOn(own)), borderColor: backgroundColor };
}
