import { render, screen } from '@testing-library/react';
import { BannerHeroBlock } from './BannerHeroBlock';
import { blockOf, SAFE, SPEED } from './testFeatures';
import { viewBlockOf } from '../../test/viewBlocks';

const BACKGROUND = 'https://img.example/sky.jpg';
const FOREGROUND = 'https://img.example/phone.png';

function renderBanner(settings: Record<string, unknown>) {
  return render(<BannerHeroBlock block={viewBlockOf('bannerHero', blockOf('bannerHero', { title: 'Welcome', ...settings }))} />);
}

const image = (container: HTMLElement, src: string) => container.querySelector(`img[src="${src}"]`);

describe('the bannerHero block', () => {
  it('draws its own title over the hero, with the subtitle under it', () => {
    renderBanner({ subtitle: 'Build boards in minutes' });
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toHaveClass('banner-title');
    expect(screen.getByText('Build boards in minutes')).toHaveClass('banner-subtitle');
  });

  it('shows a banner with only a title, and says so when it has nothing at all', () => {
    renderBanner({});
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome' })).toBeInTheDocument();
    render(<BannerHeroBlock block={viewBlockOf('bannerHero', blockOf('bannerHero', {}))} />);
    expect(screen.getByText('Nothing in this banner yet.')).toBeInTheDocument();
  });

  it('covers the banner with the background image under a scrim, and lazy-loads both images', () => {
    const { container } = renderBanner({ background_image: BACKGROUND, foreground_image: FOREGROUND, subtitle: 'Hi' });
    expect(container.querySelector('.banner')).toHaveClass('banner-on-image');
    expect(image(container, BACKGROUND)).toHaveClass('banner-background');
    for (const src of [BACKGROUND, FOREGROUND]) {
      expect(image(container, src)).toHaveAttribute('alt', '');
      expect(image(container, src)).toHaveAttribute('loading', 'lazy');
      expect(image(container, src)).toHaveAttribute('decoding', 'async');
    }
    expect(image(container, FOREGROUND)!.parentElement).toHaveClass('banner-foreground');
  });

  it('has no scrim without a background image', () => {
    const { container } = renderBanner({ subtitle: 'Hi' });
    expect(container.querySelector('.banner')).not.toHaveClass('banner-on-image');
    expect(container.querySelector('img')).toBeNull();
  });

  it.each([
    ['left', 'left'],
    ['right', 'right'],
    ['top', 'top'],
    ['bottom', 'bottom'],
    [undefined, 'left'],
    ['middle', 'left'],
  ])('places the foreground image for imagePosition %o at the %s', (position, expected) => {
    const { container } = renderBanner({ foreground_image: FOREGROUND, imagePosition: position });
    expect(container.querySelector('.banner-content')).toHaveClass(`banner-image-${expected}`);
  });

  it.each(['list', 'grid', 'paragraph'] as const)('shows its features in the %s layout', (layout) => {
    const { container } = renderBanner({ subtitle: 'Hi', features: [SPEED, SAFE], FeatureLayout: layout });
    expect(container.querySelector('.banner-text .feature-list')).toHaveClass(`feature-layout-${layout}`);
    expect(screen.getByRole('heading', { name: 'Fast' })).toBeInTheDocument();
    expect(screen.getByText('Locked down.')).toBeInTheDocument();
  });

  it('shows a banner of features alone without an empty message', () => {
    renderBanner({ features: [SPEED] });
    expect(screen.getByRole('heading', { name: 'Fast' })).toBeInTheDocument();
    expect(screen.queryByText(/yet\./)).not.toBeInTheDocument();
  });

  it('says the banner is empty when it has nothing to show', () => {
    renderBanner({ title: ' ', background_image: '  ', features: [{}], subtitle: null });
    expect(screen.getByText('Nothing in this banner yet.')).toBeInTheDocument();
  });
});
