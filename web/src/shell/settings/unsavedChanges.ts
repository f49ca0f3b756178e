// Whether the settings being edited differ from the block as it was opened, so that closing the
// panel can ask before throwing edits away and close at once when there are none.
import type { BlockConfig } from '../../core/wasm';

/**
 * The config as text with its keys in one order: the core answers an edited block with its keys
 * in its own order, and a block made offline takes the server's id while open, neither of which
 * is an edit.
 */
function comparable(config: BlockConfig): string {
  const { id: _id, ...settings } = config;
  return JSON.stringify(settings, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export function hasUnsavedChanges(opened: BlockConfig, edited: BlockConfig): boolean {
  return comparable(opened) !== comparable(edited);
}
