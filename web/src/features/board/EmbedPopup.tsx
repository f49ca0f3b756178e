import { useEffect, useId, useState } from 'react';
import { runtimeConfig } from '../../config/runtime';
import { Popup } from '../../components/Popup';
import { showToast } from '../../store/toastStore';
import { useSessionStore } from '../../store/sessionStore';

export const EMBED_PAID_TEXT = 'Embedding a board in another site needs a paid plan.';

/** platform §6: the billing page on the board host, wherever the editor is open. */
export function billingUrl(): string {
  const { baseHost } = runtimeConfig();
  const { protocol, hostname } = window.location;
  if (!baseHost || baseHost === hostname.toLowerCase()) return '/dashboard/accountbilling';
  return `${protocol}//${baseHost}/dashboard/accountbilling`;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The code an owner pastes into another site: the board's guest layout at /embed. */
export function embedSnippet(slug: string, name: string): string {
  const src = `${window.location.origin}/embed?board=${encodeURIComponent(slug)}`;
  return `<iframe src="${attribute(src)}" title="${attribute(name)}" width="100%" height="600" style="border:0" loading="lazy"></iframe>`;
}

/** 'Embed Content': the iframe code on a paid plan, the way to upgrade on the free plan. */
export function EmbedPopup({ slug, name, onClose }: { slug: string; name: string; onClose: () => void }) {
  const snippetId = useId();
  const [isFreePlan, setIsFreePlan] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void useSessionStore.getState().checkPlan({ board: slug }).then((free) => live && setIsFreePlan(free));
    return () => {
      live = false;
    };
  }, [slug]);

  const snippet = embedSnippet(slug, name);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      showToast({ kind: 'success', text: 'Embed code copied.' });
    } catch {
      showToast({ kind: 'warning', text: 'Copying was refused by the browser; select the code and copy it by hand.' });
    }
  };

  return (
    <Popup title="Embed Content" onClose={onClose}>
      {isFreePlan === null && <p role="status">Checking your plan...</p>}
      {isFreePlan === true && (
        <div className="embed-upgrade">
          <p>{EMBED_PAID_TEXT}</p>
          <a className="button primary" href={billingUrl()}>
            Upgrade Now
          </a>
        </div>
      )}
      {isFreePlan === false && (
        <div className="embed-code">
          <label htmlFor={snippetId}>Paste this code into the page that shows the board:</label>
          <textarea id={snippetId} readOnly rows={4} value={snippet} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button primary" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      )}
    </Popup>
  );
}
