import type { LinkKind, SpreadsheetKind } from '../../generated/api';

export const KIND_LABELS: Record<SpreadsheetKind, string> = {
  upload: 'Upload',
  csv_url: 'Published CSV link',
  google_sheets: 'Google Sheets',
};

/** The file types the server's importer reads (its UploadForm), for the file picker. */
export const UPLOAD_ACCEPT = '.csv,.tsv,.txt,.xlsx,.xlsm,.xls,.ods,.parquet';

export function isLinked(kind: SpreadsheetKind): kind is LinkKind {
  return kind !== 'upload';
}

/**
 * The kind of a pasted address: a spreadsheet on docs.google.com (its /edit address, or any other
 * page of it) is read through the Google Sheets API, unless it is a "publish to the web" CSV
 * export (…/pub?output=csv), which is a plain CSV link like every other address.
 */
export function detectLinkKind(address: string): LinkKind {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return 'csv_url';
  }
  const isGoogleSheet = url.hostname === 'docs.google.com' && /^\/spreadsheets\/d\/[^/]+/.test(url.pathname);
  const isPublishedCsv = url.pathname.endsWith('/pub') && url.searchParams.get('output') === 'csv';
  return isGoogleSheet && !isPublishedCsv ? 'google_sheets' : 'csv_url';
}
