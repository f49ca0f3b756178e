import { screen, waitFor, within } from '@testing-library/react';
import type { MarketplaceListing } from '../../generated/api';
import { mockFetch, type Answer } from '../../test/fetchMock';
import { SESSION_HINT_KEY } from '../../store/sessionStore';
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
  if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
  return mockFetch({
    'GET /api/auth': signedIn ? { body: ann } : { status: 401, body: { error: 'Please login to do this!' } },
    'GET /api/marketplace': (_init, url) => answer(url),
  });
}

const page = (listings: MarketplaceListing[], total = listings.length) => ({ body: { listings, total, categories: CATEGORIES } });
const marketplaceCalls = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname === '/api/marketplace').map((call) => call.url.searchParams);

describe('/marketplace', () => {
  it('lists published boards as cards with their preview image, for a signed-out visitor', async () => {
    const { calls } = serve(() => page([pipeline, hiring]));
    renderApp('/marketplace');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const card = await screen.findByRole('article', { name: 'Sales pipeline' });
    expect(within(card).getByText('Sales')).toBeInTheDocument();
    expect(within(card).getByText('Deals by stage, with owners and amounts.')).toBeInTheDocument();
    expect(
      within(within(card).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['crm', 'deals']);
    expect(within(card).getByText('by Ada Lovelace')).toBeInTheDocument();
    const image = within(card).getByRole('img', { name: 'Preview of Sales pipeline' });
    // The listing's last change is in the address, so a listing published again shows its fresh image.
    expect(image).toHaveAttribute('src', `/api/boards/b1/preview.svg?v=${pipeline.updated_at}`);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '630']);
    expect(within(card).getByRole('button', { name: 'Preview Sales pipeline' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Use this template: Sales pipeline' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of Hiring tracker' })).toHaveAttribute('src', `/api/boards/b2/preview.svg?v=${hiring.updated_at}`);
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
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', ...CATEGORIES]);
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
    expect(screen.getByText(/Publish one of your boards from its editor with Publish to Marketplace/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a board' })).toHaveAttribute('href', '/dashboard/start');
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

describe('/marketplace templates', () => {
  const workspaces = [
    { id: 'w1', name: 'Personal', subdomain: 'ann', owner_id: 'u1', created_at: 1 },
    { id: 'w2', name: 'Team', subdomain: 'team', owner_id: 'u1', created_at: 2 },
  ];
  const copy = { id: 'c1', slug: 'sales-pipeline', name: 'Sales pipeline', workspace_id: 'w2', spreadsheetId: 'sample', public: false };
  const spreadsheets = [
    { id: 'sample', name: 'Sales pipeline (sample data)' },
    { id: 's9', name: 'My deals' },
  ];
  const proposal = {
    spreadsheet_id: 's9',
    tabs: [
      {
        template_tab: 'Sales',
        your_tab: 'Deals',
        columns: [
          { template_column: 'Name', template_type: 'text', your_column: 'name', status: 'matched', reason: null },
          {
            template_column: 'Amount',
            template_type: 'number',
            your_column: null,
            status: 'type_differs',
            reason: '`Amount` holds number in the template, text in yours.',
          },
          { template_column: 'Month', template_type: 'date', your_column: null, status: 'missing', reason: 'Your tab `Deals` has no column `Month`.' },
        ],
      },
    ],
    your_tabs: [
      {
        title: 'Deals',
        columns: [
          { name: 'name', type: 'text' },
          { name: 'Amount', type: 'text' },
          { name: 'Closed', type: 'date' },
        ],
      },
      { title: 'Goals', columns: [{ name: 'Target', type: 'number' }] },
    ],
    unmatched: 2,
  };

  function serveTemplates(signedIn: boolean, routes: Parameters<typeof mockFetch>[0] = {}) {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, '1');
    return mockFetch({
      'GET /api/auth': signedIn ? { body: ann } : { status: 401, body: { error: 'Please login to do this!' } },
      'GET /api/marketplace': page([pipeline, hiring]),
      'POST /api/board/update-metadata': { status: 404, body: { error: 'Page not found' } },
      'GET /api/workspaces': { body: workspaces },
      'POST /api/marketplace/b1/copy': { status: 201, body: copy },
      'GET /api/spreadsheets': { body: spreadsheets },
      'GET /api/boards/c1/rebind': { body: proposal },
      'POST /api/boards/c1/rebind': { body: { board: copy, unbound: [] } },
      ...routes,
    });
  }

  it('previews a board live in a frame of its embed view, with the live board a new tab away', async () => {
    serveTemplates(false);
    const { user } = renderApp('/marketplace');
    await user.click(await screen.findByRole('button', { name: 'Preview Sales pipeline' }));
    const dialog = screen.getByRole('dialog', { name: 'Sales pipeline' });
    expect(within(dialog).getByTitle('Live preview of Sales pipeline')).toHaveAttribute('src', '/embed?board=sales-pipeline');
    const open = within(dialog).getByRole('link', { name: 'Open the live board in a new tab' });
    expect([open.getAttribute('href'), open.getAttribute('target')]).toEqual(['/sales-pipeline', '_blank']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in or sign up and back to the template', async () => {
    const { calls } = serveTemplates(false);
    const { user, where } = renderApp('/marketplace?q=crm');
    await user.click(await screen.findByRole('button', { name: 'Use this template: Sales pipeline' }));
    expect(where()).toBe('/marketplace?q=crm&use=b1');
    const dialog = screen.getByRole('dialog', { name: 'Use “Sales pipeline”' });
    const back = encodeURIComponent('/marketplace?use=b1');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/dashboard/auth?next=${back}`);
    expect(within(dialog).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/dashboard/signup?next=${back}`);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('copies into the chosen workspace, binds the chosen spreadsheet with columns fixed by hand, and opens the board', async () => {
    const { calls } = serveTemplates(true);
    const { user, where } = renderApp('/marketplace?use=b1');
    const dialog = await screen.findByRole('dialog', { name: 'Use “Sales pipeline”' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Workspace' }), 'Team');
    await user.click(within(dialog).getByRole('button', { name: 'Copy to my workspace' }));

    const bind = await screen.findByRole('dialog', { name: 'Bind to your spreadsheet' });
    expect(calls.find((call) => call.url.pathname === '/api/marketplace/b1/copy')!.body).toEqual({ workspace_id: 'w2' });
    const choice = await within(bind).findByRole('combobox', { name: 'Spreadsheet' });
    // The copy's own sample data is what 'Keep' means, not a spreadsheet to bind to.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Keep the sample data', 'My deals']);
    await user.selectOptions(choice, 'My deals');

    const table = await within(bind).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      'Matched',
      'Not matched: `Amount` holds number in the template, text in yours.',
      'Not matched: Your tab `Deals` has no column `Month`.',
    ]);
    expect(rows[1]).toHaveClass('unmatched');
    expect(within(bind).getByRole('combobox', { name: 'Your tab for “Sales”' })).toHaveValue('Deals');
    expect(within(bind).getByText("2 columns do not match; they keep the template's names.")).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/boards/c1/rebind')!.url.searchParams.get('spreadsheet_id')).toBe('s9');

    await user.selectOptions(within(bind).getByRole('combobox', { name: 'Your column for “Month”' }), 'Closed');
    expect(within(rows[2]).getAllByRole('cell').at(-1)).toHaveTextContent('Chosen by hand');
    expect(within(bind).getByText("1 column does not match; it keeps the template's name.")).toBeInTheDocument();
    await user.click(within(bind).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(where()).toBe('/sales-pipeline'));
    const applied = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/boards/c1/rebind')!;
    expect(applied.body).toEqual({ spreadsheet_id: 's9', tabs: { Sales: 'Deals' }, columns: { Sales: { Name: 'name', Amount: '', Month: 'Closed' } } });
  });

  it('keeps the sample data and opens the board, and shows the server refusing a copy inline', async () => {
    serveTemplates(true, {
      'GET /api/workspaces': { body: [workspaces[0]] },
      'POST /api/marketplace/b1/copy': (() => {
        let first = true;
        return () => {
          const answer = first ? { status: 404, body: { error: 'This board is not published to the marketplace.' } } : { status: 201, body: copy };
          first = false;
          return answer;
        };
      })(),
    });
    const { user, where } = renderApp('/marketplace?use=b1');
    const dialog = await screen.findByRole('dialog', { name: 'Use “Sales pipeline”' });
    const button = await within(dialog).findByRole('button', { name: 'Copy to my workspace' });
    expect(within(dialog).queryByRole('combobox', { name: 'Workspace' })).not.toBeInTheDocument();
    await user.click(button);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This board is not published to the marketplace.');
    expect(window.alert).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Copy to my workspace' }));
    const bind = await screen.findByRole('dialog', { name: 'Bind to your spreadsheet' });
    await within(bind).findByRole('combobox', { name: 'Spreadsheet' });
    await user.click(within(bind).getByRole('button', { name: 'Open the board' }));
    expect(where()).toBe('/sales-pipeline');
  });
});
