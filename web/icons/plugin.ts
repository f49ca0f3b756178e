// Font Awesome's free sets by first letter, for looking up the icon names owners type
// (icon type 'fontawesome'). Importing a whole set to find one name would download about 530 kB
// (gzipped) for a single icon; split by the first letter of the icon's name, a lookup loads one
// bucket of a few dozen kB. The buckets are virtual modules that re-export the package's
// one-icon files (a re-export of the package's index would put the whole set in a shared chunk).
//
//   import { buckets } from 'virtual:fa-icons';
//   const icons = await buckets.solid.s?.();   // { faStar, faShield, ... }
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const SETS = { solid: '@fortawesome/free-solid-svg-icons', brands: '@fortawesome/free-brands-svg-icons' } as const;
type SetName = keyof typeof SETS;
const LOADER = 'virtual:fa-icons';
const BUCKET = `${LOADER}/`;

/** `faStar` is named `star`: its bucket is the letter after `fa`, lower-cased. */
const bucketOf = (exportName: string) => exportName.charAt(2).toLowerCase();

export function fontAwesomeBuckets(): Plugin {
  const require = createRequire(import.meta.url);
  const folder = (set: SetName) => dirname(require.resolve(`${SETS[set]}/package.json`));
  // A virtual module's imports are not resolved against node_modules: they name files.
  const file = (set: SetName, name: string) => join(folder(set), `${name}.js`);
  const exportsOf = new Map<SetName, string[]>();
  const names = (set: SetName) => {
    if (!exportsOf.has(set)) {
      // Every icon and alias has a file of its own; the few names without one are left out.
      const exported = Object.keys(require(SETS[set]) as object).filter((name) => /^fa[A-Z0-9]/.test(name));
      exportsOf.set(
        set,
        exported.filter((name) => existsSync(file(set, name))),
      );
    }
    return exportsOf.get(set)!;
  };
  return {
    name: 'tessera-fa-icons',
    resolveId(id) {
      return id === LOADER || id.startsWith(BUCKET) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${LOADER}`) {
        const sets = (Object.keys(SETS) as SetName[]).map((set) => {
          const letters = [...new Set(names(set).map(bucketOf))].sort();
          return `${set}: {${letters.map((letter) => `${JSON.stringify(letter)}: () => import(${JSON.stringify(`${BUCKET}${set}/${letter}`)})`).join(', ')}}`;
        });
        return `export const buckets = {${sets.join(', ')}};`;
      }
      if (id.startsWith(`\0${BUCKET}`)) {
        const [set, letter] = id.slice(BUCKET.length + 1).split('/') as [SetName, string];
        const shown = names(set).filter((name) => bucketOf(name) === letter);
        return shown.map((name) => `export { definition as ${name} } from ${JSON.stringify(file(set, name))};`).join('\n');
      }
      return undefined;
    },
  };
}
