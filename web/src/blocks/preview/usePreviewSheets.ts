import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import { coreErrorMessage, type Core, type Table } from '../../core/wasm';
import type { TabState } from './previewModel';
import { loadTabRows } from './tabRows';

/**
 * The tabs `tabs` of a spreadsheet, each loaded once and opened in WASM memory (`core.openSheet`)
 * for the preview to query as the user types. A tab no longer asked for stays open, since the
 * user may pick it again; every table is freed when the editor closes.
 */
export function usePreviewSheets(core: Core, spreadsheetId: string | null | undefined, tabs: readonly string[], versionOf: (tab: string) => number | undefined) {
  const [states, setStates] = useState<Record<string, TabState>>({});
  const started = useRef(new Map<string, AbortController>());
  const opened = useRef(new Map<string, Table>());
  const version = useRef(versionOf);
  version.current = versionOf;

  useEffect(
    () => () => {
      for (const load of started.current.values()) load.abort();
      for (const table of opened.current.values()) table.free();
      started.current.clear();
      opened.current.clear();
      setStates({});
    },
    [],
  );

  const wanted = tabs.join('\n');
  useEffect(() => {
    if (!spreadsheetId) return;
    for (const tab of wanted ? wanted.split('\n') : []) {
      if (started.current.has(tab)) continue;
      const load = new AbortController();
      started.current.set(tab, load);
      const settle = (state: TabState) => !load.signal.aborted && setStates((current) => ({ ...current, [tab]: state }));
      settle({ status: 'loading' });
      loadTabRows(spreadsheetId, tab, version.current(tab), load.signal).then(
        (rows) => {
          if (load.signal.aborted) return;
          const json = JSON.stringify({ columns: rows.columns, rows: rows.rows });
          try {
            const table = core.openSheet(json);
            opened.current.set(tab, table);
            settle({ status: 'ready', sheet: { table, json, total: rows.total, loaded: rows.rows.length } });
          } catch (error) {
            settle({ status: 'failed', message: coreErrorMessage(error) });
          }
        },
        (error: unknown) => settle({ status: 'failed', message: toApiError(error).message }),
      );
    }
  }, [core, spreadsheetId, wanted]);

  return states;
}
