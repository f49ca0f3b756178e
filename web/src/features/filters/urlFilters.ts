// The URL `filters` query (platform §5: comma-separated `name:value` pairs) as the viewer's filter
// bar reads and writes it. The server decides what the pairs mean; this only keeps the text.
import { CONDITIONS, type Filter } from '../../generated/core';
import { describeFilter, valueKind } from './conditions';

/** The pairs of a `filters` query, in order; a pair without a name is dropped. */
export function readUrlFilters(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const pair of text.split(',')) {
    const at = pair.indexOf(':');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (name) pairs.set(name, pair.slice(at + 1).trim());
  }
  return pairs;
}

/** The `filters` query for `values` (names with an empty value are left out). */
export function writeUrlFilters(values: Map<string, string>): string {
  return [...values]
    .filter(([, value]) => value.trim() !== '')
    .map(([name, value]) => `${name}:${value.trim()}`)
    .join(',');
}

/** Why a value cannot travel in the URL (a comma would split it), or null. */
export function urlValueProblem(value: string): string | null {
  return value.includes(',') ? 'A filter value cannot contain a comma; use || between alternatives.' : null;
}

/** The filters a viewer's rows are narrowed by, as sentences: the active ones and those the URL switches on. */
export function appliedFilterLines(filters: readonly Filter[], urlFilters: string): string[] {
  const fromUrl = readUrlFilters(urlFilters);
  const lines = filters.filter((f) => f.active).map(describeFilter);
  for (const filter of filters) {
    const value = fromUrl.get(filter.name.trim());
    if (value === undefined) continue;
    if (valueKind(filter.condition) === 'none' || value !== '') lines.push(describeFilter({ ...filter, value }));
  }
  return [...new Set(lines)];
}

/**
 * The stored filters a viewer's bar and summaries can show: named, with a condition the core
 * knows and a column. Stored filters are checked when saved; this keeps an old odd one from
 * breaking the page.
 */
export function usableFilters(stored: readonly unknown[] | undefined): Filter[] {
  return (stored ?? []).filter((raw): raw is Filter => {
    if (typeof raw !== 'object' || raw === null) return false;
    const f = raw as Record<string, unknown>;
    const place = f.sheet_column as Record<string, unknown> | undefined;
    return (
      typeof f.name === 'string' &&
      (CONDITIONS as readonly unknown[]).includes(f.condition) &&
      typeof place === 'object' &&
      place !== null &&
      typeof place.column === 'string'
    );
  });
}
