// The control of one catalogue field, chosen by its kind, and the recursion into list items and
// objects. Every value is read from and written to the one block config the editor holds, by
// path, so visibility and validation always judge exactly what would be saved.
import { useState } from 'react';
import type { Field } from '../../generated/blockCatalogue';
import type { BlockConfig, Core } from '../../core/wasm';
import { resolvePage } from '../../blocks/links/appLocation';
import type { AppPageList } from '../../blocks/links/appPages';
import { HIDDEN_COLUMNS } from '../../blocks/details/DetailsPopup';
import { getAt, pathText, type Step } from './paths';
import { pickerValue } from '../../components/ColourField';
import { NamePicker } from '../../components/NamePicker';
import { SettingRow, type ControlProps } from './SettingRow';

export interface SettingsScope {
  core: Core;
  block: BlockConfig;
  /** The board's sheet tabs. */
  sheets: readonly string[];
  /** The columns of a tab, once known. */
  columnsOf: (sheet: string | undefined) => readonly string[] | undefined;
  /** The app's pages for the page pickers; undefined on a board, which has none. */
  pages?: AppPageList;
  errorAt: (path: string) => string | undefined;
  update: (steps: readonly Step[], value: unknown) => void;
}

/**
 * The columns a picker offers: the sheet's own columns, without those the server keeps for
 * itself (rows are matched on them, but no block setting is about them). A stored one still
 * shows, as NamePicker keeps every stored name selectable.
 */
function columnChoices(scope: SettingsScope, sheet: string | undefined): readonly string[] | undefined {
  return scope.columnsOf(sheet)?.filter((column) => !HIDDEN_COLUMNS.has(column));
}

/** A span this small is a range slider (border widths 0-5, transparency 0-1, grid columns 2-5). */
const SLIDER_SPAN = 10;

const TEXT_INPUT_TYPES: Partial<Record<Field['kind'], string>> = {
  url: 'url',
  http_url: 'url',
  image: 'url',
  email: 'email',
  date: 'date',
  time: 'time',
};

