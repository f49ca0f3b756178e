import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Filter } from '../../generated/core';
import { loadRealCore } from '../../test/realCore';
import { UrlFilterNotice } from './UrlFilterNotice';

const FILTERS: Filter[] = [
  { name: 'Region', active: true, condition: '=', sheet_column: { sheet: 'Sales', column: 'Region' }, value: 'North' },
  { name: 'Recent', active: false, condition: 'past_days', sheet_column: { sheet: 'Sales', column: 'Date' }, value: '' },
];

beforeAll(async () => {
  await loadRealCore();
});

function renderNotice(initial: string) {
  const onChange = vi.fn();
  function Host() {
    const [urlFilters, setUrlFilters] = useState(initial);
    return (
      <>
        <UrlFilterNotice
          filters={FILTERS}
          urlFilters={urlFilters}
          onChange={(next) => {
            onChange(next);
            setUrlFilters(next);
          }}
        />
      </>
    );
  }
  render(<Host />);
  return { user: userEvent.setup(), onChange };
}

describe('UrlFilterNotice', () => {
  it("says once, in the core's words, that a filter name the board does not have was ignored", async () => {
    renderNotice('Books only');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent("Part of this link's filters was ignored: This board has no filter named “Books only”.");
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('lists every ignored pair in one line and removes them from the link, keeping the usable ones', async () => {
    const { user, onChange } = renderNotice('Region:South,Colour:red,Recent:abc');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      "2 of this link's filters were ignored: This board has no filter named “Colour”. “Recent” needs a number of days, not “abc”.",
    );
    await user.click(screen.getByRole('button', { name: 'Remove them from the link' }));
    expect(onChange).toHaveBeenCalledWith('Region:South');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing for a link the board can use, or no link filters at all', async () => {
    const { container } = render(<UrlFilterNotice filters={FILTERS} urlFilters="Recent:7,Region:" onChange={vi.fn()} />);
    // The core is loaded (beforeAll): once its promise settles, an answer would be on screen.
    await act(async () => {
      await Promise.resolve();
    });
    expect(container).toBeEmptyDOMElement();
    const { container: empty } = render(<UrlFilterNotice filters={FILTERS} urlFilters="" onChange={vi.fn()} />);
    expect(empty).toBeEmptyDOMElement();
  });
});
