import { appEditorPath, appNameFromLocation, pageHref, pagePath, publicAppUrl, resolvePage, withAppName } from './appLocation';

describe('appNameFromLocation', () => {
  it.each([
    // host, search, base host, app name
    ['field.tessera.example', '', 'tessera.example', 'field'],
    ['Field.Tessera.Example:8443', '', 'tessera.example', 'field'],
    ['field.localhost:5173', '', 'tessera.example', 'field'],
    ['field.localhost', '', '', 'field'],
    ['tessera.example', '', 'tessera.example', ''],
    ['www.tessera.example', '', 'tessera.example', ''],
    ['127.0.0.1:8080', '', '', ''],
    ['localhost:5173', '', '', ''],
    ['a.b.tessera.example', '', 'tessera.example', ''],
    ['localhost:5173', '?app=field', '', 'field'],
    ['localhost:5173', '?filters=x:1&app=%20Field%20', '', 'field'],
    ['tessera.example', '?app=field', 'tessera.example', 'field'],
    ['localhost:5173', '?app=', '', ''],
    // The host's sub-domain wins over the query parameter.
    ['field.tessera.example', '?app=other', 'tessera.example', 'field'],
  ])('%s%s under %s names %j', (host, search, baseHost, expected) => {
    expect(appNameFromLocation({ host, search }, baseHost)).toBe(expected);
  });
});

describe('page addresses', () => {
  it('link to /{slug}, the home page to /, keeping only ?app=', () => {
    expect(pageHref('about', '')).toBe('/about');
    expect(pageHref('', '')).toBe('/');
    expect(pageHref('about', '?app=field&filters=a:1')).toBe('/about?app=field');
    expect(pageHref('', '?app=field')).toBe('/?app=field');
  });

  it('follow a renamed sub-domain', () => {
    expect(withAppName('?app=old&filters=a:1', 'new')).toBe('?app=new&filters=a%3A1');
  });

  it('send the path without its leading slash as the board parameter', () => {
    expect(pagePath('/')).toBe('');
    expect(pagePath('/about')).toBe('about');
  });

  it('embed the sub-domain address when the operator set a base host, else this origin with ?app=', () => {
    expect(publicAppUrl('field', '', { protocol: 'https:', host: 'tessera.example' }, 'tessera.example')).toBe('https://field.tessera.example/');
    expect(publicAppUrl('field', 'about', { protocol: 'http:', host: 'localhost:5173' }, 'localhost')).toBe('http://field.localhost:5173/about');
    expect(publicAppUrl('field', '', { protocol: 'http:', host: 'localhost:5173' }, '')).toBe('http://localhost:5173/?app=field');
  });

  it('stay on this origin with ?app= when the base host is an IP address, which has no sub-domains', () => {
    // The server's default base host is the address it listens on.
    expect(publicAppUrl('field', 'about', { protocol: 'http:', host: '127.0.0.1:18104' }, '127.0.0.1')).toBe('http://127.0.0.1:18104/about?app=field');
    expect(publicAppUrl('field', '', { protocol: 'http:', host: '[::1]:3000' }, '[')).toBe('http://[::1]:3000/?app=field');
    expect(publicAppUrl('field', '', { protocol: 'http:', host: '10.0.0.7' }, '10.0.0.7')).toBe('http://10.0.0.7/?app=field');
  });

  it('open a new app on this origin, where the session cookie is', () => {
    expect(appEditorPath('field')).toBe('/?app=field');
  });
});

describe('resolvePage, the one reading of a setting that names a page', () => {
  const pages = [
    { id: 'p-home', page_name: 'Home', page_slug: '' },
    { id: 'p-orders', page_name: 'Orders', page_slug: 'orders' },
  ];

  it('takes a page id (what the picker stores) to the page’s current address', () => {
    expect(resolvePage('p-orders', pages)).toEqual({ external: false, path: 'orders', missing: false, page: pages[1] });
    expect(resolvePage('p-home', pages)).toEqual({ external: false, path: '', missing: false, page: pages[0] });
  });

  it('takes a typed slug, with or without slashes and more of the path, as typed', () => {
    expect(resolvePage('orders', pages)).toMatchObject({ path: 'orders', missing: false });
    expect(resolvePage('/orders/42', pages)).toMatchObject({ path: 'orders/42', missing: false, page: pages[1] });
    expect(resolvePage('', pages)).toMatchObject({ path: '', missing: false, page: pages[0] });
  });

  it('sends a page that no longer exists, or a page’s name, home and says it is missing', () => {
    expect(resolvePage('p-deleted', pages)).toEqual({ external: false, path: '', missing: true, page: null });
    expect(resolvePage('Orders', pages)).toMatchObject({ path: '', missing: true });
  });

  it('keeps a typed http(s) link as an external link, and refuses other schemes as pages', () => {
    expect(resolvePage(' https://example.com/help ', pages)).toEqual({ external: true, href: 'https://example.com/help' });
    expect(resolvePage('javascript:alert(1)', pages)).toMatchObject({ external: false, missing: true });
  });

  it('follows an address as typed where the pages are not known (a board)', () => {
    expect(resolvePage('/sales-board', undefined)).toEqual({ external: false, path: 'sales-board', missing: false, page: null });
  });
});
