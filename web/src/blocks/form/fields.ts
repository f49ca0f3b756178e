// The form block's fields as the browser shows and checks them (blocks §3.8). Every check here
// presents a rule the server applies again on submit (server/src/audience.rs `check_values`,
// server/src/api/uploads.rs): the server's answer is the one that counts, so these mirror it and
// never refuse a value the server would take. The pattern rule is tessera-core's (the server calls
// it); its copy here is held to the core's golden vectors by fields.vectors.test.ts.
import type { ViewBlock } from '../data/types';
import { FILE_TOO_LARGE, IMAGE_TOO_LARGE, MAX_FILE_BYTES, MAX_IMAGE_BYTES, type FieldType } from '../data/columnTypes';

export const TODAY_TOKEN = '[(today)]';
export const USER_EMAIL_TOKEN = '[(user_email)]';

/** One field of the form with its settings read and defaulted. */
export interface FormField {
  /** The sheet column the answer goes to. */
  column: string;
  label: string;
  description: string;
  type: FieldType;
  hidden: boolean;
  placeholder: string;
  /** The `default` setting as written, tokens included. */
  defaultText: string;
  /** Fixed options, or null when they come from a sheet (`source`). */
  options: string[] | null;
  source: { sheet: string; column: string } | null;
  accept: string;
  pattern: string;
  /** A message the block gives for a value the pattern refuses (the server reads the same keys). */
  patternMessage: string;
  /** The catalogue's `required` (issue 48): a blank value is refused, here and on the server. */
  required: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Comma-separated options (or a list), trimmed, blanks dropped, as the server splits them. */
export function parseOptions(value: unknown): string[] {
  const list = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : text(value).split(',');
  return list.map((option) => option.trim()).filter(Boolean);
}

/** The block's fields in axis order; entries without a column have nowhere to go and are left out. */
export function formFields(block: ViewBlock<'form'>): FormField[] {
  return block.axis
    .filter((entry) => text(entry.column).trim() !== '')
    .map((entry) => {
      const column = text(entry.column);
      const type = entry.type;
      const fromSheet = entry.from_google_sheet;
      const source = entry.source ?? {};
      return {
        column,
        label: text(entry.label).trim() || column,
        description: text(entry.description),
        type,
        hidden: entry.hide,
        placeholder: entry.placeholder,
        defaultText: text(entry.default),
        options: fromSheet ? null : parseOptions(entry.options),
        source: fromSheet ? { sheet: text(source.sheet).trim(), column: text(source.column).trim() } : null,
        accept: entry.file_mime_type,
        pattern: type === 'file' ? '' : text(entry.regex_validation),
        patternMessage: ['validation_message', 'regex_message', 'error_message'].map((key) => text(entry[key]).trim()).find(Boolean) ?? '',
        required: entry.required,
      };
    });
}

// ---- default values -------------------------------------------------------------------------

/** The viewer's local date as YYYY-MM-DD: the core's `[(today)]` (tessera-core form.rs) is the viewer's date too. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A field's default with its tokens replaced, as tessera-core `form::resolve_default` does it:
 * every `[(today)]` becomes the viewer's date, every `[(user_email)]` the signed-in e-mail (empty
 * for a guest); tokens match exactly. A two-line formatter instead of the WASM core, so a board
 * with a form never downloads the core on first paint.
 */
export function resolveDefault(template: string, email: string, now: Date): string {
  let out = template;
  if (out.includes(TODAY_TOKEN)) out = out.split(TODAY_TOKEN).join(localDate(now));
  if (out.includes(USER_EMAIL_TOKEN)) out = out.split(USER_EMAIL_TOKEN).join(email.trim());
  return out;
}

/**
 * A hidden field whose whole default is one token: the server fills it from the session
 * (audience.rs `fill_hidden_defaults`), whatever the browser sends, so the browser sends nothing.
 */
export function filledByServer(field: FormField): boolean {
  const trimmed = field.defaultText.trim();
  return field.hidden && (trimmed === TODAY_TOKEN || trimmed === USER_EMAIL_TOKEN);
}

/** What a field holds while the form is edited: text, or the chosen options of a multi-select. */
export type FieldValue = string | string[];

/** The starting value of a visible field: its default, resolved. */
export function initialValue(field: FormField, email: string, now: Date): FieldValue {
  if (field.type === 'file') return '';
  const resolved = resolveDefault(field.defaultText, email, now);
  return field.type === 'multi-select' ? parseOptions(resolved) : resolved;
}

// ---- checks before sending ------------------------------------------------------------------

/** A number as people type one, as the server reads it: `-12`, `3.5`, `3,5`, `1,234.5`, `1e3`. */
export function isNumber(value: string): boolean {
  const finite = (t: string) => t.trim() !== '' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) && Number.isFinite(Number(t));
  return finite(value) || (!value.includes('.') && finite(value.replace(',', '.'))) || (value.includes('.') && finite(value.replaceAll(',', '')));
}

