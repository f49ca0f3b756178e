// The one chip list of filters, shared by the home preview's filter bar and a board viewer's: a
// chip says what a filter does and carries its controls (a switch, an editor in a popover, a
// remove button), so both bars look and behave alike.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './filters.css';

export interface FilterChip {
  key: string;
  /** What the chip says: the filter as a sentence, or its name and value. */
  text: string;
  /** The filter narrows the rows now. */
  on: boolean;
  /** Off, the chip is struck through (a filter kept but switched off), not only outlined. */
  struckWhenOff?: boolean;
  /** A checkbox in the chip that switches the filter on and off. */
  toggle?: { label: string; onChange: () => void };
  /** The chip is a button that opens the filter's own input in a popover labelled `label`. */
  edit?: { label: string; popover: (close: () => void) => ReactNode };
  remove?: { label: string; onRemove: () => void };
  /** A fixed chip (no controls) says why it cannot change, such as "Always applied". */
  note?: string;
}

/**
 * A chip whose button opens a small dialog under it. Escape, a click outside or the popover's
 * own close (`close`) shuts it; Escape and `close` give the focus back to the chip.
 */
function ChipPopover({ text, label, popover }: { text: string; label: string; popover: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="chip-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {text}
      </button>
      {open && (
        <div
          id={id}
          ref={panel}
          role="dialog"
          aria-label={label}
          className="chip-popover"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // The board's own Escape handling (closing a popup) must not also run.
            event.stopPropagation();
            close();
          }}
        >
          {popover(close)}
        </div>
      )}
    </>
  );
}

function chipClass(chip: FilterChip): string {
  const off = chip.on ? '' : chip.struckWhenOff ? 'inactive' : 'unset';
  return ['chip', off, chip.note ? 'fixed' : '', chip.edit ? 'editable' : ''].filter(Boolean).join(' ');
}

export function FilterChips({ chips, label }: { chips: readonly FilterChip[]; label?: string }) {
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key} className={chipClass(chip)}>
          {chip.toggle ? (
            <label>
              <input type="checkbox" checked={chip.on} onChange={chip.toggle.onChange} aria-label={chip.toggle.label} />
              <span>{chip.text}</span>
            </label>
          ) : chip.edit ? (
            <ChipPopover text={chip.text} label={chip.edit.label} popover={chip.edit.popover} />
          ) : (
            <span>{chip.text}</span>
          )}
          {chip.note && <span className="chip-note">{chip.note}</span>}
          {chip.remove && (
            <button type="button" className="chip-remove" onClick={chip.remove.onRemove} aria-label={chip.remove.label}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
