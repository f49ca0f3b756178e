// Stand-in so the app editor typechecks on its own branch: the users helper's UsersDialog
// (same path and props) replaces this file when the branches are merged.
import { Popup } from '../../components/Popup';

export function UsersDialog({ appId, open, onClose }: { appId: string | null; open: boolean; onClose: () => void }) {
  if (!open || !appId) return null;
  return (
    <Popup title="Users" onClose={onClose} maxWidth={700}>
      <p className="muted">Users of this app.</p>
    </Popup>
  );
}
