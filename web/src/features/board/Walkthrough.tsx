import { useEffect, useState, type KeyboardEvent } from 'react';
import { usePageVisible, usePrefersReducedMotion } from '../../blocks/motion';
import { shotUrl, type WalkthroughStep } from './tutorialWalkthroughs';

/** How long each step shows while the walkthrough plays. */
export const STEP_MS = 5000;

/**
 * A step-by-step of screenshots of the product, with a caption each: it plays by itself (not for
 * a viewer who asked for reduced motion, and never while the tab is hidden) and stops on the last
 * step; Previous, Next and the arrow keys move by hand and pause it.
 */
export function Walkthrough({ title, steps }: { title: string; steps: readonly WalkthroughStep[] }) {
  const reducedMotion = usePrefersReducedMotion();
  const pageVisible = usePageVisible();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(!reducedMotion);
  const last = steps.length - 1;
  const step = steps[index];

  useEffect(() => {
    if (!playing || !pageVisible) return;
    const timer = window.setTimeout(() => {
      setIndex((at) => Math.min(at + 1, last));
      if (index + 1 >= last) setPlaying(false);
    }, STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, pageVisible, index, last]);

  // The next picture is fetched ahead, so a step never opens on an empty frame.
  useEffect(() => {
    if (index < last) new Image().src = shotUrl(steps[index + 1].shot);
  }, [index, last, steps]);

  const goTo = (to: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(to, last)));
  };
  const togglePlay = () => {
    if (!playing && index === last) setIndex(0);
    setPlaying(!playing);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    goTo(to);
  };

  return (
    <section className="walkthrough" aria-label={`${title} walkthrough`} aria-roledescription="walkthrough" onKeyDown={onKeyDown}>
      <figure className="walkthrough-step">
        <img key={step.shot} className="walkthrough-shot" src={shotUrl(step.shot)} alt={step.alt} width={1200} height={750} />
        <figcaption>{step.caption}</figcaption>
      </figure>
      {/* aria-disabled rather than disabled: a button that is pressed to the end keeps the focus. */}
      <div className="walkthrough-controls">
        <button type="button" className="button" onClick={() => goTo(index - 1)} aria-disabled={index === 0}>
          Previous step
        </button>
        <button type="button" className="button" onClick={togglePlay}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button" onClick={() => goTo(index + 1)} aria-disabled={index === last}>
          Next step
        </button>
        {/* Announced when a person moves the steps, not every few seconds while it plays. */}
        <span className="walkthrough-counter" aria-live={playing ? 'off' : 'polite'}>
          Step {index + 1} of {steps.length}
        </span>
      </div>
    </section>
  );
}
