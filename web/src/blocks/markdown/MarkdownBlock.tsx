// The markdown block (blocks §3.13): the server fills `[column]` with the row's values, renders the
// markdown with pulldown-cmark and sanitises it with ammonia (no script, no event handlers, no
// `javascript:` links), and answers `{kind:'markdown', texts, html}`. Only `html` is ever put
// into the page as HTML; `texts` (the filled-in markdown source, which may hold anything a cell
// holds) is never rendered. With `loop` there is one card per row, in `columns` 1-4 with `gap`.
//
// Gap: the settings 0, 3, 6 and 10 are spacing units of 0.25 rem each (the scale of utility CSS
// such as Tailwind's gap-3), so 0, 0.75 rem (12 px), 1.5 rem (24 px) and 2.5 rem (40 px).
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import { useBlockView } from '../data/hooks';
import type { BlockView, DataBlockProps, ViewBlock } from '../data/types';
import './markdown.css';

type MarkdownView = Extract<BlockView, { kind: 'markdown' }>;

export function MarkdownBlock({ block, source }: DataBlockProps<'markdown'>) {
  const load = useBlockView<MarkdownView>(block, source);
  return <BlockLoadState load={load}>{(view) => <MarkdownBody block={block} view={view} narrowed={source.narrowed} />}</BlockLoadState>;
}

function MarkdownBody({ block, view, narrowed }: { block: ViewBlock<'markdown'>; view: MarkdownView; narrowed: boolean }) {
  if (view?.kind !== 'markdown' || !Array.isArray(view.html)) {
    return (
      <p className="block-error" role="alert">
        The server did not answer this block with markdown.
      </p>
    );
  }
  if (!block.loop) {
    const html = view.html[0] ?? '';
    return html ? <Html html={html} /> : null;
  }
  if (view.html.length === 0) return <NoRows narrowed={narrowed} />;
  const className = `markdown-block-grid markdown-block-cols-${block.columns} markdown-block-gap-${block.gap}`;
  return (
    <ul className={className}>
      {view.html.map((html, index) => (
        <li key={index} className="markdown-block-card">
          <Html html={html} />
        </li>
      ))}
    </ul>
  );
}

/** HTML the server sanitised (pulldown-cmark + ammonia): the one place this block sets inner HTML. */
function Html({ html }: { html: string }) {
  return <div className="markdown-block-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
