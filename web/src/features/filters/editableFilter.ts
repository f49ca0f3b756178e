// A stored filter (platform §3: name, active, condition, sheet_column {sheet, column}, value) as
// the filter editor holds it while the user works on it, and back to what is saved.
import { CONDITIONS, type Condition, type Filter } from '../../generated/core';
import { ANY_OF_SEPARATOR, DATE_RANGE_SEPARATOR, valueKind } from './conditions';

/**
 * A filter being edited: the condition may still be unchosen (a stored filter whose condition the
 * core does not know), a `date` value is always a pair and every other value is text. Settings
 * the editor does not know are kept as they were.
 */
export interface EditableFilter extends Omit<Filter, 'condition' | 'value'> {
  condition: Condition | '';
  value: string | [string, string];
  [other: string]: unknown;
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function isCondition(value: unknown): value is Condition {
  return (CONDITIONS as readonly unknown[]).includes(value);
}

/** The editor's form of `value` for `condition`. */
function valueFor(condition: Condition | '', value: unknown): EditableFilter['value'] {
  const kind = valueKind(condition);
  if (kind === 'range') {
    if (Array.isArray(value)) return [text(value[0]), text(value[1])];
    const [start = '', end = ''] = text(value).split(DATE_RANGE_SEPARATOR);
    return [start, end];
  }
  if (kind === 'none') return '';
  if (Array.isArray(value)) return kind === 'list' ? value.map(text).join(ANY_OF_SEPARATOR) : text(value[0]);
  return text(value);
}

/** A stored filter, however loosely shaped, ready to edit. */
export function toEditable(stored: Record<string, unknown>): EditableFilter {
  const condition = isCondition(stored.condition) ? stored.condition : '';
  const place = (stored.sheet_column ?? {}) as Record<string, unknown>;
  return {
    ...stored,
    name: text(stored.name),
    active: stored.active === true,
    condition,
    sheet_column: { sheet: text(place.sheet), column: text(place.column) },
    value: valueFor(condition, stored.value),
  };
}

/** The filter to save: name and values trimmed, no value where the condition takes none. */
export function toSaved(filter: EditableFilter): Record<string, unknown> {
  const value = Array.isArray(filter.value) ? filter.value.map((part) => part.trim()) : valueKind(filter.condition) === 'none' ? '' : filter.value.trim();
  return { ...filter, name: filter.name.trim(), value };
}

/** `filter` with another condition, its value kept where the new condition reads it the same way. */
export function withCondition(filter: EditableFilter, condition: Condition): EditableFilter {
  const before = valueKind(filter.condition);
  const after = valueKind(condition);
  if (before === after) return { ...filter, condition };
  if (after === 'range' || after === 'none' || before === 'range' || before === 'none') return { ...filter, condition, value: valueFor(condition, '') };
  // Text, a number of days and `||` lists are all text: a number survives, words do not.
  const value = String(filter.value);
  return { ...filter, condition, value: after === 'days' && !/^\s*\d+\s*$/.test(value) ? '' : value };
}

/**
 * A new filter: `=`, on the first tab, named 'Filter N' with the first N not taken, and not
 * always applied: viewers choose its value in the filter bar until the owner says otherwise, so
 * adding a filter never silently narrows every viewer's rows (issue 48).
 */
export function newFilter(existing: readonly EditableFilter[], sheets: readonly string[]): EditableFilter {
  const taken = new Set(existing.map((filter) => filter.name.trim()));
  let n = existing.length + 1;
  while (taken.has(`Filter ${n}`)) n++;
  return { name: `Filter ${n}`, active: false, condition: '=', sheet_column: { sheet: sheets[0] ?? '', column: '' }, value: '' };
}

export interface FilterProblem {
  name?: string;
  condition?: string;
}

export const NAMES_RULE = 'Each filter needs its own name: a link applies a filter by name, as in ?filters=Region:North.';

/**
 * What keeps each filter from being saved usefully. Names are what URL filters
 * (`filters=name:value`, pairs separated by commas) look filters up by, trimmed and exact, so each
 * must be non-empty, unique and free of the commas and colons that split those pairs.
 */
export function filterProblems(filters: readonly EditableFilter[]): FilterProblem[] {
  const counts = new Map<string, number>();
  for (const filter of filters) counts.set(filter.name.trim(), (counts.get(filter.name.trim()) ?? 0) + 1);
  return filters.map((filter) => {
    const name = filter.name.trim();
    const problem: FilterProblem = {};
    if (!name) problem.name = 'Give this filter a name.';
    else if (/[,:]/.test(name)) problem.name = 'A filter name cannot hold a comma or a colon: links use them to separate filters and values.';
    else if ((counts.get(name) ?? 0) > 1) problem.name = `Another filter is also named "${name}"; names must be unique.`;
    if (!filter.condition) problem.condition = 'Choose a condition.';
    return problem;
  });
}

export function hasProblems(problems: readonly FilterProblem[]): boolean {
  return problems.some((problem) => problem.name || problem.condition);
}
