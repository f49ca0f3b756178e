import { render, screen, within } from '@testing-library/react';
import type { BoardBlock } from '../../generated/api';
import { setRuntimeConfigForTests } from '../../config/runtime';
import { mockFetch, type Routes } from '../../test/fetchMock';
import type { BlockRows, RowsQuery } from '../data/types';
import { forgetMapTokenForTests, GEOCODE_CACHE_PREFIX } from './geocoder';
import { MapBlock, MAX_MARKERS } from './MapBlock';
import type { MapCanvasProps } from './MapCanvas';
import { fakeBlockSource } from '../../test/fakeBlockSource';
import { viewBlockOf } from '../../test/viewBlocks';

// Leaflet does not draw in jsdom; the canvas stand-in lists the markers it was given.
vi.mock('./MapCanvas', () => ({
  MapCanvas: ({ markers, tilesUrl, label }: MapCanvasProps) => (
    <ul aria-label={label} data-tiles={tilesUrl}>
      {markers.map((marker, index) => (
        <li key={index}>{`${marker.title} @ ${marker.position.join(',')}`}</li>
      ))}
    </ul>
  ),
}));

const TOKEN_ROUTE = 'GET /api/getENV/CHARTMAT_MAPBOX_AUTH_TOKEN';
const place = (lng: number, lat: number) => ({ body: { features: [{ center: [lng, lat] }] } });
const geocodePath = (address: string) => `GET /geocoding/v5/mapbox.places/${encodeURIComponent(address)}.json`;

const COLUMNS = ['ChartApps Record ID', 'Name', 'About', 'Where', 'Photo'];
function answer(rows: Record<string, string>[], extra: Partial<BlockRows> = {}): BlockRows {
  return { columns: COLUMNS, rows, total: rows.length, page: 1, page_count: 1, version: 1, ...extra };
}
const row = (name: string, where: string) => ({ 'ChartApps Record ID': name, Name: name, About: '', Where: where, Photo: '' });

/** A BlockSource whose rows() answers `rows`. */
function fakeSource(rows: (query: RowsQuery) => Promise<BlockRows>) {
  return fakeBlockSource({ rows: vi.fn((_block: BoardBlock, query: RowsQuery) => rows(query)) });
}

const BLOCK: BoardBlock = {
  id: 'm1',
  type: 'map',
  title: 'Offices',
  sheet_title: 'Offices',
  title_column: 'Name',
  description_column: 'About',
  address_column: 'Where',
  image_column: 'Photo',
};

function renderMap(rows: Record<string, string>[], routes: Routes, block: BoardBlock = BLOCK) {
  const fetched = mockFetch(routes);
  const source = fakeSource(() => Promise.resolve(answer(rows)));
  const view = render(<MapBlock block={viewBlockOf('map', block)} source={source} />);
  return { ...fetched, source, ...view };
}

const geocoderCalls = (calls: { url: URL }[]) => calls.filter((call) => call.url.pathname.startsWith('/geocoding/'));

beforeEach(() => {
  localStorage.clear();
  forgetMapTokenForTests();
  setRuntimeConfigForTests({ geocoderUrl: 'http://geo.test', mapTilesUrl: 'http://tiles.test/{z}/{x}/{y}.png' });
});

afterEach(() => {
  setRuntimeConfigForTests(null);
  vi.unstubAllGlobals();
});

