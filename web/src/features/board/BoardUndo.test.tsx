// Undo and Redo in the board editor's top bar (issue 30), over the real settings editor (WASM)
// and a mocked server: a block edit, a delete and a duplicate are undone by ordinary saves.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { renderApp } from '../../test/renderApp';
import type { BoardBlock } from '../../generated/api';
import { boardState, salesRows, tableBlock, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(async () => {
  await loadRealCore();
  await import('./BoardViewerRoute');
});
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };
const notesBlock: BoardBlock = { id: 'k2', type: 'markdown', title: 'Notes', text: 'Hello' };
const echo = (id: string) => (init: RequestInit) => ({ body: { ...JSON.parse(String(init.body)), id } });

function serve(blocks: BoardBlock[], more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: boardState({ ...editor, blocks }) },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': {
      body: { open_url: 'https://docs.google.com/spreadsheets/d/abc', sheets: [{ title: 'Sales', columns: ['Month', 'Revenue'], row_count: 2, version: 1 }] },
    },
    ...unpublished,
    ...more,
  });
}

const headings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('region')
    .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);

describe('undo in the board editor', { timeout: 30_000 }, () => {
  it('undoes a block edit with a PUT of the settings it had, and redoes it', async () => {
    const { calls } = serve([tableBlock], { 'PUT /api/blocks/k1': echo('k1') });
    const { user } = renderApp('/sales');
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    const title = within(panel).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Revenue');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument());
    expect(headings()).toEqual(['Revenue']);

    expect(undo).toHaveAttribute('title', "Undo: edit of Table 'Revenue'");
    await user.click(undo);
    await waitFor(() => expect(headings()).toEqual(['Monthly sales']));
    const puts = calls.filter((call) => call.method === 'PUT' && call.url.pathname === '/api/blocks/k1');
    expect(puts.map((call) => call.body)).toEqual([
      { type: 'table', title: 'Revenue', sheet_title: 'Sales' },
      { type: 'table', title: 'Monthly sales', sheet_title: 'Sales' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(headings()).toEqual(['Revenue']));
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ type: 'table', title: 'Revenue', sheet_title: 'Sales' });
  });

  it('brings a deleted block back in its place, created anew', async () => {
    const { calls } = serve([tableBlock, notesBlock], {
      'DELETE /api/blocks/k1': { status: 204 },
      'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
      'PUT /api/boards/b1/blocks/order': { body: [] },
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Delete block Monthly sales' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete block' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(headings()).toEqual(['Notes']));

    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAttribute('title', "Undo: deletion of Table 'Monthly sales'");
    await user.click(undo);
    await waitFor(() => expect(headings()).toEqual(['Monthly sales', 'Notes']));
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/boards/b1/blocks')!;
    expect(post.body).toEqual({ type: 'table', title: 'Monthly sales', sheet_title: 'Sales' });
    expect(calls.find((call) => call.url.pathname === '/api/boards/b1/blocks/order')?.body).toEqual({ ids: ['n1', 'k2'] });
  });

  it('undoes a duplicate by deleting the copy', async () => {
    const { calls } = serve([tableBlock, notesBlock], {
      'POST /api/blocks/k1/duplicate': { status: 201, body: { ...tableBlock, id: 'k9' } },
      'DELETE /api/blocks/k9': { status: 204 },
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Duplicate block Monthly sales' }));
    await waitFor(() => expect(headings()).toEqual(['Monthly sales', 'Monthly sales', 'Notes']));
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAttribute('title', "Undo: duplicate of Table 'Monthly sales'");
    await user.click(undo);
    await waitFor(() => expect(headings()).toEqual(['Monthly sales', 'Notes']));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/blocks/k9']);
  });
});
