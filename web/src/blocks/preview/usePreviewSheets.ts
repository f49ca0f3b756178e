import { useCallback, useEffect, useRef } from 'react';
import { toApiError } from '../../api/errors';
import { coreErrorMessage, type Core } from '../../core/wasm';
import type { PreviewSheet } from './computePreview';
import { loadTabRows } from './tabRows';

/**
 * The tabs of a spreadsheet, each loaded whole once when a block first asks for it and opened in
 * WASM memory (`core.openColumns`) for the preview to query as the user types. A tab no longer
 * asked for stays open, since the user may pick it again; a tab that failed to load is tried
 * again on the next ask; every table is freed when the editor closes.
 */
export function usePreviewSheets(core: Core, spreadsheetId: string | null | undefined, versionOf: (tab: string) => number | undefined) {
  const loads = useRef(new Map<string, Promise<PreviewSheet>>());
  const version = useRef(versionOf);
  version.current = versionOf;

  useEffect(() => {
    const opened = loads.current;
    return () => {
      for (const load of opened.values())
        load.then(
          (sheet) => sheet.table.free(),
          () => undefined,
        );
      opened.clear();
    };
  }, []);

  const sheet = useCallback(
    (title: string): Promise<PreviewSheet> => {
      if (!spreadsheetId) return Promise.reject(new Error('No spreadsheet is connected here, so the block has no rows to show.'));
      const key = `${spreadsheetId}\n${title}`;
      const known = loads.current.get(key);
      if (known) return known;
      const load = loadTabRows(spreadsheetId, title, version.current(title)).then(
        (tab): PreviewSheet => {
          try {
            return { table: core.openColumns(tab.bytes), version: tab.version };
          } catch (error) {
            throw new Error(`The rows of "${title}" could not be read: ${coreErrorMessage(error)}`, { cause: error });
          }
        },
        (error: unknown) => {
          loads.current.delete(key);
          throw new Error(`The rows of "${title}" could not be loaded: ${toApiError(error).message}`);
        },
      );
      loads.current.set(key, load);
      return load;
    },
    [core, spreadsheetId],
  );

  return { sheet };
}
