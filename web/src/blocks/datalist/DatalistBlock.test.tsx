import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import type { BlockRows, RowsQuery } from '../data/types';
import { DatalistBlock, datalistItems, sortedByText } from './DatalistBlock';
import { firstPageSize } from '../capabilities';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import { viewBlockOf } from '../../test/viewBlocks';

const COLUMNS = ['ChartApps Record ID', 'Name', 'Photo', 'Site'];

function answer(rows: Record<string, string>[], extra: Partial<BlockRows> = {}): BlockRows {
  return { columns: COLUMNS, rows, total: rows.length, page: 1, page_count: 1, version: 1, ...extra };
}

const ADA = { 'ChartApps Record ID': 'r1', Name: 'Ada', Photo: 'https://img.example/ada.png', Site: 'https://ada.example/' };
const BOB = { 'ChartApps Record ID': 'r2', Name: 'Bob', Photo: 'javascript:alert(1)', Site: 'javascript:alert(1)' };

/** A BlockSource whose rows() answers `rows` (a function of the query, or one answer). */
function fakeSource(rows: (query: RowsQuery) => Promise<BlockRows>) {
  return fakeBlockSource({ rows: vi.fn((_block: BoardBlock, query: RowsQuery) => rows(query)) });
}

const AXIS = [
  { column: 'Name', label: 'Who', type: 'text' },
  { column: 'Photo', label: 'Portrait', type: 'image' },
  { column: 'Site', type: 'button', button_text: 'Visit' },
];

function block(settings: Record<string, unknown> = {}): BoardBlock {
  return { id: 'b1', type: 'datalist', sheet_title: 'People', axis: AXIS, ...settings };
}

function renderList(settings: Record<string, unknown> = {}, rows: (query: RowsQuery) => Promise<BlockRows> = () => Promise.resolve(answer([ADA, BOB]))) {
  const source = fakeSource(rows);
  const view = render(<DatalistBlock block={viewBlockOf('datalist', block(settings))} source={source} />);
  return { source, ...view };
}

