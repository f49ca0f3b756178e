// The preview of blocks that read no rows is their real view.
import { render, screen } from '@testing-library/react';
import type { Core } from '../../core/wasm';
import { PresentationPreview } from './PresentationPreview';

// Only the iframe preview calls the core; these blocks must not need it.
const core = {} as Core;

describe('the preview of presentation blocks', () => {
  it('draws an event with the event view itself', async () => {
    render(<PresentationPreview core={core} block={{ type: 'event', event_title: 'Town fair', start_date: '2030-05-01', date_format: 'YYYY-MM-DD' }} />);
    expect(await screen.findByText('Town fair')).toBeInTheDocument();
    expect(screen.getAllByText('2030-05-01').length).toBeGreaterThan(0);
  });

  it('draws image grid features as visitors see them, four at most', async () => {
    const features = ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => ({ iconType: 'text', icon: title[0], title }));
    render(<PresentationPreview core={core} block={{ type: 'ImageGrid', features }} />);
    expect(await screen.findByText('Four')).toBeInTheDocument();
    expect(screen.queryByText('Five')).not.toBeInTheDocument();
  });

  it('draws a footer with the footer view itself', async () => {
    render(<PresentationPreview core={core} block={{ type: 'footer', copyrightText: '© Town 2030', simpleLinks: [{ text: 'About', url: 'https://example.com' }] }} />);
    expect(await screen.findByText('© Town 2030')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', 'https://example.com/');
  });
});
