// A table that fits its columns to the block (fit_columns, issue 47): the first-paint copy of
// tessera_blocks::fit_columns (crates/tessera-blocks/src/fit.rs, where the rule is written
// down), which the server's embed draws with. A viewer's table sizes its columns before WASM
// could load, so the rule is copied here and `fitColumns.vectors.test.ts` replays its golden
// vectors (tests/vectors/fit_columns.json).

/** Below this block width (pixels), a fitted table shows cards. */
export const CARD_WIDTH = 600;
const CHARACTER = 8;
const PADDING = 18;
const NARROWEST = 56;
const WIDEST = 320;
const SHRUNK = 96;
const IMAGE = 66;
const HEADER_EXTRA = 2;

/** The kinds whose values are words, which an ellipsis may cut. */
const WORDS = new Set(['text', 'textarea', 'markdowntext', 'url', 'email', 'select', 'multi-select']);

export interface FitColumn {
  /** The axis entry's type; text without one. */
  kind?: string;
  /** Characters of the longest of the header and the cells shown (`textLength`). */
  length: number;
  /** "Hide first when narrow". */
  drop_first?: boolean;
  /** The axis entry's own column_width, which the column keeps. */
  width?: number;
}

export interface Fit {
  /** A width per column in order; null: dropped. */
  widths: (number | null)[];
  cards: boolean;
}

/** The characters a column needs: the longest of its header (with the sort arrow) and its cells. */
export function textLength(header: string, cells: Iterable<string>): number {
  let longest = [...header].length + HEADER_EXTRA;
  for (const cell of cells) longest = Math.max(longest, [...cell.trim()].length);
  return longest;
}

const kindOf = (column: FitColumn) => column.kind ?? 'text';
const isWords = (column: FitColumn) => column.width === undefined && WORDS.has(kindOf(column));

function natural(column: FitColumn): number {
  if (column.width !== undefined) return column.width;
  if (kindOf(column) === 'image') return IMAGE;
  return Math.min(Math.max(PADDING + CHARACTER * column.length, NARROWEST), WIDEST);
}

const least = (column: FitColumn) => (isWords(column) ? Math.min(natural(column), SHRUNK) : natural(column));

/** `whole` shared in proportion `weight / total`, rounded down. */
const share = (whole: number, weight: number, total: number) => (total === 0 ? 0 : Math.floor((whole * weight) / total));

/** The widths of `columns` in a block `width` pixels wide of which they may not take `reserved` (fit.rs's rule). */
export function fitColumns(columns: readonly FitColumn[], width: number, reserved = 0): Fit {
  const room = Math.max(width - reserved, 0);
  const kept = columns.map(() => true);
  const sum = (size: (column: FitColumn) => number) => columns.reduce((total, column, i) => (kept[i] ? total + size(column) : total), 0);
  while (sum(least) > room) {
    const last = kept.map((keep, i) => keep && columns[i]?.drop_first === true).lastIndexOf(true);
    if (last < 0) break;
    kept[last] = false;
  }
  const naturals = sum(natural);
  const leasts = sum(least);
  // The room left widens the columns of words, else those without their own width.
  const words = columns.map((column, i) => kept[i] === true && isWords(column));
  const growing = words.includes(true) ? words : columns.map((column, i) => kept[i] === true && column.width === undefined);
  const weights = columns.reduce((total, column, i) => (growing[i] ? total + natural(column) : total), 0);
  const widths = columns.map((column, i) => {
    if (!kept[i]) return null;
    const [own, low] = [natural(column), least(column)];
    if (naturals <= room) return growing[i] ? own + share(room - naturals, own, weights) : own;
    if (leasts < room) return low + share(room - leasts, own - low, naturals - leasts);
    return low;
  });
  return { widths, cards: width < CARD_WIDTH };
}
