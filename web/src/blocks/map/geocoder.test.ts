import { mockFetch } from '../../test/fetchMock';
import { cachedPlace, createGeocoder, forgetMapTokenForTests, GEOCODE_CACHE_PREFIX, mapToken, placeOfAnswer } from './geocoder';

const GEO = 'http://geo.test';

function fakeProvider(answers: Record<string, { status?: number; body?: unknown }>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const address = decodeURIComponent(url.pathname.replace('/geocoding/v5/mapbox.places/', '').replace(/\.json$/, ''));
    const answer = answers[address] ?? { body: { features: [] } };
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
}

beforeEach(() => {
  localStorage.clear();
  forgetMapTokenForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the geocoder', () => {
  it('asks the provider with the token, reads [lng, lat] and keeps the answer', async () => {
    const fetchImpl = fakeProvider({ 'Paris, France': { body: { features: [{ center: [2.35, 48.85] }] } } });
    const geocode = createGeocoder({ baseUrl: `${GEO}/`, token: async () => 'pk.token', fetchImpl });
    await expect(geocode('Paris, France')).resolves.toEqual([48.85, 2.35]);
    const url = new URL(String(fetchImpl.mock.calls[0][0]));
    expect(url.origin + url.pathname).toBe(`${GEO}/geocoding/v5/mapbox.places/Paris%2C%20France.json`);
    expect(url.searchParams.get('access_token')).toBe('pk.token');
    expect(url.searchParams.get('limit')).toBe('1');
    expect(cachedPlace('Paris, France')).toEqual([48.85, 2.35]);

    await expect(geocode('Paris, France')).resolves.toEqual([48.85, 2.35]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('keeps a "no such place" answer too', async () => {
    const fetchImpl = fakeProvider({});
    const geocode = createGeocoder({ baseUrl: GEO, token: async () => 't', fetchImpl });
    await expect(geocode('Atlantis')).resolves.toBeNull();
    await expect(geocode('Atlantis')).resolves.toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(`${GEOCODE_CACHE_PREFIX}Atlantis`)).toBe('null');
  });

  it('does not keep a failed request, so a later visit asks again', async () => {
    const fetchImpl = fakeProvider({ Oslo: { status: 401, body: { message: 'Not Authorized' } } });
    const geocode = createGeocoder({ baseUrl: GEO, token: async () => 't', fetchImpl });
    await expect(geocode('Oslo')).resolves.toBeNull();
    expect(cachedPlace('Oslo')).toBeUndefined();
    await geocode('Oslo');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('places nothing and asks nobody without a token', async () => {
    const fetchImpl = fakeProvider({});
    const geocode = createGeocoder({ baseUrl: GEO, token: async () => null, fetchImpl });
    await expect(geocode('Oslo')).resolves.toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('ignores a broken cache entry', () => {
    localStorage.setItem(`${GEOCODE_CACHE_PREFIX}X`, '{oops');
    localStorage.setItem(`${GEOCODE_CACHE_PREFIX}Y`, '[500, 1]');
    expect(cachedPlace('X')).toBeUndefined();
    expect(cachedPlace('Y')).toBeUndefined();
  });

  it.each([
    [{ features: [{ center: [2.35, 48.85] }] }, [48.85, 2.35]],
    [{ features: [] }, null],
    [{ features: [{ center: [200, 10] }] }, null],
    [{}, null],
    [null, null],
  ])('reads the place of %o as %o', (body, expected) => {
    expect(placeOfAnswer(body)).toEqual(expected);
  });
});

describe('the map token', () => {
  it('is asked of the server once per page load', async () => {
    const { calls } = mockFetch({ 'GET /api/getENV/CHARTMAT_MAPBOX_AUTH_TOKEN': { body: 'pk.abc\n' } });
    await expect(mapToken()).resolves.toBe('pk.abc');
    await expect(mapToken()).resolves.toBe('pk.abc');
    expect(calls).toHaveLength(1);
  });

  it('is null when the server has none, without alerting', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({ 'GET /api/getENV/CHARTMAT_MAPBOX_AUTH_TOKEN': { status: 404, body: { error: 'No map token is configured' } } });
    await expect(mapToken()).resolves.toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });
});
