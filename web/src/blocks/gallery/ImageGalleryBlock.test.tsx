import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import type { BlockRows } from '../data/types';
import { ImageGalleryBlock, MAX_IMAGES } from './ImageGalleryBlock';
import { MAX_DOTS } from './Carousel';
import { MASONRY_RATIOS } from './TileLayout';
import { viewBlockOf } from '../../test/viewBlocks';

const COLUMNS = ['ChartApps Record ID', 'Photo', 'Title', 'About'];
const ROWS = [
  { 'ChartApps Record ID': 'r1', Photo: 'https://img.example/alps.jpg', Title: 'Alps', About: 'Snowy peaks' },
  { 'ChartApps Record ID': 'r2', Photo: 'javascript:alert(1)', Title: 'Evil', About: '' },
  { 'ChartApps Record ID': 'r3', Photo: '/api/uploads/beach-1', Title: 'Beach', About: '' },
  { 'ChartApps Record ID': 'r4', Photo: '', Title: 'No photo', About: '' },
  { 'ChartApps Record ID': 'r5', Photo: 'data:image/png;base64,AAAA', Title: 'Data', About: '' },
  { 'ChartApps Record ID': 'r6', Photo: 'https://img.example/city.jpg', Title: '', About: '' },
];
const SRCS = ['https://img.example/alps.jpg', '/api/uploads/beach-1', 'https://img.example/city.jpg'];

const answer = (rows: Record<string, string>[]): BlockRows => ({ columns: COLUMNS, rows, total: rows.length, page: 1, page_count: 1, version: 1 });

function renderGallery(settings: Record<string, unknown> = {}, rows: () => Promise<BlockRows> = () => Promise.resolve(answer(ROWS))) {
  const source = fakeBlockSource({ rows: vi.fn(rows) });
  const block: BoardBlock = {
    id: 'g1',
    type: 'imageGallery',
    sheet_title: 'Places',
    image_column: 'Photo',
    caption_column: 'Title',
    description_column: 'About',
    ...settings,
  };
  return { source, ...render(<ImageGalleryBlock block={viewBlockOf('imageGallery', block)} source={source} />) };
}

