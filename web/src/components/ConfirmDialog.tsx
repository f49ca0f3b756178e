// The app's own question before anything that cannot be undone (a delete, a rotated secret,
// discarded edits), in place of the browser's confirm(): it looks like the product's other
// popups, stacks over them (Escape answers only the question), and starts on the safe answer so
// a stray Enter never destroys anything. It is drawn at the end of the page, whatever asks: a
// block's delete button sits in a frame whose styles must not clip or hide it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { Popup } from './Popup';
import './confirmDialog.css';

export interface ConfirmQuestion {
  /** A few words for the heading: 'Delete block'. */
  title: string;
  /** The question as the user reads it (the spec fixes some of these texts). */
  question: string;
  /** The answer that goes ahead: 'Delete'. */
  confirmLabel: string;
  /** The safe answer, which has the focus when the question opens. */
  cancelLabel?: string;
  /** What going ahead would change, one line each, listed under the question. */
  details?: readonly string[];
}

export interface ConfirmDialogProps extends ConfirmQuestion {
  /** true: go ahead; false: the safe answer, Escape, the close button or the overlay. */
  onAnswer: (confirmed: boolean) => void;
}

export function ConfirmDialog({ title, question, confirmLabel, cancelLabel = 'Cancel', details, onAnswer }: ConfirmDialogProps) {
  const questionId = useId();
  const safe = useRef<HTMLButtonElement>(null);
  // Runs after the popup has focused itself (a child's effect runs first), so the safe answer wins.
  useEffect(() => safe.current?.focus(), []);
  // Keys and clicks stay in the question: in React they would bubble on to whatever asked (a table
  // row that opens on click, the settings panel that asks on Escape), and an asker that stops them
  // would keep Escape from reaching the popup. So Escape is answered here.
  const keep = (event: SyntheticEvent) => event.stopPropagation();
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onAnswer(false);
    }
  };
  return (
    <div onKeyDown={onKeyDown} onClick={keep} onMouseDown={keep}>
      <Popup
        title={title}
        role="alertdialog"
        describedBy={questionId}
        maxWidth={440}
        onClose={() => onAnswer(false)}
        footer={
          <>
            <button ref={safe} type="button" className="button" onClick={() => onAnswer(false)}>
              {cancelLabel}
            </button>
            <button type="button" className="button danger" onClick={() => onAnswer(true)}>
              {confirmLabel}
            </button>
          </>
        }
      >
        <p id={questionId} className="confirm-question">
          {question}
        </p>
        {details && details.length > 0 && (
          <ul className="confirm-details">
            {details.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        )}
      </Popup>
    </div>
  );
}

/**
 * `confirm(question)` opens the dialog and resolves with the answer; render `confirmDialog` where
 * the component renders (it is null while nothing is asked).
 */
export function useConfirm(): { confirm: (question: ConfirmQuestion) => Promise<boolean>; confirmDialog: ReactNode } {
  const [asked, setAsked] = useState<{ question: ConfirmQuestion; answer: (confirmed: boolean) => void } | null>(null);
  const confirm = useCallback(
    (question: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        setAsked({
          question,
          answer: (confirmed) => {
            setAsked(null);
            resolve(confirmed);
          },
        });
      }),
    [],
  );
  const confirmDialog = asked && createPortal(<ConfirmDialog {...asked.question} onAnswer={asked.answer} />, document.body);
  return { confirm, confirmDialog };
}
