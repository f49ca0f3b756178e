// The block settings reference, written from the catalogue itself (crates/tessera-blocks through
// the WASM core), so the documentation of a setting cannot drift from what the editor and the
// server do with it.
import type { Field, Kind, Rule } from '../../generated/blockCatalogue';

const KINDS: Record<Kind, string> = {
  text: 'Text',
  long_text: 'Long text',
  number: 'Number',
  integer: 'Whole number',
  bool: 'On / off',
  select: 'One of a list',
  colour: 'Colour',
  colours: 'Colours',
  column: 'A column of the sheet',
  sheet: 'A tab of the spreadsheet',
  source: 'A tab and column',
  page: 'A page of the app',
  url: 'Web address',
  http_url: 'Web address (http or https)',
  image: 'Image address or upload',
  email: 'E-mail address',
  date: 'Date',
  time: 'Time',
  key_values: 'Names and values',
  list: 'List of items',
  object: 'Group of settings',
};

export function kindText(field: Field): string {
  return KINDS[field.kind];
}

export function defaultText(field: Field): string {
  if (field.default === undefined) return '—';
  if (typeof field.default === 'boolean') return field.default ? 'On' : 'Off';
  return field.default === '' ? '(empty)' : String(field.default);
}

/** The values a setting takes: bounds, choices, item limits. */
export function rangeText(field: Field, labelOf: (key: string) => string): string {
  const parts: string[] = [];
  if (field.min !== undefined && field.max !== undefined) parts.push(`${field.min} to ${field.max}`);
  else if (field.min !== undefined) parts.push(`at least ${field.min}`);
  else if (field.max !== undefined) parts.push(`at most ${field.max}`);
  if (field.options?.length) parts.push(`one of: ${field.options.join(', ')}`);
  if (field.max_items !== undefined) parts.push(`at most ${field.max_items} items`);
  for (const limit of field.item_limits ?? []) parts.push(`at most ${limit.max_items} items ${ruleText(limit.when, labelOf).replace(/^Shown /, '')}`);
  return parts.join('; ') || '—';
}

/** When a setting shows in the editor (blocks §4), in words. */
export function ruleText(rule: Rule, labelOf: (key: string) => string): string {
  return rule.rule === 'always' ? 'Always shown' : `Shown ${condition(rule, labelOf)}`;
}

function condition(rule: Rule, labelOf: (key: string) => string): string {
  switch (rule.rule) {
    case 'always':
      return 'always';
    case 'is_on':
      return `when ${labelOf(rule.field)} is on`;
    case 'is_off':
      return `when ${labelOf(rule.field)} is off`;
    case 'is_set':
      return `when ${labelOf(rule.field)} is set`;
    case 'equals':
      return `when ${labelOf(rule.field)} is ${rule.value}`;
    case 'not_equals':
      return `when ${labelOf(rule.field)} is not ${rule.value}`;
    case 'one_of':
      return `when ${labelOf(rule.field)} is one of ${rule.values.join(', ')}`;
    case 'none_of':
      return `when ${labelOf(rule.field)} is none of ${rule.values.join(', ')}`;
    case 'all':
      return rule.rules.map((inner) => condition(inner, labelOf)).join(' and ');
  }
}
