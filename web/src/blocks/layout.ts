// Where blocks sit on a board or an app page (issue 47): the grid rule of
// crates/tessera-blocks/src/layout.rs, which the server's embed uses. A visitor's board places its
// blocks before any WASM loads (a viewer's first paint never loads it), so this is a copy, and
// layout.vectors.test.ts replays the rule's golden vectors (tests/vectors/layout.json) on it.
import type { ChartSettings } from '../generated/blockConfigs';
import { capabilitiesOf } from './capabilities';

/** A block's share of the row, narrowest first: the options of the catalogue's `width`. */
export const WIDTHS = ['Third', 'Half', 'Two thirds', 'Full'] as const satisfies readonly ChartSettings['width'][];

export type Width = (typeof WIDTHS)[number];

/** The grid's columns: the least that a third, a half and two thirds all divide. */
export const GRID_COLUMNS = 6;

const COLUMNS: Record<Width, number> = { Third: 2, Half: 3, 'Two thirds': 4, Full: GRID_COLUMNS };

/** The part of a block the rule reads. */
export interface Placed {
  type: string;
  full_width?: unknown;
  width?: unknown;
}

const isWidth = (value: unknown): value is Width => WIDTHS.some((w) => w === value);

/**
 * The width a normalised block takes: the whole row for page chrome, a `full_width` block and a
 * type the catalogue does not know, else its `width` (one the server has not normalised yet, with
 * none: the row).
 */
export function widthOf(block: Placed): Width {
  const frame = capabilitiesOf(block.type)?.frame;
  if (frame === undefined || frame === 'page_chrome' || block.full_width === true) return 'Full';
  return isWidth(block.width) ? block.width : 'Full';
}

/** The grid columns of a width. */
export const columnsOf = (width: Width): number => COLUMNS[width];

/**
 * The columns each block takes, in order: blocks fill rows of GRID_COLUMNS, one that does not fit
 * starts the next row, and the last block of each row grows to the row's end, so no row leaves an
 * empty band beside a block.
 */
export function spans(widths: readonly Width[]): number[] {
  const out: number[] = [];
  let used = 0;
  const growLast = () => {
    if (out.length > 0) out[out.length - 1] += GRID_COLUMNS - used;
  };
  for (const width of widths) {
    const columns = COLUMNS[width];
    if (used + columns > GRID_COLUMNS) {
      growLast();
      used = 0;
    }
    out.push(columns);
    used += columns;
  }
  growLast();
  return out;
}

/** Each block's span, by id: what a board or a page hands its frames. */
export function blockSpans(blocks: readonly (Placed & { id: string })[]): Map<string, number> {
  const each = spans(blocks.map(widthOf));
  return new Map(blocks.map((block, i) => [block.id, each[i]]));
}