/**
 * The simple e-mail shape of platform §5, tessera-core `form::is_valid_email` (the server's rule):
 * trimmed, no white space, one `@` with something before it, a domain name, a dot, then two or
 * more letters, Unicode ones included (`.рф`; Rust's `char::is_alphabetic`). Replayed against the
 * core's `valid_email` vectors in fields.vectors.test.ts.
 */
export function isEmail(value: string): boolean {
  const text = trimWhiteSpace(value);
  if (/\p{White_Space}/u.test(text)) return false;
  const at = text.indexOf('@');
  if (at <= 0 || text.indexOf('@', at + 1) !== -1) return false;
  const domain = text.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot > 0 && /^\p{Alphabetic}{2,}$/u.test(domain.slice(dot + 1));
}

/**
 * The text without white space around it as Rust's `str::trim` reads white space (Unicode's
 * `White_Space`): unlike `String.prototype.trim`, U+0085 goes and U+FEFF stays.
 */
function trimWhiteSpace(value: string): string {
  return value.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');
}

/** tessera-core `form::is_blank`: empty or only white space, as a required field refuses it. */
export function isBlank(value: string): boolean {
  return trimWhiteSpace(value) === '';
}

/** tessera-core `form::REQUIRED_FIELD` for the field named `label` (`This field` when it has none). */
export function requiredMessage(label: string): string {
  return `${trimWhiteSpace(label) || 'This field'} is required.`;
}

/** tessera-core `form::EMPTY_SUBMISSION`. */
export const EMPTY_SUBMISSION = 'Fill in at least one field before sending.';

/** One field of an answer as tessera-core `form::SubmittedField` reads it. */
export interface SubmittedField {
  label?: string;
  value?: string;
  required?: boolean;
  hidden?: boolean;
}

/**
 * tessera-core `form::validate_submission` (`form_submission`), which the server applies to every
 * answer: refused when nothing is filled in (every visible field blank, or every field when all
 * are hidden: hidden defaults fill nothing in), then at the first blank required visible field
 * (`field` its index). Replayed against the core's vectors in fields.vectors.test.ts.
 */
export function validateSubmission(fields: readonly SubmittedField[]): { valid: boolean; message: string | null; field: number | null } {
  const anyVisible = fields.some((field) => !field.hidden);
  const counted = fields.filter((field) => !anyVisible || !field.hidden);
  if (counted.every((field) => isBlank(field.value ?? ''))) return { valid: false, message: EMPTY_SUBMISSION, field: null };
  const missing = fields.findIndex((field) => !field.hidden && field.required && isBlank(field.value ?? ''));
  if (missing !== -1) return { valid: false, message: requiredMessage(fields[missing].label ?? ''), field: missing };
  return { valid: true, message: null, field: null };
}

/** A web address starting with http:// or https:// and naming a host. */
export function isWebAddress(value: string): boolean {
  const match = /^https?:\/\/([^/?#]*)/.exec(value);
  return match !== null && match[1] !== '' && !/\s/.test(value);
}

function isPhone(value: string): boolean {
  return /^[\d +\-().]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3;
}

/**
 * Why the core would refuse a `regex_validation` as a pattern (its error says the same), or null.
 * Thrown by {@link patternMatcher}.
 */
export class BadPattern extends Error {}

/**
 * The pattern rule of tessera-core `form::compile_pattern` (the server checks every submit with
 * it), copied so the form decides before the WASM core loads; `fields.vectors.test.ts` replays
 * the core's golden vectors (`tests/vectors/forms.json`, `form_validate`) against it. The whole
 * value must match, as HTML's `pattern` does: the body is compiled as `^(?:body)$` with the `v`
 * flag as browsers compile `pattern` (`u` where `v` refuses the syntax). A JavaScript-style
 * `/body/flags` (flags among `gimsuy`) is read as its body, case-insensitive with `i`; a leading
 * `(?i)` or `(?s)` becomes the flag. The core's refusals are copied: Unicode classes (`\p{..}`)
 * and patterns too large to compile (estimated here from counted repetitions: the core's limit
 * is about 8,000 single characters). Returns null when there is nothing to check.
 */
export function patternMatcher(pattern: string): RegExp | null {
  if (pattern.trim() === '') return null;
  const slashed = /^\/(.*)\/([^/]*)$/s.exec(pattern);
  let [body, flags] = slashed && slashed[1] !== '' && /^[gimsuy]*$/.test(slashed[2]) ? [slashed[1], slashed[2].includes('i') ? 'i' : ''] : [pattern, ''];
  const inline = /^\(\?([is]+)\)/.exec(body);
  if (inline) {
    body = body.slice(inline[0].length);
    flags += [...new Set(inline[1])].filter((flag) => !flags.includes(flag)).join('');
  }
  if (hasUnicodeClass(body)) throw new BadPattern('Unicode character classes are not supported');
  if (expandedSize(body) > MAX_PATTERN_ATOMS) throw new BadPattern('compiled regex exceeded size limit');
  let lastError: unknown = null;
  for (const unicode of ['v', 'u']) {
    try {
      new RegExp(body, flags + unicode); // alone first, as the core: wrapped, `a)|(b` would compile
      return new RegExp(`^(?:${body})$`, flags + unicode);
    } catch (error) {
      lastError = error;
    }
  }
  throw new BadPattern(lastError instanceof Error ? lastError.message : String(lastError));
}

/** The core's size limit (256 KiB compiled) is about this many single characters. */
const MAX_PATTERN_ATOMS = 8_000;

/** Whether the pattern uses `\p{..}` or `\P{..}`, which the core's regex engine does not know. */
function hasUnicodeClass(body: string): boolean {
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '\\') continue;
    if (body[i + 1] === 'p' || body[i + 1] === 'P') return true;
    i++;
  }
  return false;
}

