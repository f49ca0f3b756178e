import type { MarketplaceListing } from '../../generated/api';
import { previewImageUrl } from './templateApi';

const EXCERPT_CHARS = 180;

/** The start of a description, cut at a word near the limit. */
export function excerpt(text: string, limit = EXCERPT_CHARS): string {
  const chars = Array.from(text.trim());
  if (chars.length <= limit) return chars.join('');
  const cut = chars.slice(0, limit).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The size the server renders previews at; the card keeps its shape while the image loads. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** One published board: its preview, what it is, who shared it, a live preview and 'Use this template'. */
export function ListingCard({
  listing,
  onPreview,
  onUse,
}: {
  listing: MarketplaceListing;
  onPreview: (listing: MarketplaceListing) => void;
  onUse: (listing: MarketplaceListing) => void;
}) {
  const headingId = `listing-${listing.board_id}`;
  return (
    <article className="listing-card" aria-labelledby={headingId}>
      <img
        className="listing-preview"
        src={previewImageUrl(listing.board_id, listing.updated_at)}
        alt={`Preview of ${listing.title}`}
        width={PREVIEW_WIDTH}
        height={PREVIEW_HEIGHT}
        loading="lazy"
        decoding="async"
      />
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
        <div className="listing-actions">
          <button type="button" className="button" aria-label={`Preview ${listing.title}`} onClick={() => onPreview(listing)}>
            Preview
          </button>
          {/* The name heard starts with the words seen (WCAG 2.5.3, label in name); the listing's
              title after them tells this card's button from the others. */}
          <button type="button" className="button primary" aria-label={`Use this template: ${listing.title}`} onClick={() => onUse(listing)}>
            Use this template
          </button>
        </div>
      </div>
    </article>
  );
}
