import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePreviewStore } from '../../store/previewStore';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  it('keeps the typed terms in the store and returns to the first page', async () => {
    const user = userEvent.setup();
    usePreviewStore.setState({ page: 4 });
    render(<SearchBox />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alice, bob');
    expect(usePreviewStore.getState().search).toBe('alice, bob');
    expect(usePreviewStore.getState().page).toBe(1);
  });

  it('starts empty in every test because the store is reset', () => {
    render(<SearchBox />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});
