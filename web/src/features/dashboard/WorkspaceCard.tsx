import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as dashboardApi from './dashboardApi';
import { ApiError, toApiError } from '../../api/errors';
import type { AppRecord, BoardSummary, Workspace } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { SpreadsheetList } from '../spreadsheets/SpreadsheetList';
import { SpreadsheetSelect } from '../spreadsheets/SpreadsheetSelect';
import { useWorkspaceSpreadsheets } from '../spreadsheets/useWorkspaceSpreadsheets';

interface Props {
  workspace: Workspace;
  boards: BoardSummary[];
  apps: AppRecord[];
  onChanged: () => Promise<void>;
}

/**
 * One workspace: create a board in it (optionally connected to one of its spreadsheets), open,
 * duplicate or delete its boards and apps, and manage its spreadsheets.
 */
export function WorkspaceCard({ workspace, boards, apps, onChanged }: Props) {
  const [boardName, setBoardName] = useState('');
  // null until the owner picks: a workspace with a single spreadsheet starts on it.
  const [pickedSpreadsheet, setBoardSpreadsheet] = useState<string | null>(null);
  const create = useSubmit();
  const [working, setWorking] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const sheets = useWorkspaceSpreadsheets(workspace.id);
  const boardSpreadsheet = pickedSpreadsheet ?? (sheets.spreadsheets?.length === 1 ? sheets.spreadsheets[0].id : '');

  const createBoard = (event: FormEvent) => {
    event.preventDefault();
    void create.run(async () => {
      const board = await dashboardApi.createBoard(workspace.id, boardName.trim(), { alert: false });
      setBoardName('');
      setBoardSpreadsheet(null);
      // The board exists from here on, so the list is reloaded even when connecting it fails.
      try {
        if (boardSpreadsheet) await dashboardApi.connectBoard(board.id, boardSpreadsheet, { alert: false });
      } catch (thrown) {
        const error = toApiError(thrown);
        throw new ApiError(`The board was created, but its spreadsheet could not be connected: ${error.message}`, error.status);
      } finally {
        await onChanged();
      }
    });
  };

  const act = async (id: string, action: () => Promise<unknown>) => {
    setWorking(id);
    // A failure was already alerted by the request layer; reloading shows what is true now.
    await action().catch(() => undefined);
    setWorking(null);
    await onChanged();
  };

  const duplicateBoard = (board: BoardSummary) => void act(board.id, () => dashboardApi.duplicateBoard(board.id));
  const deleteBoard = async (board: BoardSummary) => {
    if (
      await confirm({ title: 'Delete board', question: `Delete the board "${board.name}" with all its blocks? This cannot be undone.`, confirmLabel: 'Delete' })
    ) {
      void act(board.id, () => dashboardApi.deleteBoard(board.id));
    }
  };
  const deleteApp = async (app: AppRecord) => {
    if (
      await confirm({ title: 'Delete app', question: `Delete the app "${app.name}" with its pages and users? This cannot be undone.`, confirmLabel: 'Delete' })
    ) {
      void act(app.id, () => dashboardApi.deleteApp(app.id));
    }
  };

  return (
    <section className="card workspace" aria-labelledby={`ws-${workspace.id}`}>
      <header className="workspace-head">
        <h2 id={`ws-${workspace.id}`}>{workspace.name}</h2>
        <span className="muted workspace-sub">{workspace.subdomain}</span>
      </header>

      <form className="inline-form" onSubmit={createBoard} aria-label={`New board in ${workspace.name}`}>
        <input aria-label="Board name" placeholder="Name of a new board" required value={boardName} onChange={(e) => setBoardName(e.target.value)} />
        {sheets.spreadsheets && sheets.spreadsheets.length > 0 && (
          <SpreadsheetSelect
            aria-label="Spreadsheet of the new board"
            spreadsheets={sheets.spreadsheets}
            value={boardSpreadsheet}
            onChange={setBoardSpreadsheet}
          />
        )}
        <button className="button primary" type="submit" disabled={create.busy || !boardName.trim()}>
          {create.busy ? 'Creating...' : 'Create board'}
        </button>
      </form>
      <FormError message={create.error} />

      <h3 className="list-title">Boards</h3>
      {boards.length === 0 ? (
        <p className="muted list-empty">No boards yet. Name your first board above and press Create board.</p>
      ) : (
        <ul className="item-list">
          {boards.map((board) => (
            <li key={board.id} className="item">
              <div className="item-main">
                <Link to={`/${board.slug}`} className="item-name">
                  {board.name}
                </Link>
                <span className={`badge ${board.public ? 'public' : ''}`}>{board.public ? 'Public' : 'Private'}</span>
              </div>
              <div className="item-actions">
                <Link className="button small" to={`/${board.slug}`}>
                  Open
                </Link>
                <button type="button" className="button small" disabled={working === board.id} onClick={() => duplicateBoard(board)}>
                  Duplicate
                </button>
                <button type="button" className="button small danger" disabled={working === board.id} onClick={() => void deleteBoard(board)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <SpreadsheetList workspaceId={workspace.id} spreadsheets={sheets.spreadsheets} error={sheets.error} onUpdated={sheets.update} onChanged={sheets.reload} />

      <h3 className="list-title">Apps</h3>
      {apps.length === 0 ? (
        <p className="muted list-empty">
          No apps yet. An app joins several pages of blocks under its own address: <Link to="/dashboard/new-multipage">make an app</Link>.
        </p>
      ) : (
        <ul className="item-list">
          {apps.map((app) => (
            <li key={app.id} className="item">
              <div className="item-main">
                <span className="item-name">{app.name}</span>
                <span className="muted">{app.subdomain}</span>
              </div>
              <div className="item-actions">
                <button type="button" className="button small danger" disabled={working === app.id} onClick={() => void deleteApp(app)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirmDialog}
    </section>
  );
}
