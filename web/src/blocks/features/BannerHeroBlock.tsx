// bannerHero block (blocks §3.18): a background image under a scrim, a foreground image placed by
// imagePosition (left by default; the side positions stack on a narrow block), the subtitle and
// the features in the chosen FeatureLayout.
//
// The banner's title is the shared `title` setting (§3.1), drawn by the banner itself over the
// hero: its frame draws no title line (shell/blockFrame.tsx), so it shows once, where a banner's
// title belongs. The subtitle is a paragraph under it.
import type { StandaloneBlockProps } from '../data/types';
import { FeatureList } from './FeatureCard';
import { textOf } from '../settingValues';
import { featureLayout, imagePosition, readFeatures } from './features';

export function BannerHeroBlock({ block }: StandaloneBlockProps) {
  const background = textOf(block.background_image);
  const foreground = textOf(block.foreground_image);
  const title = textOf(block.title);
  const subtitle = textOf(block.subtitle);
  const features = readFeatures(block.features);
  if (!background && !foreground && !title && !subtitle && features.length === 0) {
    return <p className="muted feature-empty">Nothing in this banner yet.</p>;
  }
  return (
    <div className={`banner${background ? ' banner-on-image' : ''}`}>
      {/* Both images are decoration: the subtitle and the features carry what the banner says. */}
      {background && <img className="banner-background" src={background} alt="" loading="lazy" decoding="async" />}
      <div className={`banner-content banner-image-${imagePosition(block.imagePosition)}`}>
        {foreground && (
          <div className="banner-foreground">
            <img src={foreground} alt="" loading="lazy" decoding="async" />
          </div>
        )}
        <div className="banner-text">
          {title && <h2 className="banner-title">{title}</h2>}
          {subtitle && <p className="banner-subtitle">{subtitle}</p>}
          <FeatureList features={features} layout={featureLayout(block.FeatureLayout)} />
        </div>
      </div>
    </div>
  );
}
