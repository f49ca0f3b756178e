// Writes sw/sw.js into the build as dist/sw.js, stamped with an id derived from the names of the
// built files (which carry content hashes), so any change of the app gives a new worker.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export function serviceWorker(): Plugin {
  return {
    name: 'tessera-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const build = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(new URL('./sw.js', import.meta.url), 'utf8').replace('__TESSERA_BUILD__', build);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
