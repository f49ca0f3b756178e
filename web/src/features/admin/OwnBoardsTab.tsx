import { useState } from 'react';
import { Link } from 'react-router';
import { deleteBoard, duplicateBoard, listOwnBoards, listOwnWorkspaces, pageOf } from './adminApi';
import { RowActions } from './AdminControls';
import { AdminTableHead } from './AdminTableHead';
import { dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { useWorkspaceParam, WorkspaceFilterNote } from './workspaceFilter';

/** The owner's boards, all or one workspace's: open one in its editor, duplicate or delete it. */
export function OwnBoardsTab() {
  const workspace = useWorkspaceParam();
  // A new workspace in the address starts a fresh list (first page, its own rows).
  return <BoardsList key={workspace} workspaceId={workspace} />;
}

function BoardsList({ workspaceId }: { workspaceId: string }) {
  const [workspaceName, setWorkspaceName] = useState<string | null | undefined>(undefined);
  const list = usePagedList(async (page) => {
    if (!workspaceId) return pageOf(await listOwnBoards(), page);
    const [boards, workspaces] = await Promise.all([listOwnBoards(), listOwnWorkspaces()]);
    setWorkspaceName(workspaces.find((w) => w.id === workspaceId)?.name ?? null);
    return pageOf(
      boards.filter((board) => board.workspace_id === workspaceId),
      page,
    );
  });

  return (
    <>
      {workspaceId && <WorkspaceFilterNote tab="boards" noun="boards" name={workspaceName} />}
      <ListFrame
        list={list}
        noun="boards"
        empty={
          <p className="muted">
            No boards {workspaceId ? 'in this workspace' : 'yet'}. <Link to="/dashboard/start">Create a board</Link> from a spreadsheet in a few steps.
          </p>
        }
      >
        {(boards) => (
          <table className="admin-table">
            <AdminTableHead columns={['Name', 'Workspace', 'Visibility', 'Changed']} />
            <tbody>
              {boards.map((board) => (
                <tr key={board.id}>
                  <td>{board.name}</td>
                  <td>{board.workspace_name}</td>
                  <td>{board.public ? 'Public' : 'Private'}</td>
                  <td>{dateLabel(board.updated_at)}</td>
                  <RowActions
                    name={board.name}
                    openTo={`/${board.slug}`}
                    deleteQuestion={`Delete the board "${board.name}" with all its blocks? This cannot be undone.`}
                    busy={list.working === board.id}
                    onDelete={() => void list.act(board.id, () => deleteBoard(board.id))}
                  >
                    <button
                      type="button"
                      className="button small"
                      aria-label={`Duplicate ${board.name}`}
                      disabled={list.working === board.id}
                      onClick={() => void list.act(board.id, () => duplicateBoard(board.id))}
                    >
                      Duplicate
                    </button>
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
    </>
  );
}
