// The board editor's block settings: Edit on a block, a block picked in 'Choose Your Block',
// Save and Cancel, against the real block catalogue (WASM) and a mocked server.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { renderApp } from '../../test/renderApp';
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

function serve(more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: boardState({ ...editor, blocks: [tableBlock] }) },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': {
      body: { open_url: 'https://docs.google.com/spreadsheets/d/abc', sheets: [{ title: 'Sales', columns: ['Month', 'Revenue'], row_count: 2, version: 1 }] },
    },
    ...unpublished,
    ...more,
  });
}

// Blocks are the regions of the board; the settings panel's preview is one too, outside it.
const headings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('region')
    .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);

describe('block settings in the board editor', { timeout: 15_000 }, () => {
  it('lists the 20 catalogue types in Choose Your Block', async () => {
    serve();
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'New Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose Your Block' });
    await within(dialog).findByRole('button', { name: /^Chart/ });
    const names = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.className === 'block-type')
      .map((b) => b.querySelector('.block-type-name')?.textContent);
    expect(names).toHaveLength(20);
    // Grouped: the data blocks first, in the catalogue's order.
    expect(names.slice(0, 4)).toEqual(['Chart', 'List', 'Table', 'Calendar']);
  });

  it('opens a picked block’s settings with its defaults, and Cancel deletes the draft', async () => {
    const { calls } = serve({
      'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'k9' } }),
      'DELETE /api/blocks/k9': { status: 204 },
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'New Block' }));
    await user.click(await screen.findByRole('button', { name: /^Chart/ }));
    const panel = await screen.findByRole('form', { name: 'Chart settings' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/boards/b1/blocks')!;
    expect(post.body).toMatchObject({ type: 'chart', title: 'Chart', temp_block: true, legendPosition: 'top', pdf_download: true });
    expect(within(panel).getByRole('combobox', { name: 'Legend position' })).toHaveValue('top');
    expect(headings()).toEqual(['Monthly sales', 'Chart']);

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Chart settings' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/blocks/k9')).toBe(true);
    expect(headings()).toEqual(['Monthly sales']);
  });

  it('completes a picked chart: Save stores it with PUT without temp_block, nothing is deleted', async () => {
    const { calls } = serve({
      'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'k9' } }),
      'PUT /api/blocks/k9': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k9' } }),
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'New Block' }));
    await user.click(await screen.findByRole('button', { name: /^Chart/ }));
    const panel = await screen.findByRole('form', { name: 'Chart settings' });
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Sheet' }), 'Sales');
    const xAxis = within(panel).getByRole('combobox', { name: /^X axis/ });
    await waitFor(() => expect(within(xAxis).getByRole('option', { name: 'Month' })).toBeInTheDocument());
    await user.selectOptions(xAxis, 'Month');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Chart settings' })).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/blocks/k9')!;
    expect(put.body).toMatchObject({ type: 'chart', title: 'Chart', sheet_title: 'Sales', x_axis: 'Month', legendPosition: 'top' });
    expect(put.body).not.toHaveProperty('temp_block');
    expect(put.body).not.toHaveProperty('id');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(headings()).toEqual(['Monthly sales', 'Chart']);
  });

  it('saves an edited block with PUT, no longer a draft', async () => {
    const { calls } = serve({
      'PUT /api/blocks/k1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k1' } }),
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    const title = within(panel).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Revenue table');
    await user.click(within(panel).getByRole('switch', { name: 'CSV download' }));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/blocks/k1')!;
    expect(put.body).toEqual({ type: 'table', title: 'Revenue table', sheet_title: 'Sales', csv_download: true });
    expect(headings()).toEqual(['Revenue table']);
  });

  it('moves focus into the panel, and Escape closes it without saving', async () => {
    const { calls } = serve();
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    await screen.findByRole('form', { name: 'Table settings' });
    expect(screen.getByRole('heading', { name: 'Table settings' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' || call.method === 'DELETE')).toBe(false);
  });

  it('shows the server’s 422 at the setting it names and keeps the panel open', async () => {
    serve({
      'PUT /api/blocks/k1': { status: 422, body: { error: 'Rows per page must be from 1 to 100.', field: 'rows_per_page' } },
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const rows = await within(panel).findByLabelText('Rows per page');
    await waitFor(() => expect(rows).toHaveAttribute('aria-invalid', 'true'));
    expect(rows).toHaveAccessibleDescription('Rows per page must be from 1 to 100.');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says so in a toast when a block is saved', async () => {
    serve({ 'PUT /api/blocks/k1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k1' } }) });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    expect(screen.queryByText('Block saved.')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const toaster = (await screen.findByText('Block saved.')).closest('.toaster');
    // Saved, the panel closes: the toast keeps its corner, where nothing is to press.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument());
    expect(toaster).not.toHaveClass('top');
    // Board Settings opened next has its Save in the bottom corner: the toast goes to the top.
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    await screen.findByRole('dialog', { name: 'Board Settings' });
    expect(toaster).toHaveClass('top');
    expect(screen.getByText('Block saved.')).toBeInTheDocument();
  });

  it('keeps the panel and the edits when a save fails, and says what to do', async () => {
    serve({ 'PUT /api/blocks/k1': { status: 500, body: { error: 'Sorry there has been a server error..' } } });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    const title = within(panel).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Revenue table');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText('The block was not saved');
    expect(toast.closest('.toast')).toHaveTextContent('Your changes are still here: press Save to try again.');
    expect(within(panel).getByRole('alert')).toHaveTextContent('Sorry there has been a server error..');
    expect(screen.getByRole('form', { name: 'Table settings' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Title' })).toHaveValue('Revenue table');
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText('Block saved.')).not.toBeInTheDocument();
  });

  it('asks before Escape throws edits away: Keep editing keeps them, Discard closes without saving', async () => {
    const { calls } = serve();
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    await user.type(within(panel).getByRole('textbox', { name: 'Title' }), ' 2026');
    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog', { name: 'Unsaved changes' });
    expect(question).toHaveAccessibleDescription('Discard your changes to this block?');
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();

    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Title' })).toHaveValue('Monthly sales 2026');

    // Escape in the question answers it and leaves the panel as it was.
    await user.click(within(panel).getByRole('textbox', { name: 'Title' }));
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Table settings' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument();
    expect(headings()).toEqual(['Monthly sales']);
    expect(calls.some((call) => call.method === 'PUT' || call.method === 'DELETE')).toBe(false);
  });

  it('asks on Cancel with edits too, and takes edits undone as none', async () => {
    serve();
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Edit block Monthly sales' }));
    const panel = await screen.findByRole('form', { name: 'Table settings' });
    const csv = within(panel).getByRole('switch', { name: 'CSV download' });
    await user.click(csv);
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Keep editing' }));
    await user.click(csv);
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument();
  });
});
