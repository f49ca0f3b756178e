// The pieces every feature block draws: one feature (icon, title, description), a list of them in
// one of the three FeatureLayouts, and the big media tile of ImageGrid and imageAccordian.
// Icons are FeatureIcon's, which draws an image with alt="": the feature's title is always
// written next to it, so the picture is decoration and a screen reader hears the title once.
import { FeatureIcon } from '../icons/FeatureIcon';
import type { Feature, FeatureLayout } from './features';
import './features.css';

/**
 * A feature's icon in a reserved box that fills its parent: an image covers it, a Font Awesome or
 * text icon sits large on the accent colour, and a feature without an icon keeps the coloured
 * box so tiles stay the same size. Hidden from screen readers with its contents: a text icon
 * ('01', '⚡') would otherwise be read into the name of an accordion panel's button.
 */
export function FeatureMedia({ feature }: { feature: Feature }) {
  return (
    <span className={`feature-media feature-media-${feature.iconType ?? 'none'}`} aria-hidden="true">
      <FeatureIcon iconType={feature.iconType} icon={feature.icon} />
    </span>
  );
}

/** Title and description; the title is a heading under the frame's block title. */
export function FeatureText({ feature }: { feature: Feature }) {
  return (
    <div className="feature-text">
      {feature.title && <h3 className="feature-title">{feature.title}</h3>}
      {feature.description && <p className="feature-description">{feature.description}</p>}
    </div>
  );
}

export function FeatureCard({ feature, layout }: { feature: Feature; layout: FeatureLayout }) {
  // Paragraphs are running text, not items of a list.
  const Item = layout === 'paragraph' ? 'div' : 'li';
  return (
    <Item className="feature-card">
      <FeatureIcon iconType={feature.iconType} icon={feature.icon} className="feature-card-icon" />
      <FeatureText feature={feature} />
    </Item>
  );
}

/**
 * Features as a list (icon left, text right), a grid of cards (more columns as the block widens)
 * or paragraphs (inline icon, run-in title). Nothing when there are none: each block says so
 * in its own way.
 */
export function FeatureList({ features, layout }: { features: Feature[]; layout: FeatureLayout }) {
  if (features.length === 0) return null;
  const List = layout === 'paragraph' ? 'div' : 'ul';
  return (
    <div className="feature-container">
      <List className={`feature-list feature-layout-${layout}`}>
        {features.map((feature, index) => (
          <FeatureCard key={index} feature={feature} layout={layout} />
        ))}
      </List>
    </div>
  );
}

export function NoFeatures() {
  return <p className="muted feature-empty">No features yet.</p>;
}
