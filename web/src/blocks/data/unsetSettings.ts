// What a block still needs before it can be drawn, in words. Which settings are required is the
// block catalogue's rule (tessera-blocks `validate`): a saved block must have them, a draft
// (`temp_block`) may not have them yet. Validating the block once as a draft and once as saved,
// the errors only the second finds are exactly the required settings still missing; their names
// are the catalogue's labels for the paths it answers.
import type { BlockConfig, Core } from '../../core/wasm';
import type { BlockInfo, Field } from '../../generated/blockCatalogue';
import { canonicalType } from '../../core/canonicalType';

const infos = new WeakMap<Core, Map<string, BlockInfo>>();

function infoOf(core: Core, type: string): BlockInfo | undefined {
  let known = infos.get(core);
  if (!known) {
    known = new Map(core.blockCatalogue().blocks.map((info) => [info.type as string, info]));
    infos.set(core, known);
  }
  return known.get(canonicalType(type));
}

/** `x_axis` → "the x axis"; `axis[0].column` → "the column (Series, item 1)". */
function nameOf(fields: readonly Field[], path: string): string {
  let scope = fields;
  const lists: string[] = [];
  let label = path;
  for (const segment of path.split('.')) {
    const [, key, index] = /^([^[]+)(?:\[(\d+)\])?$/.exec(segment) ?? [];
    const field = scope.find((f) => f.key === key);
    if (!field) break;
    label = field.label;
    if (index !== undefined) lists.push(`${field.label}, item ${Number(index) + 1}`);
    scope = field.fields ?? [];
  }
  const where = lists.length > 0 ? ` (${lists.join('; ')})` : '';
  return `the ${label.toLowerCase()}${where}`;
}

function listed(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * A sentence saying which settings `block` still needs ("Choose the x axis in this block's
 * settings."), or null when it has every required one and can be drawn.
 */
export function unsetSettings(core: Core, block: BlockConfig): string | null {
  const saved = core.validateBlock({ ...block, temp_block: false });
  if (saved.valid) return null;
  const draft = core.validateBlock({ ...block, temp_block: true });
  const seen = new Set(draft.errors.map((e) => `${e.path}\n${e.message}`));
  const missing = saved.errors.filter((e) => !seen.has(`${e.path}\n${e.message}`));
  if (missing.length === 0) return null;
  const fields = infoOf(core, block.type)?.fields ?? [];
  const names = missing.map((e) => nameOf(fields, e.path));
  // Columns are picked from a sheet: a block that names none is asked for it first.
  const sheetField = fields.find((f) => f.kind === 'sheet' && f.key === 'sheet_title');
  const noSheet = sheetField && !(typeof block.sheet_title === 'string' && block.sheet_title.trim());
  if (noSheet) names.unshift(`the ${sheetField.label.toLowerCase()}`);
  return `Choose ${listed([...new Set(names)])} in this block's settings.`;
}
