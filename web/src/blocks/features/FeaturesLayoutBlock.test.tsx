import { render, screen, waitFor, within } from '@testing-library/react';
import { FeaturesLayoutBlock } from './FeaturesLayoutBlock';
import { readFeatures } from './features';
import { blockOf, PHOTO, SAFE, SPEED } from './testFeatures';
import { viewBlockOf } from '../../test/viewBlocks';

function renderFeatures(settings: Record<string, unknown>) {
  return render(<FeaturesLayoutBlock block={viewBlockOf('featureslayout', blockOf('featureslayout', settings))} />);
}

describe('the featureslayout block', () => {
  it.each(['list', 'grid'] as const)('shows features as a %s of items with icon, title and description', (layout) => {
    const { container } = renderFeatures({ FeatureLayout: layout, features: [SPEED, PHOTO] });
    const list = screen.getByRole('list');
    expect(list).toHaveClass(`feature-layout-${layout}`);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Fast', 'Team']);
    expect(within(items[0]).getByText('⚡')).toBeInTheDocument();
    expect(within(items[0]).getByText('Loads in a blink.')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://img.example/team.png');
  });

  it('shows the paragraph layout as running text, not a list', () => {
    const { container } = renderFeatures({ FeatureLayout: 'paragraph', features: [SPEED, SAFE] });
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(container.querySelector('.feature-layout-paragraph')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Safe' })).toBeInTheDocument();
    expect(screen.getByText('Locked down.')).toBeInTheDocument();
  });

  it.each([undefined, 'masonry', 3])('lays features out as a list when FeatureLayout is %o', (layout) => {
    renderFeatures({ FeatureLayout: layout, features: [SPEED] });
    expect(screen.getByRole('list')).toHaveClass('feature-layout-list');
  });

  it.each([
    ['no features', undefined],
    ['an empty list', []],
    ['features that are not a list', 'Fast, Safe'],
    ['only blank features', [{}, { iconType: 'text', icon: '  ' }, null, 'Fast']],
  ])('says there are no features yet for %s', (_, features) => {
    renderFeatures({ features });
    expect(screen.getByText('No features yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('draws text icons as text and image icons as lazy images with their box reserved', () => {
    const { container } = renderFeatures({ features: [SPEED, PHOTO] });
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image.parentElement).toHaveClass('feature-icon');
    expect(screen.getByText('⚡')).toHaveClass('feature-icon', 'text');
  });

  it('draws a Font Awesome icon by name once its set has loaded', async () => {
    const { container } = renderFeatures({ features: [SAFE] });
    const box = container.querySelector('[data-icon="fa-solid fa-shield"]')!;
    expect(box).toBeInTheDocument();
    await waitFor(() => expect(box.querySelector('svg.fa-icon')).not.toBeNull());
  });
});

// Stored features reach the view normalised (BlockBody): bad values read as the catalogue says.
const stored = (features: unknown[]) => viewBlockOf('featureslayout', { features }).features;

describe('reading stored features', () => {
  it('falls back for each bad value instead of failing', () => {
    expect(
      readFeatures(
        stored([
          { iconType: 'emoji', icon: '🙂', title: 'Smile' },
          { icon: 'https://img.example/a.png', title: 2024, description: { bad: true } },
          { iconType: 'text', icon: 7 },
        ]),
      ),
    ).toEqual([
      // An unknown or missing icon type shows no icon, as the editor hides the icon then.
      { iconType: null, icon: '', title: 'Smile', description: '' },
      { iconType: null, icon: '', title: '2024', description: '' },
      { iconType: 'text', icon: '7', title: '', description: '' },
    ]);
    // An unknown layout is the catalogue's default (a known one in other case is that one).
    expect(viewBlockOf('featureslayout', { FeatureLayout: 'sideways' }).FeatureLayout).toBe('list');
  });

  it('counts only features with something to show towards a limit', () => {
    expect(readFeatures(stored([{}, SPEED, SAFE, PHOTO]), 2).map((f) => f.title)).toEqual(['Fast', 'Safe']);
  });
});
