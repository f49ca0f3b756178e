// The block settings editor's preview as a place blocks live: the same views that draw boards and
// app pages read their rows and computed views from the WASM core over the tabs the preview
// loaded (blocks/preview/computePreview.ts), so the owner sees what viewers will get. Nothing is
// written from the preview: its writes say they work on the board.
import { previewRows, previewView, type PreviewScope } from '../preview/computePreview';
import type { BlockSource } from './types';

/** What a write from the preview answers (a form's submit, an added or edited row, a row action). */
export const PREVIEW_WRITE = 'This works on the board: the preview does not change your data.';

const refused = () => Promise.reject(new Error(PREVIEW_WRITE));
const sheetOf = (block: { sheet_title?: unknown }) => (typeof block.sheet_title === 'string' ? block.sheet_title.trim() : '');

/**
 * The preview's source over `scope`. `key` names the scope's search and filters; the tabs behind
 * `scope.sheet` are loaded once and never change under it.
 */
export function previewSource(scope: PreviewScope, spreadsheetId: string | null | undefined): BlockSource {
  return {
    hasSpreadsheet: Boolean(spreadsheetId),
    narrowed: scope.search.trim() !== '',
    key: JSON.stringify(['preview', spreadsheetId, scope.search, scope.filters, scope.context.user_email]),
    filterSummary: [],
    rows: (block, query) => previewRows(block, sheetOf(block), query, scope),
    view: (block, extra) => previewView(block, extra, scope),
    // A link the preview cannot serve: its rows are on this device, not behind an address.
    csvUrl: () => '#',
    appendRow: refused,
    editRow: refused,
    deleteRow: refused,
    duplicateRow: refused,
    runAction: refused,
    upload: refused,
    // Links inside the preview stay in the editor.
    pageHref: () => '#',
  };
}
