// The feature model shared by featureslayout, ImageGrid, imageAccordian and bannerHero (blocks
// §3.17, §3.18): each feature is {iconType, icon, title, description}. Stored blocks may hold
// anything (older saves, hand-edited JSON), so every reader here falls back instead of failing.
import { textOf } from '../settingValues';
import { httpUrl } from '../urls';

export type IconType = 'image' | 'fontawesome' | 'text';
export type FeatureLayout = 'list' | 'grid' | 'paragraph';
export type ImagePosition = 'left' | 'right' | 'top' | 'bottom';

export interface Feature {
  /** Null when the stored type is missing or unknown: then no icon shows (see `readFeatures`). */
  iconType: IconType | null;
  icon: string;
  title: string;
  description: string;
}

/** ImageGrid and imageAccordian show four features (blocks §3.17; the catalogue's max_items). */
export const FOUR_FEATURES = 4;

const ICON_TYPES: readonly IconType[] = ['image', 'fontawesome', 'text'];
const LAYOUTS: readonly FeatureLayout[] = ['list', 'grid', 'paragraph'];
const POSITIONS: readonly ImagePosition[] = ['left', 'right', 'top', 'bottom'];

const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null => options.find((option) => option === value) ?? null;

/**
 * The features worth drawing, at most `limit`. A feature with no icon type shows no icon even if
 * it holds one, as in the settings editor, which shows the icon field only once a type is chosen.
 * Features with nothing to show (an item just added in the editor) are left out, so the limit
 * counts features a viewer can see.
 */
export function readFeatures(value: unknown, limit = Infinity): Feature[] {
  if (!Array.isArray(value)) return [];
  const features: Feature[] = [];
  for (const item of value) {
    if (features.length >= limit) break;
    if (typeof item !== 'object' || item === null) continue;
    const stored = item as Record<string, unknown>;
    const iconType = oneOf(ICON_TYPES, stored.iconType);
    const feature: Feature = {
      iconType,
      icon: iconType ? textOf(stored.icon) : '',
      title: textOf(stored.title),
      description: textOf(stored.description),
    };
    if (feature.icon || feature.title || feature.description) features.push(feature);
  }
  return features;
}

/** `FeatureLayout`; the catalogue gives no default, and a list reads at every width. */
export function featureLayout(value: unknown): FeatureLayout {
  return oneOf(LAYOUTS, value) ?? 'list';
}

/** bannerHero's `imagePosition`, left unless set to one of the four. */
export function imagePosition(value: unknown): ImagePosition {
  return oneOf(POSITIONS, value) ?? 'left';
}

/**
 * The Learn More button of ImageGrid and imageAccordian: none without a text (the editor shows the
 * link only once there is one); `href` null when the link is missing or not http(s), so a
 * `javascript:` or `data:` link is never rendered.
 */
export function learnMore(text: unknown, link: unknown): { text: string; href: string | null } | null {
  const label = textOf(text);
  if (!label) return null;
  return { text: label, href: httpUrl(typeof link === 'string' ? link : null) };
}
