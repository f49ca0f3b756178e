// Iframe block (blocks §3.14). The server parses the pasted code (tessera-markup `iframe`): only
// one <iframe> with an http(s) src survives, with its harmless attributes, or the code is refused
// with a reason. The browser checks the address once more, in case the answer was tampered with,
// and draws the frame sandboxed: scripts may run but never with the board's origin, because
// allow-scripts together with allow-same-origin would let a page of that origin lift its own
// sandbox. An owner may let a page of another origin keep its own origin (iframe_own_origin:
// cookies and storage, which many forms, maps and videos need).
import { BlockLoadState } from '../data/BlockLoadState';
import { httpUrl } from '../urls';
import { useBlockView } from '../data/hooks';
import type { BlockView, DataBlockProps, IframeFrame, ViewBlock } from '../data/types';
import { frameHeight, frameMaxWidth } from './iframeFrame';
import './iframe.css';

type IframeView = Extract<BlockView, { kind: 'iframe' }>;
type IframeSettings = ViewBlock<'iframe'>;

/** The strict default: the page runs as a unique origin (see the note at the top). */
export const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-presentation';
/** With iframe_own_origin, for a page of another origin than the board's. */
export const SANDBOX_OWN_ORIGIN = `${SANDBOX} allow-same-origin`;

/** The sandbox of `src`: its own origin only when the owner allowed it and it is not the board's. */
export function sandboxFor(block: IframeSettings, src: string): string {
  const allowed = block.iframe_own_origin && new URL(src).origin !== window.location.origin;
  return allowed ? SANDBOX_OWN_ORIGIN : SANDBOX;
}
export const EMPTY_TEXT = 'Paste the iframe code in the block settings to show another page here.';
export const NO_ADDRESS = 'The iframe code has no http or https address.';

function Refusal({ text }: { text: string }) {
  return (
    <p className="block-error iframe-block-refusal" role="alert">
      {text}
    </p>
  );
}

function Frame({ block, frame }: { block: IframeSettings; frame: IframeFrame }) {
  const src = httpUrl(frame.src);
  if (!src) return <Refusal text={NO_ADDRESS} />;
  const height = frameHeight(frame.height ?? null);
  const title = frame.title?.trim() || block.title?.trim() || 'Embedded page';
  return (
    <iframe
      className="iframe-block-frame"
      src={src}
      title={title}
      sandbox={sandboxFor(block, src)}
      referrerPolicy="strict-origin-when-cross-origin"
      loading="lazy"
      {...(frame.allowfullscreen ? { allow: 'fullscreen' } : {})}
      height={height}
      style={{ height: `${height}px`, maxWidth: frameMaxWidth(frame.width ?? null) ?? undefined }}
    />
  );
}

export function IframeBody({ block, view }: { block: IframeSettings; view: IframeView }) {
  if (view?.kind !== 'iframe') return <Refusal text="The server did not answer this block with an iframe." />;
  if (view.refusal) return <Refusal text={view.refusal} />;
  if (!view.frame) return <p className="muted block-empty">{EMPTY_TEXT}</p>;
  return <Frame block={block} frame={view.frame} />;
}

export function IframeBlock({ block, source }: DataBlockProps<'iframe'>) {
  const load = useBlockView<IframeView>(block, source);
  return <BlockLoadState load={load}>{(view) => <IframeBody block={block} view={view} />}</BlockLoadState>;
}