function isVisible(scope: SettingsScope, path: string): boolean {
  try {
    return scope.core.blockVisible(scope.block, path);
  } catch {
    // A path the core cannot resolve yet (an item being added) is shown rather than lost.
    return true;
  }
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** An emptied input means "absent": the setting falls back to its default. */
const orAbsent = (value: string): string | undefined => (value === '' ? undefined : value);

function ColourInputs({
  control,
  label,
  value,
  onChange,
}: {
  control: ControlProps;
  label: string;
  value: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <span className="setting-colour">
      <input {...control} type="color" value={pickerValue(value)} onChange={(e) => onChange(e.target.value)} />
      <input
        type="text"
        aria-label={`${label} (hex)`}
        placeholder="#4f46E5"
        value={value}
        onChange={(e) => onChange(orAbsent(e.target.value))}
        spellCheck={false}
      />
    </span>
  );
}

/** A tab or column name; emptied reads as absent, like every other control. */
function NameSelect({
  control,
  value,
  names,
  onChange,
  placeholder,
}: {
  control: ControlProps;
  value: string;
  names: readonly string[] | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: string;
}) {
  return <NamePicker {...control} value={value} names={names} placeholder={placeholder} onChange={(name) => onChange(orAbsent(name))} />;
}

/** The single-value control of a field (everything but lists, objects, colour lists and key-values). */
function ScalarControl({ field, steps, scope, control }: { field: Field; steps: Step[]; scope: SettingsScope; control: ControlProps }) {
  const stored = getAt(scope.block, steps);
  const value = stored ?? field.default;
  const set = (next: unknown) => scope.update(steps, next);
  switch (field.kind) {
    case 'bool':
      return <input {...control} type="checkbox" role="switch" checked={value === true} onChange={(e) => set(e.target.checked)} />;
    case 'long_text':
      return <textarea {...control} rows={4} value={text(stored)} placeholder={text(field.default)} onChange={(e) => set(orAbsent(e.target.value))} />;
    case 'number':
    case 'integer': {
      const { min, max } = field;
      const span = min !== undefined && max !== undefined ? max - min : undefined;
      const slider = span !== undefined && span <= SLIDER_SPAN;
      // A 0-1 slider (transparency) moves in twentieths; other sliders in whole steps.
      const step = field.kind === 'integer' ? 1 : slider && span !== undefined ? (span <= 1 ? 0.05 : 1) : 'any';
      const toNumber = (raw: string) => (raw === '' ? undefined : Number(raw));
      if (slider) {
        const shown = typeof value === 'number' ? value : min!;
        return (
          <span className="setting-slider">
            <input {...control} type="range" min={min} max={max} step={step} value={shown} onChange={(e) => set(toNumber(e.target.value))} />
            <output htmlFor={control.id}>{shown}</output>
          </span>
        );
      }
      return (
        <input
          {...control}
          type="number"
          min={min}
          max={max}
          step={step}
          value={text(stored)}
          placeholder={text(field.default)}
          onChange={(e) => set(toNumber(e.target.value))}
        />
      );
    }
    case 'select':
      return (
        <select {...control} value={text(value)} onChange={(e) => set(orAbsent(e.target.value))}>
          {field.default === undefined && <option value="">Choose...</option>}
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'colour':
      return <ColourInputs control={control} label={field.label} value={text(value)} onChange={set} />;
    case 'sheet':
      return <NameSelect control={control} value={text(stored)} names={scope.sheets} placeholder="Choose a sheet" onChange={set} />;
    case 'column':
      return (
        <NameSelect
          control={control}
          value={text(stored)}
          names={columnChoices(scope, text(scope.block.sheet_title) || undefined)}
          placeholder="Choose a column"
          onChange={set}
        />
      );
    default: {
      const type = TEXT_INPUT_TYPES[field.kind] ?? 'text';
      if (field.may_be_empty) {
        // Emptying means "none" (a card without a symbol), so the default shows as the value
        // until changed and an emptied input is kept empty instead of falling back to it.
        return <input {...control} type={type} value={text(value)} placeholder="None" onChange={(e) => set(e.target.value)} />;
      }
      return <input {...control} type={type} value={text(stored)} placeholder={text(field.default)} onChange={(e) => set(orAbsent(e.target.value))} />;
    }
  }
}

/** The picker's option for an address typed by hand; a page id never starts with a space. */
const TYPED_ADDRESS = ' typed';
const BOARD_PAGE_HELP = "Boards have no pages (multi-page apps do): type the address to open, such as another board's address or an https:// link.";
const UNLISTED_PAGES_HELP = "The app's pages could not be listed: type the page's address (its slug) or an https:// link.";

/**
 * A setting that names a page of the app (catalogue kind `page`): a dropdown of the app's pages
 * by name, storing the page's id (what `resolvePage` reads first, so renaming a page keeps its
 * links), or an address typed by hand. A stored value naming no page is kept, with a warning,
 * until another is chosen. On a board, which has no pages, and when the pages cannot be listed,
 * the address is typed.
 */
function PageSetting({ field, steps, scope, error }: { field: Field; steps: Step[]; scope: SettingsScope; error?: string }) {
  const stored = text(getAt(scope.block, steps));
  const set = (next: string | undefined) => scope.update(steps, next);
  const pages = Array.isArray(scope.pages) ? scope.pages : undefined;
  const target = resolvePage(stored, pages);
  const isPageId = pages?.some((page) => page.id === stored.trim()) ?? false;
  const missing = stored !== '' && !target.external && target.missing;
  // Until the owner picks, a stored address that is not a page's id (a slug, a path, a link)
  // shows as typed; one naming no page shows in the dropdown, with the warning.
  const [typingChosen, setTyping] = useState<boolean | null>(null);
  const typing = typingChosen ?? (pages !== undefined && stored !== '' && !isPageId && !missing);
  const typeBox = (control: Partial<ControlProps>, label?: string) => (
    <input
      {...control}
      aria-label={label}
      type="text"
      value={stored}
      placeholder="e.g. orders or https://example.com"
      onChange={(e) => set(orAbsent(e.target.value))}
    />
  );

  if (scope.pages === undefined || scope.pages === 'unavailable') {
    const help = scope.pages === undefined ? BOARD_PAGE_HELP : UNLISTED_PAGES_HELP;
    return (
      <SettingRow label={field.label} required={field.required} help={field.help ? `${field.help} ${help}` : help} error={error}>
        {(control) => typeBox(control)}
      </SettingRow>
    );
  }
  const warning = missing
    ? typing
      ? `No page of this app is at "${stored}": viewers are taken to Home.`
      : `The page "${stored}" no longer exists; choose another.`
    : undefined;
  return (
    <SettingRow label={field.label} required={field.required} help={field.help} warning={warning} error={error}>
      {(control) => (
        <span className="setting-page">
          <select
            {...control}
            disabled={scope.pages === 'loading'}
            value={typing ? TYPED_ADDRESS : isPageId ? stored.trim() : ''}
            onChange={(e) => {
              const typed = e.target.value === TYPED_ADDRESS;
              setTyping(typed);
              set(typed || e.target.value === '' ? undefined : e.target.value);
            }}
          >
            <option value="">{scope.pages === 'loading' ? 'Loading pages...' : 'Choose a page'}</option>
            {(pages ?? []).map((page) => (
              <option key={page.id} value={page.id}>
                {page.page_name || page.page_slug || 'Home'}
              </option>
            ))}
            <option value={TYPED_ADDRESS}>Type an address...</option>
          </select>
          {typing && typeBox({}, `${field.label} (typed address)`)}
        </span>
      )}
    </SettingRow>
  );
}

/** A column of any tab (`{sheet, column}`): the tab, then one of its columns. */
function SourceControl({ field, steps, scope, error }: { field: Field; steps: Step[]; scope: SettingsScope; error?: string }) {
  const source = (getAt(scope.block, steps) ?? {}) as { sheet?: string; column?: string };
  const set = (key: 'sheet' | 'column', next: string | undefined) => {
    const changed = { ...source, [key]: next };
    // Another tab has other columns.
    if (key === 'sheet') delete changed.column;
    if (next === undefined) delete changed[key];
    scope.update(steps, Object.keys(changed).length ? changed : undefined);
  };
  return (
    <fieldset className="setting-group">
      <legend>{field.label}</legend>
      <SettingRow label="Tab" required={field.required} error={error}>
        {(control) => (
          <NameSelect control={control} value={text(source.sheet)} names={scope.sheets} placeholder="Choose a sheet" onChange={(v) => set('sheet', v)} />
        )}
      </SettingRow>
      <SettingRow label="Column" required={field.required}>
        {(control) => (
          <NameSelect
            control={control}
            value={text(source.column)}
            names={columnChoices(scope, source.sheet)}
            placeholder="Choose a column"
            onChange={(v) => set('column', v)}
          />
        )}
      </SettingRow>
      {field.help && <p className="form-hint">{field.help}</p>}
    </fieldset>
  );
}

function ColoursControl({ field, steps, scope, error }: { field: Field; steps: Step[]; scope: SettingsScope; error?: string }) {
  const colours = (Array.isArray(getAt(scope.block, steps)) ? getAt(scope.block, steps) : []) as string[];
  const write = (next: string[]) => scope.update(steps, next.length ? next : undefined);
  return (
    <fieldset className="setting-group">
      <legend>{field.label}</legend>
      {colours.map((colour, index) => (
        <div className="setting-list-row" key={index}>
          <SettingRow label={`Colour ${index + 1}`} required={false}>
            {(control) => (
              <ColourInputs
                control={control}
                label={`Colour ${index + 1}`}
                value={text(colour)}
                onChange={(v) => write(colours.map((c, i) => (i === index ? (v ?? '') : c)))}
              />
            )}
          </SettingRow>
          <button type="button" className="button" aria-label={`Remove colour ${index + 1}`} onClick={() => write(colours.filter((_, i) => i !== index))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="button" onClick={() => write([...colours, '#4f46E5'])}>
        Add colour
      </button>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

function KeyValuesControl({ field, steps, scope, error }: { field: Field; steps: Step[]; scope: SettingsScope; error?: string }) {
  const stored = getAt(scope.block, steps);
  const pairs = Object.entries(stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {}).map(([k, v]) => [k, text(v)] as const);
  const write = (next: (readonly [string, string])[]) => scope.update(steps, next.length ? Object.fromEntries(next) : undefined);
  return (
    <fieldset className="setting-group">
      <legend>{field.label}</legend>
      {field.help && <p className="form-hint">{field.help}</p>}
      {pairs.map(([key, value], index) => (
        <div className="setting-list-row" key={index}>
          <input
            type="text"
            aria-label={`Key ${index + 1}`}
            value={key}
            onChange={(e) => write(pairs.map((p, i) => (i === index ? [e.target.value, p[1]] : p)))}
          />
          <input
            type="text"
            aria-label={`Value ${index + 1}`}
            value={value}
            onChange={(e) => write(pairs.map((p, i) => (i === index ? [p[0], e.target.value] : p)))}
          />
          <button type="button" className="button" aria-label={`Remove pair ${index + 1}`} onClick={() => write(pairs.filter((_, i) => i !== index))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="button" disabled={pairs.some(([key]) => key === '')} onClick={() => write([...pairs, ['', '']])}>
        Add pair
      </button>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** Items without descriptors (conditional formatting rules) are edited as JSON, kept as written. */
function FreeFormList({ field, steps, scope, error }: { field: Field; steps: Step[]; scope: SettingsScope; error?: string }) {
  const [draft, setDraft] = useState(() => JSON.stringify(getAt(scope.block, steps) ?? [], null, 2));
  const [bad, setBad] = useState(false);
  const change = (raw: string) => {
    setDraft(raw);
    try {
      const parsed: unknown = JSON.parse(raw || '[]');
      if (!Array.isArray(parsed)) throw new Error('not a list');
      setBad(false);
      scope.update(steps, parsed.length ? parsed : undefined);
    } catch {
      setBad(true);
    }
  };
  return (
    <SettingRow label={field.label} required={field.required} help={field.help ?? 'A JSON list of rules.'} error={bad ? 'Not a valid JSON list.' : error}>
      {(control) => <textarea {...control} rows={4} spellCheck={false} value={draft} onChange={(e) => change(e.target.value)} />}
    </SettingRow>
  );
}

function ListControl({ field, steps, scope, error }: { field: Field; steps: Step[]; scope: SettingsScope; error?: string }) {
  const stored = getAt(scope.block, steps);
  const items = (Array.isArray(stored) ? stored : []) as unknown[];
  const write = (next: unknown[]) => scope.update(steps, next.length ? next : undefined);
  const move = (from: number, to: number) => {
    const next = [...items];
    [next[from], next[to]] = [next[to], next[from]];
    write(next);
  };
  // The core decides what a new item holds (defaults, the first unused network) and whether the
  // list is full; a full list ignores the add (platform §5).
  const newItem = scope.core.blockNewItem(scope.block, pathText(steps));
  const addable = newItem !== null;
  return (
    <fieldset className="setting-group">
      <legend>
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </legend>
      {field.help && <p className="form-hint">{field.help}</p>}
      {items.map((_, index) => {
        const name = `${field.label} ${index + 1}`;
        return (
          <fieldset className="setting-item" key={index}>
            <legend>{name}</legend>
            <div className="setting-item-actions">
              <button type="button" className="button" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                ↑
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Move ${name} down`}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                ↓
              </button>
              <button type="button" className="button" aria-label={`Remove ${name}`} onClick={() => write(items.filter((__, i) => i !== index))}>
                Remove
              </button>
            </div>
            {(field.fields ?? []).map((inner) => (
              <SettingField key={inner.key} field={inner} steps={[...steps, index, inner.key]} scope={scope} />
            ))}
          </fieldset>
        );
      })}
      <button type="button" className="button" aria-label={`Add to ${field.label}`} disabled={!addable} onClick={() => newItem && write([...items, newItem])}>
        Add
      </button>
      {/* The limit in force may be a lower one of item_limits (5 links in some footer layouts):
          adds stop exactly there, so the count says it. Over it, the validator's error says so. */}
      {!addable && !error && <p className="form-hint">{`At most ${items.length} items here.`}</p>}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** One field of the catalogue at `steps`, or nothing while its visibility rule does not hold. */
export function SettingField({ field, steps, scope }: { field: Field; steps: Step[]; scope: SettingsScope }) {
  const path = pathText(steps);
  if (!isVisible(scope, path)) return null;
  const error = scope.errorAt(path);
  switch (field.kind) {
    case 'list':
      return field.fields && field.fields.length > 0 ? (
        <ListControl field={field} steps={steps} scope={scope} error={error} />
      ) : (
        <FreeFormList field={field} steps={steps} scope={scope} error={error} />
      );
    case 'object':
      return (
        <fieldset className="setting-group">
          <legend>{field.label}</legend>
          {field.help && <p className="form-hint">{field.help}</p>}
          {(field.fields ?? []).map((inner) => (
            <SettingField key={inner.key} field={inner} steps={[...steps, inner.key]} scope={scope} />
          ))}
          {error && <p className="field-error">{error}</p>}
        </fieldset>
      );
    case 'source':
      return <SourceControl field={field} steps={steps} scope={scope} error={error} />;
    case 'colours':
      return <ColoursControl field={field} steps={steps} scope={scope} error={error} />;
    case 'key_values':
      return <KeyValuesControl field={field} steps={steps} scope={scope} error={error} />;
    case 'page':
      return <PageSetting field={field} steps={steps} scope={scope} error={error} />;
    default:
      return (
        <SettingRow label={field.label} required={field.required} help={field.help} error={error} inline={field.kind === 'bool'}>
          {(control) => <ScalarControl field={field} steps={steps} scope={scope} control={control} />}
        </SettingRow>
      );
  }
}
