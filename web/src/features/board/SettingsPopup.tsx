import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { describedBy, FieldNotes } from '../../components/FieldNotes';
import { toApiError } from '../../api/errors';
import type { BoardState } from '../../generated/api';
import { ColourField } from '../../components/ColourField';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Popup } from '../../components/Popup';
import { SaveFooter } from '../../components/SaveFooter';
import { showToast } from '../../store/toastStore';
import { FilterEditor } from '../filters/FilterEditor';
import { BindSpreadsheet } from '../marketplace/BindSpreadsheet';
import { useSheetColumns } from '../spreadsheets/useSheetColumns';
import { SignInMethodSelect } from '../auth/signInMethods';
import { ThemeFields } from '../theme/ThemeFields';
import { updateBoard } from './boardApi';
import { changesOf, COLOURS, formOf, formProblems, type BoardForm, type FlagKey, type FormKey } from './boardSettingsForm';
import { PaletteEditor } from './PaletteEditor';
import { SectionsEditor } from './SectionsEditor';

const HIDE_SWITCHES: readonly [FlagKey, string][] = [
  ['hide_hero', 'Hide hero'],
  ['hide_search', 'Hide search'],
  ['hide_filters', 'Hide filters'],
];

const PROBLEMS_MESSAGE = 'Some settings below cannot be saved as they are; the message beside each says why.';

