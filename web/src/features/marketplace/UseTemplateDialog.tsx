import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toApiError } from '../../api/errors';
import type { BoardState, Workspace } from '../../generated/api';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { Popup } from '../../components/Popup';
import { useSessionStatus } from '../../store/sessionStore';
import { BindSpreadsheet } from './BindSpreadsheet';
import { copyTemplate, loadWorkspaces } from './templateApi';
import { WorkspaceSelect } from '../dashboard/WorkspaceSelect';

/** Where signing in or up returns to: the marketplace with this dialog open again. */
const returnPath = (boardId: string) => `/marketplace?use=${encodeURIComponent(boardId)}`;

/**
 * 'Use this template': a visitor is sent to log in or sign up and back here; a user picks the
 * workspace (when there are several), the board is copied there with a copy of its sample data,
 * then 'Bind to your spreadsheet' offers the workspace's spreadsheets. The new board opens in
 * the editor at the end.
 */
export function UseTemplateDialog({ boardId, title, onClose }: { boardId: string; title: string; onClose: () => void }) {
  const status = useSessionStatus();
  const navigate = useNavigate();
  const [copy, setCopy] = useState<BoardState | null>(null);
  const open = (board: BoardState) => navigate(`/${board.slug}`);

  return (
    <Popup title={copy ? 'Bind to your spreadsheet' : `Use “${title}”`} onClose={onClose} maxWidth={720}>
      {status === 'guest' && <SignInFirst boardId={boardId} />}
      {status === 'user' && !copy && <CopyStep boardId={boardId} onCopied={setCopy} />}
      {status === 'user' && copy && (
        <>
          <p>
            “{copy.name}” is now a private board of yours, with a copy of the template's sample data. Bind it to one of your spreadsheets, or keep the sample
            data for now.
          </p>
          <BindSpreadsheet
            boardId={copy.id}
            workspaceId={copy.workspace_id}
            currentSpreadsheetId={copy.spreadsheetId}
            keepLabel="Keep the sample data"
            keepButton="Open the board"
            onKeep={() => open(copy)}
            onBound={(rebound) => open(rebound.board)}
          />
        </>
      )}
      {(status === 'idle' || status === 'loading') && <Loading />}
    </Popup>
  );
}

function SignInFirst({ boardId }: { boardId: string }) {
  const next = encodeURIComponent(returnPath(boardId));
  return (
    <>
      <p>Log in or sign up to copy this board into your workspace. You come back here afterwards.</p>
      <div className="bind-actions">
        <Link className="button" to={`/dashboard/auth?next=${next}`}>
          Log in
        </Link>
        <Link className="button primary" to={`/dashboard/signup?next=${next}`}>
          Sign up
        </Link>
      </div>
    </>
  );
}

function CopyStep({ boardId, onCopied }: { boardId: string; onCopied: (board: BoardState) => void }) {
  const [workspaces, setWorkspaces] = useState<Workspace[] | null>(null);
  const [workspaceId, setWorkspaceId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  useEffect(() => {
    loadWorkspaces().then(
      (list) => {
        setWorkspaces(list);
        setWorkspaceId(list[0]?.id ?? '');
      },
      (thrown) => setError(toApiError(thrown).message),
    );
  }, []);

  const copy = async () => {
    setCopying(true);
    setError(null);
    try {
      onCopied(await copyTemplate(boardId, workspaceId));
    } catch (thrown) {
      setError(toApiError(thrown).message);
      setCopying(false);
    }
  };

  if (!workspaces) return error ? <FormError message={error} /> : <Loading />;
  if (workspaces.length === 0) {
    return (
      <p>
        Boards live in a workspace, and you have none yet. <Link to="/dashboard/new-workspace">Create a workspace</Link>, then come back to use this template.
      </p>
    );
  }
  return (
    <>
      <p>The board is copied with its settings, sections, blocks and a copy of its sample data, as a private board of yours.</p>
      {workspaces.length > 1 && <WorkspaceSelect workspaces={workspaces} value={workspaceId} disabled={copying} onChange={setWorkspaceId} />}
      <FormError message={error} />
      <div className="bind-actions">
        <button type="button" className="button primary" disabled={copying} onClick={() => void copy()}>
          {copying ? 'Copying...' : 'Copy to my workspace'}
        </button>
      </div>
    </>
  );
}
