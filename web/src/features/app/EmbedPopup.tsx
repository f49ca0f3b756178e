import { useId } from 'react';
import { Popup } from '../../components/Popup';
import { showToast } from '../../store/toastStore';

export const EMBED_TITLE = 'Embed Content';

/** The HTML another site pastes to show the app; quotes in the title are escaped for the attribute. */
export function embedSnippet(url: string, title: string): string {
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<iframe src="${url}" title="${safeTitle}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

/** platform §2: the embed popup of a paid plan, with the app's iframe code and a Copy button. */
export function EmbedPopup({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const codeId = useId();
  const snippet = embedSnippet(url, title);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      showToast({ kind: 'success', text: 'Embed code copied.' });
    } catch {
      // Clipboard access can be refused (permissions, insecure origins); the code stays selectable.
      (document.getElementById(codeId) as HTMLTextAreaElement | null)?.select();
      showToast({ kind: 'warning', text: 'Copying was refused; the code is selected, press Ctrl+C to copy it.' });
    }
  };

  return (
    <Popup
      title={EMBED_TITLE}
      onClose={onClose}
      footer={
        <button type="button" className="button primary" onClick={() => void copy()}>
          Copy
        </button>
      }
    >
      <p className="muted">Paste this code into a page of your site to show the app there.</p>
      <label htmlFor={codeId} className="visually-hidden">
        Embed code
      </label>
      <textarea id={codeId} className="app-embed-code" readOnly rows={4} value={snippet} onFocus={(e) => e.currentTarget.select()} />
    </Popup>
  );
}
