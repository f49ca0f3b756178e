import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCESS_DENIED_TEXT } from '../../api/messages';
import { setRuntimeConfigForTests } from '../../config/runtime';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  setRuntimeConfigForTests(null);
});

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };

function serve(board: ReturnType<typeof boardState>, more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: 'https://docs.google.com/spreadsheets/d/abc' } },
    ...unpublished,
    ...more,
  });
}

describe('board viewer at /:board_slug', () => {
  it('shows Loading, then the board by its slug, and guests get no bars', async () => {
    const { calls } = serve(boardState({ blocks: [tableBlock] }));
    renderApp('/sales');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales overview' })).toBeInTheDocument();
    expect(screen.getByText('Revenue by month')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete block/ })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('gives a visitor a neutral text in a section without blocks', async () => {
    const blocks = [{ id: 'a', type: 'markdown', title: 'Intro', section: 'Overview', text: 'Hello' }];
    serve(boardState({ sections: 'Overview,Details', blocks }));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(screen.getByText('Nothing has been published in this section yet.')).toBeInTheDocument();
    expect(screen.queryByText(/New Block/)).not.toBeInTheDocument();
  });

  it('hides the hero and the search when the board says so', async () => {
    serve(boardState({ hide_hero: true, hide_search: true }));
    renderApp('/sales');
    expect(await screen.findByText('Nothing has been published on this board yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('gives editors the top bar and the sidebar', async () => {
    serve(boardState({ ...editor, blocks: [tableBlock] }));
    renderApp('/sales');
    const nav = await screen.findByRole('navigation', { name: 'Board editor' });
    // The workspace's boards, where an editor goes next; Administration has its own entry there.
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/dashboard');
    for (const name of ['Tutorials', 'Spreadsheet', 'Publish to Marketplace']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // Sharing is what most editors come to do: Share is the one primary action, Publish a secondary one.
    expect(screen.getByRole('button', { name: /^Share/ })).toHaveClass('primary');
    expect(screen.getByRole('button', { name: 'Publish to Marketplace' })).not.toHaveClass('primary');
    for (const name of ['New Block', 'Docs', 'Embed']) expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete block Monthly sales' })).toBeInTheDocument();
  });

  it('lays the board out at a real phone width (390 px) in the mobile preview, scaled into 310 x 600, and back', async () => {
    serve(boardState({ ...editor, blocks: [tableBlock] }));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Mobile preview' }));
    const frame = screen.getByTitle(/^Mobile preview of/);
    expect(frame).toHaveAttribute('src', '/embed?board=sales');
    // The page inside sees a 390 px viewport, so it takes the breakpoints a phone takes.
    expect(frame).toHaveAttribute('width', '390');
    expect(frame).toHaveAttribute('height', '775');
    expect(frame.style.transform).toBe(`scale(${294 / 390})`);
    // On screen, bezel included, it keeps to the spec's 310 x 600.
    expect(frame.parentElement).toHaveStyle({ width: '310px', height: '600px' });
    expect(screen.queryByRole('button', { name: 'Delete block Monthly sales' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mobile preview', pressed: true }));
    expect(screen.getByRole('button', { name: 'Delete block Monthly sales' })).toBeInTheDocument();
    expect(screen.queryByTitle(/^Mobile preview of/)).not.toBeInTheDocument();
  });

  it('shows the Access Denied screen for a private board', async () => {
    serve(boardState(), { 'POST /api/board/update-metadata': { status: 403, body: { error: `Access denied: ${ACCESS_DENIED_TEXT}` } } });
    renderApp('/secret');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getAllByText('Access Denied').length).toBeGreaterThan(0);
    expect(screen.getAllByText(ACCESS_DENIED_TEXT).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows Page not found for an unknown board', async () => {
    const { calls } = serve(boardState(), {
      'POST /api/board/update-metadata': { status: 404, body: { error: 'Page not found: no board has the address /nope.' } },
    });
    renderApp('/nope');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(calls[0].url.searchParams.get('board')).toBe('nope');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows the section tabs with un-categorized, and each tab its blocks', async () => {
    const blocks = [
      { id: 'a', type: 'markdown', title: 'Intro', section: 'Overview', text: 'Hello' },
      { id: 'b', type: 'markdown', title: 'Notes', section: 'Details', text: 'More' },
      { id: 'c', type: 'markdown', title: 'Old notes', section: 'Archive', text: 'Old' },
    ];
    serve(boardState({ sections: ' Overview, ,Details ', current_section: 'Details', blocks }));
    const { user } = renderApp('/sales');
    const tabs = await screen.findByRole('tablist', { name: 'Sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Details', 'un-categorized']);
    expect(within(tabs).getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Details' })).toHaveStyle({ color: '#FFFFFF', background: '#161819' });
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Intro' })).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'un-categorized' }));
    expect(screen.getByRole('heading', { name: 'Old notes' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Overview' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Intro' })).toBeInTheDocument();
  });

  it("shows a failing sheet's error in its block while another block shows its rows", async () => {
    const blocks = [tableBlock, { id: 'k2', type: 'table', title: 'Returns', sheet_title: 'Returns' }];
    serve(boardState({ blocks }), {
      'GET /api/board/s1/sheet/Returns': { status: 404, body: { error: 'The sheet `Returns` is not in this spreadsheet.' } },
    });
    renderApp('/sales');
    const returns = await screen.findByRole('region', { name: 'Returns' });
    expect(await within(returns).findByRole('alert')).toHaveTextContent('The sheet `Returns` is not in this spreadsheet.');
    const sales = screen.getByRole('region', { name: 'Monthly sales' });
    const table = await within(sales).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Month', 'Revenue']);
    expect(within(table).getByRole('cell', { name: 'Feb' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("falls back to 'Data Error' when a failed sheet call says nothing", async () => {
    serve(boardState({ blocks: [tableBlock] }), { 'GET /api/board/s1/sheet/Sales': { status: 500, body: { error: '' } } });
    renderApp('/sales');
    const block = await screen.findByRole('region', { name: 'Monthly sales' });
    expect(await within(block).findByRole('alert')).toHaveTextContent('Data Error');
  });

  it('asks for the rows with the board, the block and the search terms', async () => {
    const { calls } = serve(boardState({ blocks: [tableBlock] }));
    const { user } = renderApp('/sales');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Feb');
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('search') === 'Feb')).toBe(true), { timeout: 2000 });
    const sheetCall = calls.find((call) => call.url.pathname === '/api/board/s1/sheet/Sales')!;
    expect(sheetCall.url.searchParams.get('board')).toBe('sales');
    expect(sheetCall.url.searchParams.get('block')).toBe('k1');
  });

  it("colours a block's frame and title with its shared settings (blocks §3.1)", async () => {
    const styled = { ...tableBlock, background_color: '#101820', font_color: '#f5f5f5', title_color: '#ff0000', title_background_color: '#00ff00' };
    serve(boardState({ blocks: [styled] }));
    renderApp('/sales');
    const block = await screen.findByRole('region', { name: 'Monthly sales' });
    expect(block).toHaveStyle({ background: '#101820', color: '#f5f5f5' });
    expect(within(block).getByRole('heading', { name: 'Monthly sales' })).toHaveStyle({ color: '#ff0000', background: '#00ff00' });
  });

  it('on a board without a spreadsheet, still renders markdown and says why sheet blocks are empty', async () => {
    const note = { id: 'm', type: 'markdown', title: 'Welcome', text: '# Hi' };
    serve(boardState({ spreadsheetId: null, blocks: [note, tableBlock] }), {
      'GET /api/board/-/view/m': { body: { kind: 'markdown', texts: ['# Hi'], html: ['<h1>Hi</h1>'] } },
    });
    renderApp('/sales');
    const welcome = await screen.findByRole('region', { name: 'Welcome' });
    expect(await within(welcome).findByRole('heading', { name: 'Hi' })).toBeInTheDocument();
    const sales = screen.getByRole('region', { name: 'Monthly sales' });
    expect(within(sales).getByRole('alert')).toHaveTextContent('No spreadsheet is connected to this board.');
  });

  it("draws markdown from the server's sanitised HTML only, never from the raw text", async () => {
    const text = '<img src=x onerror=alert(1)> **hi**';
    serve(boardState({ blocks: [{ id: 'm', type: 'markdown', title: 'About', text }] }), {
      'GET /api/board/s1/view/m': { body: { kind: 'markdown', texts: [text], html: ['<p><strong>hi</strong></p>'] } },
    });
    renderApp('/sales');
    const block = await screen.findByRole('region', { name: 'About' });
    expect(await within(block).findByText('hi', { selector: 'strong' })).toBeInTheDocument();
    expect(block.querySelector('img')).toBeNull();
  });

  it("sends the filter bar's choice as the URL filters of every block's request", async () => {
    const region = { name: 'Region', active: false, condition: '=', sheet_column: { sheet: 'Sales', column: 'Month' }, value: '' };
    const { calls } = serve(boardState({ blocks: [tableBlock], hide_filters: false, filters: [region] }));
    const { user } = renderApp('/sales');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Region' }));
    await user.type(screen.getByRole('textbox', { name: 'Month is' }), 'Feb{Enter}');
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/board/s1/sheet/Sales' && call.url.searchParams.get('_filters') === 'Region:Feb')).toBe(true),
    );
  });

  it('shows the rows of a link whose filter the board does not have, with one quiet notice instead of an error per block', async () => {
    await loadRealCore();
    const second = { ...tableBlock, id: 'second', title: 'Again' };
    serve(boardState({ blocks: [tableBlock, second], hide_filters: false, filters: [] }));
    renderApp('/sales?filters=Books%20only:yes');
    expect(await screen.findAllByRole('table')).toHaveLength(2);
    const notice = await screen.findByText(/this link's filters was ignored/);
    expect(notice).toHaveTextContent('Books only');
    expect(screen.getAllByText(/filters was ignored/)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('board editor shell', () => {
  it('points the editor of an empty board, and of an empty section, at New Block', async () => {
    serve(boardState(editor));
    renderApp('/sales');
    await screen.findByRole('navigation', { name: 'Board editor' });
    expect(await screen.findByText('This board has no blocks yet. Press New Block to add a chart, a table, a form or any other block.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing has been published on this board yet.')).not.toBeInTheDocument();
  });

  it('tells an editor and a visitor apart in a section without blocks', async () => {
    const blocks = [{ id: 'a', type: 'markdown', title: 'Intro', section: 'Overview', text: 'Hello' }];
    serve(boardState({ ...editor, sections: 'Overview,Details', blocks }));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('tab', { name: 'Details' }));
    expect(screen.getByText('This section has no blocks yet. Press New Block to add one here.')).toBeInTheDocument();
  });

  it('keeps one popup open at a time; the overlay and the close button return to the board', async () => {
    serve(boardState(editor), { 'GET /api/board/workspace': { body: { is_free_plan: false } } });
    const { user } = renderApp('/sales');
    const nav = await screen.findByRole('navigation', { name: 'Board editor' });
    const newBlock = within(nav).getByRole('button', { name: 'New Block' });

    await user.click(newBlock);
    expect(screen.getByRole('dialog', { name: 'Choose Your Block' })).toBeInTheDocument();
    expect(newBlock).toHaveAttribute('aria-expanded', 'true');
    expect(newBlock.querySelector('.new-block-icon')).toHaveClass('rotated');

    await user.click(within(nav).getByRole('button', { name: 'Embed' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Embed Content' })).toBeInTheDocument();
    expect(newBlock).toHaveAttribute('aria-expanded', 'false');
    expect(newBlock.querySelector('.new-block-icon')).not.toHaveClass('rotated');

    fireEvent.mouseDown(screen.getByTestId('popup-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish to Marketplace' }));
    expect(screen.getByRole('dialog', { name: 'Publish Board' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tutorials' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Upgrade Now on the free plan, to the billing page', async () => {
    const { calls } = serve(boardState(editor), { 'GET /api/board/workspace': { body: { is_free_plan: true } } });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    const dialog = screen.getByRole('dialog', { name: 'Embed Content' });
    expect(await within(dialog).findByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/dashboard/accountbilling');
    expect(within(dialog).getByText('Embedding a board in another site needs a paid plan.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/board/workspace')!.url.searchParams.get('board')).toBe('sales');
  });

  it('gives the iframe code on a paid plan, with Copy', async () => {
    const writeText = vi.fn(async () => {});
    serve(boardState(editor), { 'GET /api/board/workspace': { body: { is_free_plan: false } } });
    const { user } = renderApp('/sales');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    const code = await screen.findByRole('textbox', { name: /Paste this code/ });
    expect((code as HTMLTextAreaElement).value).toContain(`<iframe src="${window.location.origin}/embed?board=sales"`);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith((code as HTMLTextAreaElement).value);
    expect(await screen.findByText('Embed code copied.')).toBeInTheDocument();

    const script = screen.getByRole('textbox', { name: /Or paste this script/ }) as HTMLTextAreaElement;
    expect(script.value).toBe(`<script src="${window.location.origin}/embed.js" data-board="sales" data-title="Sales overview" async></script>`);
    await user.click(screen.getByRole('button', { name: 'Copy script' }));
    expect(writeText).toHaveBeenLastCalledWith(script.value);
  });

  it('saves a picked block type as a draft, appends it and opens its settings', async () => {
    await loadRealCore();
    const { calls } = serve(boardState({ ...editor, blocks: [tableBlock] }), {
      'POST /api/boards/b1/blocks': { status: 201, body: { id: 'k9', type: 'scorecard', title: 'Scorecard', temp_block: true } },
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'New Block' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose Your Block' });
    await within(dialog).findByRole('button', { name: /^Scorecard/ });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /./ })
        .filter((b) => b.className === 'block-type'),
    ).toHaveLength(20);
    await user.click(within(dialog).getByRole('button', { name: /^Scorecard/ }));
    expect(await screen.findByRole('form', { name: 'Scorecard settings' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/boards/b1/blocks')!;
    expect(post.body).toMatchObject({ type: 'scorecard', title: 'Scorecard', temp_block: true });
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('region')
        .map((region) => within(region).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Monthly sales', 'Scorecard']);
  });

  it('deletes a block after asking in the app', async () => {
    const { calls } = serve(boardState({ ...editor, blocks: [tableBlock] }), { 'DELETE /api/blocks/k1': { status: 204 } });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Delete block Monthly sales' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete block' });
    expect(question).toHaveAccessibleDescription('Delete the block "Monthly sales"?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Monthly sales' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete block Monthly sales' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete block' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Monthly sales' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/blocks/k1')).toBe(true);
  });

  it('switches the tutorial videos with the tabs and the arrow keys', async () => {
    setRuntimeConfigForTests({ tutorialVideos: { boardSettings: '/v/settings.webm', addBlock: '/v/add.webm', publish: '/v/publish.webm' } });
    serve(boardState(editor));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Tutorials' }));
    const dialog = screen.getByRole('dialog', { name: 'Tutorial Videos' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Board Settings', 'Add Block', 'Publish to MarketPlace']);
    expect(within(dialog).getByLabelText('Board Settings tutorial video')).toHaveAttribute('src', '/v/settings.webm');
    await user.click(within(dialog).getByRole('tab', { name: 'Add Block' }));
    expect(within(dialog).getByLabelText('Add Block tutorial video')).toHaveAttribute('src', '/v/add.webm');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'Publish to MarketPlace' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByLabelText('Publish to MarketPlace tutorial video')).toHaveAttribute('src', '/v/publish.webm');
  });

  it('opens the source spreadsheet and the docs in new tabs', async () => {
    setRuntimeConfigForTests({ docsUrl: 'https://docs.example.com' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serve(boardState(editor));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Spreadsheet' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://docs.google.com/spreadsheets/d/abc', '_blank', 'noopener'));
    await user.click(screen.getByRole('button', { name: 'Docs' }));
    expect(open).toHaveBeenLastCalledWith('https://docs.example.com', '_blank', 'noopener');
  });

  it('warns when the board has no spreadsheet', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    serve(boardState({ ...editor, spreadsheetId: null }));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Spreadsheet' }));
    expect(await screen.findByText('Spreadsheet URL not configured.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('lets the owner make the board public in Publish Board without listing it', async () => {
    const { calls } = serve(boardState({ ...editor, public: false }), {
      'PUT /api/boards/b1': { body: boardState({ ...editor, public: true }) },
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Publish to Marketplace' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish Board' });
    expect(within(dialog).getByText('This board is private: only its owner and admins can see it.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Public board' }));
    expect(await within(dialog).findByText('This board is public: anyone with its link can see it.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ public: true });
    expect(within(dialog).getByText('Not on the Marketplace. Publishing lists the board there and makes it public.')).toBeInTheDocument();
  });

  it('reaches Board Settings from the sidebar', async () => {
    serve(boardState(editor));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Board Settings' })).toBeInTheDocument();
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
