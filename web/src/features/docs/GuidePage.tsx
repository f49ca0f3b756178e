// One user guide (/docs/guides/{slug}): the server's sanitised HTML (server/src/docs_guides.rs),
// whose links to other pages of the product open inside the app, and whose `#heading` links
// scroll to the heading.
import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Guide } from './guides';

/** A click the app should handle itself: a plain left click on a link to one of its own pages. */
function inAppTarget(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const href = (event.target as Element).closest('a')?.getAttribute('href') ?? '';
  const ownPage = href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/api/'));
  return ownPage ? href : null;
}

export function GuidePage({ guide, next }: { guide: Guide; next?: Guide }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    // A new guide starts at its top, not where the last one was left.
    if (target && body.current?.contains(target)) target.scrollIntoView?.();
    else window.scrollTo(0, 0);
  }, [guide.slug, hash]);

  const follow = (event: MouseEvent<HTMLElement>) => {
    const href = inAppTarget(event);
    if (href === null) return;
    event.preventDefault();
    navigate(href.startsWith('#') ? { hash: href } : href);
  };

  return (
    <article>
      <h1>{guide.title}</h1>
      {/* The HTML was sanitised by the server (tessera-markup's allow-list), as markdown blocks are. */}
      <div ref={body} className="docs-guide" onClick={follow} dangerouslySetInnerHTML={{ __html: guide.html }} />
      {next && (
        <p className="docs-next">
          Next: <Link to={`/docs/guides/${next.slug}`}>{next.title}</Link>
        </p>
      )}
    </article>
  );
}

export function UnknownGuide({ slug }: { slug: string }) {
  return (
    <article>
      <h1>No guide “{slug}”</h1>
      <p>
        Pick a guide from the list, or go back to the <Link to="/docs">documentation's home</Link>.
      </p>
    </article>
  );
}
