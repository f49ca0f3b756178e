import { computeMarkers, parseLatLng, type Geocode, type LatLng } from './markers';

describe('parseLatLng', () => {
  it.each<[string, LatLng | null]>([
    ['48.8566, 2.3522', [48.8566, 2.3522]],
    ['48.8566,2.3522', [48.8566, 2.3522]],
    ['  -33.8688 ,  151.2093 ', [-33.8688, 151.2093]],
    ['+10, -20', [10, -20]],
    ['0,0', [0, 0]],
    ['90, 180', [90, 180]],
    ['-90, -180', [-90, -180]],
    ['.5, 1.', [0.5, 1]],
    ['90.0001, 0', null],
    ['0, 180.5', null],
    ['-91, 10', null],
    ['48.8566', null],
    ['1, 2, 3', null],
    ['48.8566; 2.3522', null],
    ['48,8566, 2,3522', null],
    ['10 Downing Street, London', null],
    ['48.8566 N, 2.3522 E', null],
    ['1e2, 3', null],
    [', 2', null],
    ['', null],
    ['NaN, 1', null],
    ['0x10, 1', null],
  ])('reads %o as %o', (text, expected) => {
    expect(parseLatLng(text)).toEqual(expected);
  });
});

const COLUMNS = { title: 'Name', description: 'About', address: 'Where', image: 'Photo' };

function row(name: string, where: string, photo = ''): Record<string, string> {
  return { Name: name, About: `${name} place`, Where: where, Photo: photo };
}

describe('computeMarkers', () => {
  it('places lat,lng addresses without geocoding', async () => {
    const geocode = vi.fn<Geocode>();
    const placed = await computeMarkers([row('Paris', '48.85, 2.35', 'https://img.example/p.png'), row('Nowhere', '  ')], COLUMNS, geocode);
    expect(geocode).not.toHaveBeenCalled();
    expect(placed).toEqual({
      markers: [{ position: [48.85, 2.35], title: 'Paris', description: 'Paris place', image: 'https://img.example/p.png', address: '48.85, 2.35' }],
      unplaced: 0,
    });
  });

  it('geocodes every other address once, however many rows share it, and keeps the row order', async () => {
    const geocode = vi.fn<Geocode>(async (address) => (address === 'Rome' ? [41.9, 12.5] : [51.5, -0.1]));
    const placed = await computeMarkers([row('A', 'Rome'), row('B', '1, 2'), row('C', 'London'), row('D', 'Rome')], COLUMNS, geocode);
    expect(geocode.mock.calls.map((call) => call[0]).sort()).toEqual(['London', 'Rome']);
    expect(placed.markers.map((marker) => [marker.title, marker.position])).toEqual([
      ['A', [41.9, 12.5]],
      ['B', [1, 2]],
      ['C', [51.5, -0.1]],
      ['D', [41.9, 12.5]],
    ]);
  });

  it('counts addresses the geocoder cannot place or fails on, and keeps the others', async () => {
    const geocode = vi.fn<Geocode>(async (address) => {
      if (address === 'Atlantis') return null;
      if (address === 'Broken') throw new Error('HTTP 500');
      return [10, 20];
    });
    const placed = await computeMarkers([row('A', 'Atlantis'), row('B', 'Broken'), row('C', 'Oslo'), row('D', 'Atlantis')], COLUMNS, geocode);
    expect(placed.unplaced).toBe(2);
    expect(placed.markers.map((marker) => marker.title)).toEqual(['C']);
  });

  it('asks the geocoder at most `concurrency` addresses at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const geocode: Geocode = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return [1, 1];
    };
    const rows = Array.from({ length: 10 }, (_, i) => row(`R${i}`, `Street ${i}`));
    const placed = await computeMarkers(rows, COLUMNS, geocode, { concurrency: 3 });
    expect(most).toBe(3);
    expect(placed.markers).toHaveLength(10);
  });

  it('keeps only http(s) images', async () => {
    const placed = await computeMarkers([row('A', '1, 1', 'javascript:alert(1)'), row('B', '2, 2', 'http://img.example/b.png')], COLUMNS, vi.fn<Geocode>());
    expect(placed.markers.map((marker) => marker.image)).toEqual([null, 'http://img.example/b.png']);
  });

  it('stops asking once aborted', async () => {
    const abort = new AbortController();
    const geocode = vi.fn<Geocode>(async () => {
      abort.abort();
      return null;
    });
    await computeMarkers([row('A', 'One'), row('B', 'Two'), row('C', 'Three')], COLUMNS, geocode, { concurrency: 1, signal: abort.signal });
    expect(geocode).toHaveBeenCalledTimes(1);
  });
});
