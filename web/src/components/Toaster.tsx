import { useToastStore } from '../store/toastStore';
import { useBottomActionsOpen } from './bottomActions';

/**
 * Renders the toast store; errors and warnings are announced assertively. Toasts sit in the
 * bottom corner, or at the top centre while a dialog or panel has its actions along the bottom.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const atTop = useBottomActionsOpen();
  return (
    <div className={atTop ? 'toaster top' : 'toaster'} aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}>
          <div className="toast-body">
            {t.title && <strong className="toast-title">{t.title}</strong>}
            <span>{t.text}</span>
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
