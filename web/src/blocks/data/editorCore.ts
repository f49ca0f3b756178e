// The WASM core, once an editor on this page has it (the settings editor's preview hands it
// over). Blocks read it to say in the catalogue's words what a draft still needs; a viewer's page
// never loads the core for that, and a draft there says so in general words.
import { useSyncExternalStore } from 'react';
import type { Core } from '../../core/wasm';

let offered: Core | null = null;
const listeners = new Set<() => void>();

/** Makes `core` the one drafts on this page are described with. */
export function offerEditorCore(core: Core): void {
  if (offered === core) return;
  offered = core;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The core an editor on this page loaded, or null. */
export function useEditorCore(): Core | null {
  return useSyncExternalStore(subscribe, () => offered);
}
