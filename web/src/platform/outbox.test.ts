// Block saves that wait for the network: queued in IndexedDB (fake-indexeddb here), replayed in
// order when the browser is online again, a refusal kept with the edit.
import { waitFor } from '@testing-library/react';
import { answer, client } from '../api/client';
import { mockFetch } from '../test/fetchMock';
import { useBlockSaveStore } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import { copyKey, enqueueSave, keepCopy, loadWithCopy, queuedSaves } from './offlineStore';
import { discardLocalBlock, replayOutbox, saveBlock, saveDelete, saveOrder, startOutbox } from './outbox';
import { newLocalId } from '../store/blockList';
import { useToastStore } from '../store/toastStore';

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
    expect(await saveBlock('k1', { type: 'table', title: 'Orders' }, { board: 'sales' })).toEqual({ queued: true, blockId: 'k1' });
    expect(calls).toEqual([]);
    expect(await queuedSaves()).toMatchObject([{ blockId: 'k1', config: { type: 'table', title: 'Orders' }, query: { board: 'sales' } }]);
    expect(saves().k1).toEqual({ state: 'waiting', config: { type: 'table', title: 'Orders' } });
  });

  it('is queued when its request never got an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await saveBlock('k1', { type: 'table' }, {})).toEqual({ queued: true, blockId: 'k1' });
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
    expect(saves().k1).toEqual({
      state: 'failed',
      config: { type: 'table', sheet_title: 'Gone' },
      message: 'The sheet `Gone` is not in this spreadsheet.',
      field: 'sheet_title',
    });
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
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
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

const BOARD_BLOCKS = '/api/boards/b1/blocks';
const requests = (calls: { method: string; url: URL; body: unknown }[]) => calls.map((c) => [c.method, c.url.pathname, c.body]);

/** Creates blocks on board b1 as n1, n2, ... and answers PUTs of them with the block as sent. */
function serveCreates(more: Parameters<typeof mockFetch>[0] = {}) {
  let made = 0;
  return mockFetch({
    [`POST ${BOARD_BLOCKS}`]: (init) => ({ status: 201, body: { ...JSON.parse(String(init.body)), id: `n${++made}` } }),
    'PUT /api/blocks/n1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'n1' } }),
    'PUT /api/blocks/k1': (init) => ({ body: { ...JSON.parse(String(init.body)), id: 'k1' } }),
    ...more,
  });
}

describe('a block made offline', () => {
  it('is created with a POST of its saved settings when the network is back, and takes the server’s id', async () => {
    const { calls } = serveCreates();
    setOnline(false);
    const local = newLocalId();
    expect(await saveBlock(local, { type: 'markdown', title: 'Notes', text: 'Hello' }, { board: 'sales' }, BOARD_BLOCKS)).toEqual({
      queued: true,
      blockId: local,
    });
    expect(saves()[local]).toEqual({ state: 'waiting', config: { type: 'markdown', title: 'Notes', text: 'Hello' } });

    setOnline(true);
    await replayOutbox();
    expect(requests(calls)).toEqual([['POST', BOARD_BLOCKS, { type: 'markdown', title: 'Notes', text: 'Hello' }]]);
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    // Its client id rides along, so a create sent again after a lost answer makes no second block.
    expect(calls[0].url.searchParams.get('client_key')).toBe(local);
    const stored = { type: 'markdown', title: 'Notes', text: 'Hello', id: 'n1' };
    expect(saves()).toEqual({ n1: { state: 'saved', block: stored, created: { localId: local, at: BOARD_BLOCKS } } });
    expect(useBlockSaveStore.getState().created).toEqual({ [local]: 'n1' });
    expect(await queuedSaves()).toEqual([]);
  });

  it('is created once, with its newest settings, in the place it was made among the other queued saves', async () => {
    const { calls } = serveCreates();
    setOnline(false);
    const first = newLocalId();
    const second = newLocalId();
    await saveBlock(first, { type: 'markdown', text: 'One' }, {}, BOARD_BLOCKS);
    await saveBlock(second, { type: 'markdown', text: 'Two' }, {}, BOARD_BLOCKS);
    await saveBlock('k1', { type: 'table', title: 'Edited' }, {});
    // Edited again before the network is back: still one create, still ahead of the second block.
    await saveBlock(first, { type: 'markdown', text: 'One, edited' }, {}, BOARD_BLOCKS);

    setOnline(true);
    await replayOutbox();
    expect(requests(calls)).toEqual([
      ['POST', BOARD_BLOCKS, { type: 'markdown', text: 'One, edited' }],
      ['POST', BOARD_BLOCKS, { type: 'markdown', text: 'Two' }],
      ['PUT', '/api/blocks/k1', { type: 'table', title: 'Edited' }],
    ]);
    expect(useBlockSaveStore.getState().created).toEqual({ [first]: 'n1', [second]: 'n2' });
  });

  it('is saved under the server’s id by edits made under its client id once it is created', async () => {
    const { calls } = serveCreates();
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'markdown', text: 'Draft' }, {}, BOARD_BLOCKS);
    setOnline(true);
    // Saved again from the settings that stayed open under the client id while the create landed.
    const [, outcome] = await Promise.all([replayOutbox(), saveBlock(local, { type: 'markdown', text: 'Final' }, {}, BOARD_BLOCKS)]);
    expect(outcome).toEqual({ stored: { type: 'markdown', text: 'Final', id: 'n1' } });

    // And offline, the edit waits under the server's id.
    setOnline(false);
    expect(await saveBlock(local, { type: 'markdown', text: 'Later' }, {}, BOARD_BLOCKS)).toEqual({ queued: true, blockId: 'n1' });
    setOnline(true);
    await replayOutbox();
    expect(requests(calls)).toEqual([
      ['POST', BOARD_BLOCKS, { type: 'markdown', text: 'Draft' }],
      ['PUT', '/api/blocks/n1', { type: 'markdown', text: 'Final' }],
      ['PUT', '/api/blocks/n1', { type: 'markdown', text: 'Later' }],
    ]);
  });

  it('keeps a refused create with the server’s answer, and creates it when saved again', async () => {
    const refusal = { status: 422, body: { error: 'The sheet `Gone` is not in this spreadsheet.', field: 'sheet_title' } };
    const { calls } = serveCreates({ [`POST ${BOARD_BLOCKS}`]: refusal });
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'table', sheet_title: 'Gone' }, {}, BOARD_BLOCKS);
    setOnline(true);
    await replayOutbox();
    expect(saves()[local]).toEqual({
      state: 'failed',
      config: { type: 'table', sheet_title: 'Gone' },
      message: 'The sheet `Gone` is not in this spreadsheet.',
      field: 'sheet_title',
    });
    await replayOutbox();
    expect(calls).toHaveLength(1);

    serveCreates();
    expect(await saveBlock(local, { type: 'table', sheet_title: 'Sales' }, {}, BOARD_BLOCKS)).toEqual({
      stored: { type: 'table', sheet_title: 'Sales', id: 'n1' },
    });
    expect(await queuedSaves()).toEqual([]);
    expect(saves()).toEqual({});
  });

  it('is created once when two tabs of the editor replay the outbox together', async () => {
    // Web Locks as the browser has them: one holder at a time, in the order asked.
    let held: Promise<unknown> = Promise.resolve();
    const request = (_name: string, work: () => Promise<unknown>) => {
      const run = held.then(work);
      held = run.catch(() => undefined);
      return run;
    };
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      const { calls } = serveCreates();
      setOnline(false);
      await saveBlock(newLocalId(), { type: 'markdown', text: 'Once' }, {}, BOARD_BLOCKS);
      setOnline(true);
      vi.resetModules();
      const otherTab = await import('./outbox');
      await Promise.all([replayOutbox(), otherTab.replayOutbox()]);
      expect(requests(calls)).toEqual([['POST', BOARD_BLOCKS, { type: 'markdown', text: 'Once' }]]);
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('refused, and saved again offline, is sent again in its place as a new attempt', async () => {
    serveCreates({ [`POST ${BOARD_BLOCKS}`]: { status: 422, body: { error: 'The sheet `Gone` is not in this spreadsheet.', field: 'sheet_title' } } });
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'table', sheet_title: 'Gone' }, {}, BOARD_BLOCKS);
    await saveBlock('k1', { type: 'table', title: 'Edited' }, {});
    setOnline(true);
    await replayOutbox();
    setOnline(false);
    await saveBlock(local, { type: 'table', sheet_title: 'Sales' }, {}, BOARD_BLOCKS);
    expect(await queuedSaves()).toEqual([expect.objectContaining({ blockId: local, createAt: BOARD_BLOCKS, config: { type: 'table', sheet_title: 'Sales' } })]);
    expect((await queuedSaves())[0]).not.toHaveProperty('error');

    const { calls } = serveCreates();
    setOnline(true);
    await replayOutbox();
    expect(requests(calls)).toEqual([['POST', BOARD_BLOCKS, { type: 'table', sheet_title: 'Sales' }]]);
    expect(saves()).toMatchObject({ n1: { state: 'saved' } });
  });

  it('deleted before the network is back, is never sent', async () => {
    const { calls } = serveCreates();
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'markdown', text: 'Draft' }, {}, BOARD_BLOCKS);
    await discardLocalBlock(local);
    setOnline(true);
    await replayOutbox();
    expect(calls).toEqual([]);
    expect(saves()).toEqual({});
  });
});

