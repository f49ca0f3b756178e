import { Link } from 'react-router';
import type { AdminBoard } from '../../api/types';
import { deleteBoard, listBoards } from './adminApi';
import { dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';

/** Every board with its owner: open it at its address or delete it. */
export function BoardsTab() {
  const list = usePagedList(listBoards);

  const remove = (board: AdminBoard) => {
    const question = `Delete the board "${board.name}" (/${board.slug}) of ${board.owner_email} with all its blocks? This cannot be undone.`;
    if (window.confirm(question)) void list.act(board.id, () => deleteBoard(board.id));
  };

  return (
    <ListFrame list={list} noun="boards" empty={<p className="muted">No boards yet. Owners create boards from their dashboard.</p>}>
      {(boards) => (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Visibility</th>
              <th scope="col">Owner</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {boards.map((board) => (
              <tr key={board.id}>
                <td>{board.name}</td>
                <td>/{board.slug}</td>
                <td>{board.public ? 'Public' : 'Private'}</td>
                <td>{board.owner_email}</td>
                <td>{dateLabel(board.created_at)}</td>
                <td className="admin-actions">
                  <Link className="button small" to={`/${board.slug}`} aria-label={`Open ${board.name}`}>
                    Open
                  </Link>
                  <button
                    type="button"
                    className="button small danger"
                    aria-label={`Delete ${board.name}`}
                    disabled={list.working === board.id}
                    onClick={() => remove(board)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
