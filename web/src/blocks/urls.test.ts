import { httpUrl, imageUrl, linkUrl } from './urls';

describe('addresses from sheets and settings', () => {
  it.each([
    ['https://img.example/a.jpg', 'https://img.example/a.jpg'],
    [' https://img.example/a.jpg ', 'https://img.example/a.jpg'],
    ['/api/uploads/abc-123', '/api/uploads/abc-123'],
    ['/api/uploads/../private', null],
    ['/api/private/x.png', null],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['//evil.example/a.png', null],
    ['/\\evil.example/a.png', null],
    ['img/a.png', null],
    ['', null],
  ])('an image may load from %o: %o', (value, expected) => {
    expect(imageUrl(value)).toBe(expected);
  });

  it('links are http(s), and mailto only where allowed', () => {
    expect(linkUrl('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(linkUrl('mailto:a@b.example', false)).toBeNull();
    expect(linkUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl(' http://img.example/a b.jpg ')).toBe('http://img.example/a%20b.jpg');
    expect(httpUrl('ftp://x.example')).toBeNull();
  });
});
