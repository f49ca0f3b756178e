import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../api/errors';
import type { BoardBlock } from '../../generated/api';
import { downloadTablePdf } from '../pdf/pdf';
import { PDF_ROW_LIMIT } from './RowsBlock';
import { TableBlock } from './TableBlock';
import { ALL_PERMISSIONS, answer, fakeSource, NO_PERMISSIONS, RECORDS, toastTexts } from './testSource';
import { viewBlockOf } from '../../test/viewBlocks';
import { blockMenuItem } from '../../test/blockMenu';

vi.mock('../pdf/pdf', () => ({ downloadTablePdf: vi.fn(async () => undefined), downloadTextPdf: vi.fn(async () => undefined) }));

const table = (settings: Partial<BoardBlock> = {}): BoardBlock => ({ id: 'b1', type: 'table', title: 'People', sheet_title: 'People', ...settings });

async function renderTable(block: BoardBlock, source = fakeSource()) {
  const user = userEvent.setup();
  render(<TableBlock block={viewBlockOf('table', block)} source={source} />);
  await screen.findByRole('table');
  return { user, source };
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);

describe('TableBlock columns', () => {
  it('shows the axis columns in their order and leaves hidden ones out', async () => {
    await renderTable(table({ axis: [{ column: 'City' }, { column: 'Email', hidden: true }, { column: 'Name' }] }));
    expect(headers()).toEqual(['City', 'Name']);
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
  });

  it('shows every visible column but the record id and row index without an axis', async () => {
    const rows = RECORDS.map((record, i) => ({ ...record, chartmat_row_index: String(i) }));
    await renderTable(table(), fakeSource(answer({ rows })));
    expect(headers()).toEqual(['Name', 'City', 'Email']);
    expect(screen.queryByText('r1')).not.toBeInTheDocument();
  });

  it('gives each column its axis width, else the block width, else 200 px', async () => {
    await renderTable(table({ column_width: 150, axis: [{ column: 'Name', column_width: 90 }, { column: 'City' }] }));
    expect(screen.getByRole('button', { name: /^Name/ })).toHaveStyle({ width: '90px' });
    expect(screen.getByRole('button', { name: /^City/ })).toHaveStyle({ width: '150px' });
    expect(screen.getByText('Ada').closest('.table-block-cell')).toHaveStyle({ width: '90px' });
  });

  it('is 200 px wide per column by default', async () => {
    await renderTable(table({ axis: [{ column: 'Name' }] }));
    expect(screen.getByRole('button', { name: /^Name/ })).toHaveStyle({ width: '200px' });
  });

  it('cuts text to its character_limit with an ellipsis and keeps the full text in the title', async () => {
    await renderTable(table({ axis: [{ column: 'City', character_limit: 3 }] }));
    const cut = screen.getByText('New…');
    expect(cut).toHaveAttribute('title', 'New York');
    expect(screen.getByText('Lon…')).toHaveAttribute('title', 'London');
  });
});

