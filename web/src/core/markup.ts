// The one place that loads the markup module (wasm-markup: markdown to sanitised HTML, the iframe
// of pasted embed code). Its HTML sanitiser and Markdown renderer weigh more than the data core,
// and the editor needs them only for a markdown or iframe block's preview, so they are not in the
// core module it loads first (./wasm.ts): the glue is imported, and the .wasm fetched, on the
// first loadMarkup() call, once per page.
import type { InitInput } from '@tessera/markup';
import type { Frame as IframeFrame } from '../generated/api';

/** The server's answer for an iframe block's pasted code: the one frame it shows, or why none. */
export interface IframeAnswer {
  frame: IframeFrame | null;
  refusal: string | null;
}

export interface Markup {
  /** Markdown as the sanitised HTML the server answers in a markdown block's view. */
  markdownHtml(text: string): string;
  /** The one frame an iframe block's pasted code shows, or why none: the server's view answer. */
  iframeFrame(code: string): IframeAnswer;
}

let ready: Promise<Markup> | undefined;

/**
 * Instantiates the markup module once. In the browser it fetches the .wasm file that Vite emits
 * next to the bundle; Node callers (tests) pass the bytes instead.
 */
export function loadMarkup(source?: InitInput): Promise<Markup> {
  if (!ready) {
    const attempt = import('@tessera/markup').then(async ({ default: init, iframeFrame, markdownHtml }): Promise<Markup> => {
      await init(source === undefined ? undefined : { module_or_path: source });
      return {
        markdownHtml: (text) => markdownHtml(text),
        iframeFrame: (code) => iframeFrame(code) as IframeAnswer,
      };
    });
    // A failed load (say, a network error) must not poison every later call.
    attempt.catch(() => {
      if (ready === attempt) ready = undefined;
    });
    ready = attempt;
  }
  return ready;
}
