import { afterEach, describe, expect, it } from 'vitest';
import { appSubdomain, canonicalBoardUrl, runtimeConfig, setRuntimeConfigForTests } from './runtime';

describe('appSubdomain', () => {
  it.each([
    ['shop.tessera.example.com', 'tessera.example.com', 'shop'],
    ['shop.tessera.example.com:8443', 'tessera.example.com', 'shop'],
    ['www.tessera.example.com', 'tessera.example.com', ''],
    ['tessera.example.com', 'tessera.example.com', ''],
    ['a.b.tessera.example.com', 'tessera.example.com', ''],
    ['shop.localhost:8080', '127.0.0.1', 'shop'],
    ['localhost:8080', '127.0.0.1', ''],
    ['127.0.0.1:8080', '127.0.0.1', ''],
    ['[::1]:8080', '', ''],
    ['other.example.org', 'tessera.example.com', ''],
  ])('%s under %s is %j', (host, base, expected) => {
    expect(appSubdomain(host, base)).toBe(expected);
  });
});

describe('runtimeConfig', () => {
  afterEach(() => {
    document.getElementById('tessera-config')?.remove();
    setRuntimeConfigForTests(null);
  });

  it('reads what the server wrote into the page and keeps defaults for the rest', () => {
    const tag = document.createElement('script');
    tag.id = 'tessera-config';
    tag.type = 'application/json';
    tag.textContent = JSON.stringify({ baseHost: 'tessera.example.com', tutorialVideos: { addBlock: '/v/add.mp4' } });
    document.body.append(tag);
    const config = runtimeConfig();
    expect(config.baseHost).toBe('tessera.example.com');
    expect(config.tutorialVideos.addBlock).toBe('/v/add.mp4');
    expect(config.tutorialVideos.publish).toBeNull();
    expect(config.docsUrl).toBe('/docs');
  });

  it('falls back to the defaults when the tag is broken', () => {
    const tag = document.createElement('script');
    tag.id = 'tessera-config';
    tag.type = 'application/json';
    tag.textContent = '{not json';
    document.body.append(tag);
    expect(runtimeConfig().liveChatScript).toBeNull();
  });
});

describe('canonicalBoardUrl', () => {
  const at = (host: string) => ({ host, pathname: '/sales', search: '?filters=Region:North', hash: '' });

  it('moves a board seen on another host to the board host, keeping path and query', () => {
    expect(canonicalBoardUrl(at('old.example.com'), 'https://boards.example.com')).toBe('https://boards.example.com/sales?filters=Region:North');
  });

  it('stays where it is on the board host or without one', () => {
    expect(canonicalBoardUrl(at('boards.example.com'), 'https://boards.example.com/')).toBeNull();
    expect(canonicalBoardUrl(at('boards.example.com:8443'), 'https://boards.example.com:8443')).toBeNull();
    expect(canonicalBoardUrl(at('anything.example.com'), null)).toBeNull();
    expect(canonicalBoardUrl(at('anything.example.com'), 'not a url')).toBeNull();
  });
});
