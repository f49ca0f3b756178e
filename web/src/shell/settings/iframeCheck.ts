// An iframe block's pasted code is refused at its field when it holds no http(s) frame to draw.
// The rule is tessera-markup's iframe parser (html5ever), which the server's block validation runs;
// the browser's core module leaves html5ever out to stay small, so the settings editor asks the
// markup module instead (`iframeFrame(code).refusal`: the same Rust function, the same text) and
// merges its answer into the core's validation.
import { useEffect, useState } from 'react';
import { loadMarkup, type Markup } from '../../core/markup';
import type { BlockConfig } from '../../core/wasm';

export const IFRAME_CODE = 'iframe_code';

/** Whether `block` is one whose pasted code the markup module must check. */
export function checksIframeCode(block: BlockConfig): boolean {
  return block.type === 'iframe';
}

/** Why the markup module refuses `block`'s pasted iframe code, or null (not an iframe block, no code, or a frame to draw). */
export function iframeCodeRefusal(markup: Markup, block: BlockConfig): string | null {
  const code = block[IFRAME_CODE];
  if (!checksIframeCode(block) || typeof code !== 'string') return null;
  return markup.iframeFrame(code).refusal;
}

/** The markup module, loaded when an iframe block's settings open; null until it is there (or for other blocks). */
export function useIframeMarkup(block: BlockConfig): Markup | null {
  const wanted = checksIframeCode(block);
  const [markup, setMarkup] = useState<Markup | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadMarkup().then(
      (loaded) => live && setMarkup(loaded),
      // Save still loads it (and says so if it cannot); the live field error waits until then.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? markup : null;
}
