import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import { coreErrorMessage, type Core } from '../../core/wasm';
import type { PreviewSheet } from './computePreview';
import { loadTabRows } from './tabRows';

/** Which tab the preview read, and how many of its rows. */
export interface SheetNote {
  title: string;
  total: number;
  loaded: number;
}

/**
 * The tabs of a spreadsheet, each loaded once when a block first asks for it and opened in WASM
 * memory (`core.openSheet`) for the preview to query as the user types. A tab no longer asked for
 * stays open, since the user may pick it again; a tab that failed to load is tried again on the
 * next ask; every table is freed when the editor closes. `notes` says what was read of each tab.
 */
export function usePreviewSheets(core: Core, spreadsheetId: string | null | undefined, versionOf: (tab: string) => number | undefined) {
  const [notes, setNotes] = useState<Record<string, SheetNote>>({});
  const loads = useRef(new Map<string, Promise<PreviewSheet>>());
  const live = useRef(true);
  const version = useRef(versionOf);
  version.current = versionOf;

  useEffect(() => {
    live.current = true;
    const opened = loads.current;
    return () => {
      live.current = false;
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
        (rows): PreviewSheet => {
          const json = JSON.stringify({ columns: rows.columns, rows: rows.rows });
          let table;
          try {
            table = core.openSheet(json);
          } catch (error) {
            throw new Error(`The rows of "${title}" could not be read: ${coreErrorMessage(error)}`, { cause: error });
          }
          if (live.current) setNotes((current) => ({ ...current, [title]: { title, total: rows.total, loaded: rows.rows.length } }));
          return { table, json, columns: rows.columns, rows: rows.rows, total: rows.total, loaded: rows.rows.length, version: rows.version };
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

  return { sheet, notes };
}
