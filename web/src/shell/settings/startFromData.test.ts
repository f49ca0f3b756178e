// A picked data block starts bound to its tab's columns, chosen by the real core (tessera-blocks'
// starter over the tab's column profile), and is stored so; when the rows cannot be read it
// starts from the catalogue's defaults and the pick still goes through.
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import type { Block } from '../../store/blockList';
import { draftBlock, storeDraft } from './EditedBlockPanel';
import { useStarterNotes } from './starterNotes';

const ORDERS = ['ChartApps Record ID', 'Customer', 'Email', 'Region', 'Order date', 'Revenue'];
const orders: string[][] = [
  ['r1', 'Ann Lee', 'ann@example.com', 'North', '2026-01-05', '$120.50'],
  ['r2', 'Bo Chan', 'bo@example.com', 'South', '2026-01-09', '80'],
  ['r3', 'Cy Diaz', 'cy@example.com', 'North', '2026-02-01', '45'],
  ['r4', 'Di Evans', 'di@example.com', 'East', '2026-02-14', '300'],
  ['r5', 'Ed Fox', 'ed@example.com', 'South', '2026-03-03', '12.75'],
  ['r6', 'Flo Gray', 'flo@example.com', 'North', '2026-03-20', '99'],
  ['r7', 'Gus Hill', 'gus@example.com', 'East', '2026-04-02', '150'],
  ['r8', 'Hal Ives', 'hal@example.com', 'South', '2026-04-18', '60'],
];

/** The tab as the columns call answers it. */
const grid = () => columnsAnswer({ columns: ORDERS, rows: orders }, 3);
const ordersGrid = columnsPath('s1', 'Orders');

const data = (blocks: Block[] = [], sheets = ['Orders']) => ({ spreadsheetId: 's1', sheets, blocks });

/** Picks `type` as the board editor does and answers what the server was asked to store. */
async function pick(type: string, routes: Routes, blocks?: Block[], sheets?: string[]) {
  const { calls } = mockFetch(routes);
  let sent: Block | undefined;
  const stored = await storeDraft(await draftBlock(type, { title: 'New' }, data(blocks, sheets)), async (draft) => {
    sent = draft;
    return { ...draft, id: 'k9' };
  });
  return { sent: sent!, stored, calls };
}

const columnsOf = (block: Block) => (block.axis as { column: string }[]).map((item) => item.column);

beforeAll(async () => {
  await loadRealCore();
});
afterEach(() => vi.unstubAllGlobals());

describe('a picked data block starts from the data', () => {
  it('a chart sums the first number column by a low-cardinality text column, from zero', async () => {
    const { sent, stored } = await pick('chart', { [ordersGrid]: grid });
    expect(sent).toMatchObject({ type: 'chart', title: 'New', temp_block: true, sheet_title: 'Orders', x_axis: 'Region', beginAtZero: true });
    expect(sent.axis).toEqual([expect.objectContaining({ column: 'Revenue', type: 'bar', duplicateXAxis: 'sum' })]);
    // What was chosen is said in the panel of the stored block, under its server id.
    expect(useStarterNotes.getState().notes[stored.id]).toEqual(['Sheet: Orders', 'X axis: Region (3 values)', 'Series: sum of Revenue', 'Begin at zero: on']);
  });

  it('a table shows every column but the record id, typed by its data', async () => {
    const { sent } = await pick('table', { [ordersGrid]: grid });
    expect(sent.sheet_title).toBe('Orders');
    expect(columnsOf(sent)).toEqual(['Customer', 'Email', 'Region', 'Order date', 'Revenue']);
    expect(sent.axis).toEqual(
      expect.arrayContaining([expect.objectContaining({ column: 'Email', type: 'email' }), expect.objectContaining({ column: 'Revenue', type: 'number' })]),
    );
  });

  it('a form has a field per column, with few repeated values as a select of them', async () => {
    const { sent } = await pick('form', { [ordersGrid]: grid });
    const fields = sent.axis as { column: string; type: string; options?: string; label: string }[];
    expect(fields.map(({ column, type }) => [column, type])).toEqual([
      ['Customer', 'text'],
      ['Email', 'email'],
      ['Region', 'select'],
      ['Order date', 'date'],
      ['Revenue', 'number'],
    ]);
    expect(fields[2]).toMatchObject({ label: 'Region', options: 'North, South, East' });
  });

  it('reads the tab the other blocks use most', async () => {
    const { sent, calls } = await pick('chart', { [ordersGrid]: grid }, [{ id: 'k1', type: 'table', sheet_title: 'Orders' }], ['Notes', 'Orders']);
    expect(sent.sheet_title).toBe('Orders');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/spreadsheets/s1/sheets/Orders/columns']);
  });

  it('falls back to the catalogue defaults when the rows cannot be loaded, and the pick goes through', async () => {
    const { sent, stored } = await pick('chart', { [ordersGrid]: { status: 500, body: { error: 'Sorry there has been a server error..' } } });
    expect(sent).toMatchObject({ type: 'chart', title: 'New', temp_block: true, legendPosition: 'top', pdf_download: true });
    expect(sent).not.toHaveProperty('x_axis');
    expect(sent).not.toHaveProperty('sheet_title');
    expect(stored.id).toBe('k9');
    expect(useStarterNotes.getState().notes).toEqual({});
  });

  it('asks for no rows for a block that reads no tab', async () => {
    const { sent, calls } = await pick('header', {});
    expect(sent.type).toBe('header');
    expect(calls).toEqual([]);
  });
});
