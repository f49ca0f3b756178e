import { Link } from 'react-router';
import type { MarketplaceListing } from '../../api/types';

const EXCERPT_CHARS = 180;

/** The start of a description, cut at a word near the limit. */
export function excerpt(text: string, limit = EXCERPT_CHARS): string {
  const chars = Array.from(text.trim());
  if (chars.length <= limit) return chars.join('');
  const cut = chars.slice(0, limit).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** One published board: what it is, who shared it, and the way to the live board. */
export function ListingCard({ listing }: { listing: MarketplaceListing }) {
  const headingId = `listing-${listing.board_id}`;
  return (
    <article className="listing-card" aria-labelledby={headingId}>
      <span className="listing-category">{listing.category}</span>
      <h2 id={headingId}>{listing.title}</h2>
      {listing.description && <p className="listing-description">{excerpt(listing.description)}</p>}
      {listing.tags.length > 0 && (
        <ul className="listing-tags" aria-label="Tags">
          {listing.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
      <div className="listing-footer">
        <span className="muted">by {listing.owner_name || 'a Tessera user'}</span>
        <Link className="button primary" to={`/${listing.slug}`} aria-label={`Open ${listing.title}`}>
          Open
        </Link>
      </div>
    </article>
  );
}
