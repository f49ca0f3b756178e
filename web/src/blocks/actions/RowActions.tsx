// The row action buttons of a table or list row (blocks §3.6): each action's title and colours,
// shown only where the server's `permissions` allow. Writes and API calls go through the
// block's source, so the server checks the audience again and API tokens never reach viewers.
import { useState, type ReactNode } from 'react';
import { toApiError } from '../../api/errors';
import { useConfirm } from '../../components/ConfirmDialog';
import { showToast } from '../../store/toastStore';
import { RECORD_ID } from '../details/DetailsPopup';
import type { BlockPermissions, BlockSource, ViewBlock } from '../data/types';
import { buttonStyle } from '../frameStyle';
import {
  ACTION_TYPES,
  actionTitle,
  composeHref,
  openableLink,
  shownActions,
  sourceValue,
  type ActionType,
  type RowAction,
  type ShownAction,
} from './rowActions';
import './actions.css';

export interface RowActionsProps {
  block: ViewBlock<'table' | 'list'>;
  source: BlockSource;
  /** The row, keyed by column ('ChartApps Record ID' included). */
  record: Record<string, string>;
  permissions: BlockPermissions | undefined;
  /** The action types this block offers (a list: Edit row and Delete row). */
  types?: readonly ActionType[];
  /** The shown columns in order, for the body of 'Compose Email'. */
  columns?: string[];
  /** 'Edit row': open the row in the edit form. */
  onEdit: (record: Record<string, string>, action: RowAction) => void;
  /** A write changed the rows: load them again. */
  onChanged: () => void;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A failed action: its error_message as the title when set, the server's reason as the text. */
function failed(action: RowAction, error: unknown) {
  const reason = toApiError(error).message;
  const own = text(action.error_message);
  showToast({ kind: 'error', title: own && own !== reason ? own : undefined, text: reason || own || 'The action failed.' });
}

function succeeded(action: RowAction, fallback: string) {
  showToast({ kind: 'success', text: text(action.success_message) || fallback });
}

/** The buttons of the row's actions; nothing when none shows. */
export function RowActions(props: RowActionsProps) {
  const shown = shownActions(props.block.actions, props.permissions, props.types ?? ACTION_TYPES);
  if (shown.length === 0) return null;
  return (
    <div className="row-actions" role="group" aria-label="Row actions">
      {shown.map((entry) => (
        <ActionButton key={entry.index} entry={entry} {...props} />
      ))}
    </div>
  );
}

function ActionButton({ entry, block, source, record, columns, onEdit, onChanged }: RowActionsProps & { entry: ShownAction }) {
  const { action, type, index } = entry;
  const [busy, setBusy] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const recordId = record[RECORD_ID] ?? '';
  const title = actionTitle(action, type);
  const style = buttonStyle(action.button_color, action.text_color);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      failed(action, error);
    } finally {
      setBusy(false);
    }
  };

  const deleteRow = async () => {
    if (!(await confirm({ title: 'Delete row', question: 'Delete this row? The owner can restore it from History, Row activity.', confirmLabel: 'Delete' })))
      return;
    await run(async () => {
      await source.deleteRow(block, recordId);
      succeeded(action, 'Row deleted.');
      onChanged();
    });
  };

  const button = (onClick: () => void, disabled = busy, hint?: string): ReactNode => (
    <button type="button" className="row-action" style={style} disabled={disabled} title={hint} onClick={onClick}>
      {title}
    </button>
  );

  switch (type) {
    case 'Edit row':
      return button(() => onEdit(record, action));
    case 'Duplicate row':
      return button(() =>
        run(async () => {
          await source.duplicateRow(block, recordId);
          succeeded(action, 'Row duplicated.');
          onChanged();
        }),
      );
    case 'Delete row':
      return (
        <>
          {button(() => void deleteRow())}
          {confirmDialog}
        </>
      );
    case 'Open link': {
      const href = openableLink(sourceValue(action, record));
      if (!href) return button(() => undefined, true, 'This row has no web address to open.');
      return (
        <a className="row-action" style={style} href={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      );
    }
    case 'Compose Email': {
      const to = sourceValue(action, record);
      if (!to) return button(() => undefined, true, 'This row has no e-mail address.');
      return (
        <a className="row-action" style={style} href={composeHref(block, to, record, columns)}>
          {title}
        </a>
      );
    }
    case 'Copy to clipboard':
      return button(() =>
        run(async () => {
          await navigator.clipboard.writeText(sourceValue(action, record));
          succeeded(action, 'Copied to the clipboard.');
        }),
      );
    case 'API call':
      return button(() =>
        run(async () => {
          const result = await source.runAction(block, index, recordId);
          if (result.ok) succeeded(action, result.message || 'Done.');
          else showToast({ kind: 'error', text: result.message || text(action.error_message) || 'The action failed.' });
        }),
      );
    case 'Download pdf':
      return button(() =>
        run(async () => {
          const result = await source.runAction(block, index, recordId);
          if (!result.ok) {
            showToast({ kind: 'error', text: result.message || text(action.error_message) || 'The PDF could not be made.' });
            return;
          }
          // jsPDF is loaded only when a PDF is made.
          const { downloadTextPdf } = await import('../pdf/pdf');
          await downloadTextPdf(title, result.text ?? '');
          if (text(action.success_message)) succeeded(action, '');
        }),
      );
  }
}
