// The scorecard block (blocks §3.9): one card per axis with the value tessera-core computed on
// the server (sum, average, first row or last row of a column, written with the symbol). A card
// whose column is missing shows its own error; the other cards still show their values.
import type { CSSProperties } from 'react';
import { textOn } from '../../core/colours';
import { BlockLoadState } from '../data/BlockLoadState';
import { useBlockView } from '../data/hooks';
import type { BlockView, DataBlockProps, ScorecardView } from '../data/types';
import './scorecard.css';

function cardStyle(card: ScorecardView): CSSProperties | undefined {
  const background = card.background_color?.trim();
  const font = card.font_color?.trim();
  if (!background && !font) return undefined;
  // A background without a font colour gets whichever of dark or white text reads on it.
  return { ...(background ? { background } : {}), color: font || (background ? textOn(background) : undefined) };
}

export function ScorecardCard({ card }: { card: ScorecardView }) {
  return (
    <li className={card.error ? 'scorecard-block-card scorecard-block-failed' : 'scorecard-block-card'} style={cardStyle(card)}>
      <p className="scorecard-block-label">{card.label}</p>
      {card.error ? (
        <p className="scorecard-block-error" role="alert">
          {card.error}
        </p>
      ) : (
        <p className="scorecard-block-value">{card.formatted}</p>
      )}
    </li>
  );
}

export function ScorecardBlock({ block, source }: DataBlockProps<'scorecard'>) {
  const load = useBlockView<BlockView>(block, source);
  return (
    <BlockLoadState load={load}>
      {(view) => {
        if (view.kind !== 'scorecard') return <p className="block-error">This block's data is not a scorecard.</p>;
        if (view.cards.length === 0) return <p className="muted block-empty">No cards yet.</p>;
        return (
          <ul className="scorecard-block" data-cards={Math.min(view.cards.length, 4)}>
            {view.cards.map((card, i) => (
              <ScorecardCard key={i} card={card} />
            ))}
          </ul>
        );
      }}
    </BlockLoadState>
  );
}
