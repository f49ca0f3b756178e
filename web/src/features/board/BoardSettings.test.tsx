import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardState } from '../../generated/api';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { renderApp } from '../../test/renderApp';
import { boardState, salesRows, tableBlock, unpublished } from './boardFixture';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() => import('./BoardViewerRoute'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const editor = { can_edit: true, user_role: 'owner' as const, owner_email: 'ann@example.com' };

/** The board editor at /sales over `board`; PUT /api/boards/b1 answers with `put`, by default the board with the change applied. */
function serve(board: BoardState, put?: Routes[string]) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': {
      body: {
        open_url: '/dashboard/spreadsheets/s1',
        sheets: [
          { title: 'Sales', columns: ['Month', 'Revenue', 'Owner'] },
          { title: 'Team', columns: ['Email'] },
        ],
      },
    },
    'PUT /api/boards/b1': put ?? ((init) => ({ body: { ...board, ...JSON.parse(String(init.body)) } })),
    ...unpublished,
  });
}

async function openSettings(board: BoardState, put?: Routes[string]) {
  const { calls } = serve(board, put);
  const { user } = renderApp('/sales');
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  const dialog = screen.getByRole('dialog', { name: 'Board Settings' });
  const group = (name: string) => within(dialog).getByRole('group', { name });
  const save = () => user.click(within(dialog).getByRole('button', { name: 'Save' }));
  const puts = () => calls.filter((call) => call.method === 'PUT').map((call) => call.body);
  return { user, dialog, group, save, puts, calls };
}

