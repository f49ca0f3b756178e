// The golden vectors of the fitted-table rule (tests/vectors/fit_columns.json, answered by
// tessera_blocks::fit_columns, which the server's embed draws with) replayed on the React
// board's first-paint copy, so a fitted table has the same widths in both renderings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fitColumns, type Fit, type FitColumn } from './fitColumns';

interface Case {
  name: string;
  input: { columns: FitColumn[]; width: number; reserved?: number };
  expect: Fit;
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'fit_columns.json'), 'utf8')) as { op: string; cases: Case[] };

describe('fitColumns.ts replays the fit_columns vectors', () => {
  it('reads the fit_columns file', () => {
    expect(vectors.op).toBe('fit_columns');
    expect(vectors.cases.length).toBeGreaterThan(0);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(fitColumns(c.input.columns, c.input.width, c.input.reserved)).toEqual(c.expect);
  });
});