function Switch({
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <div className="settings-switch">
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={`settings-section ${className ?? ''}`}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

const hasNamedFilter = (form: BoardForm) => form.filters.some((filter) => filter.name.trim() !== '');

/** What viewers miss while filters exist but 'Hide filters' is on (the spec's default). */
function filterBarHint(form: BoardForm): string | undefined {
  return form.hide_filters && hasNamedFilter(form) ? 'Viewers do not see the filter bar while this is on; only links with ?filters= apply them.' : undefined;
}

/**
 * The form with new filters. The board's first named filter also turns 'Hide filters' off, unless
 * the owner set it in this form: an owner adds a filter for viewers to use, and the spec's default
 * (hidden) would silently keep it from them. The switch says so and can be turned back on.
 */
export function withFilters(initial: BoardForm, current: BoardForm, filters: BoardForm['filters']): BoardForm {
  const next = { ...current, filters };
  const first = !hasNamedFilter(current) && hasNamedFilter(next) && !hasNamedFilter(initial);
  if (first && current.hide_filters && current.hide_filters === initial.hide_filters) next.hide_filters = false;
  return next;
}

/**
 * 'Board Settings' (mode 'settings'): every setting of the board state an owner changes by hand
 * (platform §3), sent in one PUT of only what changed. A refusal naming a field shows at it.
 */
export function SettingsPopup({
  board,
  onSaved,
  onClose,
  at,
}: {
  board: BoardState;
  onSaved: (board: BoardState) => void;
  onClose: () => void;
  /** The part to open at: New Block's search for filters leads to the Filters part. */
  at?: 'filters';
}) {
  const formId = useId();
  const [initial] = useState<BoardForm>(() => formOf(board));
  const [form, setForm] = useState<BoardForm>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  // Set when Save met a problem the form shows; the notice goes once the problems do.
  const [blocked, setBlocked] = useState(false);
  const [binding, setBinding] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const columns = useSheetColumns(board.spreadsheetId);
  const set = <K extends FormKey>(key: K, value: BoardForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const fieldError = (key: FormKey) => (error?.field === key ? error.message : undefined);
  const problems = formProblems(form);
  const formLevelError = blocked && problems ? PROBLEMS_MESSAGE : error && !(error.field && error.field in form) ? error.message : null;

  // The form is long: the setting at fault takes the focus, or a list's refusal is scrolled to.
  const showProblem = () => {
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else formRef.current?.querySelector('[role="alert"]')?.scrollIntoView?.({ block: 'nearest' });
  };
  useEffect(() => {
    if (error) showProblem();
  }, [error]);
  // After the popup has focused itself (its effect runs first): the asked part in view, its first control focused.
  useEffect(() => {
    if (at !== 'filters') return;
    const filters = formRef.current?.querySelector<HTMLElement>('.settings-filters');
    filters?.scrollIntoView?.({ block: 'start' });
    filters?.querySelector<HTMLElement>('input, select, button')?.focus();
  }, [at]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBlocked(problems);
    if (problems) {
      showProblem();
      return;
    }
    const change = changesOf(initial, form);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onSaved(await updateBoard(board.slug, board.id, change));
      showToast({ kind: 'success', text: 'Board settings saved.' });
      onClose();
    } catch (thrown) {
      const { message, field } = toApiError(thrown);
      setError({ message, field });
      setSaving(false);
    }
  };

  return (
    <Popup
      title="Board Settings"
      onClose={onClose}
      closeBlocked={saving}
      maxWidth={760}
      footer={<SaveFooter formId={formId} saving={saving} onCancel={onClose} />}
    >
      <form ref={formRef} id={formId} className="settings-form board-settings" onSubmit={(event) => void submit(event)} noValidate>
        <FormError message={formLevelError} />
        <Section title="Board" className="settings-texts">
          <Field label="Board name" error={fieldError('name')}>
            <input value={form.name} onChange={(event) => set('name', event.target.value)} />
          </Field>
          <Field label="Title" error={fieldError('title')}>
            <input value={form.title} onChange={(event) => set('title', event.target.value)} />
          </Field>
          <Field label="Hero text" error={fieldError('hero')}>
            <textarea rows={3} value={form.hero} onChange={(event) => set('hero', event.target.value)} />
          </Field>
          <Field label="Logo (image URL)" error={fieldError('logo')}>
            <input type="url" placeholder="https://" value={form.logo} onChange={(event) => set('logo', event.target.value)} />
          </Field>
          <Field label="Hero image (URL)" error={fieldError('hero_image')}>
            <input type="url" placeholder="https://" value={form.hero_image} onChange={(event) => set('hero_image', event.target.value)} />
          </Field>
        </Section>
        <Section title="Spreadsheet">
          <p className="muted">
            Bind the board to another spreadsheet of this workspace: its blocks and filters are moved to your columns, matched by name and type.
          </p>
          <button type="button" className="button" disabled={saving} onClick={() => setBinding(true)}>
            Bind to another spreadsheet...
          </button>
        </Section>
        <Section title="Access and display">
          <Switch
            label="Public"
            checked={form.public}
            onChange={(checked) => set('public', checked)}
            hint="Anyone with the link can view the board; a private board shows guests 'Access Denied'."
            error={fieldError('public')}
          />
          <Field label="Sign-in method" error={fieldError('sign_in_method')}>
            <SignInMethodSelect value={form.sign_in_method} onChange={(method) => set('sign_in_method', method)} />
          </Field>
          {HIDE_SWITCHES.map(([key, label]) => (
            <Switch
              key={key}
              label={label}
              checked={form[key]}
              hint={key === 'hide_filters' ? filterBarHint(form) : undefined}
              error={fieldError(key)}
              onChange={(checked) => set(key, checked)}
            />
          ))}
        </Section>
        <Section title="Sections">
          <SectionsEditor names={form.sections} onChange={(names) => set('sections', names)} error={fieldError('sections')} />
        </Section>
        <Section title="Theme">
          <ThemeFields
            value={{ accent_color: form.accent_color, look: form.look }}
            onChange={(theme) => setForm((current) => ({ ...current, ...theme }))}
            errorOf={fieldError}
          />
        </Section>
        <Section title="Colours" className="settings-colours">
          {COLOURS.map(([key, label]) => (
            <ColourField key={key} label={label} value={form[key]} error={fieldError(key)} onChange={(value) => set(key, value)} />
          ))}
        </Section>
        <Section title="Palette">
          <PaletteEditor colours={form.palette} onChange={(colours) => set('palette', colours)} error={fieldError('palette')} />
        </Section>
        <Section title="Filters" className="settings-filters">
          <FilterEditor
            filters={form.filters}
            onChange={(filters) => setForm((current) => withFilters(initial, current, filters))}
            sheets={board.sheets ?? []}
            columnsOf={(sheet) => columns[sheet]}
            error={fieldError('filters')}
          />
          <p className="form-hint">
            {filterBarHint(form) ?? 'Named filters show to viewers as chips above the blocks; a link can set them too, as in ?filters=Region:North.'}
          </p>
        </Section>
      </form>
      {binding && (
        <Popup title="Bind to your spreadsheet" onClose={() => setBinding(false)} maxWidth={720}>
          <BindSpreadsheet
            boardId={board.id}
            workspaceId={board.workspace_id}
            currentSpreadsheetId={board.spreadsheetId}
            keepLabel="Keep the current spreadsheet"
            keepButton="Close"
            onKeep={() => setBinding(false)}
            onBound={(rebound) => {
              // The binding rewrote settings this form shows (filters), so the form closes with it.
              onSaved(rebound.board);
              showToast({ kind: 'success', text: 'The board now reads your spreadsheet.' });
              onClose();
            }}
          />
        </Popup>
      )}
    </Popup>
  );
}
