import type { jsPDF as JsPdf } from 'jspdf';
import { downloadImagePdf, downloadPdf, downloadTablePdf, downloadTextPdf, filterText, pdfFileName, tablePdf, textPdf } from './pdf';

// A 1×1 transparent PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const saves = vi.hoisted(() => ({ list: [] as { name: string; text: string; pages: number }[] }));

// jsPDF for real, except that `save` (an instance property, not on the prototype) keeps the
// document instead of downloading it.
vi.mock('jspdf', async (importOriginal) => {
  const real = await importOriginal<typeof import('jspdf')>();
  class Capturing extends real.jsPDF {
    constructor(...args: ConstructorParameters<typeof real.jsPDF>) {
      super(...args);
      this.save = ((name?: string) => {
        saves.list.push({ name: name ?? '', text: this.output(), pages: this.getNumberOfPages() });
        return this;
      }) as unknown as JsPdf['save'];
    }
  }
  return { ...real, jsPDF: Capturing, default: Capturing };
});

function captureSaves() {
  saves.list = [];
  return saves.list;
}

afterEach(() => vi.restoreAllMocks());

describe('pdfFileName', () => {
  it('names the file after the title without characters file systems refuse', () => {
    expect(pdfFileName('Sales by Region')).toBe('Sales by Region.pdf');
    expect(pdfFileName('Q1/Q2: "North"?')).toBe('Q1 Q2 North.pdf');
    expect(pdfFileName('  ')).toBe('export.pdf');
  });
});

describe('filterText', () => {
  it('prints the active filters on one line, or nothing without any', () => {
    expect(filterText(['Region = North', ' Year > 2020 '])).toBe('Filters: Region = North; Year > 2020');
    expect(filterText([])).toBe('');
  });
});

describe('PDF exports (real jsPDF)', () => {
  it('puts the chart picture under its title and the filters', async () => {
    const saved = captureSaves();
    await downloadImagePdf('Sales chart', PNG, ['Region = North']);
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('Sales chart.pdf');
    expect(saved[0].text.startsWith('%PDF-')).toBe(true);
    expect(saved[0].text).toContain('(Sales chart)');
    expect(saved[0].text).toContain('(Filters: Region = North)');
    expect(saved[0].text).toContain('/Subtype /Image');
  });

  it('prints a table with the filters above it, from arrays or records', async () => {
    const saved = captureSaves();
    await downloadTablePdf('Orders', ['Region', 'Amount'], [['North', '12'], { Region: 'South', Amount: 5 }], ['Year = 2026']);
    const { text, name } = saved[0];
    expect(name).toBe('Orders.pdf');
    expect(text).toContain('(Filters: Year = 2026)');
    for (const cell of ['Region', 'Amount', 'North', '12', 'South', '5']) expect(text).toContain(`(${cell})`);
    expect(text.indexOf('(Filters: Year = 2026)')).toBeLessThan(text.indexOf('(North)'));
  });

  it('leaves the filter line out when no filter is active', async () => {
    const saved = captureSaves();
    await downloadTablePdf('Orders', ['Region'], [['North']]);
    expect(saved[0].text).not.toContain('Filters:');
  });

  it('writes a filled template over as many pages as it needs', async () => {
    const saved = captureSaves();
    const text = Array.from({ length: 120 }, (_, i) => `Line ${i + 1}`).join('\n');
    await downloadTextPdf('Invoice 7', text);
    expect(saved[0].name).toBe('Invoice 7.pdf');
    expect(saved[0].text).toContain('(Line 1)');
    expect(saved[0].text).toContain('(Line 120)');
    expect(saved[0].pages).toBeGreaterThan(1);
  });

  it('keeps the names the contract announced', () => {
    expect(downloadPdf).toBe(downloadImagePdf);
    expect(tablePdf).toBe(downloadTablePdf);
    expect(textPdf).toBe(downloadTextPdf);
  });
});