describe('TableBlock paging and sorting', () => {
  it('asks the server for rows_per_page rows and pages with previous and next', async () => {
    const source = fakeSource((_, query) => answer({ rows: [RECORDS[(query.page ?? 1) - 1]], page: query.page ?? 1, page_count: 2, total: 2 }));
    const { user } = await renderTable(table({ rows_per_page: 1 }), source);
    expect(source.rows).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ page: 1, rowsPerPage: 1 }), expect.anything());
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Grace')).toBeInTheDocument();
    expect(source.rows).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ page: 2, rowsPerPage: 1 }), expect.anything());
  });

  it('asks for 10 rows a page by default', async () => {
    const { source } = await renderTable(table());
    expect(source.rows).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ rowsPerPage: 10 }), expect.anything());
  });

  it('asks for every row and shows no pager when paginate is off', async () => {
    const source = fakeSource(answer({ page_count: 3 }));
    await renderTable(table({ paginate: false, rows_per_page: 1 }), source);
    expect(source.rows).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ rowsPerPage: 0 }), expect.anything());
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('sorts on the server by the clicked header, ascending then descending', async () => {
    const { user, source } = await renderTable(table());
    await user.click(screen.getByRole('button', { name: /^City/ }));
    await waitFor(() =>
      expect(source.rows).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ sort: { column: 'City', direction: 'asc' } }),
        expect.anything(),
      ),
    );
    expect(screen.getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /^City/ }));
    await waitFor(() =>
      expect(source.rows).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.objectContaining({ sort: { column: 'City', direction: 'desc' } }),
        expect.anything(),
      ),
    );
  });

  it('passes the detail page record to a Current record conditional filter', async () => {
    window.history.pushState({}, '', '/detail?record=r7');
    try {
      const { source } = await renderTable(table({ conditional_filter: { filter_by: 'Current record', select_column: 'Name', match_with_column: 'Name' } }));
      expect(source.rows).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ currentRecord: 'r7' }), expect.anything());
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('TableBlock downloads and buttons', () => {
  it('links to the CSV export only with csv_download', async () => {
    const { user, source } = await renderTable(table({ csv_download: true }));
    expect(await blockMenuItem(user, 'Download CSV')).toHaveAttribute('href', '/api/board/s1/sheet/People/export.csv?block=b1');
    expect(source.csvUrl).toHaveBeenCalled();
  });

  it('colours its toolbar with toolbar_icon_color: the menu of CSV and PDF, and the add-row text unless that has its own', async () => {
    const tinted = table({ csv_download: true, toolbar_icon_color: '#0a7d33', add_new_row: 'Everyone' });
    await renderTable(tinted, fakeSource(answer({ permissions: ALL_PERMISSIONS })));
    expect(screen.getByRole('button', { name: 'More actions: People' })).toHaveStyle({ color: '#0a7d33' });
    expect(screen.getByRole('button', { name: 'Add row' })).toHaveStyle({ color: '#0a7d33' });
  });

  it('has no CSV link by default', async () => {
    const { user } = await renderTable(table());
    await blockMenuItem(user, 'Download PDF');
    expect(screen.queryByRole('menuitem', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('exports the shown rows to PDF with the active filters (on by default)', async () => {
    const { user } = await renderTable(table({ axis: [{ column: 'Name' }, { column: 'City', character_limit: 2 }] }));
    await user.click(await blockMenuItem(user, 'Download PDF'));
    await waitFor(() =>
      expect(downloadTablePdf).toHaveBeenCalledWith(
        'People',
        ['Name', 'City'],
        [
          ['Ada', 'London'],
          ['Grace', 'New York'],
        ],
        ['Region = North'],
      ),
    );
  });

  it('puts every row the filters and search match in the PDF, not just the page shown', async () => {
    const source = fakeSource((_, query) =>
      query.rowsPerPage === 0
        ? answer({ rows: RECORDS, total: RECORDS.length })
        : answer({ rows: [RECORDS[0]], page: 1, page_count: RECORDS.length, total: RECORDS.length }),
    );
    const { user } = await renderTable(table({ axis: [{ column: 'Name' }] }), source);
    await user.click(await blockMenuItem(user, 'Download PDF'));
    await waitFor(() =>
      expect(downloadTablePdf).toHaveBeenCalledWith(
        'People',
        ['Name'],
        RECORDS.map((r) => [r.Name]),
        ['Region = North'],
      ),
    );
    expect(source.rows).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ page: 1, rowsPerPage: 0 }), undefined);
  });

  it(`says how to narrow the rows past the PDF's ${PDF_ROW_LIMIT} rows, and makes none`, async () => {
    vi.mocked(downloadTablePdf).mockClear();
    const source = fakeSource(answer({ total: PDF_ROW_LIMIT + 1, page_count: 501 }));
    const { user } = await renderTable(table({ csv_download: true }), source);
    await user.click(await blockMenuItem(user, 'Download PDF'));
    expect(toastTexts()).toEqual(['A PDF holds at most 5,000 rows and 5,001 match: download the CSV instead, or narrow them with a filter or search first.']);
    expect(downloadTablePdf).not.toHaveBeenCalled();
  });

  it('has no menu of exports with pdf_download off and no CSV', async () => {
    await renderTable(table({ pdf_download: false }));
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('links toolbar buttons to their page, in their colours', async () => {
    await renderTable(
      table({ toolbar_buttons: [{ title: 'Report', open_page: 'report', button_color: '#000000', text_color: '#ffff00' }, { title: 'No page' }] }),
    );
    const link = screen.getByRole('link', { name: 'Report' });
    expect(link).toHaveAttribute('href', '/board/report');
    expect(link).toHaveStyle({ backgroundColor: '#000000', color: '#ffff00' });
    expect(screen.queryByText('No page')).not.toBeInTheDocument();
  });

  it('links item buttons to the detail page with the row record', async () => {
    await renderTable(table({ item_buttons: [{ title: 'Open', open_detail_page: 'person' }] }));
    const links = screen.getAllByRole('link', { name: 'Open' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/board/person?record=r1', '/board/person?record=r2']);
  });
});

describe('TableBlock cells', () => {
  it('colours cells from the answer styles', async () => {
    await renderTable(
      table(),
      fakeSource(answer({ styles: [{ row: 1, column: 'City', background_color: 'rgb(255, 0, 0)', text_color: 'rgb(255, 255, 255)' }] })),
    );
    const cell = screen.getByText('New York').closest('td');
    expect(cell).toHaveStyle({ backgroundColor: 'rgb(255, 0, 0)', color: 'rgb(255, 255, 255)' });
    expect(screen.getByText('London').closest('td')).not.toHaveAttribute('style');
  });

  it('renders markdown cells from the server HTML', async () => {
    await renderTable(
      table({ axis: [{ column: 'Name', use_markdown: true }] }),
      fakeSource(answer({ markdown: [{ row: 0, column: 'Name', html: '<strong>Ada</strong> <em>L</em>' }] })),
    );
    expect(screen.getByText('Ada').tagName).toBe('STRONG');
    expect(screen.getByText('L').tagName).toBe('EM');
    expect(screen.getByText('Grace').tagName).not.toBe('STRONG');
  });

  it('shows image columns as lazy images of a reserved size, and refuses other addresses', async () => {
    const rows = [
      { 'ChartApps Record ID': 'r1', Photo: 'https://img.example.com/a.png' },
      { 'ChartApps Record ID': 'r2', Photo: 'javascript:alert(1)' },
    ];
    const { container } = render(
      <TableBlock block={viewBlockOf('table', table({ axis: [{ column: 'Photo', type: 'image' }] }))} source={fakeSource(answer({ rows }))} />,
    );
    await screen.findByRole('table');
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('src', 'https://img.example.com/a.png');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width', '48');
    expect(images[0]).toHaveAttribute('height', '48');
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });

  it('opens the details popup on a row click only with show_details_on_click', async () => {
    const { user } = await renderTable(table({ show_details_on_click: true }));
    await user.click(screen.getByText('Grace'));
    const dialog = await screen.findByRole('dialog', { name: 'People' });
    expect(within(dialog).getByText('New York')).toBeInTheDocument();
    expect(within(dialog).queryByText('r2')).not.toBeInTheDocument();
  });

  it('opens no popup on a row click by default', async () => {
    const { user } = await renderTable(table());
    await user.click(screen.getByText('Grace'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('TableBlock actions column', () => {
  const withActions = (settings: Partial<BoardBlock> = {}) => table({ actions: [{ title: 'Remove', type: 'Delete row' }], ...settings });

  it('freezes the actions column with freeze_actions_column', async () => {
    const { container } = render(
      <TableBlock block={viewBlockOf('table', withActions({ freeze_actions_column: true }))} source={fakeSource(answer({ permissions: ALL_PERMISSIONS }))} />,
    );
    await screen.findByRole('table');
    expect(container.querySelector('table')).toHaveClass('table-block-frozen');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('table-block-actions-cell');
  });

  it('does not freeze it by default', async () => {
    const { container } = render(<TableBlock block={viewBlockOf('table', withActions())} source={fakeSource(answer({ permissions: ALL_PERMISSIONS }))} />);
    await screen.findByRole('table');
    expect(container.querySelector('table')).not.toHaveClass('table-block-frozen');
  });

  it('has no actions column when the server shows the caller no actions', async () => {
    await renderTable(withActions(), fakeSource(answer({ permissions: NO_PERMISSIONS })));
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('reloads after a row action changes the rows, without opening the details', async () => {
    const { user, source } = await renderTable(withActions({ show_details_on_click: true }), fakeSource(answer({ permissions: ALL_PERMISSIONS })));
    const calls = source.rows.mock.calls.length;
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete row' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(source.deleteRow).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), 'r2'));
    await waitFor(() => expect(source.rows.mock.calls.length).toBeGreaterThan(calls));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('TableBlock add row', () => {
  const adding = (settings: Partial<BoardBlock> = {}) =>
    table({
      add_new_row: 'Everyone',
      add_row_button_title: 'New person',
      add_row_button_color: '#112233',
      add_row_text_color: '#ffeedd',
      submit_button_title: 'Send it',
      axis: [{ column: 'Name' }, { column: 'City', type: 'select', options: 'London, Paris' }, { column: 'Email', hidden: true }],
      ...settings,
    });

  it('offers no add button unless the server allows appending', async () => {
    await renderTable(adding(), fakeSource(answer({ permissions: NO_PERMISSIONS })));
    expect(screen.queryByRole('button', { name: 'New person' })).not.toBeInTheDocument();
  });

  it('adds a row from the form with the block button title, colours and submit title, then reloads', async () => {
    const { user, source } = await renderTable(adding(), fakeSource(answer({ permissions: ALL_PERMISSIONS })));
    const button = screen.getByRole('button', { name: 'New person' });
    expect(button).toHaveStyle({ backgroundColor: '#112233', color: '#ffeedd' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'New person' });
    expect(within(dialog).queryByLabelText('Email')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Linus');
    await user.selectOptions(within(dialog).getByLabelText('City'), 'Paris');
    const calls = source.rows.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(source.appendRow).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), { Name: 'Linus', City: 'Paris' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(source.rows.mock.calls.length).toBeGreaterThan(calls);
    expect(toastTexts()).toContain('Data added to the spreadsheet');
  });

  it('shows a refused value at its field and keeps what was typed', async () => {
    const source = fakeSource(answer({ permissions: ALL_PERMISSIONS }), {
      appendRow: vi.fn(async () => {
        throw new ApiError('`City` must be one of: London, Paris; got `Rome`.', 422, 'City');
      }),
    });
    const { user } = await renderTable(adding(), source);
    await user.click(screen.getByRole('button', { name: 'New person' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Linus');
    await user.click(within(dialog).getByRole('button', { name: 'Send it' }));
    const city = within(dialog).getByLabelText('City');
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    expect(city).toHaveAccessibleDescription('`City` must be one of: London, Paris; got `Rome`.');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Linus');
  });
});

describe('TableBlock edit row', () => {
  const editing = table({
    actions: [{ title: 'Change', type: 'Edit row', success_message: 'Saved!' }],
    axis: [{ column: 'Name' }, { column: 'City' }, { column: 'Email' }],
  });

  it('lets the caller change only the columns the server names, and sends only changed cells', async () => {
    const source = fakeSource(answer({ permissions: { ...ALL_PERMISSIONS, edit_columns: ['City', 'Email'] } }));
    const { user } = await renderTable(editing, source);
    await user.click(screen.getAllByRole('button', { name: 'Change' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Change' });
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).getByLabelText('Email')).toBeEnabled();
    const city = within(dialog).getByLabelText('City');
    expect(city).toHaveValue('London');
    await user.clear(city);
    await user.type(city, 'Paris');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(source.editRow).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), 'r1', { City: 'Paris' }));
    await waitFor(() => expect(toastTexts()).toContain('Saved!'));
  });

  it('offers no Edit button when the caller may edit no column', async () => {
    await renderTable(editing, fakeSource(answer({ permissions: { ...ALL_PERMISSIONS, edit_columns: [] } })));
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  });

  it('shows an edit refused by the server at the field', async () => {
    const source = fakeSource(answer({ permissions: ALL_PERMISSIONS }), {
      editRow: vi.fn(async () => {
        throw new ApiError('`Name` may have at most 3 characters.', 422, 'Name');
      }),
    });
    const { user } = await renderTable(editing, source);
    await user.click(screen.getAllByRole('button', { name: 'Change' })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'bella');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('`Name` may have at most 3 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Adabella');
  });
});

describe('TableBlock without rows', () => {
  it('says the sheet has no rows yet, or that the search and filters leave none', async () => {
    const empty = answer({ rows: [], columns: ['Name'] });
    const { unmount } = render(<TableBlock block={viewBlockOf('table', table())} source={fakeSource(empty)} />);
    expect(await screen.findByText('No rows to show yet. Rows added to the spreadsheet appear here.')).toBeInTheDocument();
    unmount();
    render(<TableBlock block={viewBlockOf('table', table())} source={fakeSource(empty, { narrowed: true })} />);
    expect(await screen.findByText('No rows match your search or filters. Change or clear them to see more.')).toBeInTheDocument();
  });
});

describe('TableBlock formatted values', () => {
  const sales = [
    { 'ChartApps Record ID': 'r1', Name: 'Ada', Amount: '1067.7', Ordered: '2025-01-05' },
    { 'ChartApps Record ID': 'r2', Name: 'Grace', Amount: '741.0', Ordered: '2025-02-10' },
  ];
  // As the server answers: the display texts beside the raw values, only where they differ.
  const formatted = () =>
    fakeSource(
      answer({
        rows: sales,
        display: [
          { Amount: '$1,067.70', Ordered: 'Jan 5, 2025' },
          { Amount: '$741.00', Ordered: 'Feb 10, 2025' },
        ],
      }),
    );

  it('shows each cell as the server formatted it, and the raw value where none differs', async () => {
    await renderTable(table(), formatted());
    const cells = within(screen.getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Ada', '$1,067.70', 'Jan 5, 2025']);
    expect(screen.queryByText('741.0')).not.toBeInTheDocument();
    expect(screen.getByText('$741.00')).toBeInTheDocument();
  });

  it('puts the formatted texts in the PDF and the details popup', async () => {
    const { user } = await renderTable(table({ show_details_on_click: true }), formatted());
    await user.click(await blockMenuItem(user, 'Download PDF'));
    await waitFor(() =>
      expect(downloadTablePdf).toHaveBeenCalledWith(
        'People',
        ['Name', 'Amount', 'Ordered'],
        [
          ['Ada', '$1,067.70', 'Jan 5, 2025'],
          ['Grace', '$741.00', 'Feb 10, 2025'],
        ],
        ['Region = North'],
      ),
    );
    await user.click(screen.getByText('Grace'));
    const dialog = await screen.findByRole('dialog', { name: 'People' });
    expect(within(dialog).getByText('Feb 10, 2025')).toBeInTheDocument();
    expect(within(dialog).queryByText('2025-02-10')).not.toBeInTheDocument();
  });
});

/** A sales sheet of 8 columns (a 300-row sheet's first page), as the check reads it. */
const SALES_COLUMNS = ['Order date', 'Region', 'Customer', 'Product', 'Units', 'Revenue', 'Status', 'Email'];
const SALES = Array.from({ length: 10 }, (_, i) => ({
  'ChartApps Record ID': `r${i}`,
  'Order date': `2026-03-${String(i + 10)}`,
  Region: ['North', 'South', 'East'][i % 3] ?? 'North',
  Customer: `Customer number ${i}`,
  Product: 'Ergonomic office chair, black',
  Units: String(i * 3),
  Revenue: String(Math.round(10677 * (i + 1)) / 10),
  Status: i % 2 ? 'Shipped' : 'Pending',
  Email: `customer${i}@example.com`,
}));
const salesAxis = (marked: string[] = []) =>
  SALES_COLUMNS.map((column) => ({ column, drop_first: marked.includes(column), ...(['Units', 'Revenue'].includes(column) ? { type: 'number' } : {}) }));

/** The fitted table's block drawn `width` pixels wide (jsdom lays nothing out). */
function blockWidth(width: number, scroll?: { client: number; content: number }) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('table-block-fitted')) return width;
    return scroll && this.classList.contains('table-block-scroll') ? scroll.client : 0;
  });
  if (scroll) {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-block-scroll') ? scroll.content : 0;
    });
  }
}

const headerWidth = (name: string) => parseFloat(screen.getByRole('button', { name: new RegExp(`^${name}`) }).style.width);

describe('TableBlock fitting its columns to the block', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fits 8 columns in a full-width block at 1280 px with none dropped and no sideways scrolling', async () => {
    blockWidth(1200);
    await renderTable(table({ fit_columns: true, axis: salesAxis(['Email']) }), fakeSource(answer({ rows: SALES })));
    expect(headers()).toEqual(SALES_COLUMNS);
    const total = SALES_COLUMNS.reduce((sum, name) => sum + headerWidth(name), 0);
    expect(total).toBeLessThanOrEqual(1200);
    // Sized by content: the short numbers narrower than the long names, none at the spec's 200 px.
    expect(headerWidth('Units')).toBeLessThan(headerWidth('Customer'));
    expect(SALES_COLUMNS.map(headerWidth)).not.toContain(200);
  });

  it('drops the columns marked "Hide first when narrow" first, and keeps them in the details', async () => {
    blockWidth(600);
    const { user } = await renderTable(
      table({ fit_columns: true, show_details_on_click: true, axis: salesAxis(['Email', 'Order date']) }),
      fakeSource(answer({ rows: SALES })),
    );
    expect(headers()).toEqual(['Region', 'Customer', 'Product', 'Units', 'Revenue', 'Status']);
    await user.click(screen.getByText('Customer number 1'));
    expect(within(screen.getByRole('dialog')).getByText('customer1@example.com')).toBeInTheDocument();
  });

  it('shows a card per row below 600 px: the first column as its title, the last number beside it, and three values', async () => {
    blockWidth(390);
    const user = userEvent.setup();
    render(
      <TableBlock
        block={viewBlockOf('table', table({ fit_columns: true, show_details_on_click: true, axis: salesAxis(['Region']) }))}
        source={fakeSource(answer({ rows: SALES }))}
      />,
    );
    const cards = await screen.findByRole('list', { name: 'People' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first.querySelector('.table-block-card-title')).toHaveTextContent('2026-03-10');
    // Revenue, the last number column, is the card's figure, named for screen readers.
    expect(first.querySelector('.table-block-card-figure')).toHaveTextContent('Revenue: 1067.7');
    // Region is marked to go first, so Customer, Product and Units are the values.
    expect([...first.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Customer', 'Product', 'Units']);
    await user.click(within(first).getByText('Customer number 0'));
    expect(within(screen.getByRole('dialog')).getByText('customer0@example.com')).toBeInTheDocument();
  });

  it('stays a table at 390 px when fitting is off, its columns 200 px wide', async () => {
    blockWidth(390);
    await renderTable(table({ axis: salesAxis() }), fakeSource(answer({ rows: SALES })));
    expect(headerWidth('Region')).toBe(200);
  });

  it('right-aligns number columns whether or not it fits', async () => {
    await renderTable(table({ axis: salesAxis() }), fakeSource(answer({ rows: SALES })));
    expect(screen.getByText('1067.7').closest('.table-block-cell')).toHaveClass('table-block-number');
    expect(screen.getByText('Region').closest('th')).not.toHaveClass('table-block-head-number');
    expect(screen.getByText('Revenue').closest('th')).toHaveClass('table-block-head-number');
  });

  it('says when columns run past the right edge, in a region a keyboard can scroll', async () => {
    blockWidth(900, { client: 600, content: 1400 });
    await renderTable(table({ axis: salesAxis() }), fakeSource(answer({ rows: SALES })));
    const region = await screen.findByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAccessibleDescription('More columns to the right: scroll sideways.');
    expect(region.parentElement).toHaveClass('table-block-more-right');
  });

  it('shows no cue when every column is in view', async () => {
    blockWidth(900, { client: 900, content: 900 });
    await renderTable(table({ axis: salesAxis() }), fakeSource(answer({ rows: SALES })));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(/scroll sideways/)).not.toBeInTheDocument();
  });
});
