import { screen } from '@testing-library/react';
import { ACCESS_DENIED_TEXT } from '../../api/messages';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock } from '../board/boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./EmbedPage'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

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

  it("sends a signed link's token with every call and shows the server's reason when it is refused", async () => {
    const reason = "This embed link has expired; ask the board's owner for a new one.";
    const { calls } = mockFetch({ 'POST /api/board/update-metadata': { status: 403, body: { error: reason } } });
    // The request layer reads the browser's address, which the memory router does not set.
    window.history.pushState({}, '', '/embed?board=secret&token=eyJ.payload.sig');
    renderApp('/embed?board=secret&token=eyJ.payload.sig');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.queryByText(ACCESS_DENIED_TEXT)).not.toBeInTheDocument();
    expect(calls[0].url.searchParams.get('embed_token')).toBe('eyJ.payload.sig');
  });

  it('shows the Access Denied screen for a private board', async () => {
    mockFetch({ 'POST /api/board/update-metadata': { status: 403, body: { error: 'Access denied: private' } } });
    renderApp('/embed?board=secret');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
