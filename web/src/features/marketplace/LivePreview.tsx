import type { MarketplaceListing } from '../../generated/api';
import { Popup } from '../../components/Popup';

/**
 * A listed board, live: the board's embed view in a frame (the same page other sites embed, so
 * it shows exactly what visitors see), and a link to the full board in a new tab.
 */
export function LivePreview({ listing, onClose }: { listing: MarketplaceListing; onClose: () => void }) {
  return (
    <Popup title={listing.title} onClose={onClose} maxWidth={1100}>
      <iframe className="live-preview" title={`Live preview of ${listing.title}`} src={`/embed?board=${encodeURIComponent(listing.slug)}`} />
      <p>
        <a href={`/${listing.slug}`} target="_blank" rel="noopener">
          Open the live board in a new tab
        </a>
      </p>
    </Popup>
  );
}
