import { useState, type FormEvent } from 'react';
import { CONDITIONS, type Condition } from '../../generated/core';
import { CONDITION_LABELS, describeFilter, valueKind } from '../filters/conditions';
import { FilterChips } from '../filters/FilterChips';
import { usePreviewStore } from '../../store/previewStore';

const VALUE_HINT: Partial<Record<Condition, string>> = {
  past_days: 'Number of days',
  any_of: 'a||b||c',
};

export function FilterBar() {
  const columns = usePreviewStore((s) => s.columns);
  const filters = usePreviewStore((s) => s.filters);
  const addFilter = usePreviewStore((s) => s.addFilter);
  const toggleFilter = usePreviewStore((s) => s.toggleFilter);
  const removeFilter = usePreviewStore((s) => s.removeFilter);

  const [column, setColumn] = useState('');
  const [condition, setCondition] = useState<Condition>('=');
  const [value, setValue] = useState('');
  const [end, setEnd] = useState('');

  const chosenColumn = column || columns[0] || '';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosenColumn) return;
    const filterValue = condition === 'date' ? [value, end] : valueKind(condition) === 'none' ? '' : value;
    addFilter({ column: chosenColumn, condition, value: filterValue });
    setValue('');
    setEnd('');
  }

  return (
    <section className="filter-bar" aria-label="Filters">
      <form className="filter-form" onSubmit={submit}>
        <label>
          <span className="visually-hidden">Filter column</span>
          <select value={chosenColumn} onChange={(e) => setColumn(e.target.value)}>
            {columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Filter condition</span>
          <select value={condition} onChange={(e) => setCondition(e.target.value as Condition)}>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {CONDITION_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        {condition === 'date' ? (
          <>
            <label>
              <span className="visually-hidden">From date</span>
              <input value={value} placeholder="From (2026-01-01)" onChange={(e) => setValue(e.target.value)} />
            </label>
            <label>
              <span className="visually-hidden">To date</span>
              <input value={end} placeholder="To (2026-01-31)" onChange={(e) => setEnd(e.target.value)} />
            </label>
          </>
        ) : valueKind(condition) === 'none' ? null : (
          <label>
            <span className="visually-hidden">Filter value</span>
            <input value={value} placeholder={VALUE_HINT[condition] ?? 'Value'} onChange={(e) => setValue(e.target.value)} />
          </label>
        )}
        <button type="submit" className="button primary" disabled={!chosenColumn}>
          Add filter
        </button>
      </form>
      <FilterChips
        chips={filters.map((f) => ({
          key: f.name,
          text: describeFilter(f),
          on: f.active,
          struckWhenOff: true,
          toggle: { label: `Apply filter ${f.name}`, onChange: () => toggleFilter(f.name) },
          remove: { label: `Remove filter ${f.name}`, onRemove: () => removeFilter(f.name) },
        }))}
      />
    </section>
  );
}
