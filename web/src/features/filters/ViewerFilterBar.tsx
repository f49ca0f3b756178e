// The viewer's filter bar (platform §5): the board's named filters a visitor can switch on or
// narrow. Choices go into the URL `filters` query, which every request carries as `_filters`, so
// the server applies them to every block and a link keeps them. Active filters always apply and
// show as chips.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Filter } from '../../core/types';
import { CONDITION_LABELS, DATE_RANGE_SEPARATOR, describeFilter, valueKind } from './conditions';
import { readUrlFilters, urlValueProblem, writeUrlFilters } from './urlFilters';
import './filters.css';

export interface ViewerFilterBarProps {
  filters: readonly Filter[];
  /** The current URL `filters` text. */
  value: string;
  onChange: (urlFilters: string) => void;
}

const named = (filters: readonly Filter[]) => filters.filter((f) => typeof f.name === 'string' && f.name.trim() !== '');

function FilterControl({ filter, value, onChange, id }: { filter: Filter; value: string; onChange: (value: string) => void; id: string }) {
  const label = `${filter.name}: ${filter.sheet_column.column} ${CONDITION_LABELS[filter.condition] ?? filter.condition}`;
  switch (valueKind(filter.condition)) {
    case 'none':
      return (
        <label className="viewer-filter viewer-filter-toggle">
          <input type="checkbox" checked={value !== ''} onChange={(e) => onChange(e.target.checked ? 'on' : '')} />
          <span>{label}</span>
        </label>
      );
    case 'range': {
      const [start = '', end = ''] = value.split(DATE_RANGE_SEPARATOR);
      const set = (s: string, e: string) => onChange(s || e ? `${s}${DATE_RANGE_SEPARATOR}${e}` : '');
      return (
        <fieldset className="viewer-filter">
          <legend>{label}</legend>
          <label>
            <span className="visually-hidden">{`${filter.name} from`}</span>
            <input type="date" value={start} onChange={(e) => set(e.target.value, end)} />
          </label>
          <span aria-hidden="true">–</span>
          <label>
            <span className="visually-hidden">{`${filter.name} to`}</span>
            <input type="date" value={end} onChange={(e) => set(start, e.target.value)} />
          </label>
        </fieldset>
      );
    }
    default:
      return (
        <div className="viewer-filter">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={valueKind(filter.condition) === 'days' ? 'number' : 'text'}
            min={0}
            value={value}
            placeholder={valueKind(filter.condition) === 'list' ? 'a||b||c' : 'Any'}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      );
  }
}

export function ViewerFilterBar({ filters, value, onChange }: ViewerFilterBarProps) {
  const idPrefix = useId();
  const [draft, setDraft] = useState(() => readUrlFilters(value));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(readUrlFilters(value)), [value]);

  const shown = named(filters);
  const active = shown.filter((f) => f.active);
  const choosable = shown.filter((f) => !f.active);
  if (shown.length === 0) return null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const bad = [...draft.values()].map(urlValueProblem).find(Boolean);
    setProblem(bad ?? null);
    if (!bad) onChange(writeUrlFilters(draft));
  };
  const clear = () => {
    setDraft(new Map());
    setProblem(null);
    onChange('');
  };

  return (
    <section className="viewer-filters" aria-label="Filters">
      {active.length > 0 && (
        <ul className="viewer-filter-chips" aria-label="Always applied">
          {active.map((f) => (
            <li key={f.name}>{describeFilter(f)}</li>
          ))}
        </ul>
      )}
      {choosable.length > 0 && (
        <form className="viewer-filter-form" onSubmit={apply}>
          {choosable.map((f, i) => (
            <FilterControl
              key={f.name}
              id={`${idPrefix}-${i}`}
              filter={f}
              value={draft.get(f.name.trim()) ?? ''}
              onChange={(next) => setDraft((d) => new Map(d).set(f.name.trim(), next))}
            />
          ))}
          <div className="viewer-filter-buttons">
            <button type="submit" className="button primary">
              Apply filters
            </button>
            {value && (
              <button type="button" className="button" onClick={clear}>
                Clear
              </button>
            )}
          </div>
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
