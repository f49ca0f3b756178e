// Who may embed a board and how a private one is embedded (issue 10), in 'Embed Content': the
// sites allowed to frame /embed (the server turns them into its frame-ancestors policy), signed
// links with locked filter values, and, for the workspace owner, the secret that signs them.
import { useEffect, useState, type FormEvent } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardState, EmbedSecret, MintedEmbedToken } from '../../generated/api';
import { useConfirm } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { FormError } from '../../components/FormError';
import { EmbedCodeField, useCopyCode } from '../../shell/EmbedCode';
import { showToast } from '../../store/toastStore';
import { loadEmbedSecret, mintEmbedToken, rotateEmbedSecret, updateBoard } from './boardApi';
import './embedSecurity.css';

export const ROTATE_CONFIRM = 'Rotate the embed secret? Every signed link made so far stops working at once.';

/** How long a signed link lives; the server accepts 1 minute to 1 year. */
export const EXPIRIES = [
  { label: '1 hour', minutes: 60 },
  { label: '1 day', minutes: 24 * 60 },
  { label: '7 days', minutes: 7 * 24 * 60 },
  { label: '30 days', minutes: 30 * 24 * 60 },
  { label: '1 year', minutes: 365 * 24 * 60 },
] as const;

const when = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleString();

/** The names of the board's stored filters, the ones a signed link may lock. */
function filterNames(board: BoardState): string[] {
  const names = board.filters.map((filter) => (typeof filter.name === 'string' ? filter.name.trim() : '')).filter(Boolean);
  return [...new Set(names)];
}

export function EmbedSecurity({ board, onSaved }: { board: BoardState; onSaved: (board: BoardState) => void }) {
  const [minted, setMinted] = useState<MintedEmbedToken | null>(null);
  // Only the workspace's owner and admins edit a board, and they are the ones who may see its secret.
  return (
    <div className="embed-security">
      <AllowedSites board={board} onSaved={onSaved} />
      <SignedLinks board={board} minted={minted} onMinted={setMinted} />
      {/* Links signed with the old secret are refused once it rotates: the one shown goes too. */}
      <SigningSecret board={board} onRotated={() => setMinted(null)} />
    </div>
  );
}

function AllowedSites({ board, onSaved }: { board: BoardState; onSaved: (board: BoardState) => void }) {
  const [text, setText] = useState((board.embed_origins ?? []).join('\n'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    const origins = text.split(/[\s,]+/).filter(Boolean);
    try {
      const next = await updateBoard(board.slug, board.id, { embed_origins: origins });
      setText(next.embed_origins.join('\n'));
      setSaved(true);
      onSaved(next);
    } catch (thrown) {
      const { message, field } = toApiError(thrown);
      setError({ message, field });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-form" aria-label="Sites allowed to embed" onSubmit={(event) => void save(event)} noValidate>
      <h3>Sites allowed to embed</h3>
      <Field
        label="Allowed sites"
        hint="One per line, such as https://shop.example.com or http://localhost:5173. Leave empty to let any site embed this board."
        error={error?.field === 'embed_origins' ? error.message : undefined}
      >
        <textarea rows={3} value={text} spellCheck={false} onChange={(event) => setText(event.target.value)} />
      </Field>
      <FormError message={error && error.field !== 'embed_origins' ? error.message : null} />
      <div className="embed-security-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving...' : 'Save sites'}
        </button>
        {saved && <span role="status">Allowed sites saved.</span>}
      </div>
    </form>
  );
}

function SignedLinks({ board, minted, onMinted }: { board: BoardState; minted: MintedEmbedToken | null; onMinted: (minted: MintedEmbedToken) => void }) {
  const names = filterNames(board);
  const [locked, setLocked] = useState<Record<string, string>>({});
  const [minutes, setMinutes] = useState<number>(EXPIRIES[3].minutes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { codeId, copy } = useCopyCode(minted?.url ?? '', 'Copying was refused by the browser; select the link and copy it by hand.');

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    // A filter left empty is not locked: the viewer may choose its value.
    const filters = Object.fromEntries(Object.entries(locked).filter(([, value]) => value.trim() !== ''));
    try {
      onMinted(await mintEmbedToken(board.slug, board.id, filters, minutes));
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="settings-form" aria-label="Signed links for private boards" onSubmit={(event) => void create(event)} noValidate>
      <h3>Signed links for private boards</h3>
      <p className="muted">
        A signed link shows this board even while it is private, read-only, with the filter values locked here: its viewers cannot change them.
      </p>
      {names.map((name) => (
        <Field key={name} label={`Lock ${name}`} hint="Empty: not locked.">
          <input value={locked[name] ?? ''} onChange={(event) => setLocked({ ...locked, [name]: event.target.value })} />
        </Field>
      ))}
      <Field label="Link expires after">
        <select value={minutes} onChange={(event) => setMinutes(Number(event.target.value))}>
          {EXPIRIES.map(({ label, minutes: value }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <FormError message={error} />
      <div className="embed-security-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Creating...' : 'Create link'}
        </button>
      </div>
      {minted && (
        <div className="embed-code">
          <EmbedCodeField codeId={codeId} snippet={minted.url} label={`Signed link, valid until ${when(minted.expires_at)}:`} />
          <button type="button" className="button" onClick={() => void copy()}>
            Copy link
          </button>
        </div>
      )}
    </form>
  );
}

function SigningSecret({ board, onRotated }: { board: BoardState; onRotated: () => void }) {
  const [secret, setSecret] = useState<EmbedSecret | null>(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const { slug, workspace_id: workspaceId } = board;

  useEffect(() => {
    const abort = new AbortController();
    loadEmbedSecret(slug, workspaceId, abort.signal).then(setSecret, (thrown: unknown) => {
      if (!abort.signal.aborted) setError(toApiError(thrown).message);
    });
    return () => abort.abort();
  }, [slug, workspaceId]);

  const rotate = async () => {
    if (!(await confirm({ title: 'Rotate secret', question: ROTATE_CONFIRM, confirmLabel: 'Rotate secret' }))) return;
    setBusy(true);
    setError(null);
    try {
      setSecret(await rotateEmbedSecret(slug, workspaceId));
      onRotated();
      showToast({ kind: 'success', text: 'Embed secret rotated: links signed before no longer work.' });
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-form" aria-label="Signing secret">
      <h3>Signing secret</h3>
      {secret && <p>Last rotated {when(secret.rotated_at)}.</p>}
      <FormError message={error} />
      <div className="embed-security-actions">
        <button type="button" className="button danger" disabled={busy || !secret} onClick={() => void rotate()}>
          {busy ? 'Rotating...' : 'Rotate secret'}
        </button>
        <button type="button" className="button" disabled={!secret} aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide secret' : 'Show secret'}
        </button>
      </div>
      {shown && secret && (
        <>
          <code className="embed-secret" aria-label="Embed secret">
            {secret.secret}
          </code>
          <p className="muted">
            To sign links on your own server: an HS256 JWT signed with this text, with the claims <code>board</code> (<code>{board.id}</code>),{' '}
            <code>filters</code> (filter name to locked value), <code>exp</code> (Unix seconds) and <code>aud</code> (<code>tessera-embed</code>); open it as{' '}
            <code>/embed?board={slug}&amp;token=…</code>.
          </p>
        </>
      )}
      {confirmDialog}
    </section>
  );
}
