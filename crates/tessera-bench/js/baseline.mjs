// @ts-check
// (d) The baseline: the benchmark query written the way a React-only app would, in plain
// TypeScript-style JavaScript (JSDoc types, checked by `tsc --checkJs`; compiled TypeScript
// would be this same code). Rows are objects keyed by column name. Numbers and dates are
// parsed once at load (to be fair), filters run first with `Array.filter`, then the search,
// then a `Map` group-by.

/**
 * @typedef {{ category: string, amount_min: number, date_from: string, date_to: string,
 *             search: string, group_by: string, value: string }} Spec
 * @typedef {Record<string, string | number>} Row
 *   A sheet row keyed by column name (text cells), plus `$amount` and `$day`, the amount and
 *   order date parsed once at load.
 * @typedef {{ rows: Row[], columns: string[] }} Sheet
 * @typedef {{ key: string, sum: number, avg: number }} Group
 */

/**
 * Numeric comparison strips non-numeric characters: keep digits, '-' and '.', then
 * `parseFloat` (what `Number(cell.replace(/[^0-9.-]/g, ''))`-style app code does).
 * @param {string} cell
 */
export function parseAmount(cell) {
  const n = parseFloat(cell.replace(/[^0-9.-]/g, ''));
  return Number.isFinite(n) ? n : NaN;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Days since 1970-01-01 of `2024-03-05`, `03/05/2024` (month first) or `Mar 5, 2024`;
 * anything else falls back to `Date.parse`. NaN when unreadable.
 * @param {string} cell
 */
export function parseDay(cell) {
  const t = cell.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return Date.UTC(+m[1], +m[2] - 1, +m[3]) / 86400000;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return Date.UTC(+m[3], +m[1] - 1, +m[2]) / 86400000;
  m = /^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4})$/.exec(t);
  if (m) {
    const mi = MONTHS.indexOf(m[1].toLowerCase());
    if (mi >= 0) return Date.UTC(+m[3], mi, +m[2]) / 86400000;
  }
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? NaN : Math.floor(ms / 86400000);
}

/**
 * The search terms as the comma-separated search box splits them: trimmed, lower-cased, no
 * empty ones (src/query.rs `search_terms`).
 * @param {string} search
 */
export function searchTerms(search) {
  return search
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
}

/**
 * Rows as objects, each with its parsed amount and day.
 * @param {{ columns: string[], rows: string[][] }} csv
 * @param {Spec} spec
 * @returns {Sheet}
 */
export function load(csv, spec) {
  const { columns } = csv;
  const rows = csv.rows.map((cells) => {
    /** @type {Row} */
    const row = {};
    columns.forEach((c, i) => {
      row[c] = cells[i] ?? '';
    });
    row.$amount = parseAmount(String(row[spec.value]));
    row.$day = parseDay(String(row.order_date));
    return row;
  });
  return { rows, columns };
}

/**
 * @param {Sheet} sheet
 * @param {Spec} spec
 * @returns {{ count: number, groups: Group[] }}
 */
export function query(sheet, spec) {
  const { rows, columns } = sheet;
  const category = spec.category.trim().toLowerCase();
  const from = parseDay(spec.date_from);
  const to = parseDay(spec.date_to);
  const terms = searchTerms(spec.search);

  const filtered = rows.filter((row) => {
    if (String(row.category).trim().toLowerCase() !== category) return false;
    if (!(Number(row.$amount) > spec.amount_min)) return false;
    const d = Number(row.$day);
    if (!(d >= from && d <= to)) return false;
    return true;
  });
  const matched =
    terms.length === 0
      ? filtered
      : filtered.filter((row) =>
          columns.some((c) => {
            const v = String(row[c]).toLowerCase();
            return terms.some((t) => v.includes(t));
          }),
        );

  /** @type {Map<string, { sum: number, n: number }>} */
  const groups = new Map();
  for (const row of matched) {
    const key = String(row[spec.group_by]);
    const value = Number(row.$amount);
    const g = groups.get(key) ?? { sum: 0, n: 0 };
    if (!Number.isNaN(value)) {
      g.sum += value;
      g.n += 1;
    }
    groups.set(key, g);
  }
  return {
    count: matched.length,
    groups: [...groups].map(([key, g]) => ({ key, sum: g.sum, avg: g.n ? g.sum / g.n : NaN })),
  };
}