describe('the map block', () => {
  it('asks for one page of at most MAX_MARKERS rows and draws with the configured tiles', async () => {
    const { source } = renderMap([row('HQ', '48.85, 2.35')], {});
    const map = await screen.findByRole('list', { name: 'Map: Offices' });
    expect(map).toHaveAttribute('data-tiles', 'http://tiles.test/{z}/{x}/{y}.png');
    expect(source.rows.mock.calls[0][1]).toEqual({ page: 1, rowsPerPage: MAX_MARKERS });
  });

  it('places lat,lng rows without a token or geocoding', async () => {
    const { calls } = renderMap([row('HQ', '48.85, 2.35'), row('Lab', '-33.87,151.21')], {});
    const map = await screen.findByRole('list', { name: 'Map: Offices' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HQ @ 48.85,2.35', 'Lab @ -33.87,151.21']);
    expect(calls).toHaveLength(0);
    expect(screen.queryByText(/could not be placed/)).not.toBeInTheDocument();
  });

  it('geocodes only the other addresses, with the token, once per browser', async () => {
    const routes: Routes = {
      [TOKEN_ROUTE]: { body: 'pk.secret' },
      [geocodePath('Paris, France')]: place(2.35, 48.85),
    };
    const rows = [row('HQ', 'Paris, France'), row('Lab', '1, 2'), row('Shop', 'Paris, France')];
    const first = renderMap(rows, routes);
    const map = await screen.findByRole('list', { name: 'Map: Offices' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HQ @ 48.85,2.35', 'Lab @ 1,2', 'Shop @ 48.85,2.35']);
    const asked = geocoderCalls(first.calls);
    expect(asked).toHaveLength(1);
    expect(asked[0].url.origin).toBe('http://geo.test');
    expect(asked[0].url.searchParams.get('access_token')).toBe('pk.secret');
    expect(asked[0].url.searchParams.get('limit')).toBe('1');
    expect(localStorage.getItem(`${GEOCODE_CACHE_PREFIX}Paris, France`)).toBe('[48.85,2.35]');
    first.unmount();

    // Another visit (a new page load: the token is asked for afresh) finds the address kept.
    forgetMapTokenForTests();
    const second = renderMap(rows, routes);
    const again = await screen.findByRole('list', { name: 'Map: Offices' });
    expect(within(again).getAllByRole('listitem')).toHaveLength(3);
    expect(second.calls).toHaveLength(0);
  });

  it('notes the addresses it could not place and shows the rest', async () => {
    const { calls } = renderMap([row('HQ', 'Paris'), row('Gone', 'Atlantis'), row('Down', 'Oslo'), row('Lab', '1, 2')], {
      [TOKEN_ROUTE]: { body: 'pk.secret' },
      [geocodePath('Paris')]: place(2.35, 48.85),
      [geocodePath('Atlantis')]: { body: { features: [] } },
      [geocodePath('Oslo')]: { status: 503, body: { message: 'busy' } },
    });
    const map = await screen.findByRole('list', { name: 'Map: Offices' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HQ @ 48.85,2.35', 'Lab @ 1,2']);
    expect(screen.getByRole('status')).toHaveTextContent('2 addresses could not be placed');
    expect(geocoderCalls(calls)).toHaveLength(3);
  });

  it('places only lat,lng rows when the server has no token', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = renderMap([row('HQ', 'Paris'), row('Lab', '1, 2')], {
      [TOKEN_ROUTE]: { status: 404, body: { error: 'No map token is configured on this server (CHARTMAT_MAPBOX_AUTH_TOKEN).' } },
    });
    const map = await screen.findByRole('list', { name: 'Map: Offices' });
    expect(
      within(map)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lab @ 1,2']);
    expect(screen.getByRole('status')).toHaveTextContent('1 address could not be placed');
    expect(geocoderCalls(calls)).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it('says when the sheet has more rows than the map shows', async () => {
    mockFetch({});
    const source = fakeSource(() => Promise.resolve(answer([row('HQ', '1, 2')], { total: 900, page_count: 2 })));
    render(<MapBlock block={viewBlockOf('map', BLOCK)} source={source} />);
    expect(await screen.findByText('Showing the first 1 of 900 rows')).toBeInTheDocument();
  });

  it('asks for an address column before loading anything', () => {
    const source = fakeSource(() => Promise.resolve(answer([])));
    render(<MapBlock block={viewBlockOf('map', { ...BLOCK, address_column: '' })} source={source} />);
    expect(screen.getByText(/Choose the address column/)).toBeInTheDocument();
    expect(source.rows).not.toHaveBeenCalled();
  });

  it('says so when no row matches, and shows the block’s error when the rows fail', async () => {
    mockFetch({});
    const { unmount } = render(<MapBlock block={viewBlockOf('map', BLOCK)} source={fakeSource(() => Promise.resolve(answer([])))} />);
    expect(await screen.findByText('No rows to show yet. Rows added to the spreadsheet appear here.')).toBeInTheDocument();
    unmount();
    render(<MapBlock block={viewBlockOf('map', BLOCK)} source={fakeSource(() => Promise.reject(new Error('Sheet not found')))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sheet not found');
  });
});
