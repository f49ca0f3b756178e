// ImageGrid block (blocks §3.17): up to four features as image tiles, two by two (one column on a
// narrow block), each with its title and description below, then the Learn More button.
import type { StandaloneBlockProps } from '../data/types';
import { FeatureMedia, FeatureText, NoFeatures } from './FeatureCard';
import { FOUR_FEATURES, readFeatures } from './features';
import { LearnMore } from './LearnMore';

export function ImageGridBlock({ block }: StandaloneBlockProps<'ImageGrid'>) {
  const features = readFeatures(block.features, FOUR_FEATURES);
  return (
    <div className="feature-container">
      {features.length === 0 ? (
        <NoFeatures />
      ) : (
        <ul className="imagegrid">
          {features.map((feature, index) => (
            <li key={index} className="imagegrid-tile">
              <FeatureMedia feature={feature} />
              <FeatureText feature={feature} />
            </li>
          ))}
        </ul>
      )}
      <LearnMore text={block.learn_more_text} link={block.learn_more_link} />
    </div>
  );
}