describe('a block order (issue 26: blocks reordered by dragging)', () => {
  const ORDER = `${BOARD_BLOCKS}/order`;

  it('goes to the server at once when online', async () => {
    const { calls } = serveCreates({ [`PUT ${ORDER}`]: { body: [] } });
    expect(await saveOrder(BOARD_BLOCKS, ['k2', 'k1'], { board: 'sales' })).toBe('saved');
    expect(requests(calls)).toEqual([['PUT', ORDER, { ids: ['k2', 'k1'] }]]);
    expect(await queuedSaves()).toEqual([]);
  });

  it('waits offline, the newest order only, after the creates of blocks it names, under their server ids', async () => {
    const { calls } = serveCreates({ [`PUT ${ORDER}`]: { body: [] } });
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'markdown', text: 'New' }, {}, BOARD_BLOCKS);
    expect(await saveOrder(BOARD_BLOCKS, ['k1', local], { board: 'sales' })).toBe('queued');
    expect(await saveOrder(BOARD_BLOCKS, [local, 'k1'], { board: 'sales' })).toBe('queued');
    expect(saves()['order:' + BOARD_BLOCKS]).toBeUndefined();

    setOnline(true);
    await replayOutbox();
    expect(requests(calls)).toEqual([
      ['POST', BOARD_BLOCKS, { type: 'markdown', text: 'New' }],
      ['PUT', ORDER, { ids: ['n1', 'k1'] }],
    ]);
    expect(await queuedSaves()).toEqual([]);
  });

  it('is dropped with a warning when the server refuses it on replay, since the board changed meanwhile', async () => {
    useToastStore.setState({ toasts: [] });
    serveCreates({ [`PUT ${ORDER}`]: { status: 422, body: { error: '`ids` must list every block of this board or page exactly once.', field: 'ids' } } });
    setOnline(false);
    await saveOrder(BOARD_BLOCKS, ['k2', 'k1'], {});
    setOnline(true);
    await replayOutbox();
    expect(await queuedSaves()).toEqual([]);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual([
      'The block order changed while offline was not saved: `ids` must list every block of this board or page exactly once.',
    ]);
  });

  it('throws a refusal while online, so the editor puts the old order back', async () => {
    serveCreates({ [`PUT ${ORDER}`]: { status: 403, body: { error: 'You cannot edit this board.' } } });
    await expect(saveOrder(BOARD_BLOCKS, ['k1'], {})).rejects.toThrow('You cannot edit this board.');
    expect(await queuedSaves()).toEqual([]);
  });
});

