// A block picked in the board editor opens bound to the data, and its settings say what was
// chosen, once: the real core and catalogue, a mocked server.
import { screen, waitFor, within } from '@testing-library/react';
import { boardState, unpublished } from './boardFixture';
import { mockFetch } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(async () => {
  await loadRealCore();
  await import('./BoardViewerRoute');
});
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const COLUMNS = ['ChartApps Record ID', 'Month', 'Region', 'Revenue'];
const ROWS = [
  ['r1', 'Jan', 'North', '100'],
  ['r2', 'Jan', 'South', '80'],
  ['r3', 'Feb', 'North', '120'],
  ['r4', 'Feb', 'South', '95'],
];

function serve() {
  return mockFetch({
    'POST /api/board/update-metadata': { body: boardState({ can_edit: true, user_role: 'owner', owner_email: 'ann@example.com' }) },
    'GET /api/spreadsheets/s1': {
      body: { open_url: 'https://docs.google.com/spreadsheets/d/abc', sheets: [{ title: 'Sales', columns: COLUMNS, row_count: ROWS.length, version: 1 }] },
    },
    [columnsPath('s1', 'Sales')]: () => columnsAnswer({ columns: COLUMNS, rows: ROWS }, 1),
    'POST /api/boards/b1/blocks': (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: 'k9' } }),
    'PUT /api/blocks/k9': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k9' } }),
    ...unpublished,
  });
}

describe('a block picked on a board starts from the data', { timeout: 20_000 }, () => {
  it('opens a chart bound to the tab, says what was chosen, and says it no more once saved', async () => {
    const { calls } = serve();
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'New Block' }));
    await user.click(await screen.findByRole('button', { name: /^Chart/ }));

    const form = await screen.findByRole('form', { name: 'Chart settings' });
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/boards/b1/blocks')!;
    expect(post.body).toMatchObject({
      type: 'chart',
      temp_block: true,
      sheet_title: 'Sales',
      x_axis: 'Month',
      beginAtZero: true,
      axis: [{ column: 'Revenue' }],
    });
    const notice = screen.getByRole('region', { name: 'Started from your data' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sheet: Sales', 'X axis: Month (2 values)', 'Series: sum of Revenue', 'Begin at zero: on']);
    expect(notice).toHaveTextContent('Change anything below.');
    expect(within(form).getByRole('combobox', { name: 'Sheet' })).toHaveValue('Sales');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^X axis/ })).toHaveValue('Month'));

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Chart settings' })).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/api/blocks/k9')!;
    expect(put.body).toMatchObject({ sheet_title: 'Sales', x_axis: 'Month', axis: [{ column: 'Revenue', type: 'bar' }] });
    expect(put.body).not.toHaveProperty('temp_block');

    await user.click(screen.getByRole('button', { name: 'Edit block Chart' }));
    await screen.findByRole('form', { name: 'Chart settings' });
    expect(screen.queryByRole('region', { name: 'Started from your data' })).not.toBeInTheDocument();
  });
});
