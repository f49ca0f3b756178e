// The golden vectors of the shown-columns rule (tests/vectors/shown_columns.json, answered by
// tessera_blocks::shown_columns, which the server's embed draws with) replayed on the React
// board's first-paint copy, `shownColumns`, so a table or list shows the same columns in the
// same order in both renderings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shownColumns } from './tableModel';

/** The block as `shownColumns` takes it (named through the function, not a hand-written type module). */
type Block = Parameters<typeof shownColumns>[0];

interface Case {
  name: string;
  input: { block: Block; columns: string[] };
  expect: { column: string; axis?: number }[];
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'shown_columns.json'), 'utf8')) as { op: string; cases: Case[] };

describe('tableModel.ts replays the shown-columns vectors', () => {
  it('reads the shown_columns file', () => {
    expect(vectors.op).toBe('shown_columns');
    expect(vectors.cases.length).toBeGreaterThan(0);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const axis: unknown[] = Array.isArray(c.input.block.axis) ? c.input.block.axis : [];
    const shown = shownColumns(c.input.block, c.input.columns).map((column) => {
      const at = column.axis ? axis.indexOf(column.axis) : -1;
      return at >= 0 ? { column: column.name, axis: at } : { column: column.name };
    });
    expect(shown).toEqual(c.expect);
  });
});
