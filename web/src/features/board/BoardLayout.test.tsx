// The board's layout (issue 47): search and filters in a bar across the top, folded on phones
// under "Filters (n)", and the blocks in the grid of blocks/layout.ts.
import { screen, within } from '@testing-library/react';
import type { BoardBlock } from '../../generated/api';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
afterEach(() => vi.unstubAllGlobals());

const text = (id: string, title: string, width: string): BoardBlock => ({ id, type: 'markdown', title, text: title, width });
const filter = (name: string, active: boolean) => ({ name, active, condition: '=', sheet_column: { sheet: 'Sales', column: 'Month' }, value: 'Jan' });

function serve(board: ReturnType<typeof boardState>) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/board/s1/view/k': { body: { kind: 'markdown', texts: ['k'], html: ['<p>k</p>'] } },
    'GET /api/board/s1/view/c': { body: { kind: 'markdown', texts: ['c'], html: ['<p>c</p>'] } },
    'GET /api/board/s1/view/t': { body: { kind: 'markdown', texts: ['t'], html: ['<p>t</p>'] } },
    ...unpublished,
  });
}

const frameOf = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('section')!;
const span = (title: string) => frameOf(title).style.getPropertyValue('--block-span');

describe('the board layout', () => {
  it('puts the search box and the filter chips in one bar above the blocks, not in a column beside them', async () => {
    serve(boardState({ blocks: [text('k', 'Totals', 'Third')], hide_filters: false, filters: [filter('Region', false)] }));
    renderApp('/sales');
    const totals = await screen.findByRole('heading', { level: 2, name: 'Totals' });
    const bar = screen.getByRole('search', { name: 'Search and filters' });
    expect(within(bar).getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Region' })).toBeInTheDocument();
    // The bar comes first in the page's order (and so above the blocks), and holds no block.
    expect(bar.compareDocumentPosition(totals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar.contains(totals)).toBe(false);
    expect(screen.queryByRole('complementary', { name: 'Search and filters' })).not.toBeInTheDocument();
  });

  it('folds the chips under "Filters (n)" on phones, n the filters that apply', async () => {
    serve(boardState({ blocks: [text('k', 'Totals', 'Third')], hide_filters: false, filters: [filter('Region', false), filter('Open deals', true)] }));
    const { user } = renderApp('/sales?filters=Region:Feb');
    const toggle = await screen.findByRole('button', { name: 'Filters (2)' });
    const chips = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(chips).toHaveAttribute('data-folded');
    expect(within(chips).getByRole('button', { name: /^Region/ })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(chips).not.toHaveAttribute('data-folded');
  });

  it('places blocks by their widths: a KPI third, a half that grows to end its row, a full-width table', async () => {
    serve(boardState({ blocks: [text('k', 'Totals', 'Third'), text('c', 'Revenue', 'Half'), text('t', 'All sales', 'Full')] }));
    renderApp('/sales');
    await screen.findByRole('heading', { level: 2, name: 'All sales' });
    expect([span('Totals'), span('Revenue'), span('All sales')]).toEqual(['2', '4', '6']);
  });
});
