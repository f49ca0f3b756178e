// The settings editor's pickers: pages of the app, columns without the server's own, and the
// only tab of a board or app.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AppPage } from '../../generated/api';
import type { BlockConfig, Core } from '../../core/wasm';
import { AppPagesContext, useAppPagesStore, type AppPageList } from '../../blocks/links/appPages';
import { loadRealCore } from '../../test/realCore';
import { HeaderBlock } from '../../blocks/chrome/HeaderBlock';
import { BlockSettingsEditor } from './BlockSettingsEditor';
import { viewBlockOf } from '../../test/viewBlocks';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

const PAGES: AppPage[] = [
  { id: 'p-home', app_id: 'app-1', page_name: 'Home', page_slug: '', page_type: 'home', position: 0, record_page: false },
  { id: 'p-orders', app_id: 'app-1', page_name: 'Orders', page_slug: 'orders', page_type: 'page', position: 1, record_page: false },
  { id: 'p-team', app_id: 'app-1', page_name: 'Our team', page_slug: 'team', page_type: 'page', position: 2, record_page: false },
];

const COLUMNS: Record<string, string[]> = { Sales: ['ChartApps Record ID', 'Month', 'Revenue', 'chartmat_row_index'], Costs: ['Item'] };

/** The editor of `block` in an app whose pages are `pages`; `onBoard` opens it on a board, which has none. */
function renderEditor(block: BlockConfig, { pages = PAGES as AppPageList, sheets = ['Sales'], onBoard = false } = {}) {
  const info = core.blockCatalogue().blocks.find((entry) => entry.type === block.type)!;
  const onSave = vi.fn(async (_config: BlockConfig) => {});
  const onChange = vi.fn();
  const user = userEvent.setup();
  const { unmount } = render(
    <BlockSettingsEditor
      core={core}
      info={info}
      block={block}
      sheets={sheets}
      columnsOf={(sheet) => (sheet ? COLUMNS[sheet] : undefined)}
      pages={onBoard ? undefined : pages}
      onSave={onSave}
      onCancel={vi.fn()}
      onChange={onChange}
    />,
  );
  return { user, onSave, onChange, unmount };
}

const lastChange = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)![0] as BlockConfig;