/** How many single-character steps the pattern expands to, counted repetitions multiplied out. */
function expandedSize(body: string): number {
  const stack: number[] = [0];
  let last = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      i++;
      last = 1;
    } else if (c === '[') {
      let j = i + 1;
      if (body[j] === '^') j++;
      if (body[j] === ']') j++;
      while (j < body.length && body[j] !== ']') j += body[j] === '\\' ? 2 : 1;
      i = j;
      last = 1;
    } else if (c === '(') {
      const flagsOnly = /^\(\?[a-zA-Z-]*\)/.exec(body.slice(i));
      if (flagsOnly) {
        i += flagsOnly[0].length - 1;
        continue;
      }
      const prefix = /^\(\?(?:[a-zA-Z-]*:|P?<[^>]*>)/.exec(body.slice(i));
      if (prefix) i += prefix[0].length - 1;
      stack.push(0);
      last = 0;
      continue;
    } else if (c === ')') {
      last = (stack.length > 1 ? stack.pop()! : 0) + 1;
    } else if (c === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(i));
      if (counted) {
        const times = counted[3] ? Number(counted[3]) : Number(counted[1]) + (counted[2] ? 1 : 0);
        stack[stack.length - 1] += last * (times - 1);
        last *= times;
        i += counted[0].length - 1;
        continue;
      }
      last = 1;
    } else if ('*+?|^$'.includes(c)) {
      continue;
    } else {
      last = 1;
    }
    stack[stack.length - 1] += last;
  }
  return stack.reduce((a, b) => a + b, 0);
}

/** A pattern's matcher, or null when it is empty or the core refuses it (the server then leaves the field unchecked). */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return patternMatcher(pattern);
  } catch (error) {
    if (error instanceof BadPattern) return null;
    throw error;
  }
}

/**
 * tessera-core's `form_validate`: a required field's blank value is refused first (`check_required`,
 * named by `label`); then, by `validate_field`, file fields and empty values are not checked and
 * otherwise the whole value must match. Throws {@link BadPattern} as the core errs.
 */
export function validateField(value: string, type: string, pattern: string, required = false, label = ''): { valid: boolean; message: string | null } {
  if (required && isBlank(value)) return { valid: false, message: requiredMessage(label) };
  if (type.trim().toLowerCase() === 'file' || value === '') return { valid: true, message: null };
  const regex = patternMatcher(pattern);
  if (!regex || regex.test(value)) return { valid: true, message: null };
  return { valid: false, message: `\`${value}\` does not match the pattern \`${pattern}\`` };
}

/** The text a field's value becomes in its cell (a multi-select joined as the server joins it). */
export function cellText(value: FieldValue): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Why a visible field's value would be refused, or null. Blank values pass every check but
 * `required` (the core's rule, as on the server).
 */
export function fieldError(field: FormField, value: FieldValue, file: File | null): string | null {
  if (field.type === 'file') {
    if (!file) return field.required ? requiredMessage(field.label) : null;
    return fileError(file);
  }
  const cell = cellText(value);
  if (isBlank(cell)) return field.required ? requiredMessage(field.label) : null;
  const trimmed = cell.trim();
  switch (field.type) {
    case 'number':
      if (!isNumber(trimmed)) return `${field.label} must be a number.`;
      break;
    case 'email':
      if (!isEmail(trimmed)) return `${field.label} must be an e-mail address such as name@example.com.`;
      break;
    case 'url':
      if (!isWebAddress(trimmed)) return `${field.label} must be a web address starting with http:// or https://.`;
      break;
    case 'tel':
      if (!isPhone(trimmed)) return `${field.label} must be a phone number.`;
      break;
  }
  const regex = compilePattern(field.pattern);
  if (regex && !regex.test(cell)) return field.patternMessage || `${field.label} is not in the expected format.`;
  return null;
}

/** A chosen file the server would refuse for its size. */
export function fileError(file: File): string | null {
  const image = file.type.startsWith('image/');
  if (image && file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  if (!image && file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE;
  return null;
}

/** Distinct non-empty values of `column`, in sheet order: the options of a select drawn from a sheet. */
export function distinctValues(rows: Record<string, string>[], column: string): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const value = (row[column] ?? '').trim();
    if (value) seen.add(value);
  }
  return [...seen];
}
