// The preview of the blocks that read no sheet (blocks §3.14, §3.16-§3.20), drawn by their own
// views, so the owner sees what visitors will see.
import { useEffect, useState, type ComponentType } from 'react';
import { Loading } from '../../components/Loading';
import type { BlockConfig, Core } from '../../core/wasm';
import type { StandaloneBlockProps } from '../data/types';
import { IframeBody } from '../iframe/IframeBlock';
import { isStandalone, loadStandaloneView } from '../registry';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A block that reads no rows, drawn by its own view: the preview is what visitors will see. */
function StandalonePreview({ block }: { block: BlockConfig }) {
  const [view, setView] = useState<{ type: string; View?: ComponentType<StandaloneBlockProps>; error?: unknown }>();
  useEffect(() => {
    let live = true;
    loadStandaloneView(block.type).then(
      (View) => live && setView({ type: block.type, View }),
      (error: unknown) => live && setView({ type: block.type, error }),
    );
    return () => {
      live = false;
    };
  }, [block.type]);
  if (view?.type !== block.type) return <Loading />;
  if (!view.View) {
    return (
      <p className="form-error" role="alert">
        {view.error instanceof Error ? view.error.message : 'The preview could not load.'}
      </p>
    );
  }
  const View = view.View;
  return <View block={{ id: 'preview', ...block }} />;
}

/** The frame the server would answer for the pasted code, computed by the same parser in WASM. */
function IframePreview({ core, block }: { core: Core; block: BlockConfig }) {
  const answer = core.iframeFrame(text(block.iframe_code));
  return <IframeBody block={{ id: 'preview', ...block }} view={{ kind: 'iframe', ...answer }} />;
}

export function PresentationPreview({ core, block }: { core: Core; block: BlockConfig }) {
  if (isStandalone(block.type)) return <StandalonePreview block={block} />;
  if (block.type === 'iframe') return <IframePreview core={core} block={block} />;
  return null;
}
