import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { BoardBlock } from '../../generated/api';
import { AppPagesContext, useAppPagesStore } from '../links/appPages';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import type { BlockRows, BlockSource, RowsQuery } from '../data/types';
import { RECORD_ID } from '../details/DetailsPopup';
import { ItemDetailsBlock } from './ItemDetailsBlock';
import { viewBlockOf } from '../../test/viewBlocks';

const PEOPLE = [
  { [RECORD_ID]: 'rec-ada', Name: 'Ada', Role: 'Engineer', Photo: 'https://img.example.com/ada.png', Site: 'https://ada.dev' },
  { [RECORD_ID]: 'rec-bob', Name: 'Bob', Role: 'Designer', Photo: '/api/uploads/bob-1', Site: '' },
];

function answer(rows: Record<string, string>[], extra: Partial<BlockRows> = {}): BlockRows {
  return { columns: [RECORD_ID, 'Name', 'Role', 'Photo', 'Site'], rows, total: rows.length, page: 1, page_count: 1, version: 1, ...extra };
}

/** Rows as a server that does not narrow by record would answer: the page of the whole sheet. */
function fakeSource(rows = PEOPLE, extra: Partial<BlockRows> = {}) {
  return fakeBlockSource({
    rows: vi.fn(async (_block: BoardBlock, query: RowsQuery) => answer(query.rowsPerPage === 0 ? rows : rows.slice(0, query.rowsPerPage ?? 10), extra)),
    pageHref: vi.fn((page: string) => `/app/${page}`),
  });
}

function details(settings: Record<string, unknown> = {}): BoardBlock {
  return {
    id: 'd1',
    type: 'itemDetails',
    sheet_title: 'People',
    axis: [{ column: 'Name', label: 'Full name' }, { column: 'Role' }, { column: 'Photo' }],
    ...settings,
  };
}

