// The shared block settings of blocks §3.1 that colour a block's frame: background_color and
// font_color for the block, title_color and title_background_color for its title, and
// toolbar_icon_color for the controls of its toolbar.
import type { CSSProperties } from 'react';
import type { BoardBlock } from '../generated/api';

/** The catalogue's BUTTON_COLOUR (blocks §3.1): a button whose stored colour is missing. */
export const BUTTON_COLOUR = '#4f46E5';

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
