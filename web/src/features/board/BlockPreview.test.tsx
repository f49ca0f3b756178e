// The live preview beside a board block's settings and offline editing, in the whole app: the
// real WASM core and block catalogue, a mocked server, IndexedDB from fake-indexeddb.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { BoardBlock, BoardState } from '../../generated/api';
import { copyKey, queuedSaves, readCopy } from '../../platform/offlineStore';
import { OFFLINE_TEXT } from '../../shell/offlineEditing';
import { mockFetch, type FetchCall, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { renderApp } from '../../test/renderApp';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { boardState, salesRows, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(async () => {
  await loadRealCore();
  await import('./BoardViewerRoute');
});
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };
const table: BoardBlock = { id: 'k1', type: 'table', title: 'Monthly sales', sheet_title: 'Sales', axis: [{ column: 'Month' }, { column: 'Revenue' }] };
const SHEET = {
  columns: ['ChartApps Record ID', 'Month', 'Revenue'],
  rows: [
    ['r1', 'Jan', '100'],
    ['r2', 'Feb', '120'],
    ['r3', 'Mar', '90'],
  ],
};

function serve(blocks: BoardBlock[], more: Routes = {}, sheet = SHEET) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: boardState({ ...editor, blocks }) },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: '', sheets: [{ title: 'Sales', columns: sheet.columns, row_count: sheet.rows.length, version: 7 }] } },
    [columnsPath('s1', 'Sales')]: () => columnsAnswer(sheet, 7),
    ...unpublished,
    ...more,
  });
}

async function openSettings(user: ReturnType<typeof renderApp>['user'], title: string, type: string) {
  await user.click(await screen.findByRole('button', { name: `Edit block ${title}` }));
  const form = await screen.findByRole('form', { name: `${type} settings` });
  const preview = screen.getByRole('region', { name: 'Preview' });
  return { form, preview };
}

const previewRows = (preview: HTMLElement) =>
  within(preview)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** The requests that store, change or delete blocks. */
const blockCalls = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET' && /^\/api\/(blocks\/|boards\/[^/]+\/blocks)/.test(c.url.pathname));

// Blocks are the regions of the board; the settings panel's preview is one too, outside it.
const blockHeadings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('region')
    .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('the block preview', { timeout: 20_000 }, () => {
  it('shows the block’s rows beside its form and follows each setting as it is typed', async () => {
    const { calls } = serve([table]);
    const { user } = renderApp('/sales');
    const { form, preview } = await openSettings(user, 'Monthly sales', 'Table');
    await waitFor(() =>
      expect(previewRows(preview)).toEqual([
        ['Jan', '100'],
        ['Feb', '120'],
        ['Mar', '90'],
      ]),
    );
    // The table is the board's own view: its caption, its headers, its pager.
    expect(within(preview).getByRole('table', { name: 'Monthly sales' })).toBeInTheDocument();
    expect(within(preview).queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await user.type(within(form).getByRole('spinbutton', { name: 'Rows per page' }), '2');
    await waitFor(() =>
      expect(previewRows(preview)).toEqual([
        ['Jan', '100'],
        ['Feb', '120'],
      ]),
    );
    expect(within(preview).getByText('Page 1 of 2')).toBeInTheDocument();

    await user.type(within(preview).getByRole('searchbox', { name: 'Search the preview' }), 'mar');
    await waitFor(() => expect(previewRows(preview)).toEqual([['Mar', '90']]));

    // The tab was read once; every keystroke above was computed in the browser.
    expect(calls.filter((c) => c.url.pathname.endsWith('/columns'))).toHaveLength(1);
  });

  it('keeps the preview region it showed while the tabs loaded, and draws the block in it', async () => {
    let answer!: () => void;
    const tabsHeld = new Promise<void>((resolve) => (answer = resolve));
    serve([table], {
      'GET /api/spreadsheets/s1': async () => {
        await tabsHeld;
        return { body: { open_url: '', sheets: [{ title: 'Sales', columns: SHEET.columns, row_count: 3, version: 7 }] } };
      },
    });
    const { user } = renderApp('/sales');
    const { preview } = await openSettings(user, 'Monthly sales', 'Table');
    expect(within(preview).getByRole('status')).toBeInTheDocument();
    answer();
    // The region found before the tabs came is the one the table draws in.
    expect(await within(preview).findByRole('table', { name: 'Monthly sales' })).toBeInTheDocument();
    expect(preview).toBeInTheDocument();
  });

  it('follows the column picked in the settings', async () => {
    serve([{ ...table, axis: [{ column: 'Month' }] }]);
    const { user } = renderApp('/sales');
    const { form, preview } = await openSettings(user, 'Monthly sales', 'Table');
    await waitFor(() => expect(previewRows(preview)).toEqual([['Jan'], ['Feb'], ['Mar']]));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Column' }), 'Revenue');
    await waitFor(() => expect(previewRows(preview)).toEqual([['100'], ['120'], ['90']]));
  });

  it('draws a chart’s series as the core sums them', async () => {
    const chart: BoardBlock = { id: 'k2', type: 'chart', title: 'Revenue chart', sheet_title: 'Sales', x_axis: 'Month', axis: [{ column: 'Revenue' }] };
    serve([chart]);
    const { user } = renderApp('/sales');
    const { preview } = await openSettings(user, 'Revenue chart', 'Chart');
    // The board's chart view, with the numbers it gives screen readers.
    const series = await within(preview).findByRole('table', { name: 'Revenue chart: Revenue by Month' });
    expect(
      within(series)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthRevenue', 'Jan100', 'Feb120', 'Mar90']);
    expect(within(preview).getByRole('button', { name: 'More actions: Revenue chart' })).toBeInTheDocument();
  });

  it('reads a large tab whole in one call, its last rows included', async () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => [`r${i}`, `M${i}`, String(i)]);
    const { calls } = serve([table], {}, { columns: SHEET.columns, rows });
    const { user } = renderApp('/sales');
    const { preview } = await openSettings(user, 'Monthly sales', 'Table');
    await user.type(within(preview).getByRole('searchbox', { name: 'Search the preview' }), 'M24999');
    // The preview writes the number as viewers read it (the core's display rule).
    await waitFor(() => expect(previewRows(preview)).toEqual([['M24999', '24,999']]));
    expect(calls.filter((c) => c.url.pathname.endsWith('/columns'))).toHaveLength(1);
  });
});

