// The core's golden vectors (tests/vectors/sections.json) replayed on the board's copy of the
// section rule, so the React board and the server's embed put every block in the same tab.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sectionLayout } from './sections';

interface Case {
  name: string;
  input: { sections?: string; block_sections?: unknown[]; current_section?: string | null };
  expect?: unknown;
  error?: string;
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'sections.json'), 'utf8')) as { cases: Case[] };
// Cases of malformed JSON input test the core's decoding, not the rule; the board's blocks are typed.
const wellTyped = vectors.cases.filter((c) => c.error === undefined);

describe('sections.ts replays the core sections vectors', () => {
  it('leaves out only the malformed-input cases', () => {
    expect(
      vectors.cases.filter((c) => c.error !== undefined).every((c) => (c.input.block_sections ?? []).some((s) => s !== null && typeof s !== 'string')),
    ).toBe(true);
  });

  it.each(wellTyped.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const { sections, block_sections, current_section } = c.input;
    expect(sectionLayout(sections ?? '', (block_sections ?? []) as (string | null)[], current_section)).toEqual(c.expect);
  });
});
