import { suggestSubdomain } from './subdomain';

describe('suggestSubdomain', () => {
  it.each([
    ['Sales Team', 'sales-team'],
    ['  Résumé  Café! ', 'resume-cafe'],
    ['--a--b--', 'a-b'],
    ['!!!', ''],
    ['x'.repeat(70), 'x'.repeat(63)],
    [`${'a'.repeat(62)} b`, 'a'.repeat(62)],
  ])('%j becomes %j', (name, expected) => {
    expect(suggestSubdomain(name)).toBe(expected);
  });
});
