import { useEffect, useState } from 'react';
import type { BoardState } from '../../generated/api';
import { canonicalBoardUrl, runtimeConfig } from '../../config/runtime';
import { Popup } from '../../components/Popup';
import { attribute, CopyButton, EmbedCodeField, iframeSnippet, useCopyCode } from '../../shell/EmbedCode';
import { useSessionStore } from '../../store/sessionStore';
import { EmbedSecurity } from './EmbedSecurity';

const COPY_REFUSED = 'Copying was refused by the browser; select the code and copy it by hand.';

export const EMBED_PAID_TEXT = 'Embedding a board in another site needs a paid plan.';

const BILLING_PATH = '/dashboard/accountbilling';

/**
 * platform §6 'Upgrade Now': the billing page on the board host (CHARTMAT_BOARD_BASE_URL when the
 * operator set one, else the product's base host), wherever the editor is open.
 */
export function billingUrl(): string {
  const { baseHost, boardBaseUrl } = runtimeConfig();
  const { protocol, host, hostname } = window.location;
  if (boardBaseUrl && URL.canParse(boardBaseUrl)) {
    return canonicalBoardUrl({ host, pathname: BILLING_PATH, search: '', hash: '' }, boardBaseUrl) ?? BILLING_PATH;
  }
  if (!baseHost || baseHost === hostname.toLowerCase()) return BILLING_PATH;
  return `${protocol}//${baseHost}${BILLING_PATH}`;
}

/** The code an owner pastes into another site: the board's guest layout at /embed. */
export function embedSnippet(slug: string, name: string): string {
  return iframeSnippet(`${window.location.origin}/embed?board=${encodeURIComponent(slug)}`, name);
}

/**
 * The script form of the same embed: public/embed.js puts the frame where the script stands and
 * keeps its height equal to the board's, so the host page has one scroll bar.
 */
export function scriptSnippet(slug: string, name: string): string {
  return `<script src="${attribute(`${window.location.origin}/embed.js`)}" data-board="${attribute(slug)}" data-title="${attribute(name)}" async></script>`;
}

/**
 * 'Embed Content': the iframe and script codes and the embed's security (allowed sites, signed
 * links) on a paid plan, the way to upgrade on the free plan.
 */
export function EmbedPopup({ board, onSaved, onClose }: { board: BoardState; onSaved: (board: BoardState) => void; onClose: () => void }) {
  const { slug } = board;
  const name = board.title || board.name;
  const [isFreePlan, setIsFreePlan] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void useSessionStore
      .getState()
      .checkPlan({ board: slug })
      .then((free) => live && setIsFreePlan(free));
    return () => {
      live = false;
    };
  }, [slug]);

  const frameCode = embedSnippet(slug, name);
  const scriptCode = scriptSnippet(slug, name);
  const frameCopy = useCopyCode(frameCode, COPY_REFUSED);
  const scriptCopy = useCopyCode(scriptCode, COPY_REFUSED);

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
        <>
          <div className="embed-code">
            <EmbedCodeField codeId={frameCopy.codeId} snippet={frameCode} label="Paste this code into the page that shows the board:" />
            <CopyButton onCopy={frameCopy.copy} />
          </div>
          <div className="embed-code">
            <EmbedCodeField
              codeId={scriptCopy.codeId}
              snippet={scriptCode}
              label="Or paste this script: the frame then grows and shrinks with the board, without a scroll bar of its own:"
            />
            <CopyButton onCopy={scriptCopy.copy} label="Copy script" />
          </div>
          <EmbedSecurity board={board} onSaved={onSaved} />
        </>
      )}
    </Popup>
  );
}
