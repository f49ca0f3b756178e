// featureslayout block: its features in the chosen FeatureLayout (list by default). It reads no
// rows, so it ignores its source.
import type { StandaloneBlockProps } from '../data/types';
import { FeatureList, NoFeatures } from './FeatureCard';
import { readFeatures } from './features';

export function FeaturesLayoutBlock({ block }: StandaloneBlockProps<'featureslayout'>) {
  const features = readFeatures(block.features);
  if (features.length === 0) return <NoFeatures />;
  return <FeatureList features={features} layout={block.FeatureLayout} />;
}
