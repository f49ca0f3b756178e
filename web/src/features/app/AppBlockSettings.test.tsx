// The app editor's block settings: Edit on a page block, a block picked in 'Choose Your Block'
// opening as a temp_block draft, Save and Cancel, the preview beside the form, and editing with
// the network cut, against the real WASM core, a mocked server and IndexedDB from fake-indexeddb.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { copyKey, readCopy } from '../../platform/offlineStore';
import { OFFLINE_TEXT } from '../../shell/offlineEditing';
import { app, pageState } from '../../test/appViewer';
import { renderApp } from '../../test/renderApp';
import type { Block } from '../../store/blockList';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';

beforeAll(async () => {
  await loadRealCore();
  await import('./AppViewerRoute');
});
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const intro: Block = { id: 'm1', type: 'markdown', title: 'Intro', sheet_title: 'People', text: 'Hello [Name]' };
const footer: Block = { id: 'f1', type: 'footer', title: 'Bottom', copyrightText: '© Field' };
const PEOPLE = {
  columns: ['ChartApps Record ID', 'Name', 'Team'],
  rows: [
    ['r1', 'Ada', 'North'],
    ['r2', 'Bea', 'South'],
  ],
};

function serve(more: Routes = {}) {
  return mockFetch({
    'POST /api/page/update-metadata': { body: pageState({ spreadsheetId: 's9', sheets: ['People'], blocks: [intro, footer] }) },
    'POST /api/app/app-info': { body: { app } },
    'GET /v3/api/page/sheet/People': { body: { columns: ['Name', 'Team'], rows: [], total: 0, page: 1, page_count: 1, version: 3 } },
    'GET /api/spreadsheets/s9': { body: { open_url: '', sheets: [{ title: 'People', columns: PEOPLE.columns, row_count: 2, version: 3 }] } },
    [columnsPath('s9', 'People')]: () => columnsAnswer(PEOPLE, 3),
    ...more,
  });
}

const sidebarButton = (name: string) => within(screen.getByRole('navigation', { name: 'App editor' })).getByRole('button', { name });
const regions = () =>
  within(screen.getByRole('main'))
    .getAllByRole('region')
    .map((region) => region.getAttribute('aria-labelledby'));

