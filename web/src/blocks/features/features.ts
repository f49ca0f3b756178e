// The feature model shared by featureslayout, ImageGrid, imageAccordian and bannerHero (blocks
// §3.17, §3.18): each feature is {iconType, icon, title, description}, read
// from the normalised settings (`FeatureslayoutFeaturesItemSettings`, the same item in all four).
import type { BannerHeroSettings, FeatureslayoutFeaturesItemSettings } from '../../generated/blockConfigs';
import { httpUrl } from '../urls';

export type IconType = NonNullable<FeatureslayoutFeaturesItemSettings['iconType']>;
export type FeatureLayout = BannerHeroSettings['FeatureLayout'];
export type ImagePosition = BannerHeroSettings['imagePosition'];

export interface Feature {
  /** Null when the stored type is missing or unknown: then no icon shows (see `readFeatures`). */
  iconType: IconType | null;
  icon: string;
  title: string;
  description: string;
}

/** ImageGrid and imageAccordian show four features (blocks §3.17; the catalogue's max_items). */
export const FOUR_FEATURES = 4;

/** An optional text setting, trimmed; '' when unset. */
const trimmed = (text: string | undefined): string => text?.trim() ?? '';

/**
 * The features worth drawing, at most `limit`. A feature with no icon type shows no icon even if
 * it holds one, as in the settings editor, which shows the icon field only once a type is chosen.
 * Features with nothing to show (an item just added in the editor) are left out, so the limit
 * counts features a viewer can see.
 */
export function readFeatures(items: FeatureslayoutFeaturesItemSettings[], limit = Infinity): Feature[] {
  const features: Feature[] = [];
  for (const item of items) {
    if (features.length >= limit) break;
    const iconType = item.iconType ?? null;
    const feature: Feature = {
      iconType,
      icon: iconType ? trimmed(item.icon) : '',
      title: trimmed(item.title),
      description: trimmed(item.description),
    };
    if (feature.icon || feature.title || feature.description) features.push(feature);
  }
  return features;
}

/**
 * The Learn More button of ImageGrid and imageAccordian: none without a text (the editor shows the
 * link only once there is one); `href` null when the link is missing or not http(s), so a
 * `javascript:` or `data:` link is never rendered.
 */
export function learnMore(text: string | undefined, link: string | undefined): { text: string; href: string | null } | null {
  const label = trimmed(text);
  if (!label) return null;
  return { text: label, href: httpUrl(link) };
}
