// The "any of" chip's checklist (issue 48): the column's values with their row counts, as the
// server counts them over the rows this viewer may read (filterValuesApi.ts), searchable, each a
// checkbox. Picking values writes them joined with the core's `||`; a typo can no longer empty
// the board, since only values that exist are offered.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Field } from '../../components/Field';
import { ANY_OF_SEPARATOR } from './conditions';
import type { ColumnValues } from './filterValuesApi';
import { urlValueProblem } from './urlFilters';

/** How long typing in the search pauses before the values are asked again. */
export const VALUE_SEARCH_PAUSE_MS = 250;

/** Loads the values containing `search` (all when empty). */
export type LoadValues = (search: string, signal: AbortSignal) => Promise<ColumnValues>;

/** As the core compares `any_of` parts with cells: trimmed, without case. */
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Why a value cannot be picked (the URL or the `||` list would split it), or null. */
function pickProblem(value: string): string | null {
  if (value.includes(ANY_OF_SEPARATOR)) return `It holds ${ANY_OF_SEPARATOR}, which separates values.`;
  return urlValueProblem(value) && 'It holds a comma, which a link cannot carry.';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ValueChecklist({
  label,
  value,
  onChange,
  load,
  loadKey,
  fallback,
}: {
  /** What the filter asks ("Region is any of"): the list's name. */
  label: string;
  /** The chosen values, joined with `||`. */
  value: string;
  onChange: (value: string) => void;
  load: LoadValues;
  /** Changes when `load` would answer differently (another column, other chips): the list loads again. */
  loadKey: string;
  /** What to offer instead when the values cannot be loaded (typing a value). */
  fallback: ReactNode;
}) {
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // What the last load answered, and for which search and key: a newer question shows as loading.
  const [result, setResult] = useState<{ asked: string; values?: ColumnValues; error?: string } | null>(null);
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  }, [load]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), VALUE_SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const asked = JSON.stringify([search, loadKey]);
  useEffect(() => {
    const abort = new AbortController();
    loader.current(search, abort.signal).then(
      (values) => {
        if (!abort.signal.aborted) setResult({ asked, values });
      },
      (failure: unknown) => {
        if (!abort.signal.aborted) setResult({ asked, error: describe(failure) });
      },
    );
    return () => abort.abort();
  }, [asked, search]);
  const current = result?.asked === asked ? result : null;
  // While a new search loads, the last list stays (no flicker); an error shows only for its own question.
  const answer = current?.values ?? result?.values ?? null;
  const error = current?.error ?? null;

  const chosen = value
    .split(ANY_OF_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
  const listed = answer?.values ?? [];
  // A chosen value the list does not hold (searched away, or beyond the cap) stays on top, checked.
  const kept = chosen.filter((part) => !listed.some((item) => same(item.value, part)));
  const toggle = (item: string, on: boolean) => {
    const others = chosen.filter((part) => !same(part, item));
    onChange((on ? [...others, item] : others).join(ANY_OF_SEPARATOR));
  };
  const rows = [...kept.map((part) => ({ value: part, count: null as number | null })), ...listed.map((item) => ({ value: item.value, count: item.count }))];
  const loading = current === null;
  const statusId = `${ids}-status`;
  let status = '';
  if (loading) status = 'Loading values…';
  else if (error) status = '';
  else if (answer && answer.values.length === 0) status = search ? `No value contains “${search}”.` : 'This column has no values to pick.';
  else if (answer?.more)
    status = `Showing the ${answer.values.length} values with the most rows of ${answer.distinct.toLocaleString()}; search to find the others.`;

  return (
    <div className="filter-values">
      <Field label="Search values">
        <input type="search" value={typed} aria-describedby={statusId} onChange={(event) => setTyped(event.target.value)} />
      </Field>
      {error && (
        <>
          <p className="field-error" role="alert">
            The values could not be loaded: {error}
          </p>
          {fallback}
        </>
      )}
      <fieldset className="filter-checklist" aria-busy={loading}>
        <legend className="visually-hidden">{label}</legend>
        {rows.length > 0 && (
          <ul>
            {rows.map(({ value: item, count }, index) => {
              const on = chosen.some((part) => same(part, item));
              const problem = on ? null : pickProblem(item);
              const noteId = `${ids}-note-${index}`;
              return (
                <li key={item}>
                  <label className="check filter-value">
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={problem !== null}
                      aria-describedby={problem ? noteId : undefined}
                      // Named as one text, "Open, 12 rows": built from the label's parts, browsers
                      // put a space before the comma (the figure shows alone, hidden from readers).
                      aria-label={count !== null ? `${item}, ${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}` : undefined}
                      onChange={(event) => toggle(item, event.target.checked)}
                    />
                    <span className="filter-value-text">{item}</span>
                    {count !== null && (
                      <span className="filter-value-count" aria-hidden="true">
                        {count.toLocaleString()}
                      </span>
                    )}
                  </label>
                  {problem && (
                    <span id={noteId} className="form-hint">
                      {problem}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <p id={statusId} className="form-hint" role="status">
        {status}
      </p>
    </div>
  );
}