describe('Board Settings', () => {
  it('sends every edited setting, and only those, in one PUT', async () => {
    const board = boardState({ ...editor, public: false, palette: ['#ff0000', '#00ff00'] });
    const { user, dialog, group, save, puts } = await openSettings(board);
    const fill = async (name: string, text: string) => {
      const input = within(dialog).getByRole('textbox', { name });
      await user.clear(input);
      await user.type(input, text);
    };
    await fill('Board name', 'Sales 2026');
    await fill('Title', 'Sales this year');
    await fill('Hero text', 'Every sale, by month');
    await fill('Logo (image URL)', 'https://example.com/logo.png');
    await fill('Hero image (URL)', 'https://example.com/hero.jpg');
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sign-in method' }), 'password');
    await user.click(within(dialog).getByRole('switch', { name: 'Hide hero' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Hide filters' }));
    // The picker gives its value in one change, as the browser's does; the hex text is typed.
    fireEvent.change(within(dialog).getByLabelText('Navigation background'), { target: { value: '#102030' } });
    await fill('Block shadow (hex)', '#abc');
    expect(within(dialog).getByLabelText('Block shadow')).toHaveValue('#aabbcc');

    const palette = group('Palette');
    await user.click(within(palette).getByRole('button', { name: 'Move colour 2 up' }));
    await user.click(within(palette).getByRole('button', { name: 'Add colour' }));
    await fill('Colour 3 (hex)', '#0000ff');
    await user.click(within(palette).getByRole('button', { name: 'Remove colour 1' }));

    await user.type(within(group('Sections')).getByRole('textbox', { name: 'New section' }), 'Overview{Enter}');

    await user.click(within(group('Filters')).getByRole('button', { name: 'Add filter' }));
    const filter = within(dialog).getByRole('group', { name: 'Filter 1: Filter 1' });
    await user.selectOptions(within(filter).getByRole('combobox', { name: 'Column' }), 'Owner');
    await user.click(within(filter).getByRole('button', { name: 'Insert [(current_user)]' }));
    // Each viewer's own rows: a filter that always applies (a new one does not until told so).
    await user.click(within(filter).getByRole('switch', { name: 'Always applied' }));

    await save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toEqual([
      {
        name: 'Sales 2026',
        title: 'Sales this year',
        hero: 'Every sale, by month',
        logo: 'https://example.com/logo.png',
        hero_image: 'https://example.com/hero.jpg',
        sign_in_method: 'password',
        nav_background: '#102030',
        block_shadow: '#abc',
        public: true,
        hide_hero: true,
        hide_filters: false,
        palette: ['#ff0000', '#0000ff'],
        sections: 'Overview',
        filters: [{ name: 'Filter 1', active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Owner' }, value: '[(current_user)]' }],
      },
    ]);
    expect(screen.getByText('Board settings saved.')).toBeInTheDocument();
    // The saved board is the one shown: the hero is hidden, the new section is a tab.
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toBeInTheDocument();
  });

  it('closes without a call when nothing changed', async () => {
    const { save, puts } = await openSettings(
      boardState({
        ...editor,
        sections: 'A,B',
        filters: [{ name: 'Mine', active: true, condition: 'date', sheet_column: { sheet: 'Sales', column: 'Month' }, value: '2026-01-01..2026-01-31' }],
      }),
    );
    await save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toEqual([]);
  });

  it('adds, renames, reorders and removes sections, saved as trimmed comma-separated text', async () => {
    const { user, group, save, puts } = await openSettings(boardState({ ...editor, sections: ' Overview, Details,, Extra ' }));
    const sections = group('Sections');
    const names = () =>
      within(sections)
        .getAllByRole('textbox', { name: /^Section \d+$/ })
        .map((input) => (input as HTMLInputElement).value);
    expect(names()).toEqual(['Overview', 'Details', 'Extra']);

    const details = within(sections).getByRole('textbox', { name: 'Section 2' });
    await user.clear(details);
    await user.type(details, ' Numbers ');
    await user.click(within(sections).getByRole('button', { name: 'Move section Extra up' }));
    await user.click(within(sections).getByRole('button', { name: 'Remove section Overview' }));
    // Two names at once, as the stored text would read them.
    await user.type(within(sections).getByRole('textbox', { name: 'New section' }), 'Later, Soon');
    await user.click(within(sections).getByRole('button', { name: 'Add section' }));
    await user.type(within(sections).getByRole('textbox', { name: 'New section' }), 'Gone{Enter}');
    await user.clear(within(sections).getByRole('textbox', { name: 'Section 5' }));
    expect(names()).toEqual(['Extra', ' Numbers ', 'Later', 'Soon', '']);

    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ sections: 'Extra, Numbers, Later, Soon' });
  });

  it('keeps a section name with a comma or a repeated one from being saved', async () => {
    const { user, dialog, group, save, puts } = await openSettings(boardState({ ...editor, sections: 'North,South' }));
    const south = within(group('Sections')).getByRole('textbox', { name: 'Section 2' });
    await user.clear(south);
    await user.type(south, 'North');
    expect(south).toHaveAccessibleDescription('There is already a section named "North".');
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some settings below cannot be saved as they are; the message beside each says why.');
    expect(south).toHaveFocus();
    await user.type(south, ', East');
    expect(south).toHaveAccessibleDescription('A section name cannot hold a comma: commas separate the sections.');
    await user.clear(south);
    await user.type(south, 'East');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('shows a refusal at the colour it names, and saves once it is fixed', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { error: '`block_border` must be a colour such as #161819 (#RGB, #RRGGBB or #RRGGBBAA).', field: 'block_border' },
    };
    const board = boardState(editor);
    const { user, dialog, save, puts } = await openSettings(board, () => answer);
    const border = within(dialog).getByRole('textbox', { name: 'Block border (hex)' });
    await user.clear(border);
    await user.type(border, 'blue');
    await save();

    await waitFor(() => expect(border).toHaveAttribute('aria-invalid', 'true'));
    expect(border).toHaveAccessibleDescription('`block_border` must be a colour such as #161819 (#RGB, #RRGGBB or #RRGGBBAA).');
    expect(within(dialog).getByLabelText('Block border')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Block border')).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();

    answer = { status: 200, body: { ...board, block_border: '#e7ebf0' } };
    await user.clear(border);
    await user.type(border, '#e7ebf0');
    await save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toEqual([{ block_border: 'blue' }, { block_border: '#e7ebf0' }]);
  });

  it('edits the theme with a live look, saves only it, and the board wears the accent and the dark look', async () => {
    const { user, dialog, group, save, puts } = await openSettings(boardState(editor));
    const theme = group('Theme');
    const accent = within(theme).getByRole('textbox', { name: 'Accent colour (hex)' });
    await user.clear(accent);
    await user.type(accent, '#facc15');
    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    // The live look follows the form: the accent, black text on it by the contrast rule, dark.
    const look = within(theme).getByRole('group', { name: 'Live look' });
    expect(look).toHaveClass('look-dark');
    expect(look.style.getPropertyValue('--accent')).toBe('#facc15');
    expect(look.style.getPropertyValue('--accent-text')).toBe('#000000');
    await save();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toEqual([{ accent_color: '#facc15', look: 'dark' }]);
    const root = document.querySelector<HTMLElement>('.board-view')!;
    expect(root).toHaveClass('look-dark');
    expect(root.style.getPropertyValue('--accent')).toBe('#facc15');
    // The dark look stands in for the spec's light board background, which the owner never changed.
    expect(root.style.getPropertyValue('--board-background')).toBe('');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the refusal of an accent at its field', async () => {
    const refusal = '`accent_color` must be a colour such as #4f46E5 (#RGB or #RRGGBB); got `teal`.';
    const { user, group, save } = await openSettings(boardState(editor), { status: 422, body: { error: refusal, field: 'accent_color' } });
    const accent = within(group('Theme')).getByRole('textbox', { name: 'Accent colour (hex)' });
    await user.clear(accent);
    await user.type(accent, 'teal');
    await save();
    await waitFor(() => expect(accent).toHaveAttribute('aria-invalid', 'true'));
    expect(accent).toHaveAccessibleDescription(refusal);
  });

  it('shows a refusal of the filters in the filter editor', async () => {
    const put = { status: 422, body: { error: 'The filter `Recent` of this board or page cannot be used: `soon` is not a number.', field: 'filters' } };
    const { user, group, save, puts } = await openSettings(boardState(editor), put);
    const filters = group('Filters');
    await user.click(within(filters).getByRole('button', { name: 'Add filter' }));
    await user.clear(within(filters).getByRole('textbox', { name: 'Name' }));
    await user.type(within(filters).getByRole('textbox', { name: 'Name' }), 'Recent');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Condition' }), 'past_days');
    await user.type(within(filters).getByRole('spinbutton', { name: 'Number of days' }), '7');
    await save();
    expect(await within(filters).findByRole('alert')).toHaveTextContent('The filter `Recent` of this board or page cannot be used');
    expect(puts()[0]).toEqual({
      hide_filters: false,
      filters: [{ name: 'Recent', active: false, condition: 'past_days', sheet_column: { sheet: 'Sales', column: '' }, value: '7' }],
    });
    expect(screen.getByRole('dialog', { name: 'Board Settings' })).toBeInTheDocument();
  });

  it("loads the blocks' rows again once new filters are saved, as the server applies them", async () => {
    const { user, group, save, calls } = await openSettings(boardState({ ...editor, blocks: [tableBlock] }));
    const sheetCalls = () => calls.filter((call) => call.url.pathname === '/api/board/s1/sheet/Sales').length;
    await waitFor(() => expect(sheetCalls()).toBe(1));
    await user.click(within(group('Filters')).getByRole('button', { name: 'Add filter' }));
    await user.type(within(group('Filters')).getByRole('textbox', { name: 'Value' }), 'Jan');
    await user.click(within(group('Filters')).getByRole('switch', { name: 'Always applied' }));
    await save();
    await waitFor(() => expect(sheetCalls()).toBe(2));
  });

  it("shows a board's first filter to viewers, and says so while 'Hide filters' keeps it from them", async () => {
    const { user, dialog, group, save, puts } = await openSettings(boardState({ ...editor, hide_filters: true, filters: [] }));
    const hide = within(dialog).getByRole('switch', { name: 'Hide filters' });
    expect(hide).toBeChecked();
    await user.click(within(group('Filters')).getByRole('button', { name: 'Add filter' }));
    // The owner added a filter for viewers: the spec's hidden default gives way, in plain sight.
    expect(hide).not.toBeChecked();
    expect(within(group('Filters')).getByText(/Named filters show to viewers as chips/)).toBeInTheDocument();
    await user.click(hide);
    expect(hide).toHaveAccessibleDescription('Viewers do not see the filter bar while this is on; only links with ?filters= apply them.');
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ filters: [expect.objectContaining({ name: 'Filter 1' })] });
    expect(puts()[0]).not.toHaveProperty('hide_filters');
  });

  it('leaves Hide filters alone on a board that already has filters', async () => {
    const base = { active: false, condition: '=', sheet_column: { sheet: 'Sales', column: 'Owner' }, value: '' };
    const { user, dialog, group } = await openSettings(boardState({ ...editor, hide_filters: true, filters: [{ ...base, name: 'Mine' }] }));
    await user.click(within(group('Filters')).getByRole('button', { name: 'Add filter' }));
    expect(within(dialog).getByRole('switch', { name: 'Hide filters' })).toBeChecked();
  });

  it('will not save filters without unique names', async () => {
    const base = { active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Owner' }, value: 'x' };
    const { user, dialog, save, puts } = await openSettings(
      boardState({
        ...editor,
        filters: [
          { ...base, name: 'Mine' },
          { ...base, name: 'Other' },
        ],
      }),
    );
    const second = within(within(dialog).getByRole('group', { name: 'Filter 2: Other' })).getByRole('textbox', { name: 'Name' });
    await user.clear(second);
    await user.type(second, 'Mine');
    await save();
    expect(second).toHaveAccessibleDescription('Another filter is also named "Mine"; names must be unique.');
    // Both are marked; the first of them takes the focus.
    const first = within(within(dialog).getByRole('group', { name: 'Filter 1: Mine' })).getByRole('textbox', { name: 'Name' });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(puts()).toEqual([]);
  });
});

describe('Board Settings: binding to another spreadsheet', () => {
  it('binds the board to a spreadsheet of its workspace and closes with the rewritten board', async () => {
    const board = boardState(editor);
    const proposal = {
      spreadsheet_id: 's2',
      tabs: [
        {
          template_tab: 'Sales',
          your_tab: 'Deals',
          columns: [{ template_column: 'Month', template_type: 'date', your_column: 'Closed', status: 'matched', reason: null }],
        },
      ],
      your_tabs: [{ title: 'Deals', columns: [{ name: 'Closed', type: 'date' }] }],
      unmatched: 0,
    };
    const { calls } = mockFetch({
      'POST /api/board/update-metadata': { body: board },
      'GET /api/board/s1/sheet/Sales': { body: salesRows },
      'GET /api/board/s2/sheet/Sales': { body: salesRows },
      'GET /api/spreadsheets/s1': { body: { open_url: '/dashboard/spreadsheets/s1', sheets: [] } },
      'GET /api/spreadsheets/s2': { body: { open_url: '/dashboard/spreadsheets/s2', sheets: [] } },
      'GET /api/spreadsheets': {
        body: [
          { id: 's1', name: 'Current' },
          { id: 's2', name: 'Deals 2026' },
        ],
      },
      'GET /api/boards/b1/rebind': { body: proposal },
      'POST /api/boards/b1/rebind': { body: { board: { ...board, spreadsheetId: 's2' }, unbound: [] } },
      ...unpublished,
    });
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const settings = screen.getByRole('dialog', { name: 'Board Settings' });
    await user.click(within(settings).getByRole('button', { name: 'Bind to another spreadsheet...' }));
    const bind = screen.getByRole('dialog', { name: 'Bind to your spreadsheet' });
    const choice = await within(bind).findByRole('combobox', { name: 'Spreadsheet' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Keep the current spreadsheet', 'Deals 2026']);
    await user.selectOptions(choice, 'Deals 2026');
    expect(await within(bind).findByText('Every column matched.')).toBeInTheDocument();
    await user.click(within(bind).getByRole('button', { name: 'Apply' }));

    // The toast first: it lasts 4 s, which a loaded machine can spend closing the dialogs.
    expect(await screen.findByText('The board now reads your spreadsheet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const applied = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/boards/b1/rebind')!;
    expect(applied.body).toEqual({ spreadsheet_id: 's2', tabs: { Sales: 'Deals' }, columns: { Sales: { Month: 'Closed' } } });
  });
});

describe('Board Settings from New Block', () => {
  it("opens at the filters when New Block's search for a filter leads here", async () => {
    // The picker lists the catalogue from the WASM core.
    await loadRealCore();
    serve(boardState(editor));
    const { user } = renderApp('/sales');
    await user.click(await screen.findByRole('button', { name: /New Block/ }));
    const picker = screen.getByRole('dialog', { name: 'Choose Your Block' });
    await user.type(within(picker).getByRole('searchbox', { name: 'Search blocks' }), 'filter');
    await user.click(await within(picker).findByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Board Settings' });
    expect(screen.queryByRole('dialog', { name: 'Choose Your Block' })).not.toBeInTheDocument();
    const filters = within(dialog).getByRole('group', { name: 'Filters' });
    await waitFor(() => expect(filters.contains(document.activeElement)).toBe(true));
  });
});
