import { screen, waitFor } from '@testing-library/react';
import { ACCESS_DENIED_TEXT } from '../../api/messages';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock } from '../board/boardFixture';
import { SERVER_RENDERED_ID, SERVER_RENDERED_STYLE_ID } from './serverRendered';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./EmbedPage'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
  document.getElementById(SERVER_RENDERED_ID)?.remove();
  document.getElementById(SERVER_RENDERED_STYLE_ID)?.remove();
});

/** The markup the server writes before the app's root (server/src/embed). */
function serverRendered() {
  document.head.insertAdjacentHTML('beforeend', `<style id="${SERVER_RENDERED_STYLE_ID}"></style>`);
  document.body.insertAdjacentHTML('afterbegin', `<div id="${SERVER_RENDERED_ID}"><table><tr><td>Server row</td></tr></table></div>`);
}

const shownByServer = () => document.getElementById(SERVER_RENDERED_ID);

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

  it("keeps the server's board until its own blocks have drawn, then hands over", async () => {
    serverRendered();
    const { fetchMock } = mockFetch({
      'POST /api/board/update-metadata': { body: boardState({ blocks: [tableBlock] }) },
      'GET /api/board/s1/sheet/Sales': { body: salesRows },
    });
    const answer = fetchMock.getMockImplementation()!;
    let releaseRows = () => {};
    const rowsHeld = new Promise<void>((resolve) => (releaseRows = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/sheet/')) await rowsHeld;
      return answer(input, init);
    });
    renderApp('/embed?board=sales');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales overview' })).toBeInTheDocument();
    expect(shownByServer()).not.toBeNull();
    expect(screen.getByText('Server row')).toBeInTheDocument();
    releaseRows();
    expect(await screen.findByRole('cell', { name: 'Jan' })).toBeInTheDocument();
    await waitFor(() => expect(shownByServer()).toBeNull());
    expect(document.getElementById(SERVER_RENDERED_STYLE_ID)).toBeNull();
  });

  it("hands over to the app's error screen when the board cannot be shown", async () => {
    serverRendered();
    mockFetch({ 'POST /api/board/update-metadata': { status: 403, body: { error: 'Access denied: private' } } });
    renderApp('/embed?board=secret');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    await waitFor(() => expect(shownByServer()).toBeNull());
  });
});
