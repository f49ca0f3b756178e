import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useBottomActions } from './bottomActions';
import './popup.css';

export interface PopupProps {
  title: string;
  /** The overlay, the close button and Escape all call this (platform §2: clicking the overlay or the close button closes it). */
  onClose: () => void;
  /** Most width the popup takes, in px (platform §2: users dialog 700, user form 450; 'Choose Your Block' is wider, see BlockTypePicker). */
  maxWidth?: number;
  /** While true, nothing closes the popup (the users dialog during a submit). */
  closeBlocked?: boolean;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** 'alertdialog' for a question that interrupts the user (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the popup is about, read out after its title. */
  describedBy?: string;
}

/** Open popups, innermost last: Escape closes only the one on top (a form over the users dialog). */
const openPopups: symbol[] = [];

/**
 * The one modal of the app: an overlay that fades in (platform §2: popups fade), a labelled
 * dialog that takes focus when it opens and gives it back when it closes.
 */
export function Popup({ title, onClose, maxWidth = 520, closeBlocked = false, children, footer, role = 'dialog', describedBy }: PopupProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = () => {
    if (!closeBlocked) onClose();
  };
  const closeRef = useRef(close);
  closeRef.current = close;
  // Its footer's buttons must stay clear of toasts.
  useBottomActions();

  useEffect(() => {
    const me = Symbol('popup');
    openPopups.push(me);
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && openPopups[openPopups.length - 1] === me) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      openPopups.splice(openPopups.indexOf(me), 1);
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);

  return (
    <div className="popup-overlay" data-testid="popup-overlay" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div
        ref={dialog}
        className="popup"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        style={{ maxWidth }}
      >
        <header className="popup-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="popup-close" aria-label="Close" onClick={close} disabled={closeBlocked}>
            ×
          </button>
        </header>
        <div className="popup-body">{children}</div>
        {footer && <footer className="popup-footer">{footer}</footer>}
      </div>
    </div>
  );
}
