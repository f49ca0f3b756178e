import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import { NO_ROWS_TEXT } from '../data/BlockLoadState';
import { downloadTablePdf } from '../pdf/pdf';
import { ListBlock } from './ListBlock';
import { ALL_PERMISSIONS, answer, fakeSource, NO_PERMISSIONS, RECORDS } from './testSource';
import { viewBlockOf } from '../../test/viewBlocks';
import { blockMenuItem } from '../../test/blockMenu';

vi.mock('../pdf/pdf', () => ({ downloadTablePdf: vi.fn(async () => undefined), downloadTextPdf: vi.fn(async () => undefined) }));

const list = (settings: Partial<BoardBlock> = {}): BoardBlock => ({ id: 'l1', type: 'list', title: 'Team', sheet_title: 'People', ...settings });
const rows = RECORDS.map((record, i) => ({ ...record, Photo: `https://img.example.com/${i}.png`, Age: String(30 + i) }));

async function renderList(block: BoardBlock, source = fakeSource(answer({ rows }))) {
  const user = userEvent.setup();
  render(<ListBlock block={viewBlockOf('list', block)} source={source} />);
  const items = await screen.findByRole('list', { name: 'Team' });
  return { user, source, items };
}

describe('ListBlock', () => {
  it('shows each row as a card of its axis columns, hidden ones left out', async () => {
    const { items } = await renderList(list({ axis: [{ column: 'Name' }, { column: 'City', hidden: true }, { column: 'Photo', type: 'image' }] }));
    const cards = within(items).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('Ada')).toBeInTheDocument();
    expect(within(cards[0]).queryByText('London')).not.toBeInTheDocument();
    const image = within(cards[1]).getByRole('img', { name: 'Photo' });
    expect(image).toHaveAttribute('src', 'https://img.example.com/1.png');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('knows only text and image columns: other types show as text', async () => {
    const { items } = await renderList(
      list({
        axis: [
          { column: 'Site', type: 'url' },
          { column: 'Age', type: 'number' },
        ],
      }),
      fakeSource(answer({ rows: [{ 'ChartApps Record ID': 'r1', Site: 'https://a.example', Age: '30' }] })),
    );
    expect(within(items).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items).getByText('https://a.example')).toBeInTheDocument();
  });

  it('offers only Edit row and Delete row actions', async () => {
    const actions = [
      { title: 'Copy', type: 'Duplicate row' },
      { title: 'Change', type: 'Edit row' },
      { title: 'Remove', type: 'Delete row' },
      { title: 'Call', type: 'API call' },
      { title: 'Visit', type: 'Open link', source_column: 'Photo' },
    ];
    const { items } = await renderList(list({ actions }), fakeSource(answer({ rows, permissions: ALL_PERMISSIONS })));
    const card = within(items).getAllByRole('listitem')[0];
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Change', 'Remove']);
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('edits image columns by address only, even when an older setting said Upload Image', async () => {
    const block = list({
      actions: [{ title: 'Change', type: 'Edit row' }],
      axis: [{ column: 'Name' }, { column: 'Photo', type: 'image', image_source: 'Upload Image' }],
    });
    const { user } = await renderList(block, fakeSource(answer({ rows, permissions: { ...ALL_PERMISSIONS, edit_columns: ['Name', 'Photo'] } })));
    await user.click(screen.getAllByRole('button', { name: 'Change' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Photo')).toHaveAttribute('type', 'url');
  });

  it('pages with rows_per_page like the table', async () => {
    const source = fakeSource((_, query) => answer({ rows: [rows[(query.page ?? 1) - 1]], page: query.page ?? 1, page_count: 2, total: 2 }));
    const { user } = await renderList(list({ rows_per_page: 1 }), source);
    expect(source.rows).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ page: 1, rowsPerPage: 1 }), expect.anything());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Grace')).toBeInTheDocument();
  });

  it('has the table toolbar: CSV and PDF with filters in its menu, add row for those allowed', async () => {
    const block = list({ csv_download: true, add_new_row: 'Everyone', add_row_button_title: 'Join', axis: [{ column: 'Name' }] });
    const { user } = await renderList(block, fakeSource(answer({ rows, permissions: { ...NO_PERMISSIONS, append: true } })));
    expect(await blockMenuItem(user, 'Download CSV')).toHaveAttribute('href', '/api/board/s1/sheet/People/export.csv?block=l1');
    await user.click(screen.getByRole('menuitem', { name: 'Download PDF' }));
    await waitFor(() => expect(downloadTablePdf).toHaveBeenCalledWith('Team', ['Name'], [['Ada'], ['Grace']], ['Region = North']));
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });

  it('opens the details popup on a card click with show_details_on_click', async () => {
    const { user } = await renderList(list({ show_details_on_click: true, axis: [{ column: 'Name' }, { column: 'City' }] }));
    await user.click(screen.getByText('Grace'));
    const dialog = await screen.findByRole('dialog', { name: 'Team' });
    expect(within(dialog).getByText('New York')).toBeInTheDocument();
  });

  it('says the sheet has no rows yet when nothing narrows it', async () => {
    render(<ListBlock block={viewBlockOf('list', list())} source={fakeSource(answer({ rows: [], columns: ['Name'] }))} />);
    expect(await screen.findByText(NO_ROWS_TEXT)).toBeInTheDocument();
  });

  it('says to change the search or filters when they leave no row', async () => {
    render(<ListBlock block={viewBlockOf('list', list())} source={fakeSource(answer({ rows: [], columns: ['Name'] }), { narrowed: true })} />);
    expect(await screen.findByText('No rows match your search or filters. Change or clear them to see more.')).toBeInTheDocument();
    expect(screen.queryByText(NO_ROWS_TEXT)).not.toBeInTheDocument();
  });
});

describe('ListBlock formatted values', () => {
  it('shows a value line as the server formatted it', async () => {
    const display: Record<string, string>[] = [{ Age: '30 years' }, {}];
    const { items } = await renderList(list({ axis: [{ column: 'Name' }, { column: 'Age' }] }), fakeSource(answer({ rows, display })));
    const cards = within(items).getAllByRole('listitem');
    expect(within(cards[0]).getByText('30 years')).toBeInTheDocument();
    expect(within(cards[0]).queryByText('30')).not.toBeInTheDocument();
    expect(within(cards[1]).getByText('31')).toBeInTheDocument();
  });
});

describe('ListBlock compact rows (list_style, a new list’s default)', () => {
  const compact = (settings: Partial<BoardBlock> = {}) =>
    list({ list_style: 'Compact rows', axis: [{ column: 'Name' }, { column: 'City' }, { column: 'Email' }, { column: 'Photo', type: 'image' }], ...settings });

  it('draws each record as a title, a subtitle and a thumbnail, not as label and value pairs', async () => {
    const { items } = await renderList(compact());
    const [first] = within(items).getAllByRole('listitem');
    expect(first.querySelector('.list-row-title')).toHaveTextContent('Ada');
    expect(first.querySelector('.list-row-subtitle')).toHaveTextContent('London');
    expect(within(first).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', 'https://img.example.com/0.png');
    // The third column is for the detail page, and no field is labelled.
    expect(within(first).queryByText('ada@example.com')).not.toBeInTheDocument();
    expect(first.querySelector('dt')).toBeNull();
  });

  it('opens the first item button’s detail page on a tap, with a chevron, without repeating the button', async () => {
    const { items } = await renderList(
      compact({
        item_buttons: [
          { title: 'Open', open_detail_page: 'person' },
          { title: 'Orders', open_detail_page: 'orders' },
        ],
      }),
    );
    const [first] = within(items).getAllByRole('listitem');
    const links = within(first).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/board/person?record=r1', '/board/orders?record=r1']);
    expect(links[0]).toHaveTextContent(/Ada.*London.*›/);
    expect(within(first).queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
  });

  it('opens the details popup on a tap or Enter with show_details_on_click', async () => {
    const { user, items } = await renderList(compact({ show_details_on_click: true }));
    const row = within(within(items).getAllByRole('listitem')[1]).getByRole('button');
    expect(row.querySelector('.list-row-chevron')).not.toBeNull();
    row.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Team' });
    expect(within(dialog).getByText('grace@example.com')).toBeInTheDocument();
  });

  it('has no chevron and no tap target when nothing opens a record', async () => {
    const { items } = await renderList(compact());
    const [first] = within(items).getAllByRole('listitem');
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(first.querySelector('.list-row-chevron')).toBeNull();
  });

  it('keeps a row between 56 and 72 px high: one line each for title and subtitle, a 48 px image', () => {
    // jsdom lays nothing out, so this reads the rules that bound the row.
    const rule = (selector: string) => listRules().find((r) => r.selectorText.replace(/\s+/g, ' ') === selector)!.style;
    expect(rule('.list-row-main').getPropertyValue('min-height')).toBe('56px');
    expect(rule('.list-row-main').getPropertyValue('max-height')).toBe('72px');
    expect(rule('.list-row-main').getPropertyValue('overflow')).toBe('hidden');
    expect(rule('.list-row-image .rows-image').getPropertyValue('height')).toBe('48px');
    expect(rule('.list-row-title, .list-row-subtitle').getPropertyValue('white-space')).toBe('nowrap');
  });

  it('draws a list saved before list_style as cards, as it looked', async () => {
    const { items } = await renderList(list({ axis: [{ column: 'Name' }, { column: 'City' }] }));
    expect(within(items).getAllByRole('listitem')[0].querySelector('dt')).toHaveTextContent('Name');
  });
});

/** The style rules of list.css. */
function listRules(): CSSStyleRule[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(readFileSync(join(process.cwd(), 'src', 'blocks', 'table', 'list.css'), 'utf8'));
  return [...sheet.cssRules].filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
}
