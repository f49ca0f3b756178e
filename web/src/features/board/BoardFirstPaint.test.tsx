import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState } from './boardFixture';

// A visitor's board never loads the WASM modules (ARCHITECTURE.md): these blocks draw without them.
vi.mock('../../core/wasm', () => ({}));
vi.mock('../../core/markup', () => ({}));

beforeAll(() => import('./BoardViewerRoute'));
afterEach(() => vi.unstubAllGlobals());

const table = (id: string, title: string) => ({ id, type: 'table', title, sheet_title: 'Sales', paginate: true, rows_per_page: 2 });
const blocks = [table('t1', 'North sales'), table('t2', 'South sales'), { id: 'm1', type: 'markdown', title: 'Notes', text: '# Notes' }];

/** A first page of two rows out of three, in `month`'s name. */
const firstPage = (month: string) => ({
  columns: ['Month', 'Revenue'],
  rows: [
    { Month: `${month} 1`, Revenue: '100' },
    { Month: `${month} 2`, Revenue: '120' },
  ],
  total: 3,
  page: 1,
  page_count: 2,
  version: 1,
});

const firstPaint = {
  blocks: {
    t1: { rows: firstPage('North'), rows_per_page: 2 },
    t2: { rows: firstPage('South'), rows_per_page: 2 },
    m1: { view: { kind: 'markdown', texts: ['# Notes'], html: ['<h1>Written by the server</h1>'] } },
  },
};

const isBlockRead = (path: string) => /\/api\/board\/s1\/(sheet|view|first-paint)/.test(path);

describe("a visitor's board", () => {
  it("asks once for every block's first paint, then a block's next page is its own request", async () => {
    const { calls } = mockFetch({
      'POST /api/board/update-metadata': { body: boardState({ blocks }) },
      'GET /api/board/s1/first-paint': { body: firstPaint },
      'GET /api/board/s1/sheet/Sales': { body: { ...firstPage('North'), rows: [{ Month: 'North 3', Revenue: '90' }], page: 2 } },
    });
    const { user } = renderApp('/sales');
    expect(await screen.findByText('North 1')).toBeInTheDocument();
    expect(await screen.findByText('South 2')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Written by the server' })).toBeInTheDocument();
    const reads = () => calls.filter((call) => isBlockRead(call.url.pathname));
    expect(reads().map((call) => call.url.pathname)).toEqual(['/api/board/s1/first-paint']);
    expect(Object.fromEntries(['board', 'tz_offset'].map((k) => [k, reads()[0].url.searchParams.get(k)]))).toEqual({
      board: 'sales',
      tz_offset: String(-new Date().getTimezoneOffset()),
    });

    const north = screen.getByText('North 1').closest('.board-block') as HTMLElement;
    await user.click(within(north).getByRole('button', { name: 'Next' }));
    expect(await within(north).findByText('North 3')).toBeInTheDocument();
    expect(reads()).toHaveLength(2);
    const page = reads()[1].url;
    expect([page.pathname, page.searchParams.get('block'), page.searchParams.get('page'), page.searchParams.get('rows_per_page')]).toEqual([
      '/api/board/s1/sheet/Sales',
      't1',
      '2',
      '2',
    ]);
    expect(screen.getByText('South 1')).toBeInTheDocument();
  });

  it('shows a block its own error from the first paint while the others draw theirs', async () => {
    const broken = { blocks: { ...firstPaint.blocks, t2: { error: 'The column `Country` is not in this sheet.', rows_per_page: 2 } } };
    mockFetch({
      'POST /api/board/update-metadata': { body: boardState({ blocks }) },
      'GET /api/board/s1/first-paint': { body: broken },
    });
    renderApp('/sales');
    expect(await screen.findByText('The column `Country` is not in this sheet.')).toBeInTheDocument();
    expect(screen.getByText('North 1')).toBeInTheDocument();
  });

  it('falls back to one request per block when the first paint fails', async () => {
    const { calls } = mockFetch({
      'POST /api/board/update-metadata': { body: boardState({ blocks }) },
      'GET /api/board/s1/first-paint': { status: 500, body: { error: 'Sorry there has been a server error..' } },
      'GET /api/board/s1/sheet/Sales': { body: firstPage('Own') },
      'GET /api/board/s1/view/m1': { body: firstPaint.blocks.m1.view },
    });
    renderApp('/sales');
    await waitFor(() => expect(screen.getAllByText('Own 1')).toHaveLength(2));
    const own = calls.filter((call) => /\/(sheet|view)\//.test(call.url.pathname)).map((call) => call.url.searchParams.get('block'));
    expect(own.sort()).toEqual(['m1', 't1', 't2']);
  });
});
