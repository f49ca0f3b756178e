import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import { NO_ROWS_TEXT } from '../data/BlockLoadState';
import { downloadTablePdf } from '../pdf/pdf';
import { ListBlock } from './ListBlock';
import { ALL_PERMISSIONS, answer, fakeSource, NO_PERMISSIONS, RECORDS } from './testSource';
import { viewBlockOf } from '../../test/viewBlocks';

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

  it('has the table toolbar: CSV link, PDF with filters, add row for those allowed', async () => {
    const block = list({ csv_download: true, add_new_row: 'Everyone', add_row_button_title: 'Join', axis: [{ column: 'Name' }] });
    const { user } = await renderList(block, fakeSource(answer({ rows, permissions: { ...NO_PERMISSIONS, append: true } })));
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', '/api/board/s1/sheet/People/export.csv?block=l1');
    await user.click(screen.getByRole('button', { name: 'PDF' }));
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
