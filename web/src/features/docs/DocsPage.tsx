import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { coreErrorMessage } from '../../core/wasm';
import type { BlockInfo } from '../../generated/blockCatalogue';
import { useDocumentTitle } from '../../platform/useDocumentTitle';
import { loadBlockCatalogue } from '../../platform/blockTypes';
import { ApiReference } from './ApiReference';
import { BlockGroups, BlockPage, matchesBlock, matchingSetting, UnknownBlock } from './BlockReference';
import { GuidePage, UnknownGuide } from './GuidePage';
import { findGuides, loadGuides, type Guide, type GuideHit } from './guides';
import './docs.css';

type Loaded<T> = { value: T } | { error: string } | null;

function useLoaded<T>(load: () => Promise<T>, what: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setLoaded({ value }),
      (failure: unknown) => live && setLoaded({ error: `${what} could not be loaded: ${coreErrorMessage(failure)}` }),
    );
    return () => {
      live = false;
    };
  }, [load, what]);
  return loaded;
}

const valueOf = <T,>(loaded: Loaded<T>): T | undefined => (loaded && 'value' in loaded ? loaded.value : undefined);

/**
 * /docs, /docs/guides/{slug}, /docs/api and /docs/blocks/{type}: the product's documentation,
 * served by the product itself so it works offline on a self-hosted install. The guides come
 * from the server (docs/guide/), the API reference from its OpenAPI document, the block
 * reference from the block catalogue; one search covers guides, blocks and settings.
 */
export default function DocsPage() {
  const { blockType, slug } = useParams();
  const { pathname } = useLocation();
  const guidesLoaded = useLoaded(loadGuides, 'The guides');
  const blocksLoaded = useLoaded(loadBlockCatalogue, 'The block reference');
  const guides = valueOf(guidesLoaded) ?? [];
  const blocks = valueOf(blocksLoaded) ?? [];
  const [query, setQuery] = useState('');

  const isApi = pathname.replace(/\/$/, '') === '/docs/api';
  const guideAt = slug === undefined ? -1 : guides.findIndex((guide) => guide.slug === slug);
  const guide = guideAt >= 0 ? guides[guideAt] : undefined;
  const block = blockType ? blocks.find((info) => info.type === blockType) : undefined;

  const page = guide?.title ?? (block && `${block.name} block`) ?? (isApi ? 'HTTP API' : null);
  useDocumentTitle(page ? `${page} · Docs · Tessera` : 'Docs · Tessera');

  const main = () => {
    if (isApi) return <ApiReference />;
    if (slug !== undefined) {
      if (guidesLoaded === null) return <Loading />;
      if ('error' in guidesLoaded) return <FormError message={guidesLoaded.error} />;
      return guide ? <GuidePage guide={guide} next={guides[guideAt + 1]} /> : <UnknownGuide slug={slug} />;
    }
    if (blockType) {
      if (blocksLoaded === null) return <Loading />;
      if ('error' in blocksLoaded) return <FormError message={blocksLoaded.error} />;
      return block ? <BlockPage info={block} /> : <UnknownBlock type={blockType} />;
    }
    return <DocsHome guides={guidesLoaded} blocks={blocksLoaded} />;
  };

  return (
    <div className="docs">
      <nav className="docs-nav" aria-label="Documentation">
        <Link className="docs-home-link" to="/docs">
          Tessera docs
        </Link>
        <input
          type="search"
          aria-label="Search the documentation"
          placeholder="Search guides, blocks and settings"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {query.trim() ? (
          <SearchResults query={query} guides={guides} blocks={blocks} />
        ) : (
          <DocsContents guides={guides} blocks={blocks} current={{ slug, blockType, isApi }} />
        )}
      </nav>
      <main className="docs-main">{main()}</main>
    </div>
  );
}

