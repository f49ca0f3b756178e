// The core's golden vectors (tests/vectors/forms.json, `valid_email`) replayed on the users
// dialog's copy of the e-mail rule, so a difference from tessera-core fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidEmail, validateUserForm } from './usersDialogState';

interface Case {
  name: string;
  op?: string;
  input: { text: string };
  expect?: unknown;
}

const vectors = JSON.parse(readFileSync(join(process.cwd(), '..', 'tests', 'vectors', 'forms.json'), 'utf8')) as { cases: Case[] };
const cases = vectors.cases.filter((c) => c.op === 'valid_email').map((c) => [c.name, c] as const);

describe('usersDialogState replays the core e-mail vectors', () => {
  it.each(cases)('valid_email: %s', (_name, c) => {
    expect(isValidEmail(c.input.text)).toBe(c.expect);
  });

  it('the dialog takes an address the core takes', () => {
    expect(validateUserForm({ name: 'Ada', email: 'ada@пример.рф', permission: 'read' }).ok).toBe(true);
  });
});