describe('a block delete', () => {
  it('goes to the server at once when online, and a block already gone counts as deleted', async () => {
    const { calls } = mockFetch({ 'DELETE /api/blocks/k1': { status: 204 }, 'DELETE /api/blocks/k2': { status: 404, body: { error: 'Block not found.' } } });
    expect(await saveDelete('k1', { board: 'sales' })).toBe('deleted');
    expect(await saveDelete('k2', { board: 'sales' })).toBe('deleted');
    expect(requests(calls)).toEqual([
      ['DELETE', '/api/blocks/k1', undefined],
      ['DELETE', '/api/blocks/k2', undefined],
    ]);
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    expect(await queuedSaves()).toEqual([]);
  });

  it('throws any other refusal while online, and queues nothing', async () => {
    mockFetch({ 'DELETE /api/blocks/k1': { status: 403, body: { error: 'You cannot edit this board.' } } });
    await expect(saveDelete('k1', {})).rejects.toThrow('You cannot edit this board.');
    expect(await queuedSaves()).toEqual([]);
  });

  it('waits offline in its turn among the other saves, replacing the block’s waiting edit', async () => {
    const { calls } = serveCreates({ 'DELETE /api/blocks/k1': { status: 204 } });
    setOnline(false);
    await saveBlock('k1', { type: 'table', title: 'Edited' }, { board: 'sales' });
    const local = newLocalId();
    await saveBlock(local, { type: 'markdown', text: 'New' }, { board: 'sales' }, BOARD_BLOCKS);
    expect(await saveDelete('k1', { board: 'sales' })).toBe('queued');
    expect(saves().k1).toEqual({ state: 'gone' });

    setOnline(true);
    await replayOutbox();
    expect(requests(calls)).toEqual([
      ['POST', BOARD_BLOCKS, { type: 'markdown', text: 'New' }],
      ['DELETE', '/api/blocks/k1', undefined],
    ]);
    expect(await queuedSaves()).toEqual([]);
    expect(saves().k1).toEqual({ state: 'gone' });
  });

  it('of a block made offline and not created yet, only drops its create', async () => {
    const { calls } = serveCreates();
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'markdown', text: 'Draft' }, {}, BOARD_BLOCKS);
    expect(await saveDelete(local, {})).toBe('deleted');
    setOnline(true);
    await replayOutbox();
    expect(calls).toEqual([]);
    expect(await queuedSaves()).toEqual([]);
  });

  it('of a block made offline and created since, goes to its server id', async () => {
    const { calls } = serveCreates({ 'DELETE /api/blocks/n1': { status: 204 } });
    setOnline(false);
    const local = newLocalId();
    await saveBlock(local, { type: 'markdown', text: 'Draft' }, {}, BOARD_BLOCKS);
    setOnline(true);
    await replayOutbox();
    expect(await saveDelete(local, {})).toBe('deleted');
    expect(requests(calls)).toEqual([
      ['POST', BOARD_BLOCKS, { type: 'markdown', text: 'Draft' }],
      ['DELETE', '/api/blocks/n1', undefined],
    ]);
  });

  it('replayed onto a block already gone is simply dropped, and a refusal is dropped with a warning', async () => {
    useToastStore.setState({ toasts: [] });
    const { calls } = mockFetch({
      'DELETE /api/blocks/k1': { status: 404, body: { error: 'Block not found.' } },
      'DELETE /api/blocks/k2': { status: 403, body: { error: 'You cannot edit this board.' } },
    });
    setOnline(false);
    await saveDelete('k1', {});
    await saveDelete('k2', {});
    setOnline(true);
    await replayOutbox();
    expect(requests(calls).map(([method, path]) => `${method} ${path}`)).toEqual(['DELETE /api/blocks/k1', 'DELETE /api/blocks/k2']);
    expect(await queuedSaves()).toEqual([]);
    expect(saves()).toEqual({ k1: { state: 'gone' } });
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['A block deleted while offline was not deleted: You cannot edit this board.']);
  });

  it('left queued by an earlier visit keeps the block out of the editor until it is sent', async () => {
    vi.stubGlobal('fetch', vi.fn());
    setOnline(false);
    await enqueueSave({ blockId: 'k1', config: {}, query: {}, deleteBlock: true });
    await replayOutbox();
    expect(saves()).toEqual({ k1: { state: 'gone' } });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('an edit of a block deleted elsewhere', () => {
  it('is dropped when its replay finds no block, the user is told, and the rest go on', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { calls } = serveBlocks({ k1: { status: 404, body: { error: 'Block not found.' } } });
    setOnline(false);
    await saveBlock('k1', { type: 'table', title: 'Orders' }, {});
    await saveBlock('k2', { type: 'chart' }, {});
    setOnline(true);
    await replayOutbox();
    expect(puts(calls).map(([path]) => path)).toEqual(['/api/blocks/k1', '/api/blocks/k2']);
    expect(await queuedSaves()).toEqual([]);
    expect(saves().k1).toEqual({ state: 'gone' });
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ kind: 'warning', text: 'The block "Orders" was deleted elsewhere; your change to it was not saved.' }),
    ]);
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('the copies kept for offline use', () => {
  it('answer a load that finds no network, and say the page came from the device', async () => {
    await keepCopy(copyKey.board('sales'), { name: 'Sales' });
    const load = () => Promise.reject(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', vi.fn(load));
    expect(await loadWithCopy(copyKey.board('sales'), () => answer(client.GET('/api/boards'), false))).toEqual({ name: 'Sales' });
    expect(useConnectivityStore.getState().fromCopy).toBe(true);
  });

  it('never hide an HTTP error behind a copy', async () => {
    await keepCopy(copyKey.board('sales'), { name: 'Sales' });
    mockFetch({ 'GET /api/boards': { status: 403, body: { error: 'Access denied' } } });
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    await expect(loadWithCopy(copyKey.board('sales'), () => answer(client.GET('/api/boards'), false))).rejects.toMatchObject({ status: 403 });
  });
});
