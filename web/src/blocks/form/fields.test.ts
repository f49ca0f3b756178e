// The browser's checks present the server's rules (server/src/audience.rs); these tables are the
// server's own cases, so the two cannot drift apart unnoticed.
import { compilePattern, filledByServer, formFields, isEmail, isNumber, isWebAddress, localDate, resolveDefault } from './fields';
import { viewBlockOf } from '../../test/viewBlocks';

describe('form field rules', () => {
  it('reads numbers as the server does', () => {
    for (const yes of ['-12', '3.5', '3,5', '1,234.5', '1e3', '.5', '+7']) expect(isNumber(yes), yes).toBe(true);
    for (const no of ['', 'twelve', '1.2.3', 'NaN', 'inf', '1,2,3', '12 kg']) expect(isNumber(no), no).toBe(false);
  });

  it('reads e-mail addresses and web addresses as the server does', () => {
    for (const yes of ['ada@example.com', 'ada@mail.example.co.uk', 'a.b+c@x.io']) expect(isEmail(yes), yes).toBe(true);
    for (const no of ['ada', 'ada@example', 'ada@example.c', 'ada@@example.com', '@example.com', 'ada smith@example.com', 'ada@example.c1'])
      expect(isEmail(no), no).toBe(false);
    for (const yes of ['https://example.com', 'http://x.io/a?b#c']) expect(isWebAddress(yes), yes).toBe(true);
    for (const no of ['example.com', 'https://', 'ftp://x.io', 'https://x.io/a b']) expect(isWebAddress(no), no).toBe(false);
  });

  it('compiles patterns as the core does: the whole value, /body/i style, broken ones skipped', () => {
    expect(compilePattern('\\d{5}')!.test('a12345b')).toBe(false);
    expect(compilePattern('\\d{5}')!.test('12345')).toBe(true);
    expect(compilePattern('^\\d{5}$')!.test('123456')).toBe(false);
    expect(compilePattern('/^ab$/i')!.test('AB')).toBe(true);
    expect(compilePattern('   ')).toBeNull();
    expect(compilePattern('(')).toBeNull();
    expect(compilePattern('\\p{L}+')).toBeNull();
    expect(compilePattern('a'.repeat(1001))!.test('a'.repeat(1001))).toBe(true);
  });

  it('resolves default tokens exactly, like the core', () => {
    const now = new Date(2026, 0, 5, 8);
    expect(localDate(now)).toBe('2026-01-05');
    expect(resolveDefault('[(today)] by [(user_email)], [(today)]', ' ada@example.com ', now)).toBe('2026-01-05 by ada@example.com, 2026-01-05');
    expect(resolveDefault('[(user_email)]', '', now)).toBe('');
    expect(resolveDefault('[(Today)] [(today', 'x@y.zz', now)).toBe('[(Today)] [(today');
  });

  it('knows which hidden defaults the server fills', () => {
    const [today, email, text, shown] = formFields(
      viewBlockOf('form', {
        axis: [
          { column: 'A', hide: true, default: ' [(today)] ' },
          { column: 'B', hide: 'true', default: '[(user_email)]' },
          { column: 'C', hide: true, default: 'By [(user_email)]' },
          { column: 'D', default: '[(today)]' },
        ],
      }),
    );
    expect([today, email, text, shown].map(filledByServer)).toEqual([true, true, false, false]);
  });

  it('defaults the settings the catalogue defaults and drops entries without a column', () => {
    const fields = formFields(
      viewBlockOf('form', { axis: [{ label: 'Orphan' }, { column: 'X', type: 'weird' }, { column: 'F', type: 'file', regex_validation: '\\d' }] }),
    );
    expect(fields.map((f) => [f.column, f.type, f.placeholder, f.options, f.accept, f.pattern])).toEqual([
      ['X', 'text', 'Type here..', ['true', 'false'], 'image/*', ''],
      ['F', 'file', 'Type here..', ['true', 'false'], 'image/*', ''],
    ]);
  });
});
