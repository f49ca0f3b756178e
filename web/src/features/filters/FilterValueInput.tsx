import { useLayoutEffect, useRef } from 'react';
import type { Condition } from '../../generated/core';
import { Field } from '../../components/Field';
import { CURRENT_USER_TOKEN, valueKind } from './conditions';
import type { EditableFilter } from './editableFilter';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date picker while the value is empty or a plain date, which is all a picker can hold; a date
 * written in another of the sheet's formats stays text rather than be wiped.
 */
function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      <input type={value === '' || ISO_DATE.test(value) ? 'date' : 'text'} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

const NUMERIC_HINT = 'Compared as numbers: currency signs and other characters that are not part of a number are ignored.';

/** Text with the `[(current_user)]` helper, which puts the token where the caret is. */
function TokenText({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  // Where the caret goes once the inserted token is on screen.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  const insertToken = () => {
    const start = input.current?.selectionStart ?? value.length;
    const end = input.current?.selectionEnd ?? start;
    caret.current = start + CURRENT_USER_TOKEN.length;
    onChange(value.slice(0, start) + CURRENT_USER_TOKEN + value.slice(end));
  };
  return (
    <div className="filter-token-value">
      <Field label={label} hint={`${hint}${hint ? ' ' : ''}${CURRENT_USER_TOKEN} stands for the signed-in user's e-mail.`}>
        <input ref={input} type="text" value={value} onChange={(event) => onChange(event.target.value)} />
      </Field>
      <button type="button" className="button small" onClick={insertToken}>
        Insert {CURRENT_USER_TOKEN}
      </button>
    </div>
  );
}

/** The value input a condition takes (crates/tessera-core/src/filter.rs lists them). */
export function FilterValueInput({
  condition,
  value,
  onChange,
}: {
  condition: Condition | '';
  value: EditableFilter['value'];
  onChange: (value: EditableFilter['value']) => void;
}) {
  const kind = valueKind(condition);
  const textValue = Array.isArray(value) ? '' : value;
  switch (kind) {
    case 'none':
      return <p className="form-hint filter-no-value">No value needed: the column's dates are compared with today.</p>;
    case 'days':
      return (
        <Field label="Number of days" hint="Rows dated from this many days ago up to today.">
          <input type="number" min={0} step={1} value={textValue} onChange={(event) => onChange(event.target.value)} />
        </Field>
      );
    case 'range': {
      const [start, end] = Array.isArray(value) ? value : ['', ''];
      return (
        <div className="filter-range">
          <DateInput label="From" value={start} onChange={(next) => onChange([next, end])} />
          <DateInput label="To" value={end} onChange={(next) => onChange([start, next])} />
          <span className="form-hint">Both days are included; leave one empty for an open range.</span>
        </div>
      );
    }
    case 'list':
      return <TokenText label="Values" hint="Separate values with ||, e.g. North||South." value={textValue} onChange={onChange} />;
    default:
      return <TokenText label="Value" hint={condition === '>' || condition === '<' ? NUMERIC_HINT : ''} value={textValue} onChange={onChange} />;
  }
}
