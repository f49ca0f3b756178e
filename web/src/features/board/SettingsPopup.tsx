import { useId, useState, type FormEvent } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardSettings, BoardState } from '../../api/types';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { Popup } from '../../components/Popup';
import { SaveFooter } from '../../components/SaveFooter';
import { showToast } from '../../store/toastStore';
import { updateBoard } from './boardApi';

type TextKey = 'title' | 'hero' | 'sections';
type FlagKey = 'hide_hero' | 'hide_search' | 'hide_filters';
type ColourKey =
  | 'nav_background'
  | 'hero_background'
  | 'active_section_text_color'
  | 'inactive_section_text_color'
  | 'active_section_background_color'
  | 'board_background'
  | 'block_border'
  | 'block_shadow';

const FLAGS: readonly [FlagKey, string][] = [
  ['hide_hero', 'Hide hero'],
  ['hide_search', 'Hide search'],
  ['hide_filters', 'Hide filters'],
];

const COLOURS: readonly [ColourKey, string][] = [
  ['nav_background', 'Navigation background'],
  ['hero_background', 'Hero background'],
  ['active_section_text_color', 'Active section text'],
  ['inactive_section_text_color', 'Inactive section text'],
  ['active_section_background_color', 'Active section background'],
  ['board_background', 'Board background'],
  ['block_border', 'Block border'],
  ['block_shadow', 'Block shadow'],
];

type Form = Pick<BoardSettings, TextKey | FlagKey | ColourKey>;

function formOf(board: BoardState): Form {
  const form = { title: board.title, hero: board.hero, sections: board.sections } as Form;
  for (const [key] of FLAGS) form[key] = board[key];
  for (const [key] of COLOURS) form[key] = board[key];
  return form;
}

/** 'Board Settings' (mode 'settings'): the hero, the search and filter switches, sections and colours. */
export function SettingsPopup({ board, onSaved, onClose }: { board: BoardState; onSaved: (board: BoardState) => void; onClose: () => void }) {
  const formId = useId();
  const [form, setForm] = useState<Form>(() => formOf(board));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const fieldError = (key: keyof Form) => (error?.field === key ? error.message : undefined);
  const formLevelError = error && !(error.field && error.field in form) ? error.message : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onSaved(await updateBoard(board.slug, board.id, form));
      showToast({ kind: 'success', text: 'Board settings saved.' });
      onClose();
    } catch (thrown) {
      const { message, field } = toApiError(thrown);
      setError({ message, field });
      setSaving(false);
    }
  };

  return (
    <Popup title="Board Settings" onClose={onClose} closeBlocked={saving} footer={<SaveFooter formId={formId} saving={saving} onCancel={onClose} />}>
      <form id={formId} className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormError message={formLevelError} />
        <Field label="Title" error={fieldError('title')}>
          <input value={form.title} onChange={(event) => set('title', event.target.value)} />
        </Field>
        <Field label="Hero text" error={fieldError('hero')}>
          <textarea rows={3} value={form.hero} onChange={(event) => set('hero', event.target.value)} />
        </Field>
        <fieldset className="settings-flags">
          <legend>Show</legend>
          {FLAGS.map(([key, label]) => (
            <label key={key} className="check">
              <input type="checkbox" checked={form[key]} onChange={(event) => set(key, event.target.checked)} />
              {label}
            </label>
          ))}
        </fieldset>
        <Field label="Sections" hint="Section names separated by commas, e.g. Overview, Details" error={fieldError('sections')}>
          <input value={form.sections} onChange={(event) => set('sections', event.target.value)} />
        </Field>
        <fieldset className="settings-colours">
          <legend>Colours</legend>
          {COLOURS.map(([key, label]) => (
            <Field key={key} label={label} error={fieldError(key)}>
              <input
                className="colour-input"
                value={form[key]}
                spellCheck={false}
                style={{ borderLeftColor: form[key] }}
                onChange={(event) => set(key, event.target.value)}
              />
            </Field>
          ))}
        </fieldset>
      </form>
    </Popup>
  );
}
