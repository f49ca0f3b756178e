// The viewer's filter bar (platform §5): the board's named filters as chips. Active filters always
// apply and show as fixed chips; the others open their condition's own input in a popover, and
// every change goes straight into the URL `filters` query, which every request carries as
// `_filters`: the server applies it to every block and a copied link keeps it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Field } from '../../components/Field';
import type { Filter } from '../../generated/core';
import { ANY_OF_SEPARATOR, CONDITION_LABELS, DATE_RANGE_SEPARATOR, describeFilter, valueKind } from './conditions';
import { DATE_PRESETS, presetOf, presetRange } from './datePresets';
import { FilterChips, type FilterChip } from './FilterChips';
import type { ColumnValues } from './filterValuesApi';
import { readUrlFilters, urlValueProblem, writeUrlFilters } from './urlFilters';
import { ValueChecklist } from './ValueChecklist';
import { useUrlFilterReading } from './useUrlFilterReading';
import './filters.css';

/**
 * Loads the values of `filter`'s column (`filterValuesApi.ts`) containing `search`, over the rows
 * the other chips (`otherFilters`, a URL `filters` text) leave.
 */
export type FilterValuesLoader = (filter: Filter, search: string, otherFilters: string, signal: AbortSignal) => Promise<ColumnValues>;

export interface ViewerFilterBarProps {
  filters: readonly Filter[];
  /** The current URL `filters` text. */
  value: string;
  onChange: (urlFilters: string) => void;
  /** Where "any of" chips read their column's values; without it they take typed values. */
  loadValues?: FilterValuesLoader;
  /** The viewer's today, for the date chips' quick ranges (the clock, unless a test sets it). */
  today?: () => Date;
}

/** How long typing pauses before a typed value goes into the URL (each write reloads every block). */
export const TYPING_PAUSE_MS = 400;

/** What a none-kind filter's URL value is when switched on: the core ignores it, but a pair needs one. */
const SWITCHED_ON = 'on';

const named = (filters: readonly Filter[]) => filters.filter((f) => typeof f.name === 'string' && f.name.trim() !== '');

/** The filter's question: "Owner starts with", "Amount greater than". */
const question = (filter: Filter) => `${filter.sheet_column.column} ${CONDITION_LABELS[filter.condition] ?? filter.condition}`;

/** A URL value as the chip shows it: a range with a dash, any-of parts with commas. */
function shownValue(filter: Filter, value: string): string {
  switch (valueKind(filter.condition)) {
    case 'range':
      return value
        .split(DATE_RANGE_SEPARATOR)
        .map((side) => side.trim() || '…')
        .join(' – ');
    case 'list':
      return value
        .split(ANY_OF_SEPARATOR)
        .filter((part) => part.trim())
        .join(', ');
    case 'days':
      return `past ${value} days`;
    default:
      return `${CONDITION_LABELS[filter.condition]} ${value}`;
  }
}

/**
 * Typed text (a value or a number of days) that goes into the URL once typing pauses, on Enter
 * and when the popover closes; a value with a comma would split its pair, so it stays here with
 * the reason instead.
 */
function TypedValue({
  label,
  type,
  value,
  onChange,
  onDone,
}: {
  label: string;
  type: 'text' | 'number';
  value: string;
  onChange: (value: string) => void;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(value);
  const problem = urlValueProblem(draft);
  const write = useRef(onChange);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    write.current = onChange;
  }, [onChange]);
  // Reads only refs, so one function serves the timer, Enter and the unmount.
  const flush = useCallback(() => {
    if (pending.current !== null && !urlValueProblem(pending.current)) write.current(pending.current.trim());
    pending.current = null;
  }, []);
  useEffect(() => {
    if (pending.current === null) return;
    const timer = setTimeout(flush, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, flush]);
  // Closing the popover keeps what was typed.
  useEffect(() => flush, [flush]);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A value the URL cannot carry stays on screen with its reason.
    if (problem) return;
    flush();
    onDone();
  };
  return (
    <Field label={label} error={problem ?? undefined}>
      <input
        type={type}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 1 : undefined}
        value={draft}
        onChange={(event) => {
          pending.current = event.target.value;
          setDraft(event.target.value);
        }}
        onKeyDown={keyDown}
      />
    </Field>
  );
}

