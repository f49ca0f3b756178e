import { screen } from '@testing-library/react';
import { startScreen } from '../../App';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { boardState } from './boardFixture';
import { MISSING_BOARD_META } from './missingBoard';
import { takePrefetchedBoard } from './boardPrefetch';
import { takePrefetchedPage } from '../app/pagePrefetch';

// A visitor's board never loads the WASM modules (ARCHITECTURE.md).
vi.mock('../../core/wasm', () => ({}));
vi.mock('../../core/markup', () => ({}));

beforeAll(() => import('./BoardViewerRoute'));
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector(`meta[name="${MISSING_BOARD_META}"]`)?.remove();
  takePrefetchedBoard('sales');
});

const at = (pathname: string, search = '') => ({ pathname, search, host: 'localhost:3000' });
const boardCalls = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname === '/api/board/update-metadata');

describe('the board the page was loaded at', () => {
  it('is asked for as the page starts, before anything renders, and its screen takes that answer', async () => {
    const { calls } = mockFetch({ 'POST /api/board/update-metadata': { body: boardState({ blocks: [] }) } });
    startScreen(at('/sales'));
    expect(boardCalls(calls).map((call) => call.url.searchParams.get('board'))).toEqual(['sales']);
    renderApp('/sales');
    expect(await screen.findByText('Nothing has been published on this board yet.')).toBeInTheDocument();
    expect(boardCalls(calls)).toHaveLength(1);
  });

  it('is taken once: the next visit to the board asks afresh', async () => {
    const { calls } = mockFetch({ 'POST /api/board/update-metadata': { body: boardState({ blocks: [] }) } });
    startScreen(at('/sales'));
    expect(takePrefetchedBoard('other')).toBeUndefined();
    expect(takePrefetchedBoard('sales')).toBeDefined();
    expect(takePrefetchedBoard('sales')).toBeUndefined();
    renderApp('/sales');
    expect(await screen.findByText('Nothing has been published on this board yet.')).toBeInTheDocument();
    expect(boardCalls(calls)).toHaveLength(2);
  });

  it('is not asked for when the page says no board has the address, nor on other screens or an app', () => {
    const meta = document.createElement('meta');
    meta.name = MISSING_BOARD_META;
    meta.content = 'gone';
    document.head.append(meta);
    const { calls } = mockFetch({});
    startScreen(at('/gone'));
    startScreen(at('/dashboard'));
    startScreen(at('/docs/guides/filters'));
    expect(calls).toEqual([]);
    // An app's page asks for itself instead (pagePrefetch.test.tsx).
    startScreen(at('/sales', '?app=shop'));
    expect(boardCalls(calls)).toEqual([]);
    expect(takePrefetchedPage('shop', 'sales')).toBeDefined();
  });
});
