import { render, screen, within } from '@testing-library/react';
import type { BoardBlock } from '../../generated/api';
import { fakeSource } from '../chart/fakeSource';
import type { BlockView } from '../data/types';
import { ScorecardBlock } from './ScorecardBlock';
import { viewBlockOf } from '../../test/viewBlocks';

const block: BoardBlock = {
  id: 's1',
  type: 'scorecard',
  sheet_title: 'Orders',
  axis: [
    { source: { sheet: 'Orders', column: 'Amount' }, label: 'Revenue', function: 'sum', symbol: '$' },
    { source: { sheet: 'Orders', column: 'Score' }, label: 'Rating', function: 'average', symbol: '★' },
    { source: { sheet: 'Orders', column: 'Gone' }, label: 'Missing', function: 'sum' },
  ],
};

const view: BlockView = {
  kind: 'scorecard',
  cards: [
    { label: 'Revenue', value: 1234.5, formatted: '$1,234.50', background_color: '#1d4ed8', font_color: '#fefefe' },
    { label: 'Rating', value: 4.5, formatted: '★4.5', background_color: '#fde68a' },
    { label: 'Missing', value: null, formatted: '—', error: 'column "Gone" not found in sheet "Orders"' },
  ],
};

function cards() {
  return screen.getAllByRole('listitem');
}

describe('ScorecardBlock', () => {
  it('shows each card with its label and the value the server formatted', async () => {
    const source = fakeSource(view);
    render(<ScorecardBlock block={viewBlockOf('scorecard', block)} source={source} />);
    await screen.findByRole('list');
    expect(source.viewCalls).toEqual([{ block: viewBlockOf('scorecard', block), extra: {} }]);
    expect(cards()).toHaveLength(3);
    expect(within(cards()[0]).getByText('Revenue')).toBeInTheDocument();
    expect(within(cards()[0]).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(cards()[1]).getByText('★4.5')).toBeInTheDocument();
  });

  it('colours each card with its background_color and font_color', async () => {
    render(<ScorecardBlock block={viewBlockOf('scorecard', block)} source={fakeSource(view)} />);
    await screen.findByRole('list');
    expect(cards()[0]).toHaveStyle({ background: '#1d4ed8', color: '#fefefe' });
  });

  it('picks a readable text colour for a background without a font colour', async () => {
    render(<ScorecardBlock block={viewBlockOf('scorecard', block)} source={fakeSource(view)} />);
    await screen.findByRole('list');
    expect(cards()[1]).toHaveStyle({ background: '#fde68a', color: '#000000' });
    expect(cards()[2]).not.toHaveAttribute('style');
  });

  it("shows a card's error in that card only", async () => {
    render(<ScorecardBlock block={viewBlockOf('scorecard', block)} source={fakeSource(view)} />);
    await screen.findByRole('list');
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(within(cards()[2]).getByRole('alert')).toHaveTextContent('column "Gone" not found in sheet "Orders"');
    expect(within(cards()[2]).queryByText('—')).not.toBeInTheDocument();
    expect(within(cards()[0]).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when there is no card', async () => {
    render(<ScorecardBlock block={viewBlockOf('scorecard', { ...block, axis: [] })} source={fakeSource({ kind: 'scorecard', cards: [] })} />);
    expect(await screen.findByText('No cards yet.')).toBeInTheDocument();
  });

  it("shows the block's error when its data fails", async () => {
    render(<ScorecardBlock block={viewBlockOf('scorecard', block)} source={fakeSource(new Error('Data Error'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Data Error');
  });
});
