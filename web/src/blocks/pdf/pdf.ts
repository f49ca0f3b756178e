// STAND-IN, to be replaced by the charts helper's jsPDF module of the same name (CONTRACT.md:
// web/src/blocks/pdf/ is theirs; the lead reconciles). It has exactly the two exports the table
// and the row actions use, with the same signatures, and writes a plain one-font text PDF so
// the buttons work until then. No dependency, nothing kept after the merge.

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 40;
const LINE = 13;
const CHARS_PER_LINE = 95;

/** Latin-1 text for the PDF's standard font; other characters become '?'. */
const latin1 = (text: string) => [...text].map((c) => (c.charCodeAt(0) < 256 && c.charCodeAt(0) >= 32 ? c : '?')).join('');
const escape = (text: string) => latin1(text).replace(/[\\()]/g, (c) => `\\${c}`);

function wrap(text: string): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const out: string[] = [];
    let rest = line;
    while (rest.length > CHARS_PER_LINE) {
      out.push(rest.slice(0, CHARS_PER_LINE));
      rest = rest.slice(CHARS_PER_LINE);
    }
    out.push(rest);
    return out;
  });
}

function textPdf(lines: string[]): Blob {
  const perPage = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LINE);
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += perPage) pages.push(lines.slice(i, i + perPage));
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'];
  const kids: string[] = [];
  for (const page of pages) {
    const stream = `BT /F1 10 Tf ${LINE} TL ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td ${page.map((line) => `(${escape(line)}) '`).join(' ')} ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF`;
  return new Blob([Uint8Array.from(body, (c) => c.charCodeAt(0))], { type: 'application/pdf' });
}

function save(title: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'export'}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Rows as text lines under the title and the active filters (blocks §3.4 pdf_download). */
export async function downloadTablePdf(title: string, columns: string[], rows: string[][], filterLines: string[]): Promise<void> {
  const lines = [title, ...(filterLines.length ? [`Filters: ${filterLines.join('; ')}`] : []), '', columns.join(' | '), ...rows.map((row) => row.join(' | '))];
  save(title, textPdf(lines.flatMap(wrap)));
}

/** A row action's filled pdf_template (blocks §3.6 'Download pdf'). */
export async function downloadTextPdf(title: string, text: string): Promise<void> {
  save(title, textPdf([title, '', ...wrap(text)]));
}
