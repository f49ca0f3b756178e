import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState, unpublished } from './boardFixture';
import { isKnownMissingBoard, MISSING_BOARD_META } from './missingBoard';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector(`meta[name="${MISSING_BOARD_META}"]`)?.remove();
});

/** The tag the server writes into the page of an address no board has. */
function pageSaysMissing(slug: string) {
  const meta = document.createElement('meta');
  meta.name = MISSING_BOARD_META;
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
    expect(isKnownMissingBoard('no-such-board', 'default')).toBe(true);
    expect(isKnownMissingBoard('no-such-board', 'k3x9a1')).toBe(false);
    expect(isKnownMissingBoard('sales', 'default')).toBe(false);
  });

  it('is nothing on a page without the tag', () => {
    expect(isKnownMissingBoard('no-such-board', 'default')).toBe(false);
  });
});
