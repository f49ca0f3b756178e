import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import type { AppSummary, BoardSummary, Workspace } from '../../api/types';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';

interface Props {
  workspace: Workspace;
  boards: BoardSummary[];
  apps: AppSummary[];
  onChanged: () => Promise<void>;
}

/** One workspace: create a board in it, and open, duplicate or delete its boards and apps. */
export function WorkspaceCard({ workspace, boards, apps, onChanged }: Props) {
  const [boardName, setBoardName] = useState('');
  const create = useSubmit();
  const [working, setWorking] = useState<string | null>(null);

  const createBoard = (event: FormEvent) => {
    event.preventDefault();
    void create.run(async () => {
      await api.post('/api/boards', { workspace_id: workspace.id, name: boardName.trim() }, { alert: false });
      setBoardName('');
      await onChanged();
    });
  };

  const act = async (id: string, action: () => Promise<unknown>) => {
    setWorking(id);
    // A failure was already alerted by the request layer; reloading shows what is true now.
    await action().catch(() => undefined);
    setWorking(null);
    await onChanged();
  };

  const duplicateBoard = (board: BoardSummary) => void act(board.id, () => api.post(`/api/boards/${board.id}/duplicate`));
  const deleteBoard = (board: BoardSummary) => {
    if (window.confirm(`Delete the board "${board.name}" with all its blocks? This cannot be undone.`)) {
      void act(board.id, () => api.delete(`/api/boards/${board.id}`));
    }
  };
  const deleteApp = (app: AppSummary) => {
    if (window.confirm(`Delete the app "${app.name}" with its pages and users? This cannot be undone.`)) {
      void act(app.id, () => api.delete(`/api/apps/${app.id}`));
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
                <button type="button" className="button small danger" disabled={working === board.id} onClick={() => deleteBoard(board)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {apps.length > 0 && (
        <>
          <h3 className="list-title">Apps</h3>
          <ul className="item-list">
            {apps.map((app) => (
              <li key={app.id} className="item">
                <div className="item-main">
                  <span className="item-name">{app.name}</span>
                  <span className="muted">{app.subdomain}</span>
                </div>
                <div className="item-actions">
                  <button type="button" className="button small danger" disabled={working === app.id} onClick={() => deleteApp(app)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
