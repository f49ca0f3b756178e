import { useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '../../generated/api';
import { FormError } from '../../components/FormError';
import { useSubmit } from '../../hooks/useSubmit';
import { When } from '../history/When';
import { deviceName } from './deviceName';
import { endSession, loadSessions, logOutEverywhereElse } from './sessionsApi';

const browserOf = (session: SessionInfo) => deviceName(session.user_agent);

/** This browser's session first, then the others in the server's order (newest first). */
const thisOneFirst = (sessions: SessionInfo[]) => [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

/** The account's sessions: where it is signed in, with a way to end any but this one. */
export function SessionsCard() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useSubmit();

  const reload = useCallback(() => run(async () => setSessions(await loadSessions())), [run]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const everywhere = () => {
    setNotice(null);
    void run(async () => {
      const ended = await logOutEverywhereElse();
      setNotice(`Logged out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`);
      setSessions(await loadSessions());
    });
  };

  const end = (session: SessionInfo) => {
    setNotice(null);
    void run(async () => {
      await endSession(session.id);
      setNotice(`Logged out of ${browserOf(session)}.`);
      setSessions(await loadSessions());
    });
  };

  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <section className="card form" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted form-intro">Where your account is signed in. Log out of any session you do not recognise.</p>
      {sessions && (
        <ul className="session-list">
          {thisOneFirst(sessions).map((session) => (
            <li key={session.id} className="session-item">
              <div>
                <strong title={session.user_agent ?? undefined}>{browserOf(session)}</strong>
                {session.current && <span className="session-current">This device</span>}
                <div className="muted">
                  {session.ip && `${session.ip} · `}signed in <When at={session.created_at} />
                  {session.last_used_at != null && (
                    <>
                      {' · '}last active <When at={session.last_used_at} />
                    </>
                  )}
                </div>
              </div>
              {!session.current && (
                <button type="button" className="button small" disabled={busy} aria-label={`Log out ${browserOf(session)}`} onClick={() => end(session)}>
                  Log out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
      {notice && (
        <p className="form-notice" role="status">
          {notice}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" disabled={busy || others === 0} onClick={everywhere}>
          Log out everywhere
        </button>
      </div>
    </section>
  );
}
