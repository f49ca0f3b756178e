import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoardBlock } from '../../generated/api';
import type { BlockRows, RowsQuery } from '../data/types';
import { firstPageSize } from '../capabilities';
import { GridBlock } from './GridBlock';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import { viewBlockOf } from '../../test/viewBlocks';

const COLUMNS = ['ChartApps Record ID', 'Name', 'Photo', 'Email'];
const ADA = { 'ChartApps Record ID': 'r1', Name: 'Ada', Photo: 'https://img.example/ada.png', Email: 'ada@example.com' };
const BOB = { 'ChartApps Record ID': 'r2', Name: 'Bob', Photo: '', Email: 'bob@example.com' };

function answer(rows: Record<string, string>[], extra: Partial<BlockRows> = {}): BlockRows {
  return { columns: COLUMNS, rows, total: rows.length, page: 1, page_count: 1, version: 1, ...extra };
}

/** A BlockSource whose rows() answers `rows`. */
function fakeSource(rows: (query: RowsQuery) => Promise<BlockRows>) {
  return fakeBlockSource({ rows: vi.fn((_block: BoardBlock, query: RowsQuery) => rows(query)) });
}

const AXIS = [
  { column: 'Photo', type: 'image' },
  { column: 'Name', type: 'text' },
  { column: 'Email', type: 'text', hide_on_grid: true },
  { column: 'Name', type: 'button' },
];

function renderGrid(settings: Record<string, unknown> = {}, rows: (query: RowsQuery) => Promise<BlockRows> = () => Promise.resolve(answer([ADA, BOB]))) {
  const source = fakeSource(rows);
  const block: BoardBlock = { id: 'g1', type: 'grid', sheet_title: 'People', axis: AXIS, ...settings };
  const view = render(<GridBlock block={viewBlockOf('grid', block)} source={source} />);
  return { source, user: userEvent.setup(), ...view };
}

const card = (name: string) => screen.getByText(name, { selector: '.grid-block-text' }).closest('li')!;

describe('the grid block', () => {
  it.each([
    [undefined, 4],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    // Out of the catalogue's range 1-4: normalise clamps it, as the server answers it.
    [0, 1],
    [7, 4],
    ['2', 2],
  ])('lays columns %o out as %i columns', async (columns, expected) => {
    const { container } = renderGrid(columns === undefined ? {} : { columns });
    await screen.findByText('Ada');
    expect(container.querySelector('.grid-block-cards')).toHaveClass(`grid-block-cols-${expected}`);
  });

  it('asks for the first page of rows, unsorted', async () => {
    const { source } = renderGrid();
    await screen.findByText('Ada');
    expect(source.rows.mock.calls[0][1]).toEqual({ page: 1, rowsPerPage: firstPageSize('grid') });
  });

  it('hides hide_on_grid items on the card and shows them in the details popup', async () => {
    const { user } = renderGrid();
    await screen.findByText('Ada');
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    await user.click(card('Ada'));
    const dialog = screen.getByRole('dialog', { name: 'Ada' });
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Email')).toBeInTheDocument();
    // The sheet's own record id never shows.
    expect(within(dialog).queryByText('r1')).not.toBeInTheDocument();
  });

  it('labels the button View by default and opens the details popup with it', async () => {
    const { user } = renderGrid({ show_details_on_click: false });
    await screen.findByText('Ada');
    const view = within(card('Bob')).getByRole('button', { name: 'View' });
    await user.click(view);
    expect(screen.getByRole('dialog', { name: 'Bob' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('uses the button text when given', async () => {
    renderGrid({ axis: [{ column: 'Name' }, { column: 'Name', type: 'button', button_text: 'Open profile' }] });
    expect(await screen.findAllByRole('button', { name: 'Open profile' })).toHaveLength(2);
  });

  it('opens the details popup from the keyboard on a card', async () => {
    const { user } = renderGrid();
    await screen.findByText('Ada');
    card('Ada').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Ada' })).toBeInTheDocument();
  });

  it('does not open the popup on a card click when show_details_on_click is off', async () => {
    const { user } = renderGrid({ show_details_on_click: false });
    await screen.findByText('Ada');
    await user.click(card('Ada'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card('Ada')).not.toHaveAttribute('tabindex');
  });

  it('rounds images and buttons when asked, and not otherwise', async () => {
    const { container, unmount } = renderGrid();
    await screen.findByText('Ada');
    expect(container.querySelector('.grid-block-image')).not.toHaveClass('grid-block-image-round');
    expect(container.querySelector('.grid-block-button')).not.toHaveClass('grid-block-button-round');
    unmount();
    const round = renderGrid({
      axis: [
        { column: 'Photo', type: 'image', round_image: true },
        { column: 'Name', type: 'text' },
        { column: 'Name', type: 'button', round_button: true },
      ],
    });
    await screen.findByText('Ada');
    expect(round.container.querySelector('.grid-block-image')).toHaveClass('grid-block-image-round');
    expect(round.container.querySelector('.grid-block-button')).toHaveClass('grid-block-button-round');
  });

  it('sizes images from image_width and image_height, loads them lazily, and skips non-http values', async () => {
    renderGrid({ axis: [{ column: 'Photo', type: 'image', image_width: 120, image_height: 90 }, { column: 'Name' }] });
    await screen.findByText('Ada');
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(1); // Bob has no photo
    expect(images[0]).toHaveAttribute('width', '120');
    expect(images[0]).toHaveAttribute('height', '90');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0].style.width).toBe('120px');
    expect(images[0].style.height).toBe('90px');
  });

  it('aligns each item as its alignment says (left by default)', async () => {
    const { container } = renderGrid({
      axis: [
        { column: 'Photo', type: 'image', alignment: 'center' },
        { column: 'Name', type: 'text', alignment: 'right' },
        { column: 'Email', type: 'text' },
      ],
    });
    await screen.findByText('Ada');
    const items = container.querySelectorAll('li')[0].querySelectorAll('.grid-block-item');
    expect(items[0]).toHaveClass('grid-block-align-center');
    expect(items[1]).toHaveClass('grid-block-align-right');
    expect(items[2]).toHaveClass('grid-block-align-left');
  });

  it('says so when no row matches', async () => {
    renderGrid({}, () => Promise.resolve(answer([])));
    expect(await screen.findByText('No rows to show yet. Rows added to the spreadsheet appear here.')).toBeInTheDocument();
  });

  it('asks for the next page with Show more', async () => {
    const { user, source } = renderGrid({ rows_per_page: 1 }, (query: RowsQuery) =>
      Promise.resolve(query.page === 1 ? answer([ADA], { total: 2, page_count: 2 }) : answer([BOB], { total: 2, page: 2, page_count: 2 })),
    );
    await screen.findByText('Ada');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Bob')).toBeInTheDocument();
    expect(source.rows.mock.calls[1][1]).toEqual({ page: 2, rowsPerPage: 1 });
  });
});
