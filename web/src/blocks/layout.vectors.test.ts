// The grid rule's golden vectors (tests/vectors/layout.json) replayed on the browser's copy, so a
// board, an app page and the server's embed place every block alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spans, widthOf, type Placed } from './layout';

interface Case {
  name: string;
  input: { blocks: Placed[] };
  expect: number[];
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'layout.json'), 'utf8')) as { cases: Case[] };

describe('layout.ts replays the grid rule vectors', () => {
  it('has cases to replay', () => expect(vectors.cases.length).toBeGreaterThan(5));

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(spans(c.input.blocks.map(widthOf))).toEqual(c.expect);
  });
});
