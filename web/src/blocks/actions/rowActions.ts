// Which row actions (blocks §3.6) a caller sees, and the addresses the link-like ones open.
// Who may do what is the server's answer (`permissions`); this only hides what it refuses.
import type { BoardBlock } from '../../generated/api';
import type { ListActionsItemSettings, TableActionsItemSettings } from '../../generated/blockConfigs';
import { HIDDEN_COLUMNS } from '../details/DetailsPopup';
import type { BlockPermissions } from '../data/types';

/** A row action as a normalised table or list holds it (a list's offer fewer types and fields). */
export type RowAction = TableActionsItemSettings | ListActionsItemSettings;

/** The action types of blocks §3.6. */
export const ACTION_TYPES = ['Duplicate row', 'Edit row', 'Delete row', 'Open link', 'API call', 'Compose Email', 'Copy to clipboard', 'Download pdf'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
/** A list offers only these (blocks §3.5, §3.6). */
export const LIST_ACTION_TYPES: readonly ActionType[] = ['Edit row', 'Delete row'];

/**
 * The known type of an action, if any. Older editors' spellings ("delete_row", "deleteRow") were
 * read as the catalogue's option when the block was normalised (`tessera_blocks::normalise`).
 */
export function actionType(action: RowAction): ActionType | undefined {
  return ACTION_TYPES.find((type) => type === action.type);
}

export interface ShownAction {
  action: RowAction;
  type: ActionType;
  /** Its place in the block's `actions`: the index the server runs. */
  index: number;
}

/**
 * The actions whose buttons show: none unless the server says the caller is in
 * `action_button_visibility`; Edit, Delete and Duplicate only when it allows that write too.
 */
export function shownActions(actions: RowAction[], permissions: BlockPermissions | undefined, types: readonly ActionType[] = ACTION_TYPES): ShownAction[] {
  if (!permissions?.actions) return [];
  return actions.flatMap((action, index) => {
    const type = actionType(action);
    if (!type || !types.includes(type)) return [];
    if (type === 'Edit row' && permissions.edit_columns.length === 0) return [];
    if (type === 'Delete row' && !permissions.delete) return [];
    if (type === 'Duplicate row' && !permissions.duplicate) return [];
    return [{ action, type, index }];
  });
}

/** The default button text of an action without a title. */
export function actionTitle(action: RowAction, type: ActionType): string {
  return action.title?.trim() ? action.title : type;
}

/** The row's value in the action's `source_column`, trimmed ('' when it has none). */
export function sourceValue(action: RowAction, record: Record<string, string>): string {
  const column = 'source_column' in action && typeof action.source_column === 'string' ? action.source_column : '';
  return column ? (record[column] ?? '').trim() : '';
}

/** An address 'Open link' may open: http(s) or mailto only (never javascript: or data:). */
export function openableLink(value: string): string | null {
  return /^(https?:\/\/[^\s/]+|mailto:\S)/i.test(value.trim()) ? value.trim() : null;
}

/**
 * 'Compose Email': a mailto: to the row's address with the row's values in the body. The
 * address is encoded so a cell cannot add headers (`a@b.c?bcc=...`).
 */
export function composeHref(block: BoardBlock, to: string, record: Record<string, string>, columns?: string[]): string {
  const address = encodeURIComponent(to.trim()).replace(/%40/g, '@').replace(/%2C/gi, ',');
  const shown = (columns ?? Object.keys(record)).filter((column) => !HIDDEN_COLUMNS.has(column));
  const body = shown.map((column) => `${column}: ${record[column] ?? ''}`).join('\r\n');
  const params = [`body=${encodeURIComponent(body)}`];
  if (block.title?.trim()) params.unshift(`subject=${encodeURIComponent(block.title.trim())}`);
  return `mailto:${address}?${params.join('&')}`;
}
