import { screen, within } from '@testing-library/react';
import { pageState, renderViewer, serve } from '../../test/appViewer';

// A visitor's page never loads the WASM modules (ARCHITECTURE.md): these blocks draw without them.
vi.mock('../../core/wasm', () => ({}));
vi.mock('../../core/markup', () => ({}));

afterEach(() => vi.unstubAllGlobals());

const orders = (first: string) => ({
  columns: ['Region', 'Amount'],
  rows: [{ Region: first, Amount: '10' }],
  total: 2,
  page: 1,
  page_count: 2,
  version: 1,
});

describe("a visitor's app page", { timeout: 15_000 }, () => {
  it("asks once for every block's first paint, then a block's next page is its own request", async () => {
    const blocks = [
      { id: 'b1', type: 'markdown', title: 'About us', text: 'We build boards.' },
      { id: 'b2', type: 'table', title: 'Orders', sheet_title: 'Orders', paginate: true, rows_per_page: 1 },
    ];
    const { calls } = serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, user_role: 'guest', blocks }) },
      'GET /v3/api/page/first-paint': {
        body: {
          blocks: {
            b1: { view: { kind: 'markdown', texts: ['We build boards.'], html: ['<p>We build <strong>boards</strong>.</p>'] } },
            b2: { rows: orders('North'), rows_per_page: 1 },
          },
        },
      },
      'GET /v3/api/page/sheet/Orders': { body: { ...orders('South'), page: 2 } },
    });
    const { user } = renderViewer('/?app=field');
    const table = await screen.findByRole('region', { name: 'Orders' });
    expect(await within(table).findByRole('cell', { name: 'North' })).toBeInTheDocument();
    expect(await screen.findByText('boards', { selector: 'strong' })).toBeInTheDocument();
    const reads = () => calls.filter((call) => call.url.pathname.startsWith('/v3/api/page/'));
    expect(reads().map((call) => call.url.pathname)).toEqual(['/v3/api/page/first-paint']);
    expect(reads()[0].url.searchParams.get('app_id')).toBe('a1');

    await user.click(within(table).getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('cell', { name: 'South' })).toBeInTheDocument();
    expect(reads().map((call) => [call.url.pathname, call.url.searchParams.get('page')])).toEqual([
      ['/v3/api/page/first-paint', null],
      ['/v3/api/page/sheet/Orders', '2'],
    ]);
  });
});
