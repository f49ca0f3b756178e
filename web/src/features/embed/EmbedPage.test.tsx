import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock } from '../board/boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./EmbedPage'));
afterEach(() => vi.unstubAllGlobals());

describe('/embed', () => {
  it("shows only the board's guest layout, even to its editor, naming the board in every request", async () => {
    const { calls } = mockFetch({
      'POST /api/board/update-metadata': { body: boardState({ can_edit: true, user_role: 'owner', blocks: [tableBlock] }) },
      'GET /api/board/s1/sheet/Sales': { body: salesRows },
    });
    renderApp('/embed?board=sales');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales overview' })).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete block/ })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url.searchParams.get('board'))).toEqual(['sales', 'sales']);
  });

  it('shows the Access Denied screen for a private board', async () => {
    mockFetch({ 'POST /api/board/update-metadata': { status: 403, body: { error: 'Access denied: private' } } });
    renderApp('/embed?board=secret');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
