// The core's golden vectors (tests/vectors/forms.json) replayed on the browser's first-paint copies
// of the form rules in fields.ts, so a difference between the copy and tessera-core fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEmail, validatePattern } from './fields';

interface Case {
  name: string;
  op?: string;
  input: Record<string, unknown>;
  expect?: unknown;
  error?: string;
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'forms.json'), 'utf8')) as { op?: string; cases: Case[] };
const cases = (op: string) => vectors.cases.filter((c) => (c.op ?? vectors.op) === op);

describe('fields.ts replays the core vectors', () => {
  it.each(cases('form_validate').map((c) => [c.name, c] as const))('form_validate: %s', (_name, c) => {
    const { value, type, regex_validation } = c.input as { value: string; type?: string; regex_validation?: string };
    const run = () => validatePattern(value, type ?? 'text', regex_validation ?? '');
    if (c.error !== undefined) expect(run).toThrow();
    else expect(run()).toEqual(c.expect);
  });

  it.each(cases('valid_email').map((c) => [c.name, c] as const))('valid_email: %s', (_name, c) => {
    expect(isEmail((c.input as { text: string }).text)).toBe(c.expect);
  });
});