function DocsContents({
  guides,
  blocks,
  current,
}: {
  guides: readonly Guide[];
  blocks: readonly BlockInfo[];
  current: { slug?: string; blockType?: string; isApi: boolean };
}) {
  const here = (is: boolean) => (is ? 'page' : undefined);
  return (
    <>
      <h2 className="docs-nav-title">Guides</h2>
      <ul aria-label="Guides">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Link to={`/docs/guides/${guide.slug}`} aria-current={here(guide.slug === current.slug)}>
              {guide.title}
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="docs-nav-title">Reference</h2>
      <ul aria-label="Reference">
        <li>
          <Link to="/docs/api" aria-current={here(current.isApi)}>
            HTTP API
          </Link>
        </li>
      </ul>
      <h2 className="docs-nav-title">Blocks</h2>
      <ul aria-label="Blocks">
        {blocks.map((info) => (
          <li key={info.type}>
            <Link to={`/docs/blocks/${info.type}`} aria-current={here(info.type === current.blockType)}>
              {info.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function SearchResults({ query, guides, blocks }: { query: string; guides: readonly Guide[]; blocks: readonly BlockInfo[] }) {
  const guideHits = useMemo(() => findGuides(guides, query), [guides, query]);
  const blockHits = useMemo(() => blocks.filter((info) => matchesBlock(info, query)), [blocks, query]);
  if (guideHits.length === 0 && blockHits.length === 0) {
    return <p className="muted">No guide, block or setting matches “{query.trim()}”.</p>;
  }
  return (
    <>
      {guideHits.length > 0 && (
        <>
          <h2 className="docs-nav-title">Guides</h2>
          <ul aria-label="Guides found">
            {guideHits.map((hit) => (
              <GuideResult key={hit.guide.slug} hit={hit} />
            ))}
          </ul>
        </>
      )}
      {blockHits.length > 0 && (
        <>
          <h2 className="docs-nav-title">Blocks and settings</h2>
          <ul aria-label="Blocks found">
            {blockHits.map((info) => {
              const setting = matchingSetting(info, query);
              return (
                <li key={info.type}>
                  <Link to={`/docs/blocks/${info.type}`}>{info.name}</Link>
                  {setting && <span className="docs-excerpt">Setting: {setting}</span>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

function GuideResult({ hit: { guide, excerpt } }: { hit: GuideHit }) {
  return (
    <li>
      <Link to={`/docs/guides/${guide.slug}`}>{guide.title}</Link>
      {excerpt && (
        <span className="docs-excerpt">
          {excerpt.before}
          <mark>{excerpt.match}</mark>
          {excerpt.after}
        </span>
      )}
    </li>
  );
}

function DocsHome({ guides, blocks }: { guides: Loaded<Guide[]>; blocks: Loaded<readonly BlockInfo[]> }) {
  return (
    <article>
      <h1>Tessera documentation</h1>
      <p>
        How to turn a spreadsheet into boards and apps, share them and run Tessera yourself. This documentation is served by the Tessera you are using, so it
        matches its version and works without an internet connection.
      </p>
      <h2>Guides</h2>
      {guides === null && <Loading />}
      {guides && 'error' in guides && <FormError message={guides.error} />}
      {guides && 'value' in guides && (
        <dl className="docs-block-list">
          {guides.value.map((guide) => (
            <div key={guide.slug}>
              <dt>
                <Link to={`/docs/guides/${guide.slug}`}>{guide.title}</Link>
              </dt>
              <dd>{guide.summary}</dd>
            </div>
          ))}
        </dl>
      )}
      <h2>HTTP API</h2>
      <p>
        Every call of the server, with its parameters, body and answers: the <Link to="/docs/api">HTTP API reference</Link>.
      </p>
      <h2 id="block-reference">Block reference</h2>
      <p>
        Every block you can add to a board or an app page, with every setting of its editor: what it means, its default, the values it takes and when the editor
        shows it. This reference is written from the same catalogue the editor and the server check settings against, so it always matches the product you are
        running.
      </p>
      {blocks === null && <Loading />}
      {blocks && 'error' in blocks && <FormError message={blocks.error} />}
      {blocks && 'value' in blocks && <BlockGroups blocks={blocks.value} />}
    </article>
  );
}
