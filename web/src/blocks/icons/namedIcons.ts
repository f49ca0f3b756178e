// Font Awesome icons by name, for the blocks whose icon type is 'fontawesome'. The whole free
// solid and brands sets are needed to look any name up, so they load as one chunk, and only when
// a block shows such an icon; every other icon in the app is imported by itself and tree-shaken.
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { kebabName, parseIconName } from './fontAwesomeNames';

type IconIndex = Map<string, IconDefinition>;

function indexOf(icons: Record<string, unknown>): IconIndex {
  const index: IconIndex = new Map();
  for (const [exportName, value] of Object.entries(icons)) {
    if (!/^fa[A-Z0-9]/.test(exportName) || typeof value !== 'object' || value === null || !('icon' in value)) continue;
    index.set(kebabName(exportName), value as IconDefinition);
  }
  return index;
}

let sets: Promise<{ solid: IconIndex; brands: IconIndex }> | null = null;

function loadSets() {
  sets ??= Promise.all([import('@fortawesome/free-solid-svg-icons'), import('@fortawesome/free-brands-svg-icons')]).then(
    ([solid, brands]) => ({ solid: indexOf(solid), brands: indexOf(brands) }),
    (error: unknown) => {
      // A failed download (offline) is not remembered: the next icon tries again.
      sets = null;
      throw error;
    },
  );
  return sets;
}

/** The icon a Font Awesome snippet names, or null when neither set has it. */
export async function findNamedIcon(snippet: string): Promise<IconDefinition | null> {
  const parsed = parseIconName(snippet);
  if (!parsed) return null;
  const { solid, brands } = await loadSets();
  const order = parsed.brands ? [brands, solid] : [solid, brands];
  for (const set of order) {
    const icon = set.get(parsed.name);
    if (icon) return icon;
  }
  return null;
}
