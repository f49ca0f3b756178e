// @ts-check
// A small RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF), the JavaScript twin of
// src/csv.rs. Both Node engines read the CSV with it, so their load times compare.

/**
 * Parses CSV text into its header and rows of string cells.
 * @param {string} text
 * @returns {{ columns: string[], rows: string[][] }}
 */
export function parseCsv(text) {
  /** @type {string[][]} */
  const records = [];
  /** @type {string[]} */
  let record = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let field;
    if (text.charCodeAt(i) === 34 /* " */) {
      i += 1;
      field = '';
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          field += text.slice(i);
          i = n;
          break;
        }
        if (text.charCodeAt(q + 1) === 34) {
          field += text.slice(i, q + 1);
          i = q + 2;
        } else {
          field += text.slice(i, q);
          i = q + 1;
          break;
        }
      }
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 44 || c === 10 || c === 13) break;
        i += 1;
      }
    } else {
      const start = i;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 44 /* , */ || c === 10 /* \n */ || c === 13 /* \r */) break;
        i += 1;
      }
      field = text.slice(start, i);
    }
    record.push(field);
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (c === 44) {
      i += 1;
      if (i === n) record.push('');
    } else {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i += 1;
      i += 1;
      records.push(record);
      record = [];
    }
  }
  if (record.length > 0) records.push(record);
  const columns = records.shift() ?? [];
  return { columns, rows: records };
}
