import { screen } from '@testing-library/react';
import { startScreen } from '../../App';
import { pageState, renderViewer, serve } from '../../test/appViewer';
import { takePrefetchedPage } from './pagePrefetch';

beforeAll(() => import('./AppViewerRoute'));
afterEach(() => {
  vi.unstubAllGlobals();
  takePrefetchedPage('field', 'about');
});

const at = (pathname: string, search = '') => ({ pathname, search, host: 'localhost:3000' });
const pageCalls = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname === '/api/page/update-metadata');
const visitor = pageState({ can_edit: false, user_role: 'read', blocks: [] });

describe('the app page the browser was opened at', { timeout: 15_000 }, () => {
  it('is asked for as the page starts, before anything renders, and its screen takes that answer', async () => {
    const { calls } = serve({}, visitor);
    startScreen(at('/about', '?app=field'));
    expect(pageCalls(calls).map((call) => [call.url.searchParams.get('app'), call.url.searchParams.get('board')])).toEqual([['field', 'about']]);
    renderViewer('/about?app=field');
    expect(await screen.findByText('Nothing has been published on this page yet.')).toBeInTheDocument();
    expect(pageCalls(calls)).toHaveLength(1);
  });

  it('is taken once, by its own page: another page, and the next visit, ask afresh', async () => {
    const { calls } = serve({}, visitor);
    startScreen(at('/about', '?app=field'));
    expect(takePrefetchedPage('field', '')).toBeUndefined();
    expect(takePrefetchedPage('other', 'about')).toBeUndefined();
    expect(takePrefetchedPage('field', 'about')).toBeDefined();
    expect(takePrefetchedPage('field', 'about')).toBeUndefined();
    renderViewer('/about?app=field');
    expect(await screen.findByText('Nothing has been published on this page yet.')).toBeInTheDocument();
    expect(pageCalls(calls)).toHaveLength(2);
  });

  it('is not asked for by an e-mailed log-in link, which signs in first', () => {
    const { calls } = serve({}, visitor);
    startScreen(at('/about', '?app=field&token=abc'));
    expect(pageCalls(calls)).toEqual([]);
  });
});
