// Block saves that wait for the network: queued in IndexedDB (fake-indexeddb here), replayed in
// order when the browser is online again, a refusal kept with the edit.
import { waitFor } from '@testing-library/react';
import { mockFetch } from '../test/fetchMock';
import { useBlockSaveStore } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import { copyKey, enqueueSave, keepCopy, loadWithCopy, queuedSaves } from './offlineStore';
import { replayOutbox, saveBlock, startOutbox } from './outbox';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** Answers every PUT /api/blocks/{id} with the block as sent, and records the order. */
function serveBlocks(refuse: Record<string, { status: number; body: unknown }> = {}) {
  return mockFetch({
    'PUT /api/blocks/k1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k1' } }),
    'PUT /api/blocks/k2': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k2' } }),
    ...Object.fromEntries(Object.entries(refuse).map(([id, answer]) => [`PUT /api/blocks/${id}`, answer])),
  });
}

const puts = (calls: { method: string; url: URL; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => [c.url.pathname, c.body]);
const saves = () => useBlockSaveStore.getState().saves;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a block save', () => {
  it('goes to the server at once when online', async () => {
    const { calls } = serveBlocks();
    expect(await saveBlock('k1', { type: 'table', title: 'Orders' }, { board: 'sales' })).toEqual({ stored: { type: 'table', title: 'Orders', id: 'k1' } });
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    expect(await queuedSaves()).toEqual([]);
    expect(saves()).toEqual({});
  });

  it('is queued on the device while offline, and nothing is sent', async () => {
    const { calls } = serveBlocks();
    setOnline(false);
    expect(await saveBlock('k1', { type: 'table', title: 'Orders' }, { board: 'sales' })).toEqual({ queued: true });
    expect(calls).toEqual([]);
    expect(await queuedSaves()).toMatchObject([{ blockId: 'k1', config: { type: 'table', title: 'Orders' }, query: { board: 'sales' } }]);
    expect(saves().k1).toEqual({ state: 'waiting', config: { type: 'table', title: 'Orders' } });
  });

  it('is queued when its request never got an answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await saveBlock('k1', { type: 'table' }, {})).toEqual({ queued: true });
    expect(await queuedSaves()).toHaveLength(1);
  });

  it('shows an HTTP refusal of a direct save to the editor, without queuing it', async () => {
    serveBlocks({ k1: { status: 422, body: { error: 'Rows per page must be from 1 to 100.', field: 'rows_per_page' } } });
    await expect(saveBlock('k1', { type: 'table', rows_per_page: 0 }, {})).rejects.toMatchObject({ status: 422, field: 'rows_per_page' });
    expect(await queuedSaves()).toEqual([]);
  });
});

describe('the outbox', () => {
  it('replays the queued saves in the order they were made when the browser is online again', async () => {
    const { calls } = serveBlocks();
    startOutbox();
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    expect(useConnectivityStore.getState().online).toBe(false);
    await saveBlock('k1', { type: 'table', title: 'First' }, { board: 'sales' });
    await saveBlock('k2', { type: 'chart', title: 'Second' }, { board: 'sales' });
    // A newer save of k1 holds the first one's edit too, and takes its turn after k2.
    await saveBlock('k1', { type: 'table', title: 'Third' }, { board: 'sales' });
    expect(calls).toEqual([]);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(saves().k1).toMatchObject({ state: 'saved' }));
    expect(puts(calls)).toEqual([
      ['/api/blocks/k2', { type: 'chart', title: 'Second' }],
      ['/api/blocks/k1', { type: 'table', title: 'Third' }],
    ]);
    expect(saves()).toEqual({
      k1: { state: 'saved', block: { type: 'table', title: 'Third', id: 'k1' } },
      k2: { state: 'saved', block: { type: 'chart', title: 'Second', id: 'k2' } },
    });
    expect(await queuedSaves()).toEqual([]);
    expect(useConnectivityStore.getState().online).toBe(true);
  });

  it('keeps a save the server refuses, with its answer, and sends the rest', async () => {
    const { calls } = serveBlocks({ k1: { status: 422, body: { error: 'The sheet `Gone` is not in this spreadsheet.', field: 'sheet_title' } } });
    setOnline(false);
    await saveBlock('k1', { type: 'table', sheet_title: 'Gone' }, {});
    await saveBlock('k2', { type: 'chart' }, {});
    setOnline(true);
    await replayOutbox();
    expect(puts(calls).map(([path]) => path)).toEqual(['/api/blocks/k1', '/api/blocks/k2']);
    expect(saves().k1).toEqual({ state: 'failed', config: { type: 'table', sheet_title: 'Gone' }, message: 'The sheet `Gone` is not in this spreadsheet.', field: 'sheet_title' });
    expect(await queuedSaves()).toMatchObject([{ blockId: 'k1', error: { status: 422, field: 'sheet_title' } }]);

    // Replayed again, the refused save is not sent again: it waits for the user.
    await replayOutbox();
    expect(puts(calls)).toHaveLength(2);
    // A save of the block that the server takes clears it.
    serveBlocks();
    await saveBlock('k1', { type: 'table' }, {});
    expect(await queuedSaves()).toEqual([]);
    expect(saves().k1).toBeUndefined();
  });

  it('stops at the first save that finds no network and keeps the rest for later', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await enqueueSave({ blockId: 'k1', config: { type: 'table' }, query: {} });
    await enqueueSave({ blockId: 'k2', config: { type: 'chart' }, query: {} });
    await replayOutbox();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await queuedSaves()).toHaveLength(2);
    expect(saves()).toEqual({ k1: { state: 'waiting', config: { type: 'table' } }, k2: { state: 'waiting', config: { type: 'chart' } } });
  });

  it('replays what an earlier visit left queued when an editor opens', async () => {
    const { calls } = serveBlocks();
    await enqueueSave({ blockId: 'k2', config: { type: 'chart', title: 'Left over' }, query: { board: 'sales' } });
    startOutbox();
    await waitFor(() => expect(saves().k2).toMatchObject({ state: 'saved' }));
    expect(puts(calls)).toEqual([['/api/blocks/k2', { type: 'chart', title: 'Left over' }]]);
  });
});

describe('the copies kept for offline use', () => {
  it('answer a load that finds no network, and say the page came from the device', async () => {
    await keepCopy(copyKey.board('sales'), { name: 'Sales' });
    const load = () => Promise.reject(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', vi.fn(load));
    const { api } = await import('../api/client');
    expect(await loadWithCopy(copyKey.board('sales'), () => api.get('/api/x', { alert: false }))).toEqual({ name: 'Sales' });
    expect(useConnectivityStore.getState().fromCopy).toBe(true);
  });

  it('never hide an HTTP error behind a copy', async () => {
    await keepCopy(copyKey.board('sales'), { name: 'Sales' });
    mockFetch({ 'GET /api/x': { status: 403, body: { error: 'Access denied' } } });
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { api } = await import('../api/client');
    await expect(loadWithCopy(copyKey.board('sales'), () => api.get('/api/x', { alert: false }))).rejects.toMatchObject({ status: 403 });
  });
});