describe('page pickers', () => {
  it('list the app’s pages by name and store the picked page’s id', async () => {
    const { user, onSave } = renderEditor({ type: 'table', sheet_title: 'Sales', toolbar_buttons: [{ title: 'All orders' }] });
    const picker = within(screen.getByRole('group', { name: 'Toolbar buttons 1' })).getByRole('combobox', { name: /^Page to open/ });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a page', 'Home', 'Orders', 'Our team', 'Type an address...']);
    await user.selectOptions(picker, 'Orders');
    expect(picker).toHaveValue('p-orders');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ toolbar_buttons: [expect.objectContaining({ open_page: 'p-orders' })] }));
  });

  it('take an address typed by hand instead', async () => {
    const { user, onSave } = renderEditor({ type: 'itemDetails', sheet_title: 'Sales', actions: [{ label: 'Help', type: 'Page' }] });
    const action = screen.getByRole('group', { name: 'Actions 1' });
    await user.selectOptions(within(action).getByRole('combobox', { name: /^Page/ }), 'Type an address...');
    await user.type(within(action).getByRole('textbox', { name: 'Page (typed address)' }), 'orders/archive');
    expect(screen.queryByText(/no longer exists|No page of this app/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ actions: [expect.objectContaining({ page: 'orders/archive' })] }));
  });

  it('open a stored slug as typed, and warn only about a page that no longer exists', () => {
    renderEditor({ type: 'table', sheet_title: 'Sales', item_buttons: [{ open_detail_page: 'team' }, { open_detail_page: 'p-deleted' }] });
    const [first, second] = [1, 2].map((n) => screen.getByRole('group', { name: `Item buttons ${n}` }));
    expect(within(first).getByRole('combobox', { name: /^Detail page to open/ })).toHaveValue(' typed');
    expect(within(first).getByRole('textbox', { name: 'Detail page to open (typed address)' })).toHaveValue('team');
    expect(within(first).queryByText(/no longer exists/)).not.toBeInTheDocument();
    const missing = within(second).getByRole('combobox', { name: /^Detail page to open/ });
    expect(missing).toHaveValue('');
    expect(within(second).getByText('The page "p-deleted" no longer exists; choose another.')).toBeInTheDocument();
    expect(missing.getAttribute('aria-describedby')).toMatch(/-warning/);
  });

  it('say on a board that there are no pages, and take a typed address', async () => {
    const { user, onChange } = renderEditor({ type: 'table', sheet_title: 'Sales', toolbar_buttons: [{}] }, { onBoard: true });
    const button = screen.getByRole('group', { name: 'Toolbar buttons 1' });
    expect(within(button).queryByRole('combobox', { name: /^Page to open/ })).not.toBeInTheDocument();
    expect(within(button).getByText(/Boards have no pages/)).toBeInTheDocument();
    await user.type(within(button).getByRole('textbox', { name: /^Page to open/ }), 'sales-board');
    expect(lastChange(onChange).toolbar_buttons).toEqual([expect.objectContaining({ open_page: 'sales-board' })]);
  });

  it('wait for the pages while they load', () => {
    renderEditor({ type: 'table', sheet_title: 'Sales', toolbar_buttons: [{ open_page: 'p-orders' }] }, { pages: 'loading' });
    const picker = screen.getByRole('combobox', { name: /^Page to open/ });
    expect(picker).toBeDisabled();
    expect(within(picker).getByRole('option', { name: 'Loading pages...' })).toBeInTheDocument();
    expect(screen.queryByText(/no longer exists/)).not.toBeInTheDocument();
  });

  it('make a header item link to the picked page, not Home', async () => {
    const { user, onSave } = renderEditor({ type: 'header', navigationItems: [{ name: 'Team', linkType: 'page' }] });
    await user.selectOptions(within(screen.getByRole('group', { name: 'Navigation 1' })).getByRole('combobox', { name: /^Page/ }), 'Our team');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saved = onSave.mock.calls[0][0];
    useAppPagesStore.getState().set('app-1', PAGES);
    render(
      <MemoryRouter initialEntries={['/?app=acme']}>
        <AppPagesContext.Provider value="app-1">
          <HeaderBlock block={viewBlockOf('header', { id: 'h', ...saved, type: 'header' })} />
        </AppPagesContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team?app=acme');
  });
});

describe('column pickers', () => {
  it('leave out the columns the server keeps for itself', () => {
    renderEditor({ type: 'chart', sheet_title: 'Sales' });
    const xAxis = screen.getByRole('combobox', { name: /^X axis/ });
    expect(
      within(xAxis)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a column', 'Month', 'Revenue']);
  });

  it('still show one a saved block names', () => {
    renderEditor({ type: 'chart', sheet_title: 'Sales', x_axis: 'ChartApps Record ID' });
    expect(screen.getByRole('combobox', { name: /^X axis/ })).toHaveValue('ChartApps Record ID');
  });
});

describe('the sheet picker', () => {
  it('gives a new block the only tab, so the preview shows its data', () => {
    const { onChange } = renderEditor({ type: 'chart', temp_block: true });
    expect(screen.getByRole('combobox', { name: /^Sheet/ })).toHaveValue('Sales');
    expect(lastChange(onChange).sheet_title).toBe('Sales');
  });

  it('leaves the choice to the owner when there are several tabs, and a saved block as stored', () => {
    const { unmount } = renderEditor({ type: 'chart', temp_block: true }, { sheets: ['Sales', 'Costs'] });
    expect(screen.getByRole('combobox', { name: /^Sheet/ })).toHaveValue('');
    unmount();
    renderEditor({ type: 'chart' });
    expect(screen.getByRole('combobox', { name: /^Sheet/ })).toHaveValue('');
  });
});
