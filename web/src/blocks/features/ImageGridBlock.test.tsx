import { render, screen, waitFor, within } from '@testing-library/react';
import { ImageGridBlock } from './ImageGridBlock';
import { blockOf, CHEAP, EXTRA, PHOTO, SAFE, SPEED } from './testFeatures';
import { viewBlockOf } from '../../test/viewBlocks';

function renderGrid(settings: Record<string, unknown>) {
  return render(<ImageGridBlock block={viewBlockOf('ImageGrid', blockOf('ImageGrid', settings))} />);
}

const tiles = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('the ImageGrid block', () => {
  it('shows at most four features even when more are stored', () => {
    renderGrid({ features: [SPEED, SAFE, PHOTO, CHEAP, EXTRA] });
    expect(tiles().map((tile) => within(tile).getByRole('heading').textContent)).toEqual(['Fast', 'Safe', 'Team', 'Cheap']);
    expect(screen.queryByText('Extra')).not.toBeInTheDocument();
  });

  it('fills an image tile with the image, in a reserved box, and writes the title and description below', () => {
    renderGrid({ features: [PHOTO] });
    const [tile] = tiles();
    const media = tile.querySelector('.feature-media')!;
    expect(media).toHaveClass('feature-media-image');
    const image = media.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://img.example/team.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(within(tile).getByRole('heading', { name: 'Team' })).toBeInTheDocument();
    expect(within(tile).getByText('People who care.')).toBeInTheDocument();
  });

  it('draws text and Font Awesome icons in a coloured tile', async () => {
    renderGrid({ features: [SPEED, SAFE] });
    const [speed, safe] = tiles();
    expect(speed.querySelector('.feature-media')).toHaveClass('feature-media-text');
    expect(within(speed).getByText('⚡')).toBeInTheDocument();
    const named = safe.querySelector('.feature-media-fontawesome [data-icon="fa-solid fa-shield"]')!;
    expect(named).toBeInTheDocument();
    await waitFor(() => expect(named.querySelector('svg')).not.toBeNull());
  });

  it('keeps a feature without an icon as a tile of the same size', () => {
    renderGrid({ features: [{ title: 'Plain' }] });
    const [tile] = tiles();
    expect(tile.querySelector('.feature-media-none')).toBeInTheDocument();
    expect(tile.querySelector('.feature-icon')).toBeNull();
  });

  it('links the Learn More button to an http(s) address in a new tab', () => {
    renderGrid({ features: [SPEED], learn_more_text: 'See all', learn_more_link: 'https://example.com/more' });
    const link = screen.getByRole('link', { name: 'See all' });
    expect(link).toHaveAttribute('href', 'https://example.com/more');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com', 'example.com', '', undefined, 42])(
    'shows the Learn More text without a link for the link %o',
    (link) => {
      renderGrid({ features: [SPEED], learn_more_text: 'See all', learn_more_link: link });
      expect(screen.getByText('See all')).toBeInTheDocument();
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    },
  );

  it('shows no Learn More button without its text', () => {
    renderGrid({ features: [SPEED], learn_more_link: 'https://example.com/more' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says there are no features yet and still offers Learn More', () => {
    renderGrid({ features: 'none', learn_more_text: 'See all', learn_more_link: 'https://example.com' });
    expect(screen.getByText('No features yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all' })).toBeInTheDocument();
  });
});
