import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Routes as FetchRoutes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { about, app, fill, home, pageState, renderViewer, serve } from '../../test/appViewer';

// 'Choose Your Block' lists the block catalogue of the WASM core.
beforeAll(() => loadRealCore());

// The users helper owns the real dialog; here only what the shell hands it matters.
vi.mock('../users/UsersDialog', () => ({
  UsersDialog: ({ appId, open }: { appId: string | null; open: boolean }) =>
    open ? (
      <div role="dialog" aria-label="Users">
        users of {appId}
      </div>
    ) : null,
}));

const sidebar = () => screen.getByRole('navigation', { name: 'App editor' });
const sidebarButton = (name: string) => within(sidebar()).getByRole('button', { name });
const findTitle = (text: string) => screen.findByRole('heading', { level: 1, name: text });

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => vi.unstubAllGlobals());

// The first render of a file loads the screens; on a busy machine that alone can take most of 5 s.
describe('the app viewer', { timeout: 15_000 }, () => {
  it('asks for the page at the path of the app the address names', async () => {
    const { calls } = serve({ 'POST /api/page/update-metadata': { body: pageState({ can_edit: false }) } });
    renderViewer('/about?app=field');
    await waitFor(() => expect(calls).toHaveLength(1));
    const query = calls[0].url.searchParams;
    expect(query.get('board')).toBe('about');
    expect(query.get('app')).toBe('field');
  });

  it('tells a visitor of a page without blocks that nothing is published there yet', async () => {
    serve({ 'POST /api/page/update-metadata': { body: pageState({ can_edit: false, user_role: 'read', blocks: [] }) } });
    renderViewer('/?app=field');
    expect(await screen.findByText('Nothing has been published on this page yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'App editor' })).not.toBeInTheDocument();
  });

  it('points the editor of a page without blocks at New Block', async () => {
    serve({ 'POST /api/page/update-metadata': { body: pageState({ blocks: [] }) } });
    renderViewer('/?app=field');
    expect(await screen.findByText('This page has no blocks yet. Press New Block to add one.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App editor' })).toBeInTheDocument();
  });

  it('shows a guest only the page: blocks in order, framed in the page colours, and no bars', async () => {
    const { calls } = serve({
      'POST /api/page/update-metadata': {
        body: pageState({
          can_edit: false,
          user_role: 'guest',
          page_background: '#123456',
          block_border: '#abcdef',
          blocks: [
            { id: 'b1', type: 'markdown', title: 'About us', text: 'We build **boards**.' },
            { id: 'b2', type: 'table', title: 'Orders', sheet_title: 'Orders' },
            { id: 'b3', type: 'chart', sheet_title: 'Gone' },
          ],
        }),
      },
      'GET /v3/api/page/sheet/Orders': {
        body: { columns: ['Region', 'Amount'], rows: [{ Region: 'North', Amount: '10' }], total: 1, page: 1, page_count: 1, version: 1 },
      },
      'GET /v3/api/page/view/b1': { body: { kind: 'markdown', texts: ['We build **boards**.'], html: ['<p>We build <strong>boards</strong>.</p>'] } },
      'GET /v3/api/page/view/b3': { status: 404, body: { error: 'The sheet `Gone` is not in this spreadsheet.' } },
    });
    renderViewer('/?app=field');

    const about = await screen.findByRole('region', { name: 'About us' });
    expect(await within(about).findByText('boards', { selector: 'strong' })).toBeInTheDocument();
    expect(about).toHaveStyle({ borderColor: '#abcdef' });
    expect(screen.getByRole('main').parentElement).toHaveStyle({ background: '#123456' });
    const orders = screen.getByRole('region', { name: 'Orders' });
    expect(await within(orders).findByRole('cell', { name: 'North' })).toBeInTheDocument();
    expect(within(orders).getByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
    const chart = screen.getByRole('region', { name: 'Chart' });
    expect(await within(chart).findByRole('alert')).toHaveTextContent('The sheet `Gone` is not in this spreadsheet.');
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual(['block-b1-title', 'block-b2-title', 'block-b3-title']);

    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spreadsheet' })).not.toBeInTheDocument();
    const sheetCall = calls.find((c) => c.url.pathname === '/v3/api/page/sheet/Orders');
    expect(Object.fromEntries(['board', 'app_id', 'block'].map((k) => [k, sheetCall?.url.searchParams.get(k)]))).toEqual({
      board: '',
      app_id: 'a1',
      block: 'b2',
    });
    expect(calls.some((c) => c.url.pathname === '/api/app/app-info')).toBe(false);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows a block whose data fails without a server message as Data Error', async () => {
    serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, blocks: [{ id: 'b1', type: 'list', title: 'People', sheet_title: 'People' }] }) },
      'GET /v3/api/page/sheet/People': () => {
        throw new Error('');
      },
    });
    renderViewer('/?app=field');
    const block = await screen.findByRole('region', { name: 'People' });
    expect(await within(block).findByRole('alert')).toHaveTextContent('Data Error');
  });

  it('shows the 403 screen for a private app', async () => {
    serve({
      'POST /api/page/update-metadata': {
        status: 403,
        body: { error: 'Access denied: This application is private and you do not have permission to access it.' },
      },
    });
    renderViewer('/?app=field');
    expect(await screen.findByText('This application is private and you do not have permission to access it.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    // The screen's title and the toast's (platform §2: the 403 screen and toast).
    expect(await screen.findAllByText('Access Denied')).toHaveLength(2);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows the 404 screen for an unknown app or page', async () => {
    serve({ 'POST /api/page/update-metadata': { status: 404, body: { error: 'Page not found' } } });
    renderViewer('/nowhere?app=field');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });
});

