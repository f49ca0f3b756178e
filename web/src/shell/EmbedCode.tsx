// The iframe code of the Embed popups (platform §2), shared by the board and app editors; each
// popup keeps its own wording and plan handling around it.
import { useId } from 'react';
import { showToast } from '../store/toastStore';

/** `value` escaped for a double-quoted HTML attribute. */
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML another site pastes to show `src`; both values are escaped for their attributes. */
export function iframeSnippet(src: string, title: string): string {
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

/**
 * Copies the code to the clipboard. Clipboard access can be refused (permissions, insecure
 * origins): then the code is selected in its field and `refusedText` says how to copy it.
 */
export function useCopyCode(snippet: string, refusedText: string): { codeId: string; copy: () => Promise<void> } {
  const codeId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      showToast({ kind: 'success', text: 'Embed code copied.' });
    } catch {
      (document.getElementById(codeId) as HTMLTextAreaElement | null)?.select();
      showToast({ kind: 'warning', text: refusedText });
    }
  };
  return { codeId, copy };
}

/** The read-only code field, selected whole on focus so it can be copied by hand. */
export function EmbedCodeField({
  codeId,
  snippet,
  label,
  labelHidden = false,
  className,
}: {
  codeId: string;
  snippet: string;
  label: string;
  /** When the popup's text already says what the field is, the label is for screen readers only. */
  labelHidden?: boolean;
  className?: string;
}) {
  return (
    <>
      <label htmlFor={codeId} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <textarea id={codeId} className={className} readOnly rows={4} value={snippet} onFocus={(event) => event.currentTarget.select()} />
    </>
  );
}

export function CopyButton({ onCopy, label = 'Copy' }: { onCopy: () => Promise<void>; label?: string }) {
  return (
    <button type="button" className="button primary" onClick={() => void onCopy()}>
      {label}
    </button>
  );
}
