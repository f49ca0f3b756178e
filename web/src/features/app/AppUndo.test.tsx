// Undo and Redo in the app editor's top bar (issue 30): a block move and a width switch on a page
// are undone by saving the other side, from the button or the keyboard.
import { screen, waitFor, within } from '@testing-library/react';
import type { Block } from '../../store/blockList';
import { loadRealCore } from '../../test/realCore';
import { pageState, renderViewer, serve } from '../../test/appViewer';

beforeAll(() => loadRealCore());
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const text = (id: string, title: string): Block => ({ id, type: 'markdown', title, text: title });
const blocks = [{ ...text('a', 'Alpha'), width: 'Half' }, text('b', 'Beta'), text('c', 'Gamma')];
const ORDER = '/api/apps/a1/pages/p-home/blocks/order';

function serveEditor() {
  return serve(
    {
      [`PUT ${ORDER}`]: (init) => ({ body: (JSON.parse(String(init.body)).ids as string[]).map((id) => blocks.find((b) => b.id === id)) }),
      'PUT /api/blocks/a': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'a' } }),
    },
    pageState({ blocks }),
  );
}

const titles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('undo in the app editor', { timeout: 15_000 }, () => {
  it('puts a moved block back with the order it had, and redoes the move', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    (await screen.findByRole('button', { name: 'Move block Alpha' })).focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo: block move');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']));
    expect(calls.filter((c) => c.url.pathname === ORDER).map((c) => c.body)).toEqual([{ ids: ['b', 'a', 'c'] }, { ids: ['a', 'b', 'c'] }]);

    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(titles()).toEqual(['Beta', 'Alpha', 'Gamma']));
    expect(calls.filter((c) => c.url.pathname === ORDER)).toHaveLength(3);
  });

  it('undoes a resize with Ctrl-Z, saving the block as it was', async () => {
    const { calls } = serveEditor();
    const { user } = renderViewer('/?app=field');
    const alpha = (await screen.findByRole('heading', { level: 2, name: 'Alpha' })).closest('section')!;
    const edge = within(alpha).getByRole('slider', { name: 'Width of block Alpha' });
    expect(edge).toHaveAttribute('aria-valuetext', 'Half');
    edge.focus();
    await user.keyboard('{End}');
    expect(edge).toHaveAttribute('aria-valuetext', 'Full');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', "Undo: width of Markdown 'Alpha'"));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(within(alpha).getByRole('slider')).toHaveAttribute('aria-valuetext', 'Half'));
    expect(calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/blocks/a').map((c) => c.body)).toEqual([
      { type: 'markdown', title: 'Alpha', text: 'Alpha', width: 'Full', full_width: true },
      { type: 'markdown', title: 'Alpha', text: 'Alpha', width: 'Half' },
    ]);
  });
});