function renderAt(url: string, block: BoardBlock, source: BlockSource) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ItemDetailsBlock block={viewBlockOf('itemDetails', block)} source={source} />
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('ItemDetailsBlock', () => {
  it('shows the first row’s content columns with their labels when the page names no record', async () => {
    const source = fakeSource();
    const block = details();
    renderAt('/people', block, source);
    expect(await screen.findByText('Full name')).toBeInTheDocument();
    expect(field('Full name')).toHaveTextContent('Ada');
    expect(field('Role')).toHaveTextContent('Engineer');
    expect(screen.queryByText('Site')).not.toBeInTheDocument();
    expect(source.rows).toHaveBeenCalledTimes(1);
    expect(source.rows.mock.calls[0][1]).toEqual({ currentRecord: undefined, rowsPerPage: 1 });
  });

  it('shows the record the URL names', async () => {
    const source = fakeSource();
    renderAt('/person?record=rec-bob', details(), source);
    expect(await screen.findByText('Bob')).toBeInTheDocument();
    expect(field('Role')).toHaveTextContent('Designer');
    expect(source.rows.mock.calls[0][1]).toEqual({ currentRecord: 'rec-bob', rowsPerPage: 1 });
  });

  it('keeps the server’s row when a Current record filter narrowed it', async () => {
    const source = fakeSource([{ ...PEOPLE[1], [RECORD_ID]: 'rec-other-sheet' }]);
    renderAt(
      '/person?record=rec-ada',
      details({ conditional_filter: { filter_by: 'Current record', select_column: 'Name', match_with_column: 'Name' } }),
      source,
    );
    expect(await screen.findByText('Bob')).toBeInTheDocument();
    expect(source.rows).toHaveBeenCalledTimes(1);
  });

  it('says so when the named record is not there', async () => {
    renderAt('/person?record=rec-gone', details(), fakeSource());
    expect(await screen.findByText('This record is not in the sheet, or the filters hide it.')).toBeInTheDocument();
  });

  it('shows every visible column when no content columns are chosen', async () => {
    renderAt('/people', details({ axis: [] }), fakeSource());
    expect(await screen.findByText('Name')).toBeInTheDocument();
    expect(screen.getByText('Role', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByText(RECORD_ID)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://ada.dev' })).toHaveAttribute('href', 'https://ada.dev/');
  });

  it('lays out stacked by default and in columns with Layout column', async () => {
    const { unmount, container } = renderAt('/people', details(), fakeSource());
    await screen.findByText('Ada');
    expect(container.querySelector('article')).toHaveClass('item-details-block', 'item-details-stacked');
    unmount();
    const second = renderAt('/people', details({ Layout: 'column' }), fakeSource());
    await screen.findByText('Ada');
    expect(second.container.querySelector('article')).toHaveClass('item-details-column');
  });

  it('shows the first image column as the photo, customised with photo_customize', async () => {
    const { unmount } = renderAt('/people', details(), fakeSource());
    const photo = await screen.findByRole('img', { name: 'Photo' });
    expect(photo).toHaveAttribute('src', 'https://img.example.com/ada.png');
    expect(photo).not.toHaveClass('item-details-photo-custom');
    expect(screen.queryByText('Photo', { selector: 'dt' })).not.toBeInTheDocument();
    unmount();

    renderAt('/person?record=rec-bob', details({ photo_customize: true }), fakeSource());
    const custom = await screen.findByRole('img', { name: 'Photo' });
    expect(custom).toHaveAttribute('src', '/api/uploads/bob-1');
    expect(custom).toHaveClass('item-details-photo-custom');
    // A photo that does not load leaves no broken image behind.
    fireEvent.error(custom);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Bob')).toBeInTheDocument();
  });

  it('links actions to pages and external http(s) addresses, labelled Click Here by default', async () => {
    const source = fakeSource();
    renderAt(
      '/people',
      details({
        actions: [
          { type: 'Page', page: 'contact', label: 'Contact', button_color: '#ffdd00' },
          { type: 'External URL', url: 'https://example.com/more' },
          { type: 'External URL', url: 'javascript:alert(1)', label: 'Evil' },
          { type: 'Page', label: 'Nowhere' },
        ],
      }),
      source,
    );
    await screen.findByText('Ada');
    const contact = screen.getByRole('link', { name: 'Contact' });
    expect(contact).toHaveAttribute('href', '/app/contact');
    expect(contact).not.toHaveAttribute('target');
    expect(contact).toHaveStyle({ backgroundColor: '#ffdd00', color: '#000000' });
    expect(source.pageHref).toHaveBeenCalledWith('contact');
    const more = screen.getByRole('link', { name: 'Click Here' });
    expect(more).toHaveAttribute('href', 'https://example.com/more');
    expect(more).toHaveAttribute('target', '_blank');
    expect(more).toHaveAttribute('rel', 'noopener noreferrer');
    expect(more).toHaveStyle({ backgroundColor: 'var(--accent)', color: 'var(--accent-text)' });
    expect(screen.queryByRole('link', { name: 'Evil' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nowhere' })).not.toBeInTheDocument();
  });

  it('links a Page action picked in the editor (a page id) to that page, and one naming a deleted page to Home', async () => {
    useAppPagesStore.getState().set('app-1', [
      { id: 'p-home', app_id: 'app-1', page_name: 'Home', page_slug: '', page_type: 'home', position: 0, record_page: false },
      { id: 'p-contact', app_id: 'app-1', page_name: 'Contact', page_slug: 'contact', page_type: 'page', position: 1, record_page: false },
    ]);
    const block = details({
      actions: [
        { type: 'Page', page: 'p-contact', label: 'Contact' },
        { type: 'Page', page: 'p-deleted', label: 'Old' },
      ],
    });
    render(
      <MemoryRouter initialEntries={['/people']}>
        <AppPagesContext.Provider value="app-1">
          <ItemDetailsBlock block={viewBlockOf('itemDetails', block)} source={fakeSource()} />
        </AppPagesContext.Provider>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/app/contact');
    expect(screen.getByRole('link', { name: 'Old' })).toHaveAttribute('href', '/app/');
  });

  it('renders the server’s sanitised markdown of a cell, nothing else as HTML', async () => {
    const rows = [{ [RECORD_ID]: 'r1', Name: '<b>Ada</b>', Role: '**Lead**', Photo: '', Site: '' }];
    renderAt('/people', details(), fakeSource(rows, { markdown: [{ row: 0, column: 'Role', html: '<p><strong>Lead</strong></p>' }] }));
    expect(await screen.findByText('<b>Ada</b>')).toBeInTheDocument();
    expect(within(field('Role') as HTMLElement).getByText('Lead').tagName).toBe('STRONG');
  });

  it('works outside a router, reading the address bar', async () => {
    window.history.pushState({}, '', '/person?record=rec-bob');
    try {
      render(<ItemDetailsBlock block={viewBlockOf('itemDetails', details())} source={fakeSource()} />);
      expect(await screen.findByText('Bob')).toBeInTheDocument();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('ItemDetailsBlock formatted values', () => {
  it('shows a field as the server formatted it and keeps links from the raw value', async () => {
    const rows = [{ ...PEOPLE[0], Role: '1067.7' }];
    const source = fakeSource(rows, { display: [{ Role: '$1,067.70' }] });
    renderAt('/app/person', details({ axis: [{ column: 'Role' }, { column: 'Site' }] }), source);
    expect(await screen.findByText('$1,067.70')).toBeInTheDocument();
    expect(screen.queryByText('1067.7')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://ada.dev' })).toHaveAttribute('href', 'https://ada.dev/');
  });
});

describe('ItemDetailsBlock Back', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  });

  it('goes back in the browser history when the viewer came from a page of this site, from the keyboard too', async () => {
    Object.defineProperty(document, 'referrer', { value: `${window.location.origin}/orders`, configurable: true });
    window.history.pushState({}, '', '/person?record=rec-bob');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    try {
      renderAt('/person?record=rec-bob', details(), fakeSource());
      const link = await screen.findByRole('link', { name: 'Back' });
      link.focus();
      await userEvent.keyboard('{Enter}');
      expect(back).toHaveBeenCalledTimes(1);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('leads to the home page when opened from elsewhere (a shared link)', async () => {
    Object.defineProperty(document, 'referrer', { value: 'https://mail.example.com/', configurable: true });
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    renderAt('/person?record=rec-bob', details(), fakeSource());
    const link = await screen.findByRole('link', { name: 'Back' });
    expect(link).toHaveAttribute('href', '/app/');
    // The click is the link's own: nothing stops it going to the home page.
    expect(fireEvent.click(link)).toBe(true);
    expect(back).not.toHaveBeenCalled();
  });

  it('shows no Back on a page that names no record', async () => {
    renderAt('/people', details(), fakeSource());
    expect(await screen.findByText('Full name')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });
});
