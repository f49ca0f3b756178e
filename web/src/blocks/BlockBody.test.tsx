// A draft on a board (a block just picked, its settings open beside it) is drawn only once the
// catalogue's required settings are there; until then it says what to choose and asks nothing.
import { act, render, screen } from '@testing-library/react';
import type { BoardBlock } from '../generated/api';
import { offerEditorCore } from './data/editorCore';
import { boardSource } from './data/sources';
import type { Core } from '../core/wasm';
import { mockFetch } from '../test/fetchMock';
import { loadRealCore } from '../test/realCore';
import { BlockBody, DRAFT_UNSET } from './BlockBody';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});
afterEach(() => vi.unstubAllGlobals());

const source = () => boardSource('sales', 's1', { search: '', filters: '', filterSummary: [] });

describe('a draft block on the board', () => {
  it('says which setting a new chart needs, quietly, and makes no request', async () => {
    const { calls } = mockFetch({});
    const draft: BoardBlock = { id: 'k1', type: 'chart', title: 'Chart', sheet_title: 'Sales', temp_block: true, axis: [] };
    render(<BlockBody block={draft} source={source()} />);
    // A viewer's page has no catalogue loaded: the draft says so in general words.
    expect(screen.getByText(DRAFT_UNSET)).toBeInTheDocument();
    // Once the editor's preview hands over the core, the catalogue names the setting.
    act(() => offerEditorCore(core));
    expect(await screen.findByText("Choose the x axis in this block's settings.")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('names a missing column of a list item with its place in the list', async () => {
    mockFetch({});
    const draft: BoardBlock = { id: 'k2', type: 'chart', sheet_title: 'Sales', temp_block: true, x_axis: 'Month', axis: [{ column: '' }] };
    offerEditorCore(core);
    render(<BlockBody block={draft} source={source()} />);
    expect(await screen.findByText("Choose the column (Series, item 1) in this block's settings.")).toBeInTheDocument();
  });

  it('is drawn by its view once its required settings are there', async () => {
    const { calls } = mockFetch({
      'GET /api/board/s1/view/k3': { body: { kind: 'chart', chart: { labels: ['Jan'], series: [{ name: 'Revenue', type: 'bar', data: [100] }] } } },
    });
    const draft: BoardBlock = {
      id: 'k3',
      type: 'chart',
      title: 'Sales',
      sheet_title: 'Sales',
      temp_block: true,
      x_axis: 'Month',
      axis: [{ column: 'Revenue' }],
    };
    offerEditorCore(core);
    render(<BlockBody block={draft} source={source()} />);
    expect(await screen.findByRole('table', { name: 'Sales: Revenue by Month' })).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/board/s1/view/k3']);
  });

  it('asks a block without a sheet to choose one, without an error', async () => {
    const { calls } = mockFetch({});
    render(<BlockBody block={{ id: 'k4', type: 'table', title: 'Table', axis: [] }} source={source()} />);
    expect(await screen.findByText('Choose a sheet for this block in its settings.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
