// The block settings reference of /docs: every block type and every setting, written from the
// block catalogue the editor and the server use, so it cannot drift from the product.
import { Link } from 'react-router';
import { SETTING_GROUPS } from '../../shell/settings/BlockSettingsEditor';
import type { BlockInfo, Field, PickerGroup } from '../../generated/blockCatalogue';
import { defaultText, kindText, rangeText, ruleText } from './blockReference';

const PICKER_GROUPS: { group: PickerGroup; title: string }[] = [
  { group: 'data', title: 'Data blocks' },
  { group: 'input', title: 'Input blocks' },
  { group: 'media', title: 'Media blocks' },
  { group: 'content', title: 'Content blocks' },
];

/**
 * The label of the first setting (items' settings included) whose label or key path
 * (`axis[].column`) contains `query`, any case.
 */
export function matchingSetting(info: BlockInfo, query: string): string | undefined {
  const wanted = query.trim().toLowerCase();
  const find = (fields: readonly Field[], prefix: string): string | undefined => {
    for (const field of fields) {
      const path = `${prefix}${field.key}`;
      if (field.label.toLowerCase().includes(wanted) || path.toLowerCase().includes(wanted)) return field.label;
      const inner = find(field.fields ?? [], field.kind === 'list' ? `${path}[].` : `${path}.`);
      if (inner) return inner;
    }
    return undefined;
  };
  return wanted ? find(info.fields, '') : undefined;
}

/** Does the block's name, description, or any setting's label or key contain `query`? */
export function matchesBlock(info: BlockInfo, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  return !wanted || [info.name, info.description].some((text) => text.toLowerCase().includes(wanted)) || matchingSetting(info, wanted) !== undefined;
}

/** The block types by picker group, each linked to its page: the reference's contents. */
export function BlockGroups({ blocks }: { blocks: readonly BlockInfo[] }) {
  return (
    <>
      {PICKER_GROUPS.map(({ group, title }) => (
        <section key={group} aria-labelledby={`docs-group-${group}`}>
          <h3 id={`docs-group-${group}`}>{title}</h3>
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
    </>
  );
}

export function UnknownBlock({ type }: { type: string }) {
  return (
    <article>
      <h1>No block type “{type}”</h1>
      <p>
        Pick a block from the list, or go back to the <Link to="/docs">block reference</Link>.
      </p>
    </article>
  );
}

export function BlockPage({ info }: { info: BlockInfo }) {
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
