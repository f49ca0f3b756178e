import { describe, expect, it } from 'vitest';
import { nextPath, sitePath } from './nextPath';

const next = (value: string) => nextPath(new URLSearchParams({ next: value }));

describe('nextPath', () => {
  it('keeps paths of this site with their query and hash', () => {
    expect(next('/dashboard/new-multipage')).toBe('/dashboard/new-multipage');
    expect(next('/sales?filters=Region:North#top')).toBe('/sales?filters=Region:North#top');
    expect(next('/100%25-done')).toBe('/100%25-done');
    expect(next('/a%zz')).toBe('/a%zz');
  });

  it('sends every way off the site to the dashboard', () => {
    for (const away of [
      '/\t/evil.example',
      '/%09/evil.example',
      '/%2509/evil.example',
      '/\n/evil.example',
      '/%0d%0a/evil.example',
      '//evil.example',
      '/%2fevil.example',
      '/%252fevil.example',
      '/\\evil.example',
      '/%5cevil.example',
      '\\/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      '/%00',
      '/\u007f',
    ]) {
      expect(next(away), JSON.stringify(away)).toBe('/dashboard');
    }
  });

  it('reads what the query string holds: a `%09` sent in the address arrives as a tab', () => {
    expect(nextPath(new URLSearchParams('next=/%09/evil.example'))).toBe('/dashboard');
    expect(nextPath(new URLSearchParams('next=/%2509/evil.example'))).toBe('/dashboard');
    expect(sitePath('/ok')).toBe('/ok');
  });
});