describe('block settings in the app editor', { timeout: 20_000 }, () => {
  it('edits a page block beside its live preview and saves it with PUT', async () => {
    const { calls } = serve({ 'PUT /api/blocks/m1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'm1' } }) });
    const { user } = renderApp('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Edit block Intro' }));
    const form = await screen.findByRole('form', { name: 'Markdown settings' });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Hello Ada')).toBeInTheDocument();

    const text = within(form).getByRole('textbox', { name: 'Markdown' });
    await user.clear(text);
    await user.type(text, 'Team [[Team]');
    expect(await within(preview).findByText('Team North')).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'One block per row' }));
    expect(await within(preview).findByText('Team South')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Markdown settings' })).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/blocks/m1');
    expect(put.body).toEqual({ type: 'markdown', title: 'Intro', sheet_title: 'People', text: 'Team [Team]', loop: true });
  });

  it('Docs opens the settings reference of the block being edited', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    serve();
    const { user } = renderApp('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Edit block Intro' }));
    await screen.findByRole('form', { name: 'Markdown settings' });
    await user.click(sidebarButton('Docs'));
    expect(opened).toHaveBeenCalledWith('/docs/blocks/markdown', '_blank', 'noopener,noreferrer');
  });

  it('opens a picked block as a draft with its defaults, before the last block; Cancel deletes it', async () => {
    const { calls } = serve({
      'POST /api/apps/a1/pages/p-home/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
      'DELETE /api/blocks/n1': { status: 204 },
    });
    const { user } = renderApp('/?app=field');
    await screen.findByRole('button', { name: 'Edit block Intro' });
    await user.click(sidebarButton('New Block'));
    await user.click(await screen.findByRole('button', { name: 'Table' }));

    const form = await screen.findByRole('form', { name: 'Table settings' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/blocks'))!;
    expect(post.body).toMatchObject({ type: 'table', title: 'Table', temp_block: true, paginate: true, rows_per_page: 10 });
    expect(regions()).toEqual(['block-m1-title', 'block-n1-title', 'block-f1-title']);
    // The app's one tab is chosen, and the preview draws the table with the table's own view.
    expect(await within(screen.getByRole('region', { name: 'Preview' })).findByRole('table', { name: 'Table' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(regions()).toEqual(['block-m1-title', 'block-f1-title']));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/blocks/n1')).toBe(true);
  });

  it('completes a picked block: Save stores it without temp_block, and the preview shows its rows', async () => {
    const { calls } = serve({
      'POST /api/apps/a1/pages/p-home/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
      'PUT /api/blocks/n1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
    });
    const { user } = renderApp('/?app=field');
    await screen.findByRole('button', { name: 'Edit block Intro' });
    await user.click(sidebarButton('New Block'));
    await user.click(await screen.findByRole('button', { name: 'List' }));
    const form = await screen.findByRole('form', { name: 'List settings' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Sheet' }), 'People');
    const preview = screen.getByRole('region', { name: 'Preview' });
    // The list's own view: a card per row.
    expect(await within(preview).findByText('Bea')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'List settings' })).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ type: 'list', title: 'List', sheet_title: 'People' });
    expect(put.body).not.toHaveProperty('temp_block');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('draws a block without data with its own view, as settings change', async () => {
    serve();
    const { user } = renderApp('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Edit block Bottom' }));
    const form = await screen.findByRole('form', { name: 'Footer settings' });
    const preview = screen.getByRole('region', { name: 'Preview' });
    // The footer's own view draws the preview, as visitors will see it.
    expect(await within(preview).findByText('© Field')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add to Links' }));
    await user.type(within(within(form).getByRole('group', { name: 'Links 1' })).getByRole('textbox', { name: 'Text' }), 'Contact us');
    expect(await within(within(preview).getByRole('navigation', { name: 'Footer' })).findByText('Contact us')).toBeInTheDocument();
  });
});

describe('offline editing in the app editor', { timeout: 20_000 }, () => {
  function goOffline(offline: boolean) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
    act(() => {
      window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
    });
  }

  it('adds a block to the page with the network cut, and creates it before the last block when the network is back', async () => {
    const { calls } = serve({
      'POST /api/apps/a1/pages/p-home/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
    });
    const { user } = renderApp('/?app=field');
    await screen.findByRole('button', { name: 'Edit block Intro' });
    goOffline(true);
    await user.click(sidebarButton('New Block'));
    await user.click(await screen.findByRole('button', { name: 'Markdown' }));

    const form = await screen.findByRole('form', { name: 'Markdown settings' });
    expect(regions()).toEqual(['block-m1-title', expect.stringMatching(/^block-local-/), 'block-f1-title']);
    await user.type(within(form).getByRole('textbox', { name: 'Markdown' }), 'Welcome');
    expect(await within(screen.getByRole('region', { name: 'Preview' })).findByText('Welcome')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Waiting for the network to save')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.includes('/blocks'))).toBe(false);

    goOffline(false);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(regions()).toEqual(['block-m1-title', 'block-n1-title', 'block-f1-title']);
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/blocks'))!;
    expect(post.url.pathname).toBe('/api/apps/a1/pages/p-home/blocks');
    expect(post.body).toMatchObject({ type: 'markdown', title: 'Markdown', text: 'Welcome' });
    expect(post.body).not.toHaveProperty('temp_block');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('keeps the app record on the device and opens the editor from there offline, without an alert', async () => {
    serve();
    renderApp('/?app=field');
    expect(await screen.findByRole('heading', { name: 'Field app - Home' })).toBeInTheDocument();
    await waitFor(async () => expect(await readCopy(copyKey.app('field'))).toMatchObject({ id: 'a1', name: 'Field app' }));
    await waitFor(async () => expect(await readCopy(copyKey.page('field', ''))).toMatchObject({ page_id: 'p-home' }));
    cleanup();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderApp('/?app=field');
    expect(await screen.findByRole('heading', { name: 'Field app - Home' })).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit block Intro' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });
});