/** Renders with fake timers and lets the rows arrive. */
async function renderTimed(settings: Record<string, unknown>) {
  vi.useFakeTimers();
  const view = renderGallery(settings);
  await act(async () => {});
  return view;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const shownSrcs = (container: HTMLElement) => [...container.querySelectorAll('.gallery-body .gallery-image')].map((img) => img.getAttribute('src'));
const slideSrc = (container: HTMLElement) => container.querySelector('.gallery-slide img')?.getAttribute('src');
const style = (container: HTMLElement) => (container.querySelector('.gallery') as HTMLElement).style;

function reducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: matches && query.includes('reduce'), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('the image gallery block', () => {
  it('asks for the first rows up to its cap', async () => {
    const { source } = renderGallery();
    await screen.findByAltText('Alps');
    expect(source.rows.mock.calls[0][1]).toEqual({ page: 1, rowsPerPage: MAX_IMAGES });
  });

  it('shows a masonry of the rows with safe image addresses, each box reserved before it loads', async () => {
    const { container } = renderGallery();
    await screen.findByAltText('Alps');
    expect(shownSrcs(container)).toEqual(SRCS);
    expect(container.querySelector('.gallery-tiles')).toHaveClass('gallery-masonry', 'gallery-cols-3');
    const images = container.querySelectorAll<HTMLImageElement>('.gallery-image');
    expect([...images].map((img) => img.alt)).toEqual(['Alps', 'Beach', '']);
    for (const img of images) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('decoding', 'async');
    }
    const ratios = [...container.querySelectorAll<HTMLElement>('.gallery-frame')].map((frame) => frame.style.aspectRatio);
    expect(ratios).toEqual(MASONRY_RATIOS.slice(0, 3));
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.innerHTML).not.toContain('data:image');
  });

  it('shows captions and descriptions over the images', async () => {
    const { container } = renderGallery();
    await screen.findByAltText('Alps');
    const caption = container.querySelector('.gallery-caption')!;
    expect(within(caption as HTMLElement).getByText('Alps')).toHaveClass('gallery-caption-title');
    expect(within(caption as HTMLElement).getByText('Snowy peaks')).toHaveClass('gallery-description');
  });

  it('lets masonry fit as many columns as the width holds with auto', async () => {
    const { container } = renderGallery({ columns: 'auto' });
    await screen.findByAltText('Alps');
    expect(container.querySelector('.gallery-tiles')).toHaveClass('gallery-cols-auto');
  });

  it('lays the grid out in grid_columns columns, clamped to 2-5, with one shape for every image', async () => {
    const { container } = renderGallery({ layout: 'grid', grid_columns: '9' });
    await screen.findByAltText('Alps');
    expect(container.querySelector('.gallery-tiles')).toHaveClass('gallery-grid', 'gallery-cols-5');
    expect(shownSrcs(container)).toEqual(SRCS);
    const ratios = new Set([...container.querySelectorAll<HTMLElement>('.gallery-frame')].map((frame) => frame.style.aspectRatio));
    expect(ratios.size).toBe(1);
  });

  it('says so when no row has an image', async () => {
    renderGallery({}, () => Promise.resolve(answer(ROWS.filter((row) => !row.Photo.startsWith('http') && !row.Photo.startsWith('/')))));
    expect(await screen.findByText('No images to show.')).toBeInTheDocument();
  });

  it('says so when no image column is chosen', async () => {
    renderGallery({ image_column: '' });
    expect(await screen.findByText('No images to show.')).toBeInTheDocument();
  });

  it('shows the error of a failed load', async () => {
    renderGallery({}, () => Promise.reject(new Error('Sheet Places not found')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sheet Places not found');
  });

  it('puts the colour, margin and padding settings on the gallery', async () => {
    const { container } = renderGallery({
      caption_color: '#ffeeaa',
      caption_background_color: '#123456',
      description_color: 'silver',
      thumbnail_background_color: '#000',
      margin_top: 10,
      margin_right: '250',
      margin_left: -4,
      gallery_padding: '8',
      border: true,
      border_color: '#ff0000',
      border_width: 2,
      shadow: 2,
    });
    await screen.findByAltText('Alps');
    const css = style(container);
    expect(css.getPropertyValue('--gallery-caption-color')).toBe('#ffeeaa');
    expect(css.getPropertyValue('--gallery-caption-bg')).toBe('#123456');
    expect(css.getPropertyValue('--gallery-description-color')).toBe('silver');
    expect(css.getPropertyValue('--gallery-thumb-bg')).toBe('#000');
    expect(css.getPropertyValue('--gallery-gap')).toBe('8px');
    expect(css.getPropertyValue('--gallery-border')).toBe('2px solid #ff0000');
    expect(css.getPropertyValue('--gallery-shadow')).toContain('6px');
    expect(css.margin).toBe('10px 100px 0px 0px');
  });

  it('applies the cursor effect and the entrance animation', async () => {
    const { container } = renderGallery({ cursor_effect: 'zoom', animation: 'flip' });
    await screen.findByAltText('Alps');
    expect(container.querySelector('.gallery')).toHaveClass('gallery-effect-zoom');
    expect(container.querySelectorAll('.gallery-tile.gallery-anim-flip')).toHaveLength(3);
  });

  it('badges every image with the chosen icon in the chosen colour', async () => {
    const { container } = renderGallery({ show_icon: true, icon: 'heart', icon_color: '#e11d48' });
    await screen.findByAltText('Alps');
    const badges = container.querySelectorAll('.gallery-badge');
    expect(badges).toHaveLength(3);
    expect(badges[0]).toHaveAttribute('data-icon', 'heart');
    expect(badges[0].querySelector('svg')).toBeInTheDocument();
    expect(style(container).getPropertyValue('--gallery-icon-color')).toBe('#e11d48');
  });

  it('shows no badge while show_icon is off', async () => {
    const { container } = renderGallery({ icon: 'heart' });
    await screen.findByAltText('Alps');
    expect(container.querySelector('.gallery-badge')).not.toBeInTheDocument();
  });

  it('opens nothing on click when neither lightbox nor popup is on', async () => {
    renderGallery();
    await screen.findByAltText('Alps');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the carousel', () => {
  it('shows one image at a time and moves with next, previous and the dots', async () => {
    const user = userEvent.setup();
    const { container } = renderGallery({ layout: 'carousel' });
    await screen.findByAltText('Alps');
    expect(container.querySelectorAll('.gallery-slide')).toHaveLength(1);
    expect(slideSrc(container)).toBe(SRCS[0]);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(slideSrc(container)).toBe(SRCS[1]);
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(slideSrc(container)).toBe(SRCS[2]);
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(slideSrc(container)).toBe(SRCS[1]);
    expect(screen.getByRole('button', { name: 'Show image 3' })).not.toHaveAttribute('aria-current');
  });

  it('moves with the arrow keys while focused', async () => {
    const user = userEvent.setup();
    const { container } = renderGallery({ layout: 'carousel' });
    await screen.findByAltText('Alps');
    act(() => screen.getByRole('region', { name: 'Image gallery' }).focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slideSrc(container)).toBe(SRCS[2]);
    await user.keyboard('{ArrowRight}');
    expect(slideSrc(container)).toBe(SRCS[0]);
    await user.keyboard('{ArrowLeft}');
    expect(slideSrc(container)).toBe(SRCS[2]);
  });

  it('counts the slides instead of drawing more dots than fit', async () => {
    const many = Array.from({ length: MAX_DOTS + 1 }, (_, i) => ({
      'ChartApps Record ID': `m${i}`,
      Photo: `https://img.example/${i}.jpg`,
      Title: `Photo ${i + 1}`,
      About: '',
    }));
    const user = userEvent.setup();
    const { container } = renderGallery({ layout: 'carousel' }, () => Promise.resolve(answer(many)));
    await screen.findByAltText('Photo 1');
    expect(container.querySelector('.gallery-dot')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText(`${MAX_DOTS + 1} / ${MAX_DOTS + 1}`)).toBeInTheDocument();
  });

  it('does not move by itself unless auto-scroll is on', async () => {
    const { container } = await renderTimed({ layout: 'carousel' });
    await advance(10_000);
    expect(slideSrc(container)).toBe(SRCS[0]);
  });

  it('auto-scrolls every carousel_interval milliseconds', async () => {
    const { container } = await renderTimed({ layout: 'carousel', carousel_auto_scroll: true, carousel_interval: 1000 });
    await advance(999);
    expect(slideSrc(container)).toBe(SRCS[0]);
    await advance(1);
    expect(slideSrc(container)).toBe(SRCS[1]);
    await advance(1000);
    expect(slideSrc(container)).toBe(SRCS[2]);
  });

  it("reads an interval stored under the catalogue's 500 ms floor as 500 ms, not as another value", async () => {
    const { container } = await renderTimed({ layout: 'carousel', carousel_auto_scroll: true, carousel_interval: 100 });
    await advance(499);
    expect(slideSrc(container)).toBe(SRCS[0]);
    await advance(1);
    expect(slideSrc(container)).toBe(SRCS[1]);
  });

  it('pauses auto-scroll while hovered or focused', async () => {
    const { container } = await renderTimed({ layout: 'carousel', carousel_auto_scroll: true });
    const carousel = screen.getByRole('region', { name: 'Image gallery' });
    fireEvent.mouseEnter(carousel);
    await advance(10_000);
    expect(slideSrc(container)).toBe(SRCS[0]);
    fireEvent.mouseLeave(carousel);
    act(() => carousel.focus());
    await advance(10_000);
    expect(slideSrc(container)).toBe(SRCS[0]);
    act(() => carousel.blur());
    await advance(3000);
    expect(slideSrc(container)).toBe(SRCS[1]);
  });

  it('stops auto-scroll while the tab is hidden', async () => {
    const { container } = await renderTimed({ layout: 'carousel', carousel_auto_scroll: true });
    setVisibility('hidden');
    await advance(10_000);
    expect(slideSrc(container)).toBe(SRCS[0]);
    setVisibility('visible');
    await advance(3000);
    expect(slideSrc(container)).toBe(SRCS[1]);
  });

  it('never auto-scrolls for a viewer who prefers reduced motion', async () => {
    reducedMotion(true);
    const { container } = await renderTimed({ layout: 'carousel', carousel_auto_scroll: true });
    await advance(10_000);
    expect(slideSrc(container)).toBe(SRCS[0]);
  });
});

describe('the full-screen view', () => {
  it('shows one large image and a thumbnail of each image that picks it', async () => {
    const user = userEvent.setup();
    const { container } = renderGallery({ layout: 'FullScreenView' });
    await screen.findByAltText('Alps');
    expect(slideSrc(container)).toBe(SRCS[0]);
    const thumbs = container.querySelectorAll('.gallery-thumb img');
    expect([...thumbs].map((img) => img.getAttribute('src'))).toEqual(SRCS);
    await user.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(slideSrc(container)).toBe(SRCS[2]);
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('auto-scrolls every fullscreen_interval milliseconds', async () => {
    const { container } = await renderTimed({ layout: 'FullScreenView', fullscreen_auto_scroll: 'true', fullscreen_interval: '2000' });
    await advance(2000);
    expect(slideSrc(container)).toBe(SRCS[1]);
  });

  it('offers the browser full screen only where the browser has it', async () => {
    const user = userEvent.setup();
    const first = renderGallery({ layout: 'FullScreenView' });
    await screen.findByAltText('Alps');
    expect(screen.queryByRole('button', { name: 'Full screen' })).not.toBeInTheDocument();
    first.unmount();

    const requestFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    try {
      renderGallery({ layout: 'FullScreenView' });
      await user.click(await screen.findByRole('button', { name: 'Full screen' }));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'Image gallery' }));
    } finally {
      delete (document as { fullscreenEnabled?: boolean }).fullscreenEnabled;
      delete (HTMLElement.prototype as { requestFullscreen?: unknown }).requestFullscreen;
    }
  });
});

describe('opening an image', () => {
  it('opens the lightbox, moves with the arrow keys and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    renderGallery({ lightbox_enabled: true });
    const alps = await screen.findByRole('button', { name: 'Alps' });
    await user.click(alps);
    const dialog = screen.getByRole('dialog', { name: 'Alps' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(dialog).getByText('Snowy peaks')).toBeInTheDocument();
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', SRCS[0]);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Beach' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    // The untitled image is named by its place.
    expect(screen.getByRole('dialog', { name: 'Image 3' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(alps).toHaveFocus();
  });

  it('moves through the lightbox with its Previous and Next buttons', async () => {
    const user = userEvent.setup();
    renderGallery({ lightbox_enabled: true, popup: true });
    await user.click(await screen.findByRole('button', { name: 'Beach' }));
    const dialog = screen.getByRole('dialog', { name: 'Beach' });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Alps' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: 'Image 3' })).toBeInTheDocument();
  });

  it('opens a popup of the one image when the lightbox is off', async () => {
    const user = userEvent.setup();
    renderGallery({ popup: true });
    const alps = await screen.findByRole('button', { name: 'Alps' });
    await user.click(alps);
    const dialog = screen.getByRole('dialog', { name: 'Alps' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', SRCS[0]);
    expect(within(dialog).getByText('Snowy peaks')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Alps' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(alps).toHaveFocus();
  });

  it('opens the carousel slide in the lightbox and holds auto-scroll while it is open', async () => {
    const { container } = await renderTimed({ layout: 'carousel', lightbox_enabled: true, carousel_auto_scroll: true });
    fireEvent.click(within(container.querySelector('.gallery-slide') as HTMLElement).getByRole('button', { name: 'Alps' }));
    expect(screen.getByRole('dialog', { name: 'Alps' })).toBeInTheDocument();
    await advance(10_000);
    expect(slideSrc(container)).toBe(SRCS[0]);
  });
});
