import { deleteBoard, listBoards } from './adminApi';
import { RowActions } from './AdminControls';
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
                <RowActions
                  name={board.name}
                  openTo={`/${board.slug}`}
                  deleteQuestion={`Delete the board "${board.name}" (/${board.slug}) of ${board.owner_email} with all its blocks? This cannot be undone.`}
                  busy={list.working === board.id}
                  onDelete={() => void list.act(board.id, () => deleteBoard(board.id))}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ListFrame>
  );
}
