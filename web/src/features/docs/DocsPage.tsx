import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { SETTING_GROUPS } from '../../blocks/settings/BlockSettingsEditor';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { coreErrorMessage } from '../../core/wasm';
import type { BlockInfo, Field, PickerGroup } from '../../generated/blockCatalogue';
import { loadBlockCatalogue } from '../../shell/blockTypes';
import { defaultText, kindText, rangeText, ruleText, settingPaths } from './blockReference';
import './docs.css';

const PICKER_GROUPS: { group: PickerGroup; title: string }[] = [
  { group: 'data', title: 'Data blocks' },
  { group: 'input', title: 'Input blocks' },
  { group: 'media', title: 'Media blocks' },
  { group: 'content', title: 'Content blocks' },
];

type Loaded = { blocks: readonly BlockInfo[] } | { error: string } | null;

function useCatalogue(): Loaded {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    let live = true;
    loadBlockCatalogue().then(
      (blocks) => live && setLoaded({ blocks }),
      (failure: unknown) => live && setLoaded({ error: `The block reference could not be loaded: ${coreErrorMessage(failure)}` }),
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** Does the block's name, description or any setting's label or key contain `query`? */
function matches(info: BlockInfo, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  const labels = (fields: readonly Field[]): string[] => fields.flatMap((f) => [f.label, ...labels(f.fields ?? [])]);
  return [info.name, info.description, ...labels(info.fields), ...settingPaths(info.fields)].some((text) => text.toLowerCase().includes(wanted));
}

/**
 * /docs and /docs/blocks/{type}: the reference of every block type and every setting, written
 * from the block catalogue the editor and the server use, served by the product itself (it works
 * offline on a self-hosted install), with a search over block and setting names.
 */
export default function DocsPage() {
  const { blockType } = useParams();
  const loaded = useCatalogue();
  const [query, setQuery] = useState('');
  const blocks = loaded && 'blocks' in loaded ? loaded.blocks : [];
  const found = useMemo(() => blocks.filter((info) => matches(info, query)), [blocks, query]);
  const current = blockType ? blocks.find((info) => info.type === blockType) : undefined;

  useEffect(() => {
    document.title = current ? `${current.name} block · Tessera docs` : 'Tessera docs';
  }, [current]);

  return (
    <div className="docs">
      <nav className="docs-nav" aria-label="Documentation">
        <Link className="docs-home-link" to="/docs">
          Block reference
        </Link>
        <input type="search" aria-label="Search the block reference" placeholder="Search blocks and settings" value={query} onChange={(e) => setQuery(e.target.value)} />
        {loaded && 'blocks' in loaded && found.length === 0 && <p className="muted">No block or setting matches “{query.trim()}”.</p>}
        <ul>
          {found.map((info) => (
            <li key={info.type}>
              <Link to={`/docs/blocks/${info.type}`} aria-current={info.type === blockType ? 'page' : undefined}>
                {info.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="docs-main">
        {loaded === null && <Loading />}
        {loaded && 'error' in loaded && <FormError message={loaded.error} />}
        {loaded && 'blocks' in loaded && !blockType && <DocsHome blocks={blocks} />}
        {loaded && 'blocks' in loaded && blockType && (current ? <BlockPage info={current} /> : <UnknownBlock type={blockType} />)}
      </main>
    </div>
  );
}

function DocsHome({ blocks }: { blocks: readonly BlockInfo[] }) {
  return (
    <article>
      <h1>Block reference</h1>
      <p>
        Every block you can add to a board or an app page, with every setting of its editor: what it means, its default, the
        values it takes and when the editor shows it. This reference is written from the same catalogue the editor and the server
        check settings against, so it always matches the product you are running.
      </p>
      {PICKER_GROUPS.map(({ group, title }) => (
        <section key={group} aria-labelledby={`docs-group-${group}`}>
          <h2 id={`docs-group-${group}`}>{title}</h2>
          <dl className="docs-block-list">
            {blocks
              .filter((info) => info.group === group)
              .map((info) => (
                <div key={info.type}>
                  <dt>
                    <Link to={`/docs/blocks/${info.type}`}>{info.name}</Link>
                  </dt>
                  <dd>{info.description}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </article>
  );
}

function UnknownBlock({ type }: { type: string }) {
  return (
    <article>
      <h1>No block type “{type}”</h1>
      <p>
        Pick a block from the list, or go back to the <Link to="/docs">block reference</Link>.
      </p>
    </article>
  );
}

function BlockPage({ info }: { info: BlockInfo }) {
  const labelOf = (key: string) => info.fields.find((field) => field.key === key)?.label ?? key;
  return (
    <article>
      <h1>{info.name}</h1>
      <p>{info.description}</p>
      <p className="muted">
        Block type <code>{info.type}</code> · blocks.md {info.spec}
      </p>
      {SETTING_GROUPS.map(({ group, title }) => {
        const fields = info.fields.filter((field) => field.group === group);
        if (fields.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`docs-settings-${group}`}>
            <h2 id={`docs-settings-${group}`}>{title}</h2>
            <SettingsTable fields={fields} labelOf={labelOf} />
          </section>
        );
      })}
    </article>
  );
}

function SettingsTable({ fields, labelOf }: { fields: readonly Field[]; labelOf: (key: string) => string }) {
  return (
    <div className="docs-table-scroll">
      <table className="docs-settings">
        <colgroup>
          <col className="docs-col-setting" />
          <col className="docs-col-type" />
          <col className="docs-col-default" />
          <col className="docs-col-values" />
          <col className="docs-col-shown" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Values</th>
            <th scope="col">In the editor</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <SettingRows key={field.key} field={field} labelOf={labelOf} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SettingRows({ field, labelOf }: { field: Field; labelOf: (key: string) => string }) {
  const itemLabel = (key: string) => field.fields?.find((inner) => inner.key === key)?.label ?? labelOf(key);
  return (
    <>
      <tr>
        <th scope="row">
          {field.label}
          {field.required && <span className="docs-required"> (required)</span>}
          <br />
          <code>{field.key}</code>
          {field.help && <p className="muted docs-help">{field.help}</p>}
        </th>
        <td>{kindText(field)}</td>
        <td>{defaultText(field)}</td>
        <td>{rangeText(field, labelOf)}</td>
        <td>
          {ruleText(field.visible, labelOf)}
          {field.clears?.length ? `; setting it clears ${field.clears.map(labelOf).join(', ')}` : ''}
        </td>
      </tr>
      {field.fields && field.fields.length > 0 && (
        <tr className="docs-items">
          <td colSpan={5}>
            <p>{field.kind === 'list' ? `Each item of ${field.label} has:` : `${field.label} holds:`}</p>
            <SettingsTable fields={field.fields} labelOf={itemLabel} />
          </td>
        </tr>
      )}
    </>
  );
}
