import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormError } from '../../components/FormError';
import type { PagedList } from './usePagedList';

interface Props<T> {
  list: PagedList<T>;
  /** What the rows are, plural and lower-case ('users'): used in the pager and search texts. */
  noun: string;
  /** Shown when there is nothing at all yet: says what to do. */
  empty: ReactNode;
  /** Present when the server can search this list. */
  searchLabel?: string;
  searchPlaceholder?: string;
  children: (items: T[]) => ReactNode;
}

/**
 * Everything an admin list shows around its table: the search, the load and action errors, the
 * loading text, the empty state and the pager. The table itself is the tab's own.
 */
export function ListFrame<T>({ list, noun, empty, searchLabel, searchPlaceholder, children }: Props<T>) {
  const { items, total, offset, error, actionError, search } = list;
  return (
    <div className="admin-list">
      {searchLabel && <SearchForm label={searchLabel} placeholder={searchPlaceholder} active={search} onSearch={list.setSearch} />}
      <FormError message={actionError} />
      {error && (
        <div className="admin-list-error">
          <FormError message={`The ${noun} could not be loaded: ${error}`} />
          <button type="button" className="button small" onClick={list.reload}>
            Try again
          </button>
        </div>
      )}
      {items === null ? (
        !error && <p className="muted">Loading {noun}...</p>
      ) : items.length === 0 ? (
        search ? (
          <p className="muted admin-empty">
            No {noun} match “{search}”. Check the spelling or clear the search.
          </p>
        ) : (
          <div className="admin-empty">{empty}</div>
        )
      ) : (
        <>
          <div className="admin-table-scroll">{children(items)}</div>
          {total > items.length && (
            <nav className="admin-pager" aria-label={`Pages of ${noun}`}>
              <span className="muted">
                {offset + 1}–{offset + items.length} of {total}
              </span>
              <button type="button" className="button small" disabled={!list.hasPrevious} onClick={list.previous}>
                Previous
              </button>
              <button type="button" className="button small" disabled={!list.hasNext} onClick={list.next}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function SearchForm({ label, placeholder, active, onSearch }: { label: string; placeholder?: string; active: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(active);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" className="admin-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button small">
        Search
      </button>
      {active && (
        <button
          type="button"
          className="button small ghost"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Clear
        </button>
      )}
    </form>
  );
}

/** A creation or redemption time (Unix seconds) as a date in the viewer's locale. */
export function dateLabel(seconds: number | null | undefined): string {
  return seconds ? new Date(seconds * 1000).toLocaleDateString() : '';
}

/** A count with its noun: '1 board', '3 boards'. */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
