import { popupContent, tileAttribution } from './popup';

describe('a marker popup', () => {
  it('shows the title, description and image as text and an http(s) src', () => {
    const node = popupContent({
      position: [1, 2],
      title: '<img src=x onerror=alert(1)>',
      description: 'Line one\n<b>bold?</b>',
      image: 'https://img.example/a.png',
      address: '1, 2',
    });
    expect(node.querySelector('.map-block-popup-title')!.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(node.querySelector('.map-block-popup-description')!.textContent).toBe('Line one\n<b>bold?</b>');
    expect(node.querySelectorAll('img')).toHaveLength(1);
    expect(node.querySelector('img')).toHaveAttribute('src', 'https://img.example/a.png');
    expect(node.querySelector('b')).toBeNull();
  });

  it('falls back to the address without a title, and leaves out a missing description and image', () => {
    const node = popupContent({ position: [1, 2], title: '', description: '', image: null, address: 'Oslo' });
    expect(node.textContent).toBe('Oslo');
    expect(node.querySelector('img')).toBeNull();
  });
});

describe('the tile attribution', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'],
    ['https://{s}.tiles.example.com/{z}/{x}/{y}.png', 'Map tiles: a.tiles.example.com'],
    ['not a url', ''],
  ])('for %s is %s', (url, expected) => {
    expect(tileAttribution(url)).toBe(expected);
  });
});