/** Values of an any-of filter as removable tokens, joined with the core's `||`. */
function TokenValues({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const tokens = value
    .split(ANY_OF_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const problem = draft.includes(ANY_OF_SEPARATOR) ? `Add one value at a time; ${ANY_OF_SEPARATOR} separates them.` : urlValueProblem(draft);
  const add = () => {
    const next = draft.trim();
    if (!next || problem) return;
    if (!tokens.includes(next)) onChange([...tokens, next].join(ANY_OF_SEPARATOR));
    setDraft('');
  };
  const remove = (token: string) => {
    onChange(tokens.filter((t) => t !== token).join(ANY_OF_SEPARATOR));
    input.current?.focus();
  };
  return (
    <div className="filter-tokens">
      {tokens.length > 0 && (
        <ul className="filter-token-list" aria-label={`${label}: chosen values`}>
          {tokens.map((token) => (
            <li key={token}>
              <span>{token}</span>
              <button type="button" className="chip-remove" aria-label={`Remove ${token}`} onClick={() => remove(token)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="filter-token-add">
        <Field label="Add a value" hint="Press Enter to add it." error={problem ?? undefined}>
          <input
            ref={input}
            type="text"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
        </Field>
        <button type="button" className="button small" onClick={add} disabled={!draft.trim() || Boolean(problem)}>
          Add
        </button>
      </div>
    </div>
  );
}

/** The input a filter's condition takes (crates/tessera-core/src/filter.rs lists them). */
/**
 * A date filter's range (`start..end`, both days included; one side may stay empty): quick ranges
 * counted from the viewer's today, and the two days to pick by hand.
 */
function DateRange({ value, onChange, today }: { value: string; onChange: (value: string) => void; today: () => Date }) {
  const [start = '', end = ''] = value.split(DATE_RANGE_SEPARATOR);
  const set = (from: string, to: string) => onChange(from || to ? `${from}${DATE_RANGE_SEPARATOR}${to}` : '');
  const now = today();
  const chosen = presetOf(start, end, now);
  return (
    <div className="filter-dates">
      <div className="filter-presets" role="group" aria-label="Quick ranges">
        {DATE_PRESETS.map(({ preset, label }) => (
          <button key={preset} type="button" className="button small" aria-pressed={chosen === preset} onClick={() => set(...presetRange(preset, now))}>
            {label}
          </button>
        ))}
      </div>
      <div className="filter-range">
        <Field label="From">
          <input type="date" value={start} max={end || undefined} onChange={(event) => set(event.target.value, end)} />
        </Field>
        <Field label="To">
          <input type="date" value={end} min={start || undefined} onChange={(event) => set(start, event.target.value)} />
        </Field>
        <span className="form-hint">Both days are included; leave one empty for an open range.</span>
      </div>
    </div>
  );
}

function FilterInput({
  filter,
  value,
  urlFilters,
  onChange,
  onDone,
  loadValues,
  today,
}: {
  filter: Filter;
  value: string;
  /** Every chip's pairs, as the link holds them. */
  urlFilters: string;
  onChange: (value: string) => void;
  onDone: () => void;
  loadValues?: FilterValuesLoader;
  today: () => Date;
}) {
  switch (valueKind(filter.condition)) {
    case 'range':
      return <DateRange value={value} onChange={onChange} today={today} />;
    case 'list': {
      const typed = <TokenValues label={question(filter)} value={value} onChange={onChange} />;
      if (!loadValues) return typed;
      const name = filter.name.trim();
      // The other chips narrow the list; this chip's own choice must not hide its other values.
      const others = writeUrlFilters(new Map([...readUrlFilters(urlFilters)].filter(([other]) => other !== name)));
      return (
        <ValueChecklist
          label={question(filter)}
          value={value}
          onChange={onChange}
          load={(search, signal) => loadValues(filter, search, others, signal)}
          loadKey={JSON.stringify([filter.sheet_column, others])}
          fallback={typed}
        />
      );
    }
    case 'days':
      return <TypedValue label="Number of days" type="number" value={value} onChange={onChange} onDone={onDone} />;
    default:
      return <TypedValue label={question(filter)} type="text" value={value} onChange={onChange} onDone={onDone} />;
  }
}

export function ViewerFilterBar({ filters, value, onChange, loadValues, today = () => new Date() }: ViewerFilterBarProps) {
  const read = useUrlFilterReading(filters, value);
  // On a phone the chips fold away under one "Filters (n)" button (filters.css shows it up to
  // 600 px only), so the blocks start on the first screen; wider screens always show the chips.
  const [open, setOpen] = useState(false);
  const chipsId = useId();
  const shown = named(filters);
  if (shown.length === 0) return null;
  // The pairs the core says apply (a value the board ignores shows on no chip, and the next
  // change drops it from the link); until the core has loaded, the link as written.
  const chosen = read ? new Map(read.used) : readUrlFilters(value);
  const set = (name: string, next: string) => {
    const pairs = new Map(chosen);
    if (next.trim()) pairs.set(name, next);
    else pairs.delete(name);
    onChange(writeUrlFilters(pairs));
  };
  const chips = shown.map((filter): FilterChip => {
    const name = filter.name.trim();
    const current = chosen.get(name) ?? '';
    if (filter.active) return { key: name, text: describeFilter(filter), on: true, note: 'Always applied' };
    if (valueKind(filter.condition) === 'none') {
      return {
        key: name,
        text: `${name}: ${question(filter)}`,
        on: current !== '',
        toggle: { label: `Apply filter ${name}`, onChange: () => set(name, current ? '' : SWITCHED_ON) },
      };
    }
    return {
      key: name,
      text: current ? `${name}: ${shownValue(filter, current)}` : name,
      on: current !== '',
      edit: {
        label: `Filter ${name}: ${question(filter)}`,
        popover: (close) => (
          <div className="chip-popover-body">
            <FilterInput
              filter={filter}
              value={current}
              urlFilters={value}
              onChange={(next) => set(name, next)}
              onDone={close}
              loadValues={loadValues}
              today={today}
            />
            <button type="button" className="button small" onClick={close}>
              Done
            </button>
          </div>
        ),
      },
      remove: current ? { label: `Clear filter ${name}`, onRemove: () => set(name, '') } : undefined,
    };
  });
  const applied = chips.filter((chip) => chip.on).length;
  return (
    <section className="viewer-filters" aria-label="Filters">
      <button type="button" className="button small viewer-filters-toggle" aria-expanded={open} aria-controls={chipsId} onClick={() => setOpen(!open)}>
        Filters ({applied})
      </button>
      <div id={chipsId} className="viewer-filters-chips" data-folded={open ? undefined : ''}>
        <FilterChips chips={chips} />
        {value.trim() !== '' && (
          <button type="button" className="button small viewer-filters-clear" onClick={() => onChange('')}>
            Clear all
          </button>
        )}
      </div>
    </section>
  );
}
