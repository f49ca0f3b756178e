// bannerHero block (blocks §3.18): a background image under a scrim, a foreground image placed by
// imagePosition (left by default; the side positions stack on a narrow block), the subtitle and
// the features in the chosen FeatureLayout.
//
// The banner's title is the shared `title` setting (§3.1), drawn by the banner itself over the
// hero: its frame draws no title line (shell/blockFrame.tsx), so it shows once, where a banner's
// title belongs. The subtitle is a paragraph under it.
import type { StandaloneBlockProps } from '../data/types';
import { FeatureList } from './FeatureCard';
import { readFeatures } from './features';

export function BannerHeroBlock({ block }: StandaloneBlockProps<'bannerHero'>) {
  const background = block.background_image?.trim() ?? '';
  const foreground = block.foreground_image?.trim() ?? '';
  const title = block.title?.trim() ?? '';
  const subtitle = block.subtitle?.trim() ?? '';
  const features = readFeatures(block.features);
  if (!background && !foreground && !title && !subtitle && features.length === 0) {
    return <p className="muted feature-empty">Nothing in this banner yet.</p>;
  }
  return (
    <div className={`banner${background ? ' banner-on-image' : ''}`}>
      {/* Both images are decoration: the subtitle and the features carry what the banner says. */}
      {background && <img className="banner-background" src={background} alt="" loading="lazy" decoding="async" />}
      <div className={`banner-content banner-image-${block.imagePosition}`}>
        {foreground && (
          <div className="banner-foreground">
            <img src={foreground} alt="" loading="lazy" decoding="async" />
          </div>
        )}
        <div className="banner-text">
          {title && <h2 className="banner-title">{title}</h2>}
          {subtitle && <p className="banner-subtitle">{subtitle}</p>}
          <FeatureList features={features} layout={block.FeatureLayout} />
        </div>
      </div>
    </div>
  );
}
