// imageAccordian block (blocks §3.17; the key keeps the spec's spelling): up to four features as
// panels side by side, one open at a time. The open panel widens and shows its title and
// description; pointing at a panel, focusing it or clicking it opens it. On a narrow block the
// panels stack and the open one grows downwards instead. The block's height is fixed either way,
// so opening a panel never moves the page (the CSS sets it).
//
// Keyboard: each panel's trigger is a button with aria-expanded; the arrow keys move to the
// previous or next panel (Left/Up, Right/Down, wrapping; Home and End to the ends), and a panel
// opens as it takes focus, the way pointing at it does.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { StandaloneBlockProps } from '../data/types';
import { FeatureMedia, NoFeatures } from './FeatureCard';
import { FOUR_FEATURES, readFeatures } from './features';
import { LearnMore } from './LearnMore';

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function ImageAccordionBlock({ block }: StandaloneBlockProps<'imageAccordian'>) {
  const features = readFeatures(block.features, FOUR_FEATURES);
  const [chosen, setChosen] = useState(0);
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  // Features removed in the editor while the fourth was open: the last one opens instead.
  const open = Math.min(chosen, Math.max(features.length - 1, 0));

  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(at, features.length);
    setChosen(next);
    triggers.current[next]?.focus();
  };

  return (
    <div className="feature-container">
      {features.length === 0 ? (
        <NoFeatures />
      ) : (
        <ul className="accordion">
          {features.map((feature, index) => {
            const expanded = index === open;
            const name = feature.title || `Feature ${index + 1}`;
            return (
              <li key={index} className={`accordion-panel${expanded ? ' accordion-open' : ''}`} onMouseEnter={() => setChosen(index)}>
                <button
                  ref={(node) => {
                    triggers.current[index] = node;
                  }}
                  type="button"
                  id={`${id}-trigger-${index}`}
                  className="accordion-trigger"
                  aria-expanded={expanded}
                  aria-controls={`${id}-panel-${index}`}
                  onClick={() => setChosen(index)}
                  onFocus={() => setChosen(index)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                >
                  <FeatureMedia feature={feature} />
                  <span className="accordion-label">{name}</span>
                </button>
                <div id={`${id}-panel-${index}`} role="region" aria-labelledby={`${id}-trigger-${index}`} className="accordion-caption" hidden={!expanded}>
                  {/* The region is named by its trigger, so the title is shown here and not read twice. */}
                  {feature.title && (
                    <p className="feature-title" aria-hidden="true">
                      {feature.title}
                    </p>
                  )}
                  {feature.description && <p className="feature-description">{feature.description}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <LearnMore text={block.learn_more_text} link={block.learn_more_link} />
    </div>
  );
}
