// The 'Board Settings' form: every setting of platform §3 "Board state" an owner edits there, read
// from the board and turned back into the PUT /api/boards/{id} body of only what changed.
import type { BoardState } from '../../generated/api';
import { filterProblems, hasProblems, toEditable, toSaved, type EditableFilter } from '../filters/editableFilter';
import type { BoardChange } from './boardApi';
import { sectionProblems, sectionsText } from './SectionsEditor';
import { parseSections } from './sections';

export type TextKey = 'name' | 'title' | 'hero' | 'logo' | 'hero_image' | 'sign_in_method' | 'accent_color' | 'look';
export type FlagKey = 'public' | 'hide_hero' | 'hide_search' | 'hide_filters';
export type ColourKey =
  | 'nav_background'
  | 'hero_background'
  | 'active_section_text_color'
  | 'inactive_section_text_color'
  | 'active_section_background_color'
  | 'board_background'
  | 'block_border'
  | 'block_shadow';

export const TEXT_KEYS: readonly TextKey[] = ['name', 'title', 'hero', 'logo', 'hero_image', 'sign_in_method', 'accent_color', 'look'];
export const FLAG_KEYS: readonly FlagKey[] = ['public', 'hide_hero', 'hide_search', 'hide_filters'];

export const COLOURS: readonly [ColourKey, string][] = [
  ['nav_background', 'Navigation background'],
  ['hero_background', 'Hero background'],
  ['active_section_text_color', 'Active section text'],
  ['inactive_section_text_color', 'Inactive section text'],
  ['active_section_background_color', 'Active section background'],
  ['board_background', 'Board background'],
  ['block_border', 'Block border'],
  ['block_shadow', 'Block shadow'],
];

export type BoardForm = Record<TextKey | ColourKey, string> &
  Record<FlagKey, boolean> & {
    palette: string[];
    sections: string[];
    filters: EditableFilter[];
  };

/** Every setting the form shows, keyed as the server names it in a 422's `field`. */
export type FormKey = keyof BoardForm;

export function formOf(board: BoardState): BoardForm {
  const form = {
    palette: (board.palette ?? []).map(String),
    sections: parseSections(board.sections),
    filters: (board.filters ?? []).map(toEditable),
  } as BoardForm;
  for (const key of TEXT_KEYS) form[key] = board[key] ?? '';
  for (const key of FLAG_KEYS) form[key] = board[key];
  for (const [key] of COLOURS) form[key] = board[key];
  return form;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body of PUT /api/boards/{id}: the settings whose saved form differs from the board's. */
export function changesOf(initial: BoardForm, form: BoardForm): BoardChange {
  const change: Record<string, unknown> = {};
  for (const key of [...TEXT_KEYS, ...COLOURS.map(([key]) => key)]) {
    // Texts and colours are saved without the spaces around them.
    if (form[key].trim() !== initial[key].trim()) change[key] = form[key].trim();
  }
  for (const key of FLAG_KEYS) if (form[key] !== initial[key]) change[key] = form[key];
  const palette = form.palette.map((colour) => colour.trim());
  if (!same(palette, initial.palette)) change.palette = palette;
  if (!same(form.sections.map((name) => name.trim()).filter(Boolean), initial.sections)) change.sections = sectionsText(form.sections);
  const filters = form.filters.map(toSaved);
  if (!same(filters, initial.filters.map(toSaved))) change.filters = filters;
  return change as BoardChange;
}

/** Whether something in the form would be saved wrongly (checked as the user types, shown at it). */
export function formProblems(form: BoardForm): boolean {
  return sectionProblems(form.sections).some(Boolean) || hasProblems(filterProblems(form.filters));
}
