// The golden vectors of the shown-columns rule (tests/vectors/shown_columns.json, answered by
// tessera_blocks::shown_columns, which the server's embed draws with) replayed on the React
// board's first-paint copy, `shownColumns`, so a table or list shows the same columns in the
// same order in both renderings. The blocks reach `shownColumns` normalised, as views get them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { viewBlockOf } from '../../test/viewBlocks';
import { shownColumns } from './tableModel';

interface Case {
  name: string;
  input: { block: { type: 'table' | 'list'; axis?: unknown }; columns: string[] };
  expect: { column: string; axis?: number }[];
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'shown_columns.json'), 'utf8')) as { op: string; cases: Case[] };

describe('tableModel.ts replays the shown-columns vectors', () => {
  it('reads the shown_columns file', () => {
    expect(vectors.op).toBe('shown_columns');
    expect(vectors.cases.length).toBeGreaterThan(0);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const block = viewBlockOf(c.input.block.type, c.input.block);
    const axis: unknown[] = block.axis;
    // The vectors number axis entries as stored; normalising drops the items that are not
    // objects and keeps the order of the others.
    const stored: unknown[] = Array.isArray(c.input.block.axis) ? c.input.block.axis : [];
    const storedAt = stored.flatMap((item, i) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? [i] : []));
    const shown = shownColumns(block, c.input.columns).map((column) => {
      const at = column.axis ? storedAt[axis.indexOf(column.axis)] : undefined;
      return at !== undefined ? { column: column.name, axis: at } : { column: column.name };
    });
    expect(shown).toEqual(c.expect);
  });
});
