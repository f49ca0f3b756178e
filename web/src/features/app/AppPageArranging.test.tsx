import { screen, waitFor, within } from '@testing-library/react';
import type { Block } from '../../store/blockList';
import { useToastStore } from '../../store/toastStore';
import { loadRealCore } from '../../test/realCore';
import { pageState, renderViewer, serve } from '../../test/appViewer';

beforeAll(() => loadRealCore());
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const text = (id: string, title: string): Block => ({ id, type: 'markdown', title, text: title });
const blocks = [
  { ...text('a', 'Alpha'), width: 'Third' },
  { ...text('b', 'Beta'), width: 'Half' },
  { ...text('c', 'Gamma'), full_width: true },
];
const ORDER = '/api/apps/a1/pages/p-home/blocks/order';

function serveEditor(more: Parameters<typeof serve>[0] = {}) {
  return serve(
    {
      [`PUT ${ORDER}`]: (init) => ({ body: (JSON.parse(String(init.body)).ids as string[]).map((id) => blocks.find((b) => b.id === id)) }),
      'PUT /api/blocks/a': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'a' } }),
      ...more,
    },
    pageState({ blocks }),
  );
}

/** The grid columns a block's frame spans (blocks/layout.ts). */
const span = (frame: HTMLElement) => frame.style.getPropertyValue('--block-span');

const titles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('arranging the blocks of an app page', { timeout: 15_000 }, () => {
  it('moves a block with the arrow keys on its handle and saves the page order', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    const handle = await screen.findByRole('button', { name: 'Move block Alpha' });
    expect(handle).toHaveAccessibleDescription('Drag to move, or press the arrow keys.');
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(titles()).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(screen.getByText('Alpha moved to place 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === ORDER)).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === ORDER)!.body).toEqual({ ids: ['b', 'a', 'c'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move block Alpha' })).toHaveFocus());
    await user.keyboard('{End}');
    expect(titles()).toEqual(['Beta', 'Gamma', 'Alpha']);
  });

  it('puts the old order back and says why when the server refuses it', async () => {
    serveEditor({ [`PUT ${ORDER}`]: { status: 422, body: { error: '`ids` must list every block of this board or page exactly once.', field: 'ids' } } });
    const { user } = renderViewer('/?app=field');
    (await screen.findByRole('button', { name: 'Move block Beta' })).focus();
    await user.keyboard('{Home}');
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(await screen.findByText('The new order was not saved: `ids` must list every block of this board or page exactly once.')).toBeInTheDocument();
  });

  it('resizes a block with the arrow keys on its width edge and saves the width with the block', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    const alpha = (await screen.findByRole('heading', { level: 2, name: 'Alpha' })).closest('section')!;
    const beta = screen.getByRole('heading', { level: 2, name: 'Beta' }).closest('section')!;
    // A third and a half: the half ends the row and grows to its edge.
    expect([span(alpha), span(beta)]).toEqual(['2', '4']);
    within(alpha).getByRole('slider', { name: 'Width of block Alpha' }).focus();
    await user.keyboard('{ArrowRight}');
    expect([span(alpha), span(beta)]).toEqual(['3', '3']);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/blocks/a')).toHaveLength(1));
    expect(calls.find((c) => c.url.pathname === '/api/blocks/a')!.body).toEqual({
      type: 'markdown',
      title: 'Alpha',
      text: 'Alpha',
      width: 'Half',
      full_width: false,
    });
  });

  it('gives a guest the blocks at their widths, the page header across the page, without handles or width edges', async () => {
    const header: Block = { id: 'h', type: 'header', title: 'Top bar', HeaderTitle: 'Field app' };
    serve({}, pageState({ can_edit: false, user_role: 'read', blocks: [header, ...blocks] }));
    renderViewer('/?app=field');
    const gamma = (await screen.findByRole('heading', { level: 2, name: 'Gamma' })).closest('section')!;
    expect(gamma).toHaveClass('app-block');
    expect(span(gamma)).toBe('6');
    expect(span(screen.getByRole('heading', { level: 2, name: 'Alpha' }).closest('section')!)).toBe('2');
    // The page header is drawn as a header: no frame box, no block title above it.
    const chrome = screen.getByRole('region', { name: 'Top bar' });
    expect(chrome).toHaveClass('app-block', 'block-bare');
    expect(span(chrome)).toBe('6');
    expect(within(chrome).queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move block/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });
});

describe("a link's filters the page cannot use", { timeout: 15_000 }, () => {
  it('are named once above the blocks, and removing them rewrites the link', async () => {
    serve({}, pageState({ can_edit: false, user_role: 'read', blocks, filters: [] }));
    const { user, where } = renderViewer('/?app=field&filters=Books%20only:yes');
    await screen.findByRole('heading', { level: 2, name: 'Alpha' });
    const notice = await screen.findByText(/this link's filters was ignored/);
    expect(notice).toHaveTextContent('Books only');
    expect(screen.getAllByText(/filters was ignored/)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove it from the link' }));
    await waitFor(() => expect(screen.queryByText(/filters was ignored/)).not.toBeInTheDocument());
    expect(where()).toBe('/?app=field');
  });
});
