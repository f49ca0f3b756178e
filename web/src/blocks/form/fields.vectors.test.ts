// The core's golden vectors (tests/vectors/forms.json) replayed on the browser's first-paint copies
// of the form rules in fields.ts, so a difference between the copy and tessera-core fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEmail, validateField, validateSubmission, type SubmittedField } from './fields';

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
    const { value, type, regex_validation, required, label } = c.input as {
      value: string;
      type?: string;
      regex_validation?: string;
      required?: boolean;
      label?: string;
    };
    const run = () => validateField(value, type ?? 'text', regex_validation ?? '', required ?? false, label ?? '');
    if (c.error !== undefined) expect(run).toThrow();
    else expect(run()).toEqual(c.expect);
  });

  it.each(cases('form_submission').map((c) => [c.name, c] as const))('form_submission: %s', (_name, c) => {
    expect(validateSubmission((c.input as { fields: SubmittedField[] }).fields)).toEqual(c.expect);
  });

  it('replays every case of the required and whole-answer rules', () => {
    expect(cases('form_submission').length).toBeGreaterThanOrEqual(10);
    expect(cases('form_validate').filter((c) => c.input.required === true).length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases('valid_email').map((c) => [c.name, c] as const))('valid_email: %s', (_name, c) => {
    expect(isEmail((c.input as { text: string }).text)).toBe(c.expect);
  });
});
