import { render, screen } from '@testing-library/react';
import { ApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import type { BlockView, IframeFrame } from '../data/types';
import { EMPTY_TEXT, IframeBlock, NO_ADDRESS, SANDBOX, SANDBOX_OWN_ORIGIN } from './IframeBlock';
import { frameHeight, frameMaxWidth } from './iframeFrame';
import { viewBlockOf } from '../../test/viewBlocks';

const BLOCK: BoardBlock = { id: 'i1', type: 'iframe', iframe_code: '<iframe src="https://maps.example/embed"></iframe>' };

function frame(extra: Partial<IframeFrame> = {}): IframeFrame {
  return { src: 'https://maps.example/embed', title: null, width: null, height: null, allowfullscreen: false, ...extra };
}

function renderIframe(view: BlockView | Promise<BlockView>, block: BoardBlock = BLOCK) {
  const source = fakeBlockSource({ view: vi.fn(() => Promise.resolve(view)) });
  const rendered = render(<IframeBlock block={viewBlockOf('iframe', block)} source={source} />);
  return { source, ...rendered };
}

const shown = (extra: Partial<IframeFrame> = {}, block?: BoardBlock) => renderIframe({ kind: 'iframe', frame: frame(extra), refusal: null }, block);

async function findFrame(): Promise<HTMLIFrameElement> {
  await screen.findByTitle(/./);
  return document.querySelector('iframe')!;
}

describe('the iframe block', () => {
  it('asks the block’s view and draws its frame sandboxed, lazily, with a strict referrer', async () => {
    const { source } = shown();
    const iframe = await findFrame();
    expect(source.view).toHaveBeenCalledWith(viewBlockOf('iframe', BLOCK), {}, expect.anything());
    expect(iframe).toHaveAttribute('src', 'https://maps.example/embed');
    expect(iframe).toHaveAttribute('sandbox', SANDBOX);
    expect(iframe).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
    expect(iframe).toHaveAttribute('loading', 'lazy');
    expect(iframe).not.toHaveAttribute('allow');
  });

  it('never lets the framed page share the board’s origin', async () => {
    shown({ allowfullscreen: true });
    const tokens = (await findFrame()).getAttribute('sandbox')!.split(/\s+/);
    expect(tokens).toContain('allow-scripts');
    expect(tokens).not.toContain('allow-same-origin');
    expect(tokens).not.toContain('allow-top-navigation');
  });

  it('lets a page of another origin keep its own cookies and storage when the owner allows it', async () => {
    shown({}, { ...BLOCK, iframe_own_origin: true });
    expect(await findFrame()).toHaveAttribute('sandbox', SANDBOX_OWN_ORIGIN);
  });

  it("never grants its own origin to a page on the board's origin, even when allowed", async () => {
    shown({ src: `${window.location.origin}/admin` }, { ...BLOCK, iframe_own_origin: true });
    const tokens = (await findFrame()).getAttribute('sandbox')!.split(/\s+/);
    expect(tokens).not.toContain('allow-same-origin');
  });

  it('allows full screen only when the pasted code did', async () => {
    shown({ allowfullscreen: true });
    expect(await findFrame()).toHaveAttribute('allow', 'fullscreen');
  });

  it('titles the frame from the code, else the block, else Embedded page', async () => {
    const first = shown({ title: 'Office map' }, { ...BLOCK, title: 'Where we are' });
    expect(await screen.findByTitle('Office map')).toBeInTheDocument();
    first.unmount();
    const second = shown({ title: '  ' }, { ...BLOCK, title: 'Where we are' });
    expect(await screen.findByTitle('Where we are')).toBeInTheDocument();
    second.unmount();
    shown();
    expect(await screen.findByTitle('Embedded page')).toBeInTheDocument();
  });

  it('reserves the height before the page loads and never grows past the pasted width', async () => {
    shown({ height: '600', width: '800px' });
    const iframe = await findFrame();
    expect(iframe).toHaveAttribute('height', '600');
    expect(iframe.style.height).toBe('600px');
    expect(iframe.style.maxWidth).toBe('800px');
  });

  it('takes 400 px and no width limit when the code gives no sizes', async () => {
    shown();
    const iframe = await findFrame();
    expect(iframe.style.height).toBe('400px');
    expect(iframe.style.maxWidth).toBe('');
  });

  it('asks for the code when none is pasted yet', async () => {
    renderIframe({ kind: 'iframe', frame: null, refusal: null });
    expect(await screen.findByText(EMPTY_TEXT)).toHaveClass('muted');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    renderIframe({ kind: 'iframe', frame: null, refusal: 'The code holds 2 iframes; keep one.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The code holds 2 iframes; keep one.');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/api/boards',
    ' javascript:alert(1)',
  ])('refuses the address %o even when the server sends it', async (src) => {
    shown({ src });
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_ADDRESS);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says so when the server answers with another kind of view', async () => {
    renderIframe({ kind: 'markdown', texts: [], html: ['<p>x</p>'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server did not answer this block with an iframe.');
  });

  it('shows the block’s own error when its view fails', async () => {
    renderIframe(Promise.reject(new ApiError('The iframe block could not be read.', 422)));
    expect(await screen.findByRole('alert')).toHaveTextContent('The iframe block could not be read.');
  });
});

describe('frame sizes', () => {
  it.each([
    [null, 400],
    ['', 400],
    ['600', 600],
    ['600px', 600],
    [' 450PX ', 450],
    ['250.6', 251],
    ['20em', 320],
    ['30rem', 480],
    ['50', 100],
    ['0', 100],
    ['99999', 2000],
    ['100%', 400],
    ['50vh', 400],
    ['auto', 400],
    ['-300', 400],
    ['calc(100px + 1e9px)', 400],
  ])('draws the height %o as %i px', (height, px) => {
    expect(frameHeight(height)).toBe(px);
  });

  it.each([
    [null, null],
    ['640', '640px'],
    ['640PX', '640px'],
    ['100%', '100%'],
    ['40rem', '40rem'],
    ['0', null],
    ['auto', null],
    ['expression(alert(1))', null],
  ])('limits the width %o to %o', (width, max) => {
    expect(frameMaxWidth(width)).toBe(max);
  });
});
