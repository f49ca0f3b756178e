// Font Awesome icons by name, for the blocks whose icon type is 'fontawesome'. Only the bucket of
// the name's first letter loads (web/icons/plugin.ts), and only when a block shows such an icon;
// every other icon in the app is imported by itself and tree-shaken.
import type { IconDefinition } from '@fortawesome/fontawesome-common-types';
import { buckets } from 'virtual:fa-icons';
import { kebabName, parseIconName } from './fontAwesomeNames';

type IconIndex = Map<string, IconDefinition>;
type SetName = keyof typeof buckets;

const indexes = new Map<string, Promise<IconIndex>>();

function indexOf(icons: Record<string, IconDefinition>): IconIndex {
  return new Map(Object.entries(icons).map(([exportName, icon]) => [kebabName(exportName), icon]));
}

/** The icons of `set` whose names start with `letter`, downloaded once. */
function bucket(set: SetName, letter: string): Promise<IconIndex> {
  const load = buckets[set][letter];
  if (!load) return Promise.resolve(new Map());
  const key = `${set}/${letter}`;
  let index = indexes.get(key);
  if (!index) {
    index = load().then(indexOf);
    // A failed download (offline) is not remembered: the next icon tries again.
    index.catch(() => indexes.delete(key));
    indexes.set(key, index);
  }
  return index;
}

/** The icon a Font Awesome snippet names, or null when neither set has it. */
export async function findNamedIcon(snippet: string): Promise<IconDefinition | null> {
  const parsed = parseIconName(snippet);
  if (!parsed) return null;
  const order: SetName[] = parsed.brands ? ['brands', 'solid'] : ['solid', 'brands'];
  for (const set of order) {
    const icon = (await bucket(set, parsed.name.charAt(0))).get(parsed.name);
    if (icon) return icon;
  }
  return null;
}
