import { useState } from 'react';
import type { AppRecord } from '../../generated/api';
import { BlockSettingsEditor } from '../../shell/settings/BlockSettingsEditor';
import { useBlockInfo } from '../../shell/settings/useBlockInfo';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import type { BlockConfig } from '../../core/wasm';
import { useSubmit } from '../../hooks/useSubmit';
import { chromeBlock, CHROME_TYPES, type ChromeType } from './appChrome';
import { updateApp } from './appApi';
import { useAppPages } from '../../blocks/links/appPages';

const LABELS: Record<ChromeType, { title: string; shown: string }> = {
  header: { title: 'Header', shown: 'Shown at the top of every page without a header block of its own.' },
  footer: { title: 'Footer', shown: 'Shown at the bottom of every page without a footer block of its own.' },
};

const NO_SHEETS: readonly string[] = [];
const noColumns = () => undefined;

/**
 * App Settings' header and footer defaults: each is the settings of a header or footer block
 * (the catalogue's own editor), saved into the app's settings on its own Save and drawn on every
 * page that has no such block.
 */
export function AppChromeSettings({ app, onAppSaved }: { app: AppRecord; onAppSaved: (app: AppRecord) => void }) {
  const [editing, setEditing] = useState<ChromeType | null>(null);
  const { busy, error, run } = useSubmit();
  const remove = (type: ChromeType) => run(async () => onAppSaved(await updateApp(app.id, { settings: { [type]: null } })));

  return (
    <fieldset className="app-settings-chrome">
      <legend>Header and footer of every page</legend>
      {CHROME_TYPES.map((type) => {
        const chrome = chromeBlock(app.settings, type);
        const { title, shown } = LABELS[type];
        return (
          <div key={type} className="app-settings-chrome-row">
            <div>
              <strong>{title}</strong>
              <p className="muted">{chrome ? shown : 'None: pages show only their own blocks.'}</p>
            </div>
            <div className="app-settings-chrome-actions">
              <button type="button" className="button" disabled={busy} onClick={() => setEditing(type)}>
                {chrome ? `Edit ${type}` : `Set up a ${type}`}
              </button>
              {chrome && (
                <button type="button" className="button" disabled={busy} onClick={() => void remove(type)}>
                  {`Remove ${type}`}
                </button>
              )}
            </div>
          </div>
        );
      })}
      <FormError message={error} />
      {editing && (
        <ChromeEditor
          appId={app.id}
          type={editing}
          stored={chromeBlock(app.settings, editing)}
          onClose={() => setEditing(null)}
          onSave={async (config) => {
            onAppSaved(await updateApp(app.id, { settings: { [editing]: config } }));
            setEditing(null);
          }}
        />
      )}
    </fieldset>
  );
}

function ChromeEditor({
  appId,
  type,
  stored,
  onSave,
  onClose,
}: {
  appId: string;
  type: ChromeType;
  stored: BlockConfig | null;
  onSave: (config: BlockConfig) => Promise<void>;
  onClose: () => void;
}) {
  const loaded = useBlockInfo(type);
  // The header's navigation items pick the app's pages.
  const pages = useAppPages(appId);
  return (
    <Popup title={`${LABELS[type].title} of every page`} onClose={onClose} maxWidth={640}>
      {loaded === null && <Loading />}
      {loaded && 'error' in loaded && <FormError message={loaded.error} />}
      {loaded && 'info' in loaded && (
        <BlockSettingsEditor
          core={loaded.core}
          info={loaded.info}
          block={stored ?? loaded.core.blockDefaults({ type })}
          sheets={NO_SHEETS}
          columnsOf={noColumns}
          pages={pages}
          onSave={onSave}
          onCancel={onClose}
        />
      )}
    </Popup>
  );
}
