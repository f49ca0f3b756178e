// The core's golden vectors (tests/vectors/contrast.json) replayed on the board's copy of the
// contrast rule, so the React board and the server's embed give every colour the same text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrast } from './colours';

interface Case {
  name: string;
  input: { color: string };
  expect?: unknown;
  error?: string;
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'contrast.json'), 'utf8')) as { cases: Case[] };

describe('colours.ts replays the core contrast vectors', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.error !== undefined) expect(() => contrast(c.input.color)).toThrow(c.error);
    else expect(contrast(c.input.color)).toEqual(c.expect);
  });
});
