import { galleryImages } from './galleryItems';
import { viewBlockOf } from '../../test/viewBlocks';
import { galleryLook } from './galleryLook';
import { galleryStyle } from './galleryStyle';

// The settings as stored, normalised as the view gets them (BlockBody), then read for drawing.
const read = (settings: Record<string, unknown>) => galleryLook(viewBlockOf('imageGallery', settings));
const DEFAULT_INTERVAL = 3000;

describe('reading the gallery settings', () => {
  it('falls back to the catalogue defaults for a block with no settings', () => {
    const settings = read({});
    expect(settings).toMatchObject({
      layout: 'masonry',
      columns: 3,
      gridColumns: 3,
      padding: 24,
      carousel: { enabled: false, interval: DEFAULT_INTERVAL },
      fullscreen: { enabled: false, interval: DEFAULT_INTERVAL },
      lightbox: false,
      popup: false,
      cursorEffect: 'none',
      animation: 'none',
      border: null,
      radius: 0,
      shadow: 0,
      margin: { top: 0, right: 0, bottom: 0, left: 0 },
      // The catalogue's default: white text stays readable on a light photo while it shows through.
      transparency: 0.3,
      icon: null,
    });
  });

  it.each([
    ['2', 2],
    [5, 5],
    ['auto', 'auto'],
    ['AUTO', 'auto'],
    ['1', 3],
    ['6', 3],
    ['three', 3],
    [null, 3],
  ])('reads masonry columns %o as %o', (columns, expected) => {
    expect(read({ columns }).columns).toBe(expected);
  });

  it.each([
    [1, 2],
    ['4', 4],
    [9, 5],
    ['x', 3],
    [3.6, 4],
  ])('clamps grid_columns %o to %o', (grid_columns, expected) => {
    expect(read({ grid_columns }).gridColumns).toBe(expected);
  });

  it('clamps the sliders, margins, padding and transparency to their ranges', () => {
    const settings = read({
      border: 'true',
      border_width: '9',
      border_radius: -2,
      shadow: '3',
      margin_top: 150,
      margin_left: '-5',
      margin_right: '40',
      gallery_padding: 500,
      Transparent: '1.7',
    });
    expect(settings.border).toEqual({ width: 5, color: '#e5e7eb' });
    expect(settings.radius).toBe(0);
    expect(settings.shadow).toBe(3);
    expect(settings.margin).toEqual({ top: 100, right: 40, bottom: 0, left: 0 });
    expect(settings.padding).toBe(100);
    expect(settings.transparency).toBe(1);
  });

  it.each([
    [1000, 1000],
    ['2500', 2500],
    [499, 500],
    [0, 500],
    ['soon', DEFAULT_INTERVAL],
    [undefined, DEFAULT_INTERVAL],
  ])('reads an auto-scroll interval of %o as %i ms', (value, expected) => {
    expect(read({ carousel_interval: value }).carousel.interval).toBe(expected);
    expect(read({ fullscreen_interval: value }).fullscreen.interval).toBe(expected);
  });

  it('takes unknown layouts, effects, animations and icons as the defaults', () => {
    const settings = read({ layout: 'slideshow', cursor_effect: 'wobble', animation: 'spin', show_icon: true, icon: 'skull' });
    expect(settings).toMatchObject({ layout: 'masonry', cursorEffect: 'none', animation: 'none', icon: 'info' });
    expect(read({ layout: 'fullscreenview' }).layout).toBe('FullScreenView');
  });

  it('keeps colours CSS understands and drops anything else', () => {
    const settings = read({
      caption_color: '#fff',
      caption_background_color: 'rgb(10, 20, 30)',
      description_color: 'red; background: url(https://evil.example/x)',
      thumbnail_background_color: 'url(https://evil.example/x)',
    });
    expect(settings.captionColor).toBe('#fff');
    expect(settings.captionBackground).toBe('rgb(10, 20, 30)');
    expect(settings.descriptionColor).toBeNull();
    expect(settings.thumbnailBackground).toBeNull();
  });

  it('maps the 0-5 sliders to corners and shadows, and transparency to the caption background', () => {
    const style = galleryStyle(read({ border_radius: 5, shadow: 0, Transparent: 0.25 })) as Record<string, string>;
    expect(style['--gallery-radius']).toBe('20px');
    expect(style['--gallery-shadow']).toBe('none');
    expect(style['--gallery-caption-alpha']).toBe('75%');
  });
});

describe('the images of the rows', () => {
  it('skips rows without an image and reads captions and descriptions', () => {
    const rows: Record<string, string>[] = [
      { 'ChartApps Record ID': 'r1', Photo: 'https://img.example/a.jpg', Title: ' Alps ', About: 'Peaks' },
      { 'ChartApps Record ID': 'r2', Photo: 'javascript:alert(1)', Title: 'Evil' },
      { 'ChartApps Record ID': 'r3', Photo: '/api/uploads/b-1' },
      { 'ChartApps Record ID': 'r4', Photo: '/api/private/x.png' },
    ];
    const columns = { imageColumn: 'Photo', captionColumn: 'Title', descriptionColumn: 'About' };
    expect(galleryImages(rows, columns)).toEqual([
      { key: 'r1', src: 'https://img.example/a.jpg', caption: 'Alps', description: 'Peaks' },
      { key: 'r3', src: '/api/uploads/b-1', caption: '', description: '' },
    ]);
    expect(galleryImages(rows, { ...columns, imageColumn: '' })).toEqual([]);
  });
});
