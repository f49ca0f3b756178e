import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardWorkspacePage'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const editorBoard = boardState({ can_edit: true, user_role: 'owner', blocks: [tableBlock] });

function serve(more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: editorBoard },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: '/dashboard/spreadsheets/s1' } },
    ...unpublished,
    ...more,
  });
}

describe('older board layout at /boardWorkspace', () => {
  it('names the board from the query and shows both navs around the board', async () => {
    const { calls } = serve();
    renderApp('/boardWorkspace?board=sales');
    const tools = await screen.findByRole('navigation', { name: 'Board tools' });
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Sales board')).toBeInTheDocument();
    expect(
      within(tools)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['+New Block', 'Board Settings', 'Embed', 'Docs']);
    const publishing = screen.getByRole('navigation', { name: 'Board publishing' });
    expect(
      within(publishing)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Spreadsheet', 'Publish']);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    const sheetCall = calls.find((call) => call.url.pathname === '/api/board/s1/sheet/Sales')!;
    expect(sheetCall.url.searchParams.get('board')).toBe('sales');
  });

  it('saves Board Settings, and shows a refused field under it', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { error: '`block_border` must be a colour such as #161819 (#RGB, #RRGGBB or #RRGGBBAA).', field: 'block_border' },
    };
    const { calls } = serve({ 'PUT /api/boards/b1': () => answer });
    const { user } = renderApp('/boardWorkspace?board=sales');
    await user.click(await screen.findByRole('button', { name: 'Board Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Board Settings' });

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Sales 2026');
    await user.click(within(dialog).getByRole('switch', { name: 'Hide search' }));
    const border = within(dialog).getByRole('textbox', { name: 'Block border (hex)' });
    await user.clear(border);
    await user.type(border, 'blue');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(border).toHaveAttribute('aria-invalid', 'true'));
    expect(border).toHaveAccessibleDescription('`block_border` must be a colour such as #161819 (#RGB, #RRGGBB or #RRGGBBAA).');
    expect(window.alert).not.toHaveBeenCalled();
    const refused = calls.find((call) => call.method === 'PUT')!;
    expect(refused.url.searchParams.get('board')).toBe('sales');
    expect(refused.body).toEqual({ title: 'Sales 2026', hide_search: true, block_border: 'blue' });

    answer = { status: 200, body: { ...editorBoard, title: 'Sales 2026', hide_search: true, block_border: '#e7ebf3' } };
    await user.clear(border);
    await user.type(border, '#e7ebf3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Sales 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByText('Board settings saved.')).toBeInTheDocument();
  });

  it('opens Publish from the right nav and checks the plan of the named board for Embed', async () => {
    const { calls } = serve({ 'GET /api/board/workspace': { body: { is_free_plan: true } } });
    const { user } = renderApp('/boardWorkspace?board=sales');
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(screen.getByRole('dialog', { name: 'Publish Board' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Embed' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Upgrade Now' })).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/board/workspace')!.url.searchParams.get('board')).toBe('sales');
  });

  it('shows Page not found without a board in the query', async () => {
    serve({ 'POST /api/board/update-metadata': { status: 404, body: { error: 'Page not found: no board has the address /.' } } });
    renderApp('/boardWorkspace');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
