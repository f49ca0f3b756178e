import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, unpublished } from './boardFixture';
import { knownRefusal, MISSING_BOARD_META, PRIVATE_BOARD_META } from './missingBoard';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of [MISSING_BOARD_META, PRIVATE_BOARD_META]) document.head.querySelector(`meta[name="${name}"]`)?.remove();
});

/** The tag the server writes into the page of an address no board has (or of a private one). */
function pageSaysMissing(slug: string, name = MISSING_BOARD_META) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = slug;
  document.head.append(meta);
}

describe('a board address the server said no board has', () => {
  it('shows the 404 screen at once, without asking for the board (no failing request)', async () => {
    pageSaysMissing('no-such-board');
    const { calls } = mockFetch({});
    renderApp('/No-Such-Board');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found · Tessera');
    expect(calls).toEqual([]);
  });

  it('still loads a board at any other address of the same page', async () => {
    pageSaysMissing('no-such-board');
    const { calls } = mockFetch({
      'POST /api/board/update-metadata': { body: boardState({ blocks: [] }) },
      ...unpublished,
    });
    renderApp('/sales');
    await vi.waitFor(() => expect(calls.map((call) => call.url.pathname)).toContain('/api/board/update-metadata'));
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('counts only for the entry the page was loaded at: a later visit within the app asks the server', () => {
    pageSaysMissing('no-such-board');
    expect(knownRefusal('no-such-board', 'default')).toBe('missing');
    expect(knownRefusal('no-such-board', 'k3x9a1')).toBeNull();
    expect(knownRefusal('sales', 'default')).toBeNull();
  });

  it('is nothing on a page without the tag', () => {
    expect(knownRefusal('no-such-board', 'default')).toBeNull();
  });
});

describe('a private board the server said this visitor (without a session) cannot open', () => {
  it("shows the 403 screen with 'Log in' back to the board at once, without asking for it", async () => {
    pageSaysMissing('sales', PRIVATE_BOARD_META);
    const { calls } = mockFetch({});
    renderApp('/Sales');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent('/Sales')));
    expect(document.title).toBe('Access denied · Tessera');
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/board'))).toEqual([]);
  });
});
