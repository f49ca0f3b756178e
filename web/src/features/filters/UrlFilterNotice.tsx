// One quiet line when a link's `filters` name something the board cannot use (a renamed filter,
// a typo, a value its condition cannot read). The server leaves those pairs out and shows the
// board's data; this says so once, in the core's words, instead of an error on every block.
import type { Filter } from '../../generated/core';
import type { UrlFilters } from '../../generated/urlFilters';
import { useUrlFilterReading } from './useUrlFilterReading';
import './filters.css';

export interface UrlFilterNoticeProps {
  /** The board's (or page's) stored filters, as `usableFilters` gives them. */
  filters: readonly Filter[];
  /** The URL `filters` text. */
  urlFilters: string;
  /** Writes a new URL `filters` text: the link without the ignored pairs. */
  onChange: (urlFilters: string) => void;
}

/** The URL `filters` text of the pairs the board uses, in the link's order. */
export function withoutIgnored(read: UrlFilters): string {
  return read.used.map(([name, value]) => `${name}:${value}`).join(',');
}

export function UrlFilterNotice({ filters, urlFilters, onChange }: UrlFilterNoticeProps) {
  const read = useUrlFilterReading(filters, urlFilters);
  if (!read || read.ignored.length === 0) return null;
  return (
    <p className="url-filter-notice" role="status">
      <span>
        {read.ignored.length === 1 ? "Part of this link's filters was ignored: " : `${read.ignored.length} of this link's filters were ignored: `}
        {read.ignored.map((ignored) => ignored.reason).join(' ')}
      </span>{' '}
      <button type="button" className="link-button" onClick={() => onChange(withoutIgnored(read))}>
        Remove {read.ignored.length === 1 ? 'it' : 'them'} from the link
      </button>
    </p>
  );
}
