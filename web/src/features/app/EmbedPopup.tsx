import { Popup } from '../../components/Popup';
import { CopyButton, EmbedCodeField, iframeSnippet, useCopyCode } from '../../shell/EmbedCode';

export const EMBED_TITLE = 'Embed Content';

/** platform §2: the embed popup of a paid plan (the shell toasts the free plan), with the app's iframe code. */
export function EmbedPopup({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const snippet = iframeSnippet(url, title);
  const { codeId, copy } = useCopyCode(snippet, 'Copying was refused; the code is selected, press Ctrl+C to copy it.');
  return (
    <Popup title={EMBED_TITLE} onClose={onClose} footer={<CopyButton onCopy={copy} />}>
      <p className="muted">Paste this code into a page of your site to show the app there.</p>
      <EmbedCodeField codeId={codeId} snippet={snippet} label="Embed code" labelHidden className="app-embed-code" />
    </Popup>
  );
}
