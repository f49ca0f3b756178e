import { useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { addTags } from './tags';
import './tagsInput.css';

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby' | 'disabled'>;

/**
 * Tags typed as comma-separated text that turn into removable chips. A comma or Enter adds what
 * was typed; so does leaving the field, so a tag typed last is not lost when the form is sent.
 * Backspace in an empty field removes the last chip. `Field` labels the text input.
 */
export function TagsInput({ value, onChange, ...input }: InputProps & { value: string[]; onChange: (tags: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const commit = (typed: string) => {
    setDraft('');
    const next = addTags(value, typed);
    if (next.length !== value.length) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the tag instead of sending the form.
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="tags-input">
      {value.length > 0 && (
        <ul className="tag-chips" aria-label="Chosen tags">
          {value.map((tag) => (
            <li key={tag} className="chip">
              <span>{tag}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove tag ${tag}`}
                disabled={input.disabled}
                onClick={() => onChange(value.filter((kept) => kept !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        {...input}
        value={draft}
        placeholder={value.length ? 'Add another tag' : 'e.g. crm, sales, pipeline'}
        onChange={(event) => {
          const typed = event.target.value;
          if (typed.includes(',')) {
            const lastComma = typed.lastIndexOf(',');
            onChange(addTags(value, typed.slice(0, lastComma)));
            setDraft(typed.slice(lastComma + 1));
          } else {
            setDraft(typed);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => commit(draft)}
      />
    </div>
  );
}
