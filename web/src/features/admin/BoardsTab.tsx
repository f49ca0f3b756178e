import { Link } from 'react-router';
import { deleteBoard, listBoards } from './adminApi';
import { DeleteButton } from './AdminControls';
import { dateLabel, ListFrame } from './ListFrame';
import { usePagedList } from './usePagedList';
import { AdminTableHead } from './AdminTableHead';

/** Every board with its owner: open it at its address or delete it. */
export function BoardsTab() {
  const list = usePagedList(listBoards);

  return (
    <ListFrame list={list} noun="boards" empty={<p className="muted">No boards yet. Owners create boards from their dashboard.</p>}>
      {(boards) => (
        <table className="admin-table">
          <AdminTableHead columns={['Name', 'Address', 'Visibility', 'Owner', 'Created']} />
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
                  <DeleteButton
                    name={board.name}
                    question={`Delete the board "${board.name}" (/${board.slug}) of ${board.owner_email} with all its blocks? This cannot be undone.`}
                    busy={list.working === board.id}
                    onConfirmed={() => void list.act(board.id, () => deleteBoard(board.id))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
