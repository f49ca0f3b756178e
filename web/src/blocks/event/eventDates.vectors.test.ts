// The event block writes its dates before WASM loads (a viewer's first paint), so it keeps a
// copy of the core's date patterns (`tessera_core::display::format_date_pattern`); the core's
// display vectors with a chosen pattern over stored dates are replayed on it here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDate, type DateFormat } from './eventDates';

interface Case {
  name: string;
  op?: string;
  input: { sheet: { columns: string[]; rows: string[][] }; formats?: { column: string; format: string; date_pattern?: string }[] };
  expect: string[][];
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'display.json'), 'utf8')) as { cases: Case[] };

/** The event's `date_format` options (typed, so a pattern the catalogue drops fails to compile). */
const PATTERNS: readonly string[] = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD MMM YYYY', 'MMM DD, YYYY'] satisfies DateFormat[];

/** Each (stored date, pattern, expected text) of a `Date` column with one of those patterns. */
const cells = vectors.cases.flatMap((c) =>
  c.op
    ? []
    : (c.input.formats ?? []).flatMap((format) => {
        if (format.format !== 'Date' || !PATTERNS.includes(format.date_pattern ?? '')) return [];
        const column = c.input.sheet.columns.indexOf(format.column);
        return c.input.sheet.rows.flatMap((row, r) => {
          // An event stores its dates as the settings editor writes them: 'YYYY-MM-DD'.
          if (!/^\d{4}-\d{2}-\d{2}$/.test(row[column])) return [];
          return [[`${c.name}: ${row[column]} as ${format.date_pattern}`, row[column], format.date_pattern, c.expect[r][column]] as const];
        });
      }),
);

describe('eventDates.ts replays the date pattern vectors', () => {
  it('has every pattern to replay', () => expect(new Set(cells.map((cell) => cell[2])).size).toBe(5));

  it.each(cells)('%s', (_name, stored, pattern, expected) => {
    expect(formatDate(stored, pattern as DateFormat)).toBe(expected);
  });
});