describe('offline editing', { timeout: 20_000 }, () => {
  it('keeps previewing and saving with the network cut; the save lands when it is back', async () => {
    const { calls } = serve([table], { 'PUT /api/blocks/k1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k1' } }) });
    const { user } = renderApp('/sales');
    const { form, preview } = await openSettings(user, 'Monthly sales', 'Table');
    await waitFor(() => expect(previewRows(preview)).toHaveLength(3));

    goOffline(true);
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
    await user.type(within(form).getByRole('spinbutton', { name: 'Rows per page' }), '1');
    await waitFor(() => expect(previewRows(preview)).toEqual([['Jan', '100']]));
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Offline sales');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Waiting for the network to save')).toBeInTheDocument();
    // The notice and the closing of the panel are separate renders; wait for the second too.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Table settings' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Offline sales' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    goOffline(false);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/blocks/k1');
    expect(put.body).toMatchObject({ type: 'table', title: 'Offline sales', rows_per_page: 1 });
    expect(put.body).not.toHaveProperty('temp_block');
  });

  it('shows a refused replay at the block, and Edit opens the edit with the answer at its setting', async () => {
    serve([table], { 'PUT /api/blocks/k1': { status: 422, body: { error: 'Rows per page must be from 1 to 100.', field: 'rows_per_page' } } });
    const { user } = renderApp('/sales');
    const { form } = await openSettings(user, 'Monthly sales', 'Table');
    goOffline(true);
    await user.type(within(form).getByRole('spinbutton', { name: 'Rows per page' }), '5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Waiting for the network to save');

    goOffline(false);
    expect(await screen.findByText('Not saved: Rows per page must be from 1 to 100.')).toBeInTheDocument();
    const reopened = await openSettings(user, 'Monthly sales', 'Table');
    const rows = within(reopened.form).getByRole('spinbutton', { name: 'Rows per page' });
    expect(rows).toHaveValue(5);
    expect(rows).toHaveAccessibleDescription('Rows per page must be from 1 to 100.');
  });

  it('keeps the rows of the blocks’ previews on the device once the editor is idle, before any settings open', async () => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
    const { calls } = serve([table]);
    renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    await waitFor(async () => expect(await readCopy(copyKey.rows('s1', 'Sales'))).toMatchObject({ version: 7 }));
    // The tab's bytes as the server answered them (from IndexedDB's realm, hence no instanceof).
    expect(ArrayBuffer.isView((await readCopy<{ bytes: unknown }>(copyKey.rows('s1', 'Sales')))?.bytes)).toBe(true);
    expect(calls.filter((c) => c.url.pathname.endsWith('/columns'))).toHaveLength(1);
    cleanup();

    // Offline, the settings open with their preview from the kept rows.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user } = renderApp('/sales');
    const { preview } = await openSettings(user, 'Monthly sales', 'Table');
    await waitFor(() =>
      expect(previewRows(preview)).toEqual([
        ['Jan', '100'],
        ['Feb', '120'],
        ['Mar', '90'],
      ]),
    );
    // Unmounted while the idle stand-ins are still there.
    cleanup();
  });

  it('adds a block with the network cut: its settings and preview open, Save waits, and it is created under the server’s id when the network is back', async () => {
    const { calls } = serve([table], {
      'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
      'PUT /api/blocks/n1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
    });
    const { user } = renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    goOffline(true);
    await user.click(screen.getByRole('button', { name: 'New Block' }));
    await user.click(await within(screen.getByRole('dialog', { name: 'Choose Your Block' })).findByRole('button', { name: /^Markdown/ }));

    const form = await screen.findByRole('form', { name: 'Markdown settings' });
    expect(blockHeadings()).toEqual(['Monthly sales', 'Markdown']);
    await user.type(within(form).getByRole('textbox', { name: 'Markdown' }), 'Deliveries leave on Mondays');
    // The preview opens once the spreadsheet's tabs are in, in place of the region that waited for
    // them, so the region is looked up again; on a loaded 2-core CI machine that once took longer
    // than the 5 s default.
    const preview = () => screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(within(preview()).getByText('Deliveries leave on Mondays')).toBeInTheDocument(), { timeout: 15_000 });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Waiting for the network to save')).toBeInTheDocument();
    expect(blockCalls(calls)).toEqual([]);

    goOffline(false);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [post] = blockCalls(calls);
    expect(post.method).toBe('POST');
    expect(post.url.pathname).toBe('/api/boards/b1/blocks');
    expect(post.url.searchParams.get('board')).toBe('sales');
    expect(post.body).toMatchObject({ type: 'markdown', title: 'Markdown', text: 'Deliveries leave on Mondays' });
    expect(post.body).not.toHaveProperty('temp_block');
    expect(post.body).not.toHaveProperty('id');
    expect(blockHeadings()).toEqual(['Monthly sales', 'Markdown']);

    // The board holds it under the server's id now: its next save goes there.
    const { form: again } = await openSettings(user, 'Markdown', 'Markdown');
    await user.type(within(again).getByRole('textbox', { name: 'Markdown' }), '.');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(blockCalls(calls)).toHaveLength(2));
    expect(blockCalls(calls)[1]).toMatchObject({ method: 'PUT', body: { text: 'Deliveries leave on Mondays.' } });
    expect(blockCalls(calls)[1].url.pathname).toBe('/api/blocks/n1');
  });

  it('keeps the settings of a block made offline open while it is created, and saves them to the server’s id', async () => {
    const { calls } = serve([table], {
      'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
      'PUT /api/blocks/n1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
    });
    const { user } = renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    goOffline(true);
    await user.click(screen.getByRole('button', { name: 'New Block' }));
    await user.click(await within(screen.getByRole('dialog', { name: 'Choose Your Block' })).findByRole('button', { name: /^Markdown/ }));
    const form = await screen.findByRole('form', { name: 'Markdown settings' });
    await user.type(within(form).getByRole('textbox', { name: 'Markdown' }), 'First');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Waiting for the network to save');

    const { form: reopened } = await openSettings(user, 'Markdown', 'Markdown');
    const text = within(reopened).getByRole('textbox', { name: 'Markdown' });
    await user.type(text, ' and second');
    goOffline(false);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Still the same form, with what was typed while the create went through.
    expect(within(screen.getByRole('form', { name: 'Markdown settings' })).getByRole('textbox', { name: 'Markdown' })).toHaveValue('First and second');

    await user.click(within(screen.getByRole('form', { name: 'Markdown settings' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(blockCalls(calls)).toHaveLength(2));
    expect(blockCalls(calls).map((c) => [c.method, c.url.pathname, (c.body as { text: string }).text])).toEqual([
      ['POST', '/api/boards/b1/blocks', 'First'],
      ['PUT', '/api/blocks/n1', 'First and second'],
    ]);
  });

  it('shows a block saved offline after a reload, and creates it on the next visit with a network', async () => {
    const { calls } = serve([table], { 'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }) });
    const { user } = renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    goOffline(true);
    await user.click(screen.getByRole('button', { name: 'New Block' }));
    await user.click(await within(screen.getByRole('dialog', { name: 'Choose Your Block' })).findByRole('button', { name: /^Markdown/ }));
    const form = await screen.findByRole('form', { name: 'Markdown settings' });
    await user.type(within(form).getByRole('textbox', { name: 'Markdown' }), 'Kept');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Waiting for the network to save');
    await waitFor(async () => expect((await readCopy<BoardState>(copyKey.board('sales')))?.blocks).toHaveLength(2));
    cleanup();

    // Reloaded without a network: the board comes from the device, the block still waiting.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/sales');
    expect(await screen.findByText('Waiting for the network to save')).toBeInTheDocument();
    expect(blockHeadings()).toEqual(['Monthly sales', 'Markdown']);
    cleanup();

    // Reloaded with the network back: the server's board lacks it until the outbox creates it.
    const online = serve([table], { 'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }) });
    goOffline(false);
    renderApp('/sales');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(blockHeadings()).toEqual(['Monthly sales', 'Markdown']);
    expect(blockCalls(online.calls)).toMatchObject([{ method: 'POST', body: { type: 'markdown', text: 'Kept' } }]);
    expect(blockCalls(calls)).toEqual([]);
  });

  it('keeps a block made offline whose create is refused, with the server’s answer at its setting', async () => {
    serve([table], { 'POST /api/boards/b1/blocks': { status: 422, body: { error: 'The text is too long.', field: 'text' } } });
    const { user } = renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    goOffline(true);
    await user.click(screen.getByRole('button', { name: 'New Block' }));
    await user.click(await within(screen.getByRole('dialog', { name: 'Choose Your Block' })).findByRole('button', { name: /^Markdown/ }));
    const form = await screen.findByRole('form', { name: 'Markdown settings' });
    await user.type(within(form).getByRole('textbox', { name: 'Markdown' }), 'Long text');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Waiting for the network to save');

    goOffline(false);
    expect(await screen.findByText('Not saved: The text is too long.')).toBeInTheDocument();
    const { form: reopened } = await openSettings(user, 'Markdown', 'Markdown');
    const text = within(reopened).getByRole('textbox', { name: 'Markdown' });
    expect(text).toHaveValue('Long text');
    // After the field's help, the server's answer.
    expect(text).toHaveAccessibleDescription(/The text is too long\.$/);
  });

  it('drops a block picked offline on Cancel without sending anything', async () => {
    const { calls } = serve([table]);
    const { user } = renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    goOffline(true);
    await user.click(screen.getByRole('button', { name: 'New Block' }));
    await user.click(await within(screen.getByRole('dialog', { name: 'Choose Your Block' })).findByRole('button', { name: /^Chart/ }));
    const form = await screen.findByRole('form', { name: 'Chart settings' });
    expect(blockHeadings()).toEqual(['Monthly sales', 'Chart']);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(blockHeadings()).toEqual(['Monthly sales']));

    goOffline(false);
    await waitFor(async () => expect(await queuedSaves()).toEqual([]));
    expect(blockCalls(calls)).toEqual([]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says so when a queued edit finds its block deleted elsewhere, and drops the edit and the block', async () => {
    serve([table], { 'PUT /api/blocks/k1': { status: 404, body: { error: 'Block not found.' } } });
    const { user } = renderApp('/sales');
    const { form } = await openSettings(user, 'Monthly sales', 'Table');
    goOffline(true);
    await user.type(within(form).getByRole('spinbutton', { name: 'Rows per page' }), '5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Waiting for the network to save');

    goOffline(false);
    expect(await screen.findByText('The block "Monthly sales" was deleted elsewhere; your change to it was not saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit block Monthly sales' })).not.toBeInTheDocument());
    expect(await queuedSaves()).toEqual([]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('opens the board from the device when the network is gone, with the Offline notice', async () => {
    serve([table]);
    renderApp('/sales');
    await screen.findByRole('button', { name: 'Edit block Monthly sales' });
    await waitFor(async () => expect(await readCopy(copyKey.board('sales'))).toMatchObject({ slug: 'sales' }));
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/sales');
    expect(await screen.findByRole('button', { name: 'Edit block Monthly sales' })).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_TEXT)).toBeInTheDocument();
  });
});
