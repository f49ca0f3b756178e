import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface StepItem {
  id: string;
  title: string;
  /** Whether the step is done; undefined when the steps show no progress (the guide is off). */
  done?: boolean;
  content: ReactNode;
}

/**
 * One numbered list of steps, each with its own controls, so the owner sees the whole way and
 * where they are on it. `current` (the first step left) is marked and, when it starts below the
 * upper part of the screen, scrolled to once, so a return to the page resumes where the account
 * left off. When a step is done with the control that had the focus gone (the workspace form),
 * the focus moves to the next step's heading, without scrolling, so keyboard users go on there.
 */
export function Stepper({ steps, current }: { steps: StepItem[]; current: string | null }) {
  const prefix = useId();
  const currentRef = useRef<HTMLLIElement>(null);
  const scrolled = useRef(false);
  const previous = useRef(current);

  useEffect(() => {
    if (scrolled.current || current === null) return;
    scrolled.current = true;
    // Only when the step starts low on the screen: the guide's progress above stays in view otherwise.
    const step = currentRef.current;
    if (step && step.getBoundingClientRect().top > window.innerHeight * 0.6) step.scrollIntoView?.({ block: 'start' });
  }, [current, steps]);

  useEffect(() => {
    const moved = previous.current !== null && current !== null && previous.current !== current;
    previous.current = current;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (moved && focusLost) document.getElementById(`${prefix}-${current}`)?.focus({ preventScroll: true });
  }, [current, prefix]);

  return (
    <ol className="stepper" aria-label="Steps">
      {steps.map((step, index) => {
        const isCurrent = step.id === current;
        const state = step.done ? 'done' : isCurrent ? 'current' : '';
        return (
          <li
            key={step.id}
            ref={isCurrent ? currentRef : undefined}
            className={`card stepper-step ${state}`}
            aria-current={isCurrent ? 'step' : undefined}
            aria-labelledby={`${prefix}-${step.id}`}
          >
            <header className="stepper-head">
              <span className="start-step-number" aria-hidden="true">
                {step.done ? '✓' : index + 1}
              </span>
              <h2 id={`${prefix}-${step.id}`} tabIndex={-1}>
                {step.title}
              </h2>
              {step.done !== undefined && <span className="stepper-status">{step.done ? 'Done' : 'To do'}</span>}
            </header>
            <div className="stepper-body">{step.content}</div>
          </li>
        );
      })}
    </ol>
  );
}
