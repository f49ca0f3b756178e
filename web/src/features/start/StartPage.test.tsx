import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Answer, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const workspace = { id: 'w1', name: 'Sales team', subdomain: 'sales', owner_id: 'u1', created_at: 1 };
const sheet = (title: string, columns: string[], version = 1) => ({ title, columns: ['ChartApps Record ID', ...columns], row_count: 3, version });
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

/** The columns call's answer: the whole tab with the server's record id first, as the server stores it. */
function grid(columns: string[], rows: string[][]) {
  return () => columnsAnswer({ columns: ['ChartApps Record ID', ...columns], rows: rows.map((row, i) => [`r${i}`, ...row]) }, 1);
}

const ordersGrid = grid(
  ['Region', 'Revenue', 'Order date'],
  [
    ['North', '120', '2024-01-05'],
    ['South', '80', '2024-02-11'],
    ['North', '45', '2024-03-02'],
    ['South', '60', '2024-03-09'],
  ],
);

// The guide is covered by the onboarding tests; here it cannot be read, which leaves the steps
// that make a board.
function signedIn(more: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    'GET /api/account/onboarding': { status: 500, body: { error: 'Sorry there has been a server error..' } },
    'GET /api/workspaces': { body: [workspace] },
    'GET /api/spreadsheets': { body: [orders] },
    [columnsPath('s1', 'Orders')]: ordersGrid,
    ...more,
  });
}

/** The template radio `name`, once the core has planned its blocks for the picked tab. */
async function templateRadio(name: RegExp) {
  const radio = await screen.findByRole('radio', { name });
  await waitFor(() => expect(radio).toBeEnabled());
  return radio;
}

const stepNamed = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('li') as HTMLElement;

