import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardBlock, BoardState } from '../../generated/api';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { queuedSaves } from '../../platform/offlineStore';
import { useToastStore } from '../../store/toastStore';
import { boardState, salesRows, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => Promise.all([import('./BoardViewerRoute'), import('./BoardWorkspacePage')]));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const text = (id: string, title: string): BoardBlock => ({ id, type: 'markdown', title, text: title });
const blocks = [
  { ...text('a', 'Alpha'), width: 'Half' },
  { ...text('b', 'Beta'), width: 'Half' },
  { ...text('c', 'Gamma'), full_width: true },
];
const editorBoard = boardState({ can_edit: true, user_role: 'owner', blocks });

function serve(board: BoardState, more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: '/dashboard/spreadsheets/s1' } },
    'PUT /api/boards/b1/blocks/order': (init) => ({ body: (JSON.parse(String(init.body)).ids as string[]).map((id) => blocks.find((b) => b.id === id)) }),
    'PUT /api/blocks/a': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'a' } }),
    ...unpublished,
    ...more,
  });
}

/** The grid columns a block's frame spans (blocks/layout.ts). */
const span = (frame: HTMLElement) => frame.style.getPropertyValue('--block-span');

const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('arranging blocks in the board editor', () => {
  it('moves a block with the arrow keys on its handle, keeps the focus there and saves the order', async () => {
    const { calls } = serve(editorBoard);
    const { user } = renderApp('/sales');
    const handle = await screen.findByRole('button', { name: 'Move block Alpha' });
    expect(handle).toHaveAccessibleDescription('Drag to move, or press the arrow keys.');
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(titles()).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(screen.getByText('Alpha moved to place 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/boards/b1/blocks/order')).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === '/api/boards/b1/blocks/order')!.body).toEqual({ ids: ['b', 'a', 'c'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move block Alpha' })).toHaveFocus());
    await user.keyboard('{End}');
    expect(titles()).toEqual(['Beta', 'Gamma', 'Alpha']);
    await user.keyboard('{Home}');
    expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('puts the old order back and says why when the server refuses the new one', async () => {
    serve(editorBoard, {
      'PUT /api/boards/b1/blocks/order': { status: 422, body: { error: '`ids` must list every block of this board or page exactly once.', field: 'ids' } },
    });
    const { user } = renderApp('/sales');
    (await screen.findByRole('button', { name: 'Move block Beta' })).focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(await screen.findByText('The new order was not saved: `ids` must list every block of this board or page exactly once.')).toBeInTheDocument();
  });

  it('keeps a move made offline on screen and in the outbox until the network is back', async () => {
    const { calls } = serve(editorBoard);
    const { user } = renderApp('/sales');
    const handle = await screen.findByRole('button', { name: 'Move block Gamma' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    handle.focus();
    await user.keyboard('{Home}');
    expect(titles()).toEqual(['Gamma', 'Alpha', 'Beta']);
    await waitFor(async () => expect((await queuedSaves()).map((q) => q.config)).toEqual([{ ids: ['c', 'a', 'b'] }]));
    expect(calls.some((c) => c.url.pathname.endsWith('/order'))).toBe(false);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('resizes a block with the arrow keys on its width edge, re-places the row and saves the width with the block', async () => {
    const { calls } = serve(editorBoard);
    const { user } = renderApp('/sales');
    const alpha = (await screen.findByRole('heading', { level: 2, name: 'Alpha' })).closest('section')!;
    const beta = screen.getByRole('heading', { level: 2, name: 'Beta' }).closest('section')!;
    expect([span(alpha), span(beta)]).toEqual(['3', '3']);
    const edge = within(alpha).getByRole('slider', { name: 'Width of block Alpha' });
    expect(edge).toHaveAttribute('aria-valuetext', 'Half');
    expect(edge).toHaveAccessibleDescription('Drag the edge, or press the arrow keys: a third, a half, two thirds or the whole row.');

    edge.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(alpha).getByRole('slider')).toHaveAttribute('aria-valuetext', 'Two thirds');
    // Two thirds and a half do not fit one row: each now ends its row, grown to the edge.
    expect([span(alpha), span(beta)]).toEqual(['6', '6']);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/blocks/a')).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === '/api/blocks/a')!.body).toEqual({
      type: 'markdown',
      title: 'Alpha',
      text: 'Alpha',
      width: 'Two thirds',
      full_width: false,
    });

    await user.keyboard('{End}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/blocks/a')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/api/blocks/a')[1].body).toMatchObject({ width: 'Full', full_width: true });
  });

  it('puts the width back and says why when the save is refused', async () => {
    serve(editorBoard, { 'PUT /api/blocks/a': { status: 403, body: { error: 'You cannot edit this board.' } } });
    const { user } = renderApp('/sales');
    const alpha = (await screen.findByRole('heading', { level: 2, name: 'Alpha' })).closest('section')!;
    within(alpha).getByRole('slider', { name: 'Width of block Alpha' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByText('The width of "Alpha" was not saved: You cannot edit this board.')).toBeInTheDocument();
    expect(within(alpha).getByRole('slider')).toHaveAttribute('aria-valuetext', 'Half');
    expect(span(alpha)).toBe('3');
  });

  it('gives the older layout at /boardWorkspace the same handles and width edges', async () => {
    const { calls } = serve(editorBoard);
    const { user } = renderApp('/boardWorkspace?board=sales');
    (await screen.findByRole('button', { name: 'Move block Alpha' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(titles()).toEqual(['Beta', 'Alpha', 'Gamma']);
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/boards/b1/blocks/order')?.body).toEqual({ ids: ['b', 'a', 'c'] }));
    expect(screen.getByRole('slider', { name: 'Width of block Gamma' })).toHaveAttribute('aria-valuetext', 'Full');
  });

  it('gives visitors no handles or width edges', async () => {
    serve(boardState({ blocks }));
    renderApp('/sales');
    await screen.findByRole('heading', { level: 2, name: 'Alpha' });
    expect(screen.queryByRole('button', { name: /^Move block/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});

describe('header and footer blocks on a board', () => {
  const footer: BoardBlock = { id: 'f', type: 'footer', title: 'Site footer' };

  it('are drawn as headers and footers are: no frame box, no block title above them', async () => {
    serve(boardState({ can_edit: false, user_role: 'read', blocks: [...blocks, footer] }));
    renderApp('/sales');
    await screen.findByRole('heading', { level: 2, name: 'Alpha' });
    const drawn = screen.getByRole('region', { name: 'Site footer' });
    expect(drawn).toHaveClass('board-block', 'block-bare');
    expect(within(drawn).queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('keep their handle and Edit in the editor, with the title for screen readers only', async () => {
    serve(boardState({ can_edit: true, user_role: 'owner', blocks: [...blocks, footer] }));
    renderApp('/sales');
    const handle = await screen.findByRole('button', { name: 'Move block Site footer' });
    const drawn = handle.closest('section')!;
    expect(drawn).toHaveClass('block-bare');
    expect(within(drawn).getByRole('heading', { level: 2, name: 'Site footer' })).toHaveClass('visually-hidden');
    expect(within(drawn).getByRole('button', { name: 'Edit block Site footer' })).toBeInTheDocument();
  });
});

describe('resizing a block by dragging its edge', () => {
  it('snaps to the width nearest the pointer, shows it while dragging and saves it on release', async () => {
    const { calls } = serve(editorBoard);
    renderApp('/sales');
    const alpha = (await screen.findByRole('heading', { level: 2, name: 'Alpha' })).closest('section')!;
    const grid = alpha.closest<HTMLElement>('[data-block-grid]')!;
    // jsdom lays nothing out: the grid is 1200 px wide from x = 0, and so starts the block.
    vi.spyOn(grid, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1200, 800));
    vi.spyOn(alpha, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 600, 300));
    const edge = within(alpha).getByRole('slider', { name: 'Width of block Alpha' });
    edge.setPointerCapture = vi.fn();
    fireEvent.pointerDown(edge, { pointerId: 1, clientX: 600 });
    fireEvent.pointerMove(edge, { pointerId: 1, clientX: 790 });
    expect(edge).toHaveAttribute('aria-valuetext', 'Two thirds');
    expect(alpha.style.getPropertyValue('--block-span')).toBe('4');
    expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/api/blocks/a')).toBe(false);
    fireEvent.pointerUp(edge, { pointerId: 1, clientX: 790 });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/blocks/a')).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === '/api/blocks/a')!.body).toMatchObject({ width: 'Two thirds', full_width: false });
    // Two thirds beside Beta's half overflow the row: Alpha ends its row, grown to the edge.
    await waitFor(() => expect(alpha.style.getPropertyValue('--block-span')).toBe('6'));
  });
});
