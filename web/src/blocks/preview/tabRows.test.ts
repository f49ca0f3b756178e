// A tab reaches the preview as the server's columnar bytes through the request layer: its data
// version from the header, a refusal as the ApiError the grid call would give, and the bytes kept
// on the device for when the network is gone (a copy kept in the older JSON form is not used).
import { ApiError } from '../../api/errors';
import { copyKey, keepCopy, readCopy } from '../../platform/offlineStore';
import { mockFetch } from '../../test/fetchMock';
import { DATA_VERSION_HEADER, OLD_COPY, loadTabRows } from './tabRows';

const BYTES = new Uint8Array([84, 83, 67, 79, 76, 83, 48, 49, 0, 0, 0, 0, 0, 0, 0, 0]);
const route = 'GET /api/spreadsheets/s%201/sheets/Q1%20sales/columns';
const served = { body: BYTES, headers: { [DATA_VERSION_HEADER]: '9' } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const offline = () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
};

it('reads the tab’s bytes and data version, and keeps them on the device', async () => {
  const { calls } = mockFetch({ [route]: served });
  const tab = await loadTabRows('s 1', 'Q1 sales', undefined);
  expect(tab.version).toBe(9);
  expect([...tab.bytes]).toEqual([...BYTES]);
  // The spec parameters go with it as with every call.
  expect(calls[0].url.searchParams.has('board')).toBe(true);
  await vi.waitFor(async () => expect(await readCopy(copyKey.rows('s 1', 'Q1 sales'))).toMatchObject({ version: 9 }));
});

it('uses the kept copy of the current version without asking the server', async () => {
  await keepCopy(copyKey.rows('s 1', 'Q1 sales'), { bytes: BYTES, version: 9 });
  const { calls } = mockFetch({});
  expect((await loadTabRows('s 1', 'Q1 sales', 9)).version).toBe(9);
  expect(calls).toEqual([]);
});

it('answers a refusal as the ApiError the server gave, without an alert', async () => {
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  mockFetch({ [route]: { status: 403, body: { error: 'Only the owner (or a platform administrator) may do this.' } } });
  const refused = await loadTabRows('s 1', 'Q1 sales', undefined).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused).toMatchObject({ status: 403, message: 'Only the owner (or a platform administrator) may do this.' });
  expect(alert).not.toHaveBeenCalled();
});

it('refuses an answer without its data version', async () => {
  mockFetch({ [route]: { body: BYTES } });
  await expect(loadTabRows('s 1', 'Q1 sales', undefined)).rejects.toThrow(
    `The server answered the tab "Q1 sales" without its data version (${DATA_VERSION_HEADER}).`,
  );
});

it('answers the kept bytes when the network is gone, and says so of a copy in the older form', async () => {
  await keepCopy(copyKey.rows('s 1', 'Q1 sales'), { bytes: BYTES, version: 8 });
  offline();
  expect((await loadTabRows('s 1', 'Q1 sales', 9)).version).toBe(8);

  await keepCopy(copyKey.rows('s 1', 'Q1 sales'), { columns: ['Name'], rows: [['Ada']], total: 1, version: 8 });
  await expect(loadTabRows('s 1', 'Q1 sales', 9)).rejects.toThrow(OLD_COPY);
});