// Load the lazy screens and the core once up front. Each test drives a whole screen through the
// router, which can take seconds on a busy machine: hence the longer timeouts of the describe blocks.
beforeAll(() => Promise.all([import('./StartPage'), loadRealCore()]));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard/start', { timeout: 15_000 }, () => {
  it('makes a workspace right in its first step for a user without one, then goes on to the data', async () => {
    let workspaces: unknown[] = [];
    const { calls } = signedIn({
      'GET /api/workspaces': () => ({ body: workspaces }),
      'GET /api/spreadsheets': { body: [] },
      'POST /api/workspaces': () => {
        workspaces = [workspace];
        return { status: 201, body: workspace };
      },
    });
    const { user, where } = renderApp('/dashboard/start');
    const first = await screen.findByRole('form', { name: 'New workspace' });
    expect(within(stepNamed('Connect your data')).getByText(/Create a workspace first/)).toBeInTheDocument();
    await user.type(within(first).getByLabelText('Workspace name'), 'Sales team');
    await user.click(within(first).getByRole('button', { name: 'Create workspace' }));

    expect(await screen.findByRole('form', { name: 'Upload a file' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Sales team', subdomain: 'sales-team' });
    expect(where()).toBe('/dashboard/start');
    expect(screen.queryByRole('form', { name: 'New workspace' })).not.toBeInTheDocument();
  });

  it('creates the board, connects its spreadsheet, adds the template blocks in order and opens it in the editor', async () => {
    const { calls } = signedIn({
      'POST /api/boards': { status: 201, body: created },
      'PUT /api/boards/b9': { body: { ...created, spreadsheetId: 's1' } },
      'POST /api/boards/b9/blocks': (init) => ({ status: 201, body: { id: 'k1', ...JSON.parse(String(init.body)) } }),
    });
    const { user, where } = renderApp('/dashboard/start');

    // The workspace's spreadsheet and its only tab are picked already.
    expect(await screen.findByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s1');
    expect(screen.getByRole('combobox', { name: 'Sheet' })).toHaveValue('Orders');
    await user.click(await templateRadio(/Sales overview/));
    expect(screen.getByText('Chart: Revenue by Region')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'What the blocks read' })).toHaveTextContent(/Revenue by Region: .*Region/);
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

  it('waits for the columns before making a board from the picked template, so it never comes out empty', async () => {
    let answer: (value: Answer) => void = () => {};
    signedIn({ [columnsPath('s1', 'Orders')]: () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderApp('/dashboard/start');
    const table = await screen.findByRole('radio', { name: /Table of your rows/ });
    await waitFor(() => expect(table).toBeChecked());
    await user.type(screen.getByRole('textbox', { name: 'Board name' }), 'Orders');
    const create = screen.getByRole('button', { name: 'Create board' });
    expect(create).toBeDisabled();
    expect(screen.getByText('Reading the columns of Orders for the template...')).toBeInTheDocument();
    answer(await ordersGrid());
    await waitFor(() => expect(create).toBeEnabled());
    expect(screen.queryByText('Reading the columns of Orders for the template...')).not.toBeInTheDocument();
  });

  it('previews the first rows of the picked tab with the column types the core found', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => [`Person ${i}`, String(10 * i), `2024-0${i + 1}-01`, '']);
    signedIn({ [columnsPath('s1', 'Orders')]: grid(['Name', 'Amount', 'Joined', 'Notes'], rows) });
    renderApp('/dashboard/start');
    const preview = await screen.findByRole('region', { name: 'Preview of Orders' });
    expect(within(preview).getByText('First 5 of 7 rows of Orders')).toBeInTheDocument();
    const headers = await waitFor(() => {
      const cells = within(preview)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      expect(cells).toEqual(['Name Text', 'Amount Number', 'Joined Date', 'Notes Empty']);
      return cells;
    });
    expect(headers).not.toContain('ChartApps Record ID');
    expect(within(preview).getAllByRole('row')).toHaveLength(1 + 5);
    expect(within(preview).getByText('Person 4')).toBeInTheDocument();
    expect(within(preview).queryByText('Person 5')).not.toBeInTheDocument();
  });

  it('keeps everything typed and shows the message when the board cannot be created', async () => {
    const { calls } = signedIn({
      'POST /api/boards': { status: 409, body: { error: 'Another board already uses this slug; please choose another.' } },
    });
    const { user, where } = renderApp('/dashboard/start');
    await user.click(await templateRadio(/Tracker/));
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
    await user.click(await templateRadio(/Sales overview/));
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

  it('picks a freshly uploaded spreadsheet, previews it and offers the templates for its columns', async () => {
    let spreadsheets: unknown[] = [];
    const people = { ...orders, id: 's2', name: 'People', created_at: 2, sheets: [sheet('Staff', ['Name', 'Photo', 'Team'])] };
    signedIn({
      'GET /api/spreadsheets': () => ({ body: spreadsheets }),
      [columnsPath('s2', 'Staff')]: grid(['Name', 'Photo', 'Team'], [['Ada', 'https://x.io/a.png', 'North']]),
      'POST /api/spreadsheets/upload': () => {
        spreadsheets = [orders, people];
        return { body: { spreadsheet: { id: 's2', name: 'People' } } };
      },
    });
    const { user } = renderApp('/dashboard/start');
    await user.click(await screen.findByRole('radio', { name: 'Upload a file' }));
    const upload = screen.getByRole('form', { name: 'Upload a file' });
    await user.upload(within(upload).getByLabelText('File'), new File(['Name,Photo,Team\n'], 'people.csv', { type: 'text/csv' }));
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));

    const preview = await screen.findByRole('region', { name: 'Preview of Staff' });
    expect(within(preview).getByText('First 1 of 1 rows of Staff')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s2');
    // Nothing starts empty: until another is picked, the board starts from a table of the rows.
    await waitFor(() => expect(screen.getByRole('radio', { name: /Table of your rows/ })).toBeChecked());
    await templateRadio(/Directory/);
    expect(screen.getByText('List: Staff')).toBeInTheDocument();
  });

  it('offers only the blank board without data', async () => {
    signedIn({ 'GET /api/spreadsheets': { body: [] } });
    renderApp('/dashboard/start');
    expect(await screen.findByText('(none yet)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /A spreadsheet already connected/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Upload a file' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Directory/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Blank board/ })).toBeChecked();
  });
});
