import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { stepsDone, type Onboarding } from './onboardingApi';
import '../start/start.css';
import './onboarding.css';

/** Creating a workspace comes back here, to the guide. */
const NEW_WORKSPACE = `/dashboard/new-workspace?next=${encodeURIComponent('/dashboard/start')}`;

interface Step {
  title: string;
  done: boolean;
  text: string;
  action?: ReactNode;
}

/** The three steps, each from the account's real data: what to do, and where to do it. */
function stepsOf(guide: Onboarding): Step[] {
  const board = guide.newest_board;
  return [
    {
      title: 'Connect your data',
      done: guide.data_connected,
      text: guide.data_connected
        ? 'A spreadsheet is connected. Connect more any time from your workspace on the dashboard.'
        : guide.has_workspace
          ? 'Upload a CSV, Excel or OpenDocument file, or link a Google Sheet or a published CSV. Its rows become what your blocks show.'
          : 'Your spreadsheets live in a workspace, which also gives your boards their web address. Create one first.',
      action: guide.data_connected ? undefined : guide.has_workspace ? (
        <a className="button small" href="#start-data">
          Connect a spreadsheet
        </a>
      ) : (
        <Link className="button small" to={NEW_WORKSPACE}>
          Create a workspace
        </Link>
      ),
    },
    {
      title: 'Pick a template or a blank board',
      done: guide.board_made,
      text: guide.board_made && board
        ? `You made ${board.name}.`
        : 'Choose a template that fits your columns, or start from a blank board, then give it a name.',
      // Without a workspace the first step's link is the way on; one link to it is enough.
      action:
        !guide.board_made && guide.has_workspace ? (
          <a className="button small" href="#start-template">
            Choose a template
          </a>
        ) : undefined,
    },
    {
      title: 'Add a block',
      done: guide.block_added,
      text: guide.block_added
        ? 'Your board shows your data. The Docs button in the editor explains every setting of the block you edit.'
        : board
          ? 'Open the board in its editor and press New Block in the sidebar to add a chart, a table, a form or any other block.'
          : 'Make a board first: its editor is where New Block adds charts, tables and forms.',
      action:
        !guide.block_added && board ? (
          <Link className="button small primary" to={`/${board.slug}`}>
            Open {board.name} in the editor
          </Link>
        ) : undefined,
    },
  ];
}

/**
 * The first-run guide at the top of `/dashboard/start`: connect data, pick a template or a blank
 * board, add a block, each ticked from what the account has made. Dismissing it is kept for the
 * account; the dashboard can show it again.
 */
export function OnboardingGuide({ guide, onDismiss }: { guide: Onboarding; onDismiss: () => Promise<void> }) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const done = stepsDone(guide);
  const dismiss = () => {
    setBusy(true);
    onDismiss().catch(() => setBusy(false));
  };

  return (
    <section className="card onboarding" aria-labelledby={headingId}>
      <header className="onboarding-head">
        <div>
          <h2 id={headingId}>{done === 3 ? 'You are all set' : 'Get started in three steps'}</h2>
          <p className="muted onboarding-progress">{done} of 3 steps done</p>
        </div>
        <button type="button" className="button ghost small" disabled={busy} onClick={dismiss}>
          Dismiss guide
        </button>
      </header>
      <ol className="onboarding-steps">
        {stepsOf(guide).map((step, index) => (
          <li key={step.title} className={step.done ? 'onboarding-step done' : 'onboarding-step'}>
            <span className="start-step-number onboarding-mark" aria-hidden="true">
              {step.done ? '✓' : index + 1}
            </span>
            <div className="onboarding-body">
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
              {step.action}
            </div>
            <span className="onboarding-status">{step.done ? 'Done' : 'To do'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
