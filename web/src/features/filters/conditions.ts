// What the filter conditions of platform §5 are called on screen and which value each one takes,
// as crates/tessera-core/src/filter.rs documents them. The matching itself is the core's.
import type { Condition, Filter } from '../../generated/core';

/** Labels for the conditions of spec §5; the values are what the core expects. */
export const CONDITION_LABELS: Record<Condition, string> = {
  '=': 'is',
  '>': 'greater than',
  '<': 'less than',
  starts_with: 'starts with',
  not_starts_with: 'does not start with',
  ends_with: 'ends with',
  not_ends_with: 'does not end with',
  includes: 'includes',
  not_includes: 'does not include',
  past_days: 'in the past N days',
  today: 'is today',
  tomorrow: 'is tomorrow',
  current_week: 'is in the current week',
  next_week: 'is in the next week',
  date: 'is between dates',
  any_of: 'is any of',
};

/**
 * The value a condition takes: none (the date windows), a number of days, a `[start, end]` pair,
 * values separated by `||`, or text.
 */
export type ValueKind = 'none' | 'days' | 'range' | 'list' | 'text';

export function valueKind(condition: Condition | ''): ValueKind {
  switch (condition) {
    case 'today':
    case 'tomorrow':
    case 'current_week':
    case 'next_week':
      return 'none';
    case 'past_days':
      return 'days';
    case 'date':
      return 'range';
    case 'any_of':
      return 'list';
    default:
      return 'text';
  }
}

/** Splits an `any_of` value (the core's ANY_OF_SEPARATOR). */
export const ANY_OF_SEPARATOR = '||';
/** Splits the start and end of a `date` value stored as text (the core's DATE_RANGE_SEPARATOR). */
export const DATE_RANGE_SEPARATOR = '..';
/** Replaced by the signed-in user's e-mail in a filter value (platform §5). */
export const CURRENT_USER_TOKEN = '[(current_user)]';

/** A filter as a sentence ("Region is North"), for filter chips and printed exports. */
export function describeFilter(f: Pick<Filter, 'condition' | 'sheet_column' | 'value'>): string {
  const label = CONDITION_LABELS[f.condition] ?? f.condition;
  if (valueKind(f.condition) === 'none') return `${f.sheet_column.column} ${label}`;
  const value = Array.isArray(f.value) ? f.value.join(' – ') : f.value.split(DATE_RANGE_SEPARATOR).join(' – ');
  return `${f.sheet_column.column} ${label} ${value}`;
}
