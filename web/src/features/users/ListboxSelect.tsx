import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface ListboxOption<T extends string> {
  value: T;
  label: string;
}

export interface ListboxSelectProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<ListboxOption<T>>;
  onChange: (value: T) => void;
  disabled?: boolean;
}

/**
 * A drop-down of fixed choices drawn by the app rather than the browser (platform §4: the users
 * dialog's permission dropdown), following the WAI-ARIA collapsible listbox pattern: a button with
 * aria-expanded opens a listbox that takes focus and marks its active option with
 * aria-activedescendant. Up, Down, Home and End move, Enter and Space choose, Escape and a click
 * outside close without a change.
 */
export function ListboxSelect<T extends string>({ label, value, options, onChange, disabled = false }: ListboxSelectProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const valueId = `${id}-value`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const selected = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const [active, setActive] = useState(selected);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onPointerDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  // A disabled select (the form is submitting) cannot stay open.
  if (disabled && open) setOpen(false);

  const show = () => {
    setActive(selected);
    setOpen(true);
  };
  const hide = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (index: number) => {
    onChange(options[index].value);
    hide();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    // Enter and Space click the button, which toggles; the arrows open it as well.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  };

  const onListKey = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((index) => Math.min(last, index + 1)),
      ArrowUp: () => setActive((index) => Math.max(0, index - 1)),
      Home: () => setActive(0),
      End: () => setActive(last),
      Enter: () => choose(active),
      ' ': () => choose(active),
      // Handled here so the popup around the form does not close as well (Popup skips prevented keys).
      Escape: () => hide(),
    };
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    move();
  };

  return (
    <div className="listbox-select" ref={root}>
      <label id={labelId} htmlFor={buttonId}>
        {label}
      </label>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="listbox-select-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        disabled={disabled}
        onClick={() => (open ? hide() : show())}
        onKeyDown={onButtonKey}
      >
        <span id={valueId}>{options[selected]?.label}</span>
        <span className="listbox-select-caret" aria-hidden="true" />
      </button>
      {open && (
        <ul
          ref={list}
          className="listbox-select-list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKey}
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === selected}
              className={index === active ? 'active' : undefined}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
