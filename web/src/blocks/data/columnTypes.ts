// The column types of blocks §3.4 and §3.8 and what the browser offers for each: the one list
// tables, lists, forms and their editors share.

/** The 15 column types of a table (blocks §3.4). */
export const TABLE_TYPES = [
  'text',
  'number',
  'select',
  'multi-select',
  'textarea',
  'markdowntext',
  'month',
  'tel',
  'time',
  'url',
  'image',
  'week',
  'email',
  'date',
  'datetime-local',
] as const;
export type ColumnType = (typeof TABLE_TYPES)[number];

/** A form's field types (blocks §3.8): the table types without image, plus file. */
export const FORM_TYPES = [...TABLE_TYPES.filter((type): type is Exclude<ColumnType, 'image'> => type !== 'image'), 'file'] as const;
export type FieldType = (typeof FORM_TYPES)[number];

/**
 * The `<input type>` of the types an input shows; the others (select, textarea...) have their own
 * control. A number is typed as text: the server also takes a decimal comma (`3,5`).
 */
const INPUT_TYPES: Partial<Record<string, string>> = {
  text: 'text',
  number: 'text',
  month: 'month',
  tel: 'tel',
  time: 'time',
  url: 'url',
  week: 'week',
  email: 'email',
  date: 'date',
  'datetime-local': 'datetime-local',
};

export const inputType = (type: string): string => INPUT_TYPES[type] ?? 'text';

/** Upload limits of server/src/files.rs (images 5 MB, other files 10 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** blocks §5: the upload hint. */
export const IMAGE_TOO_LARGE = 'Images must be under 5 MB';
export const FILE_TOO_LARGE = 'Files must be under 10 MB';
