import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const workspace = { id: 'w1', name: 'Sales team', subdomain: 'sales', owner_id: 'u1', created_at: 1 };
const sheet = (title: string, columns: string[]) => ({ title, columns: ['ChartApps Record ID', ...columns], row_count: 3, version: 1 });
const orders = {
  id: 's1',
  workspace_id: 'w1',
  name: 'Sales 2024',
  kind: 'upload',
  source_url: '',
  created_at: 1,
  open_url: '/dashboard/spreadsheets/s1',
  sheets: [sheet('Orders', ['Region', 'Revenue', 'Order date'])],
};
const created = { id: 'b9', slug: 'q1-sales', name: 'Q1 Sales!', workspace_id: 'w1', blocks: [], can_edit: true };

function signedIn(more: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    'GET /api/workspaces': { body: [workspace] },
    'GET /api/spreadsheets': { body: [orders] },
    ...more,
  });
}

// Load the lazy screens once up front. Each test drives a whole screen through the router, which
// can take seconds on a busy machine: hence the longer timeouts of the describe blocks.
beforeAll(() => import('./StartPage'));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard/start', { timeout: 15_000 }, () => {
  it('sends a user without a workspace to create one first', async () => {
    signedIn({ 'GET /api/workspaces': { body: [] } });
    renderApp('/dashboard/start');
    expect(await screen.findByRole('heading', { name: 'First, create a workspace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create workspace' })).toHaveAttribute('href', '/dashboard/new-workspace');
  });

  it('creates the board, connects its spreadsheet, adds the template blocks in order and opens it', async () => {
    const { calls } = signedIn({
      'POST /api/boards': { status: 201, body: created },
      'PUT /api/boards/b9': { body: { ...created, spreadsheetId: 's1' } },
      'POST /api/boards/b9/blocks': (init) => ({ status: 201, body: { id: 'k1', ...JSON.parse(String(init.body)) } }),
    });
    const { user, where } = renderApp('/dashboard/start');

    // The workspace's spreadsheet is picked already: its columns show, without the server's own.
    expect(await screen.findByText('Columns of Orders: Region, Revenue, Order date')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s1');
    await user.click(screen.getByRole('radio', { name: /Sales overview/ }));
    expect(screen.getByText('Chart: Revenue by Region')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Board name' }), 'Q1 Sales!');
    expect(screen.getByText('/q1-sales')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create board' }));

    await waitFor(() => expect(where()).toBe('/q1-sales'));
    const made = calls.filter((c) => c.method !== 'GET');
    expect(made.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/boards',
      'PUT /api/boards/b9',
      'POST /api/boards/b9/blocks',
      'POST /api/boards/b9/blocks',
    ]);
    expect(made[0].body).toEqual({ workspace_id: 'w1', name: 'Q1 Sales!' });
    expect(made[1].body).toEqual({ spreadsheetId: 's1' });
    expect(made[2].body).toMatchObject({ type: 'chart', sheet_title: 'Orders', x_axis: 'Region', axis: [{ column: 'Revenue', type: 'bar' }] });
    expect(made[3].body).toMatchObject({
      type: 'table',
      sheet_title: 'Orders',
      axis: [{ column: 'Region' }, { column: 'Revenue' }, { column: 'Order date' }],
    });
  });

  it('keeps everything typed and shows the message when the board cannot be created', async () => {
    const { calls } = signedIn({
      'POST /api/boards': { status: 409, body: { error: 'Another board already uses this slug; please choose another.' } },
    });
    const { user, where } = renderApp('/dashboard/start');
    await user.click(await screen.findByRole('radio', { name: /Tracker/ }));
    await user.type(screen.getByRole('textbox', { name: 'Board name' }), 'Team tasks');
    await user.click(screen.getByRole('button', { name: 'Create board' }));

    expect(await screen.findByText('Another board already uses this slug; please choose another.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Board name' })).toHaveValue('Team tasks');
    expect(screen.getByRole('radio', { name: /Tracker/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s1');
    expect(screen.getByRole('button', { name: 'Create board' })).toBeEnabled();
    expect(where()).toBe('/dashboard/start');
    expect(calls.filter((c) => c.url.pathname.endsWith('/blocks'))).toHaveLength(0);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('finishes the same board after a block fails instead of creating another', async () => {
    let blockCalls = 0;
    const { calls } = signedIn({
      'POST /api/boards': { status: 201, body: created },
      'PUT /api/boards/b9': { body: created },
      'POST /api/boards/b9/blocks': () => {
        blockCalls += 1;
        return blockCalls === 2 ? { status: 422, body: { error: '`axis` must be a list.' } } : { status: 201, body: { id: `k${blockCalls}` } };
      },
    });
    const { user, where } = renderApp('/dashboard/start');
    await user.click(await screen.findByRole('radio', { name: /Sales overview/ }));
    await user.type(screen.getByRole('textbox', { name: 'Board name' }), 'Q1 Sales!');
    await user.click(screen.getByRole('button', { name: 'Create board' }));

    expect(await screen.findByText('The board was created, but adding block 2 of 2 (Table) failed: `axis` must be a list.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it as it is' })).toHaveAttribute('href', '/q1-sales');
    await user.click(screen.getByRole('button', { name: 'Finish the board' }));

    await waitFor(() => expect(where()).toBe('/q1-sales'));
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/boards')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    const blocks = calls.filter((c) => c.url.pathname === '/api/boards/b9/blocks').map((c) => (c.body as { type: string }).type);
    expect(blocks).toEqual(['chart', 'table', 'table']);
  });

  it('picks a freshly uploaded spreadsheet for the templates', async () => {
    let spreadsheets: unknown[] = [];
    const people = { ...orders, id: 's2', name: 'People', sheets: [sheet('Staff', ['Name', 'Photo', 'Team'])] };
    signedIn({
      'GET /api/spreadsheets': () => ({ body: spreadsheets }),
      'POST /api/spreadsheets/upload': () => {
        spreadsheets = [people];
        return { body: { spreadsheet: { id: 's2', name: 'People' } } };
      },
    });
    const { user } = renderApp('/dashboard/start');
    // Without data only the blank board can be picked.
    expect(await screen.findByText('(none yet)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /A spreadsheet already connected/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Directory/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Upload a file' })).toBeChecked();

    const upload = screen.getByRole('form', { name: 'Upload a file' });
    await user.upload(within(upload).getByLabelText('File'), new File(['Name,Photo,Team\n'], 'people.csv', { type: 'text/csv' }));
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Columns of Staff: Name, Photo, Team')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s2');
    expect(screen.getByRole('radio', { name: /Directory/ })).toBeEnabled();
  });
});
