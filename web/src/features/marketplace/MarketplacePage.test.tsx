import { screen, waitFor, within } from '@testing-library/react';
import type { MarketplaceListing } from '../../api/types';
import { mockFetch, type Answer } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { excerpt } from './ListingCard';

beforeAll(() => import('./MarketplacePage'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const CATEGORIES = ['Sales', 'Marketing', 'Finance', 'Operations', 'HR', 'Projects', 'Education', 'Events', 'Personal', 'Other'];

function listing(n: number, overrides: Partial<MarketplaceListing> = {}): MarketplaceListing {
  return {
    board_id: `b${n}`,
    slug: `board-${n}`,
    title: `Board ${n}`,
    description: `What board ${n} shows.`,
    category: 'Sales',
    tags: [],
    published_at: 1_767_225_600 - n,
    updated_at: 1_767_225_600 - n,
    owner_name: 'Ada Lovelace',
    ...overrides,
  };
}

const pipeline = listing(1, {
  slug: 'sales-pipeline',
  title: 'Sales pipeline',
  description: 'Deals by stage, with owners and amounts.',
  tags: ['crm', 'deals'],
});
const hiring = listing(2, { slug: 'hiring', title: 'Hiring tracker', category: 'HR', description: '', tags: ['recruiting'], owner_name: 'Bob' });

/** The marketplace answering `answer(url)` for each GET /api/marketplace, a guest otherwise. */
function serve(answer: (url: URL) => Answer, signedIn = false) {
  return mockFetch({
    'GET /api/auth': signedIn ? { body: ann } : { status: 401, body: { error: 'Please login to do this!' } },
    'GET /api/marketplace': (_init, url) => answer(url),
  });
}

const page = (listings: MarketplaceListing[], total = listings.length) => ({ body: { listings, total, categories: CATEGORIES } });
const marketplaceCalls = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname === '/api/marketplace').map((call) => call.url.searchParams);

describe('/marketplace', () => {
  it('lists published boards as cards that open the live board, for a signed-out visitor', async () => {
    const { calls } = serve(() => page([pipeline, hiring]));
    renderApp('/marketplace');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const card = await screen.findByRole('article', { name: 'Sales pipeline' });
    expect(within(card).getByText('Sales')).toBeInTheDocument();
    expect(within(card).getByText('Deals by stage, with owners and amounts.')).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['crm', 'deals']);
    expect(within(card).getByText('by Ada Lovelace')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open Sales pipeline' })).toHaveAttribute('href', '/sales-pipeline');
    expect(screen.getByRole('link', { name: 'Open Hiring tracker' })).toHaveAttribute('href', '/hiring');
    expect(screen.getByText('Showing 2 of 2 boards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/dashboard/auth');
    expect(within(account).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/dashboard/signup');
    expect(screen.getByRole('link', { name: 'Tessera' })).toHaveAttribute('href', '/');
    expect(marketplaceCalls(calls)[0].get('limit')).toBe('24');
    expect(marketplaceCalls(calls)[0].has('q')).toBe(false);
  });

  it('offers the dashboard to a signed-in user', async () => {
    serve(() => page([pipeline]), true);
    renderApp('/marketplace');
    const account = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(account).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('searches with q and keeps the search in the address', async () => {
    const { calls } = serve((url) => (url.searchParams.get('q') === 'crm' ? page([pipeline]) : page([pipeline, hiring])));
    const { user, where } = renderApp('/marketplace');
    await screen.findByRole('article', { name: 'Hiring tracker' });
    await user.type(screen.getByRole('searchbox', { name: 'Search boards' }), ' crm {Enter}');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Hiring tracker' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Sales pipeline' })).toBeInTheDocument();
    expect(marketplaceCalls(calls).at(-1)!.get('q')).toBe('crm');
    expect(where()).toBe('/marketplace?q=crm');
  });

  it('filters by category with the chips, and All shows every category again', async () => {
    const { calls } = serve((url) => (url.searchParams.get('category') === 'HR' ? page([hiring]) : page([pipeline, hiring])));
    const { user, where } = renderApp('/marketplace');
    const chips = await screen.findByRole('group', { name: 'Category' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', ...CATEGORIES]);
    expect(within(chips).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(chips).getByRole('button', { name: 'HR' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sales pipeline' })).not.toBeInTheDocument());
    expect(within(chips).getByRole('button', { name: 'HR' })).toHaveAttribute('aria-pressed', 'true');
    expect(marketplaceCalls(calls).at(-1)!.get('category')).toBe('HR');
    expect(where()).toBe('/marketplace?category=HR');

    await user.click(within(chips).getByRole('button', { name: 'All' }));
    expect(await screen.findByRole('article', { name: 'Sales pipeline' })).toBeInTheDocument();
    expect(marketplaceCalls(calls).at(-1)!.has('category')).toBe(false);
  });

  it('loads the next page with Load more and appends it', async () => {
    const first = Array.from({ length: 24 }, (_, i) => listing(i + 1));
    const { calls } = serve((url) => (url.searchParams.get('offset') === '24' ? page([listing(25)], 25) : page(first, 25)));
    const { user } = renderApp('/marketplace');
    expect(await screen.findByText('Showing 24 of 25 boards')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Board 25' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.getByText('Showing 25 of 25 boards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const more = marketplaceCalls(calls).at(-1)!;
    expect([more.get('offset'), more.get('limit')]).toEqual(['24', '24']);
  });

  it('says no board matches a search, and Clear filters shows them all again', async () => {
    const { calls } = serve((url) => (url.searchParams.has('q') ? page([]) : page([pipeline])));
    const { user, where } = renderApp('/marketplace?q=unicorns&category=Sales');
    expect(await screen.findByText('No boards match “unicorns” in Sales.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search boards' })).toHaveValue('unicorns');
    expect(marketplaceCalls(calls)[0].get('q')).toBe('unicorns');
    expect(marketplaceCalls(calls)[0].get('category')).toBe('Sales');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Sales pipeline' })).toBeInTheDocument();
    expect(where()).toBe('/marketplace');
    expect(screen.getByRole('searchbox', { name: 'Search boards' })).toHaveValue('');
  });

  it('says when nothing is published yet, without a filter to clear', async () => {
    serve(() => page([]));
    renderApp('/marketplace');
    expect(await screen.findByText('No boards have been published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows an error with Try again, which loads the marketplace again', async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: { error: 'Sorry there has been a server error..' } } : page([pipeline])));
    const { user } = renderApp('/marketplace');
    expect(await screen.findByRole('alert')).toHaveTextContent('The marketplace could not be loaded: Sorry there has been a server error..');
    expect(window.alert).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Sales pipeline' })).toBeInTheDocument();
  });
});

describe('excerpt', () => {
  it('keeps short descriptions and cuts long ones at a word', () => {
    expect(excerpt('Short one.')).toBe('Short one.');
    expect(excerpt('alpha beta gamma delta', 12)).toBe('alpha beta…');
  });
});
