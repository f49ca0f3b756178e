// The settings editor's preview is the board: the block is drawn by the view boards and app pages
// draw it with, over answers the real WASM core computes from the tab rows, and a block still
// missing a required setting says what to choose without asking the server anything.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import type { BlockConfig, Core } from '../../core/wasm';
import { BlockBody } from '../BlockBody';
import { mockFetch } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { boardSource } from '../data/sources';
import { PREVIEW_WRITE } from '../data/previewSource';
import { PreviewPane } from './PreviewPane';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});
afterEach(() => vi.unstubAllGlobals());

const SALES = {
  columns: ['ChartApps Record ID', 'Month', 'Revenue'],
  rows: [
    ['r1', 'Jan', '100'],
    ['r2', 'Feb', '120'],
    ['r3', 'Jan', '30'],
  ],
};

/** The columns call the preview reads a whole tab through, once. */
function serveGrid() {
  return mockFetch({ [columnsPath('s1', 'Sales')]: () => columnsAnswer(SALES, 3) });
}

const renderPreview = (block: BlockConfig) => render(<PreviewPane core={core} block={block} spreadsheetId="s1" filters={[]} versionOf={() => 3} />);

/** Every control of a form: its element, type, label and (for a select) its options. */
function controls(form: HTMLElement) {
  return [...form.querySelectorAll<HTMLElement>('input, select, textarea, button')].map((control) => [
    control.tagName,
    control.getAttribute('type'),
    control.id ? form.querySelector(`label[for="${control.id}"]`)?.textContent : control.textContent,
    [...control.querySelectorAll('option')].map((option) => option.textContent),
  ]);
}

describe('the preview', () => {
  it('draws a form’s select without options with the board’s controls and options', async () => {
    const form = { id: 'f1', type: 'form', title: 'Survey', sheet_title: 'Sales', axis: [{ column: 'Month' }, { column: 'Happy', type: 'select' }] };
    // The board gets the block with the catalogue's defaults filled in by the server.
    const stored = { ...core.blockDefaults(form), id: 'f1' } as BoardBlock;
    mockFetch({});
    const board = render(<BlockBody block={stored} source={boardSource('sales', 's1', { search: '', filters: '', filterSummary: [] })} />);
    await screen.findByRole('button', { name: 'Submit' });
    const boardForm = board.container.querySelector('form')!;
    const onBoard = controls(boardForm);
    const boardOptions = within(within(boardForm).getByRole('combobox', { name: 'Happy' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    board.unmount();

    renderPreview(form);
    const preview = screen.getByRole('region', { name: 'Preview' });
    await within(preview).findByRole('button', { name: 'Submit' });
    const previewForm = preview.querySelector('form')!;
    const previewOptions = within(within(previewForm).getByRole('combobox', { name: 'Happy' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(previewOptions).toEqual(boardOptions);
    expect(previewOptions).toEqual(expect.arrayContaining(['true', 'false']));
    expect(onBoard.map(([tag, , label]) => [tag, label])).toEqual([
      ['INPUT', 'Month'],
      ['SELECT', 'Happy'],
      ['BUTTON', 'Submit'],
    ]);
    expect(controls(previewForm)).toEqual(onBoard);
  });

  it('sends nothing when the form is submitted, and says it works on the board', async () => {
    const { calls } = mockFetch({});
    const user = userEvent.setup();
    renderPreview({ id: 'f2', type: 'form', axis: [{ column: 'Month' }] });
    const preview = screen.getByRole('region', { name: 'Preview' });
    await user.type(await within(preview).findByRole('textbox', { name: 'Month' }), 'Apr');
    await user.click(within(preview).getByRole('button', { name: 'Submit' }));
    expect(await within(preview).findByText(PREVIEW_WRITE)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('draws a chart with the chart view, its series summed by the core from the tab’s rows', async () => {
    const { calls } = serveGrid();
    renderPreview({ id: 'c1', type: 'chart', title: 'Revenue', sheet_title: 'Sales', x_axis: 'Month', axis: [{ column: 'Revenue' }] });
    const preview = screen.getByRole('region', { name: 'Preview' });
    const series = await within(preview).findByRole('table', { name: 'Revenue: Revenue by Month' });
    expect(
      within(series)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthRevenue', 'Jan130', 'Feb120']);
    // The tab was read once through the columns call; the chart itself asked the server nothing.
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/spreadsheets/s1/sheets/Sales/columns']);
  });

  it('draws the block in the board’s theme: its accent and look, not the editor’s colours', async () => {
    serveGrid();
    render(
      <PreviewPane
        core={core}
        block={{ id: 'm1', type: 'markdown', text: 'Hello' }}
        spreadsheetId="s1"
        filters={[]}
        versionOf={() => 3}
        theme={{ accent: '#0f766e', look: 'dark', palette: [] }}
      />,
    );
    const preview = screen.getByRole('region', { name: 'Preview' });
    await within(preview).findByText('Hello');
    const root = preview.querySelector<HTMLElement>('.preview-theme')!;
    expect(root).toHaveClass('look-dark');
    expect(root.style.getPropertyValue('--accent')).toBe('#0f766e');
  });

  it('draws a table with the table view over the core’s page of rows', async () => {
    serveGrid();
    const user = userEvent.setup();
    renderPreview({ id: 't1', type: 'table', title: 'Sales', sheet_title: 'Sales', axis: [{ column: 'Month' }, { column: 'Revenue' }] });
    const preview = screen.getByRole('region', { name: 'Preview' });
    const table = await within(preview).findByRole('table', { name: 'Sales' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await user.type(within(preview).getByRole('searchbox', { name: 'Search the preview' }), 'feb');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('cell', { name: 'Feb' })).toBeInTheDocument();
  });

  it('writes the cells as viewers read them, by the core’s rule and the column’s format', async () => {
    serveGrid();
    renderPreview({ id: 't1', type: 'table', title: 'Sales', sheet_title: 'Sales', axis: [{ column: 'Month' }, { column: 'Revenue', format: 'Currency' }] });
    const table = await within(screen.getByRole('region', { name: 'Preview' })).findByRole('table', { name: 'Sales' });
    expect(await within(table).findByRole('cell', { name: '$100.00' })).toBeInTheDocument();
    expect(within(table).queryByRole('cell', { name: '100' })).not.toBeInTheDocument();
  });

  it('says what a chart still needs, quietly, and reads nothing', async () => {
    const { calls } = mockFetch({});
    renderPreview({ id: 'c2', type: 'chart', title: 'Chart', axis: [] });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText("Choose the sheet and the x axis in this block's settings.")).toBeInTheDocument();
    expect(within(preview).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('draws the blocks that read no rows with their own views', async () => {
    mockFetch({});
    renderPreview({ type: 'footer', copyrightText: '© Town 2030', simpleLinks: [{ text: 'About', url: 'https://example.com' }] });
    expect(await screen.findByText('© Town 2030')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', 'https://example.com/');
  });
});
