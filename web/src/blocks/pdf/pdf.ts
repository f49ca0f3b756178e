// PDF exports of data blocks (blocks §3.3 chart pdf_download, §3.4 table/list pdf_download with
// the active filters printed, §3.6 the 'Download pdf' row action). jsPDF (+ jspdf-autotable for
// tables) is imported on demand inside each function, so its ~350 kB arrive only when a viewer
// clicks a PDF button, never with the board.
//
// Everything printed is text the server or the block already computed: the chart's picture, the
// page of rows as shown, the server-filled pdf_template. Nothing here reads sheet data itself.

/** A table row: cells in the order of `columns`, or cells by column name. */
export type PdfRow = readonly (string | number | null | undefined)[] | Readonly<Record<string, unknown>>;

/** Page margin in millimetres (A4). */
const MARGIN = 14;
const TITLE_SIZE = 16;
const TEXT_SIZE = 10;
/** Line height in mm of 10 pt text (10 pt × 1.15 ≈ 4 mm). */
const LINE = 5;

/** Control characters and the ones Windows and macOS refuse in file names. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const REFUSED_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** The file a title is saved as: characters file systems refuse dropped, `.pdf` appended. */
export function pdfFileName(title: string): string {
  const base = title.replace(REFUSED_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
  return `${base || 'export'}.pdf`;
}

/** "Filters: Region = North; Year = 2026", or nothing without active filters. */
export function filterText(filterLines: readonly string[]): string {
  const lines = filterLines.map((l) => l.trim()).filter(Boolean);
  return lines.length ? `Filters: ${lines.join('; ')}` : '';
}

type Doc = import('jspdf').jsPDF;

async function newDoc(orientation: 'portrait' | 'landscape'): Promise<Doc> {
  const { jsPDF } = await import('jspdf');
  return new jsPDF({ orientation, unit: 'mm', format: 'a4' });
}

/** Writes the title (and the filter line) at the top; answers where the content starts. */
function heading(doc: Doc, title: string, filterLines: readonly string[] = []): number {
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  let y = MARGIN + 4;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(TITLE_SIZE);
  const titleLines = doc.splitTextToSize(title || 'Export', width) as string[];
  doc.text(titleLines, MARGIN, y);
  y += titleLines.length * 7;
  const filters = filterText(filterLines);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(TEXT_SIZE);
  if (filters) {
    const lines = doc.splitTextToSize(filters, width) as string[];
    doc.text(lines, MARGIN, y);
    y += lines.length * LINE;
  }
  return y + 2;
}

/**
 * A picture (a chart's PNG data URL) on a landscape A4 page under the title and the active
 * filters, scaled to fit while keeping its proportions.
 */
export async function downloadImagePdf(title: string, dataUrl: string, filterLines: readonly string[] = []): Promise<void> {
  const doc = await newDoc('landscape');
  const top = heading(doc, title, filterLines);
  const pageWidth = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const pageHeight = doc.internal.pageSize.getHeight() - top - MARGIN;
  const { width, height } = doc.getImageProperties(dataUrl);
  const scale = Math.min(pageWidth / (width || 1), pageHeight / (height || 1));
  doc.addImage(dataUrl, 'PNG', MARGIN, top, (width || 1) * scale, (height || 1) * scale);
  doc.save(pdfFileName(title));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * Rows as a table (blocks §3.4): the title, then the active filters, then the rows with a header
 * repeated on every page. Wide tables (more than 6 columns) print landscape.
 */
export async function downloadTablePdf(title: string, columns: readonly string[], rows: readonly PdfRow[], filterLines: readonly string[] = []): Promise<void> {
  const [doc, { autoTable }] = await Promise.all([newDoc(columns.length > 6 ? 'landscape' : 'portrait'), import('jspdf-autotable')]);
  const top = heading(doc, title, filterLines);
  const body = rows.map((row) => (Array.isArray(row) ? row.map(cellText) : columns.map((column) => cellText((row as Record<string, unknown>)[column]))));
  autoTable(doc, {
    head: [[...columns]],
    body,
    startY: top,
    margin: { left: MARGIN, right: MARGIN },
    styles: { fontSize: 8, cellPadding: 1.5, overflow: 'linebreak' },
    headStyles: { fillColor: [67, 70, 77] },
    showHead: 'everyPage',
  });
  doc.save(pdfFileName(title));
}

/** A row action's filled pdf_template (blocks §3.6 'Download pdf'): the text, wrapped and paged. */
export async function downloadTextPdf(title: string, text: string): Promise<void> {
  const doc = await newDoc('portrait');
  let y = heading(doc, title);
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const bottom = doc.internal.pageSize.getHeight() - MARGIN;
  const lines = doc.splitTextToSize(text, width) as string[];
  for (const line of lines) {
    if (y > bottom) {
      doc.addPage();
      y = MARGIN + 4;
    }
    doc.text(line, MARGIN, y);
    y += LINE;
  }
  doc.save(pdfFileName(title));
}

// The names CONTRACT.md announced, for helpers who coded against them.
export { downloadImagePdf as downloadPdf, downloadTablePdf as tablePdf, downloadTextPdf as textPdf };