describe('the datalist block', () => {
  it.each([
    [{}, 'datalist-block-vertical', null],
    [{ list_type: 'vertical' }, 'datalist-block-vertical', null],
    [{ list_type: 'horizontal' }, 'datalist-block-horizontal', null],
    [{ list_type: 'timeline' }, 'datalist-block-timeline', 'datalist-block-timeline-vertical'],
    [{ list_type: 'timeline', timeline_layout: 'vertical' }, 'datalist-block-timeline', 'datalist-block-timeline-vertical'],
    [{ list_type: 'timeline', timeline_layout: 'horizontal' }, 'datalist-block-timeline', 'datalist-block-timeline-horizontal'],
    [{ list_type: 'timeline', timeline_layout: 'zigzag' }, 'datalist-block-timeline', 'datalist-block-timeline-zigzag'],
  ])('lays out %o with its class', async (settings: Record<string, unknown>, listClass, layoutClass) => {
    const { container } = renderList(settings);
    await screen.findByText('Ada');
    const root = container.querySelector('.datalist-block')!;
    expect(root).toHaveClass(listClass);
    if (layoutClass) expect(root).toHaveClass(layoutClass);
    else expect(root.className).not.toMatch(/timeline-/);
    // Timelines draw a dot per row; other lists none.
    expect(container.querySelectorAll('.datalist-block-dot')).toHaveLength(settings.list_type === 'timeline' ? 2 : 0);
  });

  it('ignores the timeline layout unless the list is a timeline', async () => {
    const { container } = renderList({ list_type: 'horizontal', timeline_layout: 'zigzag' });
    await screen.findByText('Ada');
    expect(container.querySelector('.datalist-block')!.className).not.toMatch(/zigzag/);
  });

  it('colours the timeline line and dots from the timeline styling', async () => {
    const { container } = renderList({ list_type: 'timeline', timeline_color: '#ff0000', timeline_dot_color: '#00ff00' });
    await screen.findByText('Ada');
    const root = container.querySelector<HTMLElement>('.datalist-block')!;
    expect(root.style.getPropertyValue('--datalist-line')).toBe('#ff0000');
    expect(root.style.getPropertyValue('--datalist-dot')).toBe('#00ff00');
  });

  it('makes a sideways-scrolling list reachable by keyboard', async () => {
    renderList({ list_type: 'horizontal', title: 'Team' });
    await screen.findByText('Ada');
    expect(screen.getByRole('list', { name: 'Team (scrolls sideways)' })).toHaveAttribute('tabindex', '0');
  });

  it('leaves the order to the server and shows the order it answers with', async () => {
    const { source } = renderList({ sorting: 'Descending' }, () => Promise.resolve(answer([BOB, ADA], { sorted_by: { column: 'Name', direction: 'desc' } })));
    await screen.findByText('Ada');
    expect(source.rows).toHaveBeenCalledTimes(1);
    expect(source.rows.mock.calls[0][1]).toEqual({ page: 1, rowsPerPage: firstPageSize('datalist') });
    expect(screen.getByText('Sorted by Who (descending)')).toBeInTheDocument();
  });

  it('says nothing about order when the server did not sort', async () => {
    renderList({ sorting: 'None' });
    await screen.findByText('Ada');
    expect(screen.queryByText(/^Sorted by/)).not.toBeInTheDocument();
    expect(
      sortedByText({ column: 'Unlisted', direction: 'asc' }, datalistItems(viewBlockOf('datalist', { axis: [{ column: 'Name', label: 'Who' }] }).axis)),
    ).toBe('Sorted by Unlisted (ascending)');
  });

  it('draws text with its label, images lazily with a reserved size, and buttons as links to http(s) values only', async () => {
    renderList();
    const ada = (await screen.findByText('Ada')).closest('li')!;
    expect(within(ada).getByText('Who')).toBeInTheDocument();
    const image = within(ada).getByRole('img', { name: 'Portrait' });
    expect(image).toHaveAttribute('src', 'https://img.example/ada.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '180');
    const link = within(ada).getByRole('link', { name: 'Visit' });
    expect(link).toHaveAttribute('href', 'https://ada.example/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const bob = screen.getByText('Bob').closest('li')!;
    expect(within(bob).queryByRole('img')).not.toBeInTheDocument();
    expect(within(bob).queryByRole('link')).not.toBeInTheDocument();
  });

  it('labels a button with its label, else Open, when it has no button text', async () => {
    renderList({ axis: [{ column: 'Name' }, { column: 'Site', type: 'button', label: 'Home page' }] });
    expect(await screen.findByRole('link', { name: 'Home page' })).toBeInTheDocument();
  });

  it('shows every visible column as text while no column is chosen', async () => {
    renderList({ axis: [] });
    await screen.findByText('Ada');
    expect(screen.getAllByText('Name')).toHaveLength(2);
    expect(screen.queryByText('r1')).not.toBeInTheDocument();
  });

  it('says so when no row matches', async () => {
    renderList({}, () => Promise.resolve(answer([])));
    expect(await screen.findByText('No rows to show yet. Rows added to the spreadsheet appear here.')).toBeInTheDocument();
  });

  it('shows the block’s error when its rows fail', async () => {
    renderList({}, () => Promise.reject(new Error('Sheet not found')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sheet not found');
  });

  it('asks for the next page with Show more and keeps the rows already shown', async () => {
    const user = userEvent.setup();
    const { source } = renderList({ rows_per_page: 1 }, (query: RowsQuery) =>
      Promise.resolve(query.page === 1 ? answer([ADA], { total: 2, page_count: 2 }) : answer([BOB], { total: 2, page: 2, page_count: 2 })),
    );
    await screen.findByText('Ada');
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Bob');
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(source.rows.mock.calls.map((call) => call[1])).toEqual([
      { page: 1, rowsPerPage: 1 },
      { page: 2, rowsPerPage: 1 },
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  });

  it('keeps the rows shown when the next page fails, and asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderList({ rows_per_page: 1 }, (query: RowsQuery) => {
      if (query.page === 1) return Promise.resolve(answer([ADA], { total: 2, page_count: 2 }));
      if (fail) return Promise.reject(new Error('Timed out'));
      return Promise.resolve(answer([BOB], { total: 2, page: 2, page_count: 2 }));
    });
    await screen.findByText('Ada');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Timed out');
    expect(screen.getByText('Ada')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Bob')).toBeInTheDocument();
  });
});
