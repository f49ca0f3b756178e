import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import type { BlockInfo, Field, Group } from '../../generated/blockCatalogue';
import type { BlockConfig, Core } from '../../core/wasm';
import type { AppPageList } from '../../blocks/links/appPages';
import { loadMarkup } from '../../core/markup';
import { checksIframeCode, IFRAME_CODE, iframeCodeRefusal, useIframeMarkup } from './iframeCheck';
import { pathText, type Step } from './paths';
import { SettingField, type SettingsScope } from './SettingField';
import './settings.css';

/** The editor's sections, in order; the docs' block reference follows the same order. */
export const SETTING_GROUPS: readonly { group: Group; title: string }[] = [
  { group: 'data', title: 'Data' },
  { group: 'columns', title: 'Columns' },
  { group: 'display', title: 'Display' },
  { group: 'actions', title: 'Actions' },
  { group: 'audience', title: 'Audience' },
];

/** What is saved: the config as edited, no longer a draft. */
export function savedConfig(block: BlockConfig): BlockConfig {
  const { temp_block: _draft, ...config } = block;
  return config as BlockConfig;
}

export interface BlockSettingsEditorProps {
  core: Core;
  info: BlockInfo;
  /** The block as stored (a new block already has its defaults). */
  block: BlockConfig;
  sheets: readonly string[];
  columnsOf: (sheet: string | undefined) => readonly string[] | undefined;
  /** The app's pages for the page pickers; undefined on a board. */
  pages?: AppPageList;
  /** Stores the config; an ApiError naming a field is shown at that field. */
  onSave: (config: BlockConfig) => Promise<void>;
  onCancel: () => void;
  /** Told every change, so a preview can follow the config as it is typed. */
  onChange?: (config: BlockConfig) => void;
  /** The server's refusal of an earlier save of these settings (a queued save replayed later). */
  initialError?: { path?: string; message: string };
}

/**
 * A new block (a draft) whose type reads a tab and names none gets the only tab there is, so its
 * preview shows data at once; a saved block is shown as stored.
 */
export function withOnlySheet(core: Core, info: BlockInfo, block: BlockConfig, sheets: readonly string[]): BlockConfig {
  const readsTab = info.fields.some((field) => field.key === 'sheet_title');
  if (block.temp_block !== true || !readsTab || sheets.length !== 1 || (typeof block.sheet_title === 'string' && block.sheet_title !== '')) return block;
  return core.blockSet(block, 'sheet_title', sheets[0]);
}

/**
 * The settings of one block, generated from its catalogue entry (blocks §3): a section per
 * group, each field shown while its visibility rule holds for the config being edited. Range
 * and option problems show as soon as they are typed; settings required to save are checked
 * when Save is pressed, and the server's own answer (a 422 naming a field) lands at its field.
 */
export function BlockSettingsEditor({ core, info, block, sheets, columnsOf, pages, onSave, onCancel, onChange, initialError }: BlockSettingsEditorProps) {
  const [config, setConfig] = useState<BlockConfig>(() => withOnlySheet(core, info, block, sheets));
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ path?: string; message: string } | null>(initialError ?? null);
  useEffect(() => onChange?.(config), [config, onChange]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard users land in the editor that just opened, not back at the top of the board.
  useEffect(() => heading.current?.focus(), []);

  // An iframe block's pasted code is checked by the markup module, loaded when its settings open.
  const markup = useIframeMarkup(config);
  const errors = useMemo(() => {
    // Before a save is tried the config is judged as a draft: required settings may be empty.
    const judged = attempted ? savedConfig(config) : { ...config, temp_block: true };
    const found = new Map<string, string>();
    for (const error of core.validateBlock(judged).errors) if (!found.has(error.path)) found.set(error.path, error.message);
    const refusal = markup && iframeCodeRefusal(markup, config);
    if (refusal && !found.has(IFRAME_CODE)) found.set(IFRAME_CODE, refusal);
    return found;
  }, [core, config, attempted, markup]);

  const fieldPaths = useMemo(() => new Set(info.fields.map((f) => f.key)), [info]);
  const errorAt = (path: string) => (serverError?.path === path ? serverError.message : errors.get(path));
  const scope: SettingsScope = {
    core,
    block: config,
    sheets,
    columnsOf,
    pages,
    errorAt,
    update: (steps: readonly Step[], value: unknown) => {
      setServerError(null);
      // Through the core, so the editing rules of platform §4 (a change clearing a sibling) apply.
      setConfig((current) => core.blockSet(current, pathText(steps), value));
    },
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const toSave = savedConfig(config);
    if (!core.validateBlock(toSave).valid) return;
    setSaving(true);
    try {
      // Pasted iframe code the markup module refuses is not saved: its reason shows at the field.
      if (checksIframeCode(toSave) && iframeCodeRefusal(markup ?? (await loadMarkup()), toSave)) {
        setSaving(false);
        return;
      }
      await onSave(toSave);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setServerError({ path: apiError?.field, message: apiError?.message ?? String(error) });
      setSaving(false);
    }
  };

  const groups = SETTING_GROUPS.map(({ group, title }) => ({ title, fields: info.fields.filter((f: Field) => f.group === group) })).filter(
    (g) => g.fields.length > 0,
  );
  // Errors of the whole block, or of a setting no control shows, still need saying somewhere.
  const unplaced = [...errors].filter(([path]) => attempted && !fieldPaths.has(path.split(/[.[]/)[0]));
  const serverUnplaced = serverError && (!serverError.path || !fieldPaths.has(serverError.path.split(/[.[]/)[0])) ? serverError.message : null;

  return (
    <form className="block-settings" aria-label={`${info.name} settings`} noValidate onSubmit={(e) => void submit(e)}>
      <header className="block-settings-header">
        <h2 ref={heading} tabIndex={-1}>
          {info.name} settings
        </h2>
        <p className="muted">{info.description}</p>
      </header>
      <div className="block-settings-body">
        {groups.map(({ title, fields }) => (
          <div key={title} className="block-settings-group" role="group" aria-label={title}>
            <h3>{title}</h3>
            {fields.map((field) => (
              <SettingField key={field.key} field={field} steps={[field.key]} scope={scope} />
            ))}
          </div>
        ))}
      </div>
      {attempted && errors.size > 0 && (
        <div role="alert" className="form-error">
          Some settings need attention before saving.
          {unplaced.map(([path, message]) => (
            <div key={path}>{message}</div>
          ))}
        </div>
      )}
      {serverUnplaced && (
        <div role="alert" className="form-error">
          {serverUnplaced}
        </div>
      )}
      <footer className="block-settings-footer">
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </footer>
    </form>
  );
}
