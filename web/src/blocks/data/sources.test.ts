import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRowWritesStore } from '../../store/rowWritesStore';
import { NO_SHEET, boardFirstPaint, boardSource, pageSource } from './sources';

const block = { id: 'b1', type: 'table', sheet_title: 'Sales' };
const viewer = { search: 'ann', filters: 'Region:North', filterSummary: ['Region is North'] };

function answering() {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ columns: [], rows: [], total: 0, page: 1, page_count: 1, version: 1 }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return () => new URL((fetch.mock.calls[0] as unknown as [string])[0]);
}

afterEach(() => vi.unstubAllGlobals());

describe('boardSource', () => {
  it("is narrowed only while the viewer's search or URL filters are set", () => {
    const none = { search: ' ', filters: '', filterSummary: [] };
    expect(boardSource('sales', 's1', none).narrowed).toBe(false);
    expect(boardSource('sales', 's1', { ...none, search: 'ann' }).narrowed).toBe(true);
    expect(boardSource('sales', 's1', { ...none, filters: 'Region:North' }).narrowed).toBe(true);
    expect(pageSource('a1', 'home', none).narrowed).toBe(false);
    expect(pageSource('a1', 'home', viewer).narrowed).toBe(true);
  });

  it('prints the filters and the search terms on PDF exports', () => {
    expect(boardSource('sales', 's1', viewer).filterSummary).toEqual(['Region is North', 'Search: ann']);
    expect(pageSource('a1', 'home', { ...viewer, search: '  ' }).filterSummary).toEqual(['Region is North']);
  });

  it("sends the viewer's search and URL filters with a block's rows", async () => {
    const url = answering();
    await boardSource('sales', 's1', viewer).rows(block, { page: 2, rowsPerPage: 5, sort: { column: 'Name', direction: 'desc' } });
    expect(url().pathname).toBe('/api/board/s1/sheet/Sales');
    expect(
      Object.fromEntries(
        ['board', 'block', 'search', '_filters', 'page', 'rows_per_page', 'sort_column', 'sort_direction'].map((k) => [k, url().searchParams.get(k)]),
      ),
    ).toEqual({
      board: 'sales',
      block: 'b1',
      search: 'ann',
      _filters: 'Region:North',
      page: '2',
      rows_per_page: '5',
      sort_column: 'Name',
      sort_direction: 'desc',
    });
  });

  it("sends the viewer's UTC offset with a form submit, so the server's [(today)] is the viewer's date", async () => {
    const url = answering();
    await boardSource('sales', 's1', viewer).appendRow({ id: 'f1', type: 'form' }, { Name: 'Ada' });
    expect(url().pathname).toBe('/api/blocks/f1/rows');
    expect(url().searchParams.get('tz_offset')).toBe(String(-new Date().getTimezoneOffset()));
    expect(url().searchParams.get('board')).toBe('sales');
  });

  it('asks a block without a tab to choose one in its settings, without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const unset = { id: 'b2', type: 'table', sheet_title: ' ' };
    await expect(boardSource('sales', 's1', viewer).rows(unset, {})).rejects.toThrow(NO_SHEET);
    await expect(pageSource('a1', 'home', viewer).rows(unset, {})).rejects.toThrow(NO_SHEET);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads a column's choices without the viewer's search and URL filters", async () => {
    const url = answering();
    await boardSource('sales', 's1', viewer).rows(block, { rowsPerPage: 0, choices: true });
    expect(url().searchParams.get('search')).toBeNull();
    expect(url().searchParams.get('_filters')).toBe('');
  });

  it("asks for a board without a spreadsheet as '-', and says it has none", async () => {
    const url = answering();
    const source = boardSource('notes', null, viewer);
    expect(source.hasSpreadsheet).toBe(false);
    await source.view({ id: 'm1', type: 'markdown' }, {});
    expect(url().pathname).toBe('/api/board/-/view/m1');
  });

  it("puts a signed embed link's token on the CSV link, which the request layer does not build", () => {
    window.history.pushState({}, '', '/embed?board=sales&token=eyJ.abc.sig');
    const link = new URL(boardSource('sales', 's1', viewer).csvUrl(block), window.location.origin);
    window.history.pushState({}, '', '/sales');
    expect(link.searchParams.get('embed_token')).toBe('eyJ.abc.sig');
    const plain = new URL(boardSource('sales', 's1', viewer).csvUrl(block), window.location.origin);
    expect(plain.searchParams.has('embed_token')).toBe(false);
  });
});

describe('first paint', () => {
  const rows = (total: number) => ({ columns: ['Name'], rows: [{ Name: 'Ann' }], total, page: 1, page_count: 1, version: 1 });

  function serving() {
    const fetch = vi.fn(async (input: string) => {
      const url = new URL(input);
      const body = url.pathname.endsWith('/first-paint') ? { blocks: { b1: { rows: rows(1), rows_per_page: 5 } } } : rows(2);
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return () => (fetch.mock.calls as unknown as [string][]).map(([input]) => new URL(input).pathname);
  }

  it('answers a block its first page once; a reload after a write, another page or size asks the server', async () => {
    const paths = serving();
    const source = boardSource('sales', 's1', viewer, boardFirstPaint('sales', 's1', viewer));
    expect((await source.rows(block, { page: 5, rowsPerPage: 5 })).total).toBe(2);
    expect((await source.rows(block, { page: 1, rowsPerPage: 10 })).total).toBe(2);
    expect((await source.rows(block, { page: 1, rowsPerPage: 5 })).total).toBe(1);
    expect((await source.rows(block, { page: 1, rowsPerPage: 5 })).total).toBe(2);
    expect(paths()).toEqual(['/api/board/s1/sheet/Sales', '/api/board/s1/first-paint', '/api/board/s1/sheet/Sales', '/api/board/s1/sheet/Sales']);
  });

  it('is not used once this tab has written rows: a block shown later reads them as they are now', async () => {
    const paths = serving();
    const paint = boardFirstPaint('sales', 's1', viewer);
    paint.start();
    useRowWritesStore.getState().wrote();
    const source = boardSource('sales', 's1', viewer, paint);
    expect((await source.rows(block, { page: 1, rowsPerPage: 5 })).total).toBe(2);
    expect(paths()).toEqual(['/api/board/s1/first-paint', '/api/board/s1/sheet/Sales']);
  });

  it('is not used once the viewer searches or filters otherwise', async () => {
    const paths = serving();
    const paint = boardFirstPaint('sales', 's1', viewer);
    const searched = boardSource('sales', 's1', { ...viewer, search: 'bob' }, paint);
    expect((await searched.rows(block, { page: 1, rowsPerPage: 5 })).total).toBe(2);
    const back = boardSource('sales', 's1', viewer, paint);
    expect((await back.rows(block, { page: 1, rowsPerPage: 5 })).total).toBe(2);
    expect(paths()).toEqual(['/api/board/s1/sheet/Sales', '/api/board/s1/sheet/Sales']);
  });
});