describe('the app editor shell', { timeout: 15_000 }, () => {
  it("reads 'Fetching App... - Home' until the app arrives, then '{app} - {page}'", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetchMock } = serve();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/api/app/app-info')) await gate;
      return answer(input, init);
    });
    renderViewer('/?app=field');
    expect(await findTitle('Fetching App... - Home')).toBeInTheDocument();
    release();
    expect(await findTitle('Field app - Home')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('names the current page in the title', async () => {
    serve({ 'POST /api/page/update-metadata': { body: pageState({ page_id: 'p-about', page_name: 'About', page_slug: 'about' }) } });
    renderViewer('/about?app=field');
    expect(await findTitle('Field app - About')).toBeInTheDocument();
  });

  it('warns when the app has no spreadsheet URL', async () => {
    serve();
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(screen.getByRole('button', { name: 'Spreadsheet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Spreadsheet URL not configured.');
    expect(window.open).not.toHaveBeenCalled();
  });

  it('opens the configured spreadsheet in a new tab', async () => {
    serve({}, pageState(), { ...app, spreadsheet_url: 'https://docs.google.com/spreadsheets/d/abc' });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(screen.getByRole('button', { name: 'Spreadsheet' }));
    expect(window.open).toHaveBeenCalledWith('https://docs.google.com/spreadsheets/d/abc', '_blank', 'noopener,noreferrer');
  });

  it('on the free plan, Embed says it needs a paid plan and opens nothing', async () => {
    const { calls } = serve({ 'GET /api/board/workspace': { body: { is_free_plan: true } } });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('Embed'));
    // The toast is one of the page's status lines (the block grid has its own for moves).
    expect((await screen.findByText('Embed feature requires a paid plan.')).closest('[role="status"]')).not.toBeNull();
    // The app owner's plan decides, on every page of the app, not the plan of a board at this path.
    expect(calls.find((call) => call.url.pathname === '/api/board/workspace')!.url.searchParams.get('app_id')).toBe('a1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a paid plan, Embed shows the iframe code of the app address', async () => {
    serve();
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('Embed'));
    const dialog = await screen.findByRole('dialog', { name: 'Embed Content' });
    expect(within(dialog).getByLabelText('Embed code')).toHaveValue(
      `<iframe src="${window.location.origin}/?app=field" title="Field app" width="100%" height="600" style="border:0" loading="lazy"></iframe>`,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows one popup at a time; the close button and the overlay go back to the page', async () => {
    serve({ 'GET /api/pages/a1': { body: { pages: [home], home_page_id: 'p-home' } } });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');

    await user.click(sidebarButton('Pages'));
    expect(await screen.findByRole('dialog', { name: 'Pages' })).toBeInTheDocument();
    await user.click(sidebarButton('New Block'));
    expect(screen.getAllByRole('dialog')).toEqual([screen.getByRole('dialog', { name: 'Choose Your Block' })]);
    expect(sidebarButton('New Block')).toHaveAttribute('aria-expanded', 'true');
    await user.click(sidebarButton('Users'));
    expect(screen.getAllByRole('dialog')).toEqual([screen.getByRole('dialog', { name: 'Users' })]);
    expect(screen.getByRole('dialog', { name: 'Users' })).toHaveTextContent('users of a1');
    await user.click(sidebarButton('App Settings'));
    const settings = screen.getByRole('dialog', { name: 'App Settings' });
    expect(screen.getAllByRole('dialog')).toEqual([settings]);

    await user.click(within(settings).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(sidebarButton('New Block'));
    await user.click(screen.getByTestId('popup-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Publish sets the publish mode, shown as a pressed button and the Publish App panel, and toggles back; Docs opens a new tab', async () => {
    serve();
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('Publish'));
    expect(sidebarButton('Publish')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('dialog')).toEqual([screen.getByRole('dialog', { name: 'Publish App' })]);
    await user.click(sidebarButton('Publish'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sidebarButton('Publish')).toHaveAttribute('aria-pressed', 'false');
    await user.click(sidebarButton('Docs'));
    expect(window.open).toHaveBeenCalledWith('/docs', '_blank', 'noopener,noreferrer');
  });

  it('saves a picked block and puts it before the last block of the page', async () => {
    const { calls } = serve({
      'POST /api/page/update-metadata': {
        body: pageState({
          blocks: [
            { id: 'h', type: 'header', title: 'Top' },
            { id: 'm', type: 'markdown', title: 'Intro', text: 'Hi' },
            { id: 'f', type: 'footer', title: 'Bottom' },
          ],
        }),
      },
      'POST /api/apps/a1/pages/p-home/blocks': { status: 201, body: { id: 'b-new', type: 'chart' } },
    });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('New Block'));
    const picker = screen.getByRole('dialog', { name: 'Choose Your Block' });
    await within(picker).findByRole('button', { name: 'Chart' });
    expect(
      within(picker)
        .getAllByRole('button', { name: /./ })
        .filter((b) => b.textContent !== '×'),
    ).toHaveLength(20);
    await user.click(await within(picker).findByRole('button', { name: 'Chart' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-labelledby')),
    ).toEqual(['block-h-title', 'block-m-title', 'block-b-new-title', 'block-f-title']);
    expect(screen.getByRole('region', { name: 'Chart' })).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/blocks'));
    expect(saved?.body).toMatchObject({ type: 'chart', temp_block: true });
  });

  it('keeps the picker open with the server message when a block is refused', async () => {
    serve({ 'POST /api/apps/a1/pages/p-home/blocks': { status: 422, body: { error: 'Unknown block type `x`.', field: 'type' } } });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('New Block'));
    await user.click(await screen.findByRole('button', { name: 'Map' }));
    const picker = screen.getByRole('dialog', { name: 'Choose Your Block' });
    expect(await within(picker).findByRole('alert')).toHaveTextContent('Unknown block type `x`.');
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('the Pages popup', { timeout: 15_000 }, () => {
  async function openPages(more: FetchRoutes = {}) {
    const fetched = serve({ 'GET /api/pages/a1': { body: { pages: [home, about], home_page_id: 'p-home' } }, ...more });
    const view = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await view.user.click(sidebarButton('Pages'));
    const dialog = await screen.findByRole('dialog', { name: 'Pages' });
    await within(dialog).findByText('About');
    return { ...fetched, ...view, dialog };
  }

  it('says how to add pages to an app that has only its home page', async () => {
    serve({ 'GET /api/pages/a1': { body: { pages: [home], home_page_id: 'p-home' } } });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('Pages'));
    const dialog = await screen.findByRole('dialog', { name: 'Pages' });
    expect(await within(dialog).findByText(/This app has only its home page so far. Add a page below/)).toBeInTheDocument();
  });

  it('lists the pages in order, the home page without a Delete button', async () => {
    const { dialog } = await openPages();
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.app-pages-name')?.firstChild?.textContent)).toEqual(['Home', 'About']);
    expect(within(items[0]).queryByRole('button', { name: 'Delete Home' })).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Delete About' })).toBeInTheDocument();
    // The list is the navigation of an app without a header: editing it here edits that.
    expect(within(dialog).getByText(/every page shows these pages, in this order and under these names, as its navigation/)).toBeInTheDocument();
  });

  it('adds a page with a slug made from its name, and shows a slug clash inline', async () => {
    let clash = false;
    const { user, dialog, calls } = await openPages({
      'POST /api/apps/a1/pages': () =>
        clash
          ? { status: 409, body: { error: 'This app already has a page with the slug `contact`. Please choose another slug.' } }
          : { status: 201, body: { page: { ...about, id: 'p-contact', page_name: 'Contact us', page_slug: 'contact-us', position: 2 }, settings: {} } },
    });
    const form = within(dialog).getByRole('form', { name: 'Add a page' });
    await fill(user, within(form).getByLabelText('Page name'), 'Contact us');
    expect(within(form).getByLabelText('Page slug')).toHaveValue('contact-us');
    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    expect(await within(dialog).findByRole('link', { name: 'Open Contact us' })).toHaveAttribute('href', '/contact-us?app=field');
    expect(calls.at(-1)?.body).toEqual({ page_name: 'Contact us', page_slug: 'contact-us' });

    clash = true;
    await fill(user, within(form).getByLabelText('Page name'), 'Contact');
    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This app already has a page with the slug `contact`. Please choose another slug.');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('renames a page with its slug', async () => {
    const { user, dialog, calls } = await openPages({
      'PUT /api/apps/a1/pages/p-about': { body: { page: { ...about, page_name: 'About us', page_slug: 'about-us' }, settings: {} } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Rename About' }));
    const form = within(dialog).getByRole('form', { name: 'Rename About' });
    await fill(user, within(form).getByLabelText('Page name'), 'About us');
    await fill(user, within(form).getByLabelText('Page slug'), 'about-us');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('link', { name: 'Open About us' })).toHaveAttribute('href', '/about-us?app=field');
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { page_name: 'About us', page_slug: 'about-us' } });
  });

  it('renaming the current page retitles the editor, and the home page keeps its empty slug', async () => {
    const { user, dialog, calls } = await openPages({
      'PUT /api/apps/a1/pages/p-home': { body: { page: { ...home, page_name: 'Start' }, settings: {} } },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Rename Home' }));
    const form = within(dialog).getByRole('form', { name: 'Rename Home' });
    expect(within(form).queryByLabelText('Page slug')).not.toBeInTheDocument();
    await fill(user, within(form).getByLabelText('Page name'), 'Start');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await findTitle('Field app - Start')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ page_name: 'Start' });
  });

  it('moves a page up with the order call and shows the new order', async () => {
    const { user, dialog, calls } = await openPages({
      'PUT /api/apps/a1/pages/order': {
        body: {
          pages: [
            { ...about, position: 0 },
            { ...home, position: 1 },
          ],
          home_page_id: 'p-home',
        },
      },
    });
    expect(within(dialog).getByRole('button', { name: 'Move Home up' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Move About up' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Move About up' })).toBeDisabled());
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { ids: ['p-about', 'p-home'] } });
  });

  it('deletes a page after a confirmation', async () => {
    const { user, dialog, calls } = await openPages({ 'DELETE /api/apps/a1/pages/p-about': { body: { deleted: true, id: 'p-about' } } });
    await user.click(within(dialog).getByRole('button', { name: 'Delete About' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete page' });
    expect(question).toHaveAccessibleDescription('Delete the page "About" and its blocks? You can bring them back from History.');
    // Escape answers the question only: the page list stays open.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete About' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete page' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByText('About')).not.toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(calls.at(-1)?.url.pathname).toBe('/api/apps/a1/pages/p-about');
  });

  it('opens another page, asking for it by the app id, and keeps ?app=', async () => {
    const { user, dialog, where, calls } = await openPages();
    await user.click(within(dialog).getByRole('link', { name: 'Open About' }));
    await waitFor(() => expect(where()).toBe('/about?app=field'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/page/update-metadata')).toHaveLength(2));
    const query = calls.filter((c) => c.url.pathname === '/api/page/update-metadata')[1].url.searchParams;
    expect([query.get('board'), query.get('app_id')]).toEqual(['about', 'a1']);
  });
});

describe('the App Settings popup', { timeout: 15_000 }, () => {
  it('saves the changed app fields and page colours', async () => {
    const { calls } = serve({
      'PUT /api/apps/a1': (init) => ({ body: { app: { ...app, ...JSON.parse(String(init.body)) } } }),
      'PUT /api/apps/a1/pages/p-home': (init) => ({
        body: { page: home, settings: { ...pageState(), ...JSON.parse(String(init.body)) } },
      }),
    });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('App Settings'));
    const dialog = screen.getByRole('dialog', { name: 'App Settings' });
    await fill(user, within(dialog).getByLabelText('App name'), 'Field kit');
    await fill(user, within(dialog).getByLabelText('Spreadsheet URL'), 'https://example.com/sheet');
    await user.click(within(dialog).getByRole('checkbox', { name: /Public/ }));
    const background = within(dialog).getByLabelText('Page background');
    expect(background).toHaveValue('#fafafa');
    // A colour input takes its value in one change, as the browser's picker gives it.
    fireEvent.change(background, { target: { value: '#ffeedd' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findTitle('Field kit - Home')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/apps/a1', { name: 'Field kit', spreadsheet_url: 'https://example.com/sheet', public: true }],
      ['/api/apps/a1/pages/p-home', { page_background: '#ffeedd' }],
    ]);
    expect(screen.getByRole('main').parentElement).toHaveStyle({ background: '#ffeedd' });
  });

  it("saves the page's filters through the page call, with the spreadsheet's tabs and columns to pick from", async () => {
    const page = pageState({ spreadsheetId: 's1', sheets: ['Jobs', 'Crew'] });
    const { calls } = serve(
      {
        'GET /api/spreadsheets/s1': {
          body: {
            sheets: [
              { title: 'Jobs', columns: ['Site', 'Assignee'] },
              { title: 'Crew', columns: ['Email'] },
            ],
          },
        },
        'PUT /api/apps/a1/pages/p-home': (init) => ({ body: { page: home, settings: { ...page, ...JSON.parse(String(init.body)) } } }),
      },
      page,
    );
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('App Settings'));
    const dialog = screen.getByRole('dialog', { name: 'App Settings' });
    const filters = within(dialog).getByRole('group', { name: 'Filters of this page (Home)' });
    await user.click(within(filters).getByRole('button', { name: 'Add filter' }));
    await fill(user, within(filters).getByRole('textbox', { name: 'Name' }), 'Mine');
    expect(within(filters).getByRole('combobox', { name: 'Sheet' })).toHaveValue('Jobs');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Column' }), 'Assignee');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Condition' }), 'any_of');
    await user.type(within(filters).getByRole('textbox', { name: 'Values' }), 'crew@example.com||');
    await user.click(within(filters).getByRole('button', { name: 'Insert [(current_user)]' }));
    await user.click(within(filters).getByRole('switch', { name: 'Always applied' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = {
      name: 'Mine',
      active: true,
      condition: 'any_of',
      sheet_column: { sheet: 'Jobs', column: 'Assignee' },
      value: 'crew@example.com||[(current_user)]',
    };
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body])).toEqual([['/api/apps/a1/pages/p-home', { filters: [saved] }]]);
    // The page keeps what was saved: opened again, the filter is there.
    await user.click(sidebarButton('App Settings'));
    const again = within(screen.getByRole('dialog', { name: 'App Settings' })).getByRole('group', { name: 'Filter 1: Mine' });
    expect(within(again).getByRole('textbox', { name: 'Values' })).toHaveValue('crew@example.com||[(current_user)]');
  });

  it("shows the page call's refusal of the filters in the filter editor", async () => {
    const refusal =
      "A filter's condition must be one of =, >, <, starts_with, not_starts_with, ends_with, not_ends_with, includes, not_includes, past_days, today, tomorrow, current_week, next_week, date, any_of.";
    serve(
      { 'PUT /api/apps/a1/pages/p-home': { status: 422, body: { error: refusal, field: 'filters' } } },
      pageState({ filters: [{ name: 'Old', active: true, condition: '=', sheet_column: { sheet: 'Jobs', column: 'Site' }, value: 'North' }] }),
    );
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('App Settings'));
    const dialog = screen.getByRole('dialog', { name: 'App Settings' });
    const filters = within(dialog).getByRole('group', { name: 'Filters of this page (Home)' });
    // Without the spreadsheet's tabs and columns, they are typed.
    expect(within(filters).getByRole('textbox', { name: 'Column' })).toHaveValue('Site');
    await user.click(within(filters).getByRole('switch', { name: 'Always applied' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(filters).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'App Settings' })).toBeInTheDocument();
  });

  it('will not save page filters whose names a link could not tell apart', async () => {
    const base = { active: true, condition: '=', sheet_column: { sheet: 'Jobs', column: 'Site' }, value: 'North' };
    const { calls } = serve(
      {},
      pageState({
        filters: [
          { ...base, name: 'Site' },
          { ...base, name: 'Other' },
        ],
      }),
    );
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('App Settings'));
    const dialog = screen.getByRole('dialog', { name: 'App Settings' });
    await fill(user, within(within(dialog).getByRole('group', { name: 'Filter 2: Other' })).getByRole('textbox', { name: 'Name' }), 'Site');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Some filters cannot be saved as they are; the message beside each says why.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows a taken sub-domain inline and stays open', async () => {
    serve({ 'PUT /api/apps/a1': { status: 409, body: { error: 'A workspace or app with this subdomain already exists' } } });
    const { user } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('App Settings'));
    const dialog = screen.getByRole('dialog', { name: 'App Settings' });
    await fill(user, within(dialog).getByLabelText('Sub-domain'), 'sales');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A workspace or app with this subdomain already exists');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('follows a new sub-domain in the ?app= address', async () => {
    const { calls } = serve({ 'PUT /api/apps/a1': { body: { app: { ...app, subdomain: 'field-kit' } } } });
    const { user, where } = renderViewer('/?app=field');
    await findTitle('Field app - Home');
    await user.click(sidebarButton('App Settings'));
    const dialog = screen.getByRole('dialog', { name: 'App Settings' });
    await fill(user, within(dialog).getByLabelText('Sub-domain'), 'field-kit');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/?app=field-kit'));
    // The next page state is asked for by the app's id, which the new sub-domain still names.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/page/update-metadata')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/api/page/update-metadata')[1].url.searchParams.get('app_id')).toBe('a1');
    expect(await findTitle('Field app - Home')).toBeInTheDocument();
  });
});
