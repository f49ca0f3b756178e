import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listWorkspaces } from '../dashboard/dashboardApi';
import { toApiError } from '../../api/errors';
import type { Workspace } from '../../generated/api';
import { DashboardLayout } from '../../components/DashboardLayout';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { WorkspaceForm } from '../dashboard/WorkspaceForm';
import { GuideHeader } from '../onboarding/GuideHeader';
import { guideSteps, type Onboarding } from '../onboarding/onboardingApi';
import { useOnboarding } from '../onboarding/useOnboarding';
import { DataPicker } from './DataPicker';
import { NameStep } from './NameStep';
import { Stepper, type StepItem } from './Stepper';
import { TemplateStep } from './TemplateStep';
import { BLANK_TEMPLATE, DATA_TEMPLATE, TEMPLATES } from './templates';
import { useBoardCreation } from './useBoardCreation';
import { useDataChoice } from './useDataChoice';
import { useTemplatePlans } from './useTemplatePlans';
import './start.css';
import { WorkspaceSelect } from '../dashboard/WorkspaceSelect';

/**
 * /dashboard/start: where a new account lands and where every board is made. One stepper: a
 * workspace (made right here when there is none), the data (with a preview of its first rows and
 * column types), a template or a blank board, which opens in its editor. While the account's
 * first-run guide is on, the steps are ticked from what the account has made (so a return, a
 * reload included, resumes at the first step left) and a last step leads to adding a block.
 */
export default function StartPage() {
  const [workspaces, setWorkspaces] = useState<Workspace[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onboarding = useOnboarding();

  const load = useCallback(async () => {
    setError(null);
    try {
      setWorkspaces(await listWorkspaces({ alert: false }));
    } catch (thrown) {
      setError(toApiError(thrown).message);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <DashboardLayout title="Create a board">
      {error ? (
        <div className="card empty-state">
          <h2>Your workspaces could not be loaded</h2>
          <FormError message={error} />
          <button type="button" className="button primary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : !workspaces ? (
        <Loading />
      ) : (
        <StartFlow
          workspaces={workspaces}
          guide={onboarding.guide && !onboarding.guide.dismissed ? onboarding.guide : null}
          onDismiss={() => onboarding.setDismissed(true)}
          onWorkspaceCreated={(made) => {
            setWorkspaces([...workspaces, made]);
            void onboarding.reload();
          }}
          onConnected={() => void onboarding.reload()}
        />
      )}
    </DashboardLayout>
  );
}

interface FlowProps {
  workspaces: Workspace[];
  /** The first-run guide while it is on; null once dismissed or when it cannot be read. */
  guide: Onboarding | null;
  onDismiss: () => Promise<void>;
  onWorkspaceCreated: (workspace: Workspace) => void;
  onConnected: () => void;
}

const NEEDS_WORKSPACE = 'Create a workspace first: it holds your spreadsheets and boards.';

function StartFlow({ workspaces, guide, onDismiss, onWorkspaceCreated, onConnected }: FlowProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const [chosenWorkspace, setWorkspaceId] = useState('');
  const workspaceId = workspaces.some((w) => w.id === chosenWorkspace) ? chosenWorkspace : (workspaces[0]?.id ?? '');
  const data = useDataChoice(workspaceId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const creation = useBoardCreation();

  const plans = useTemplatePlans(data.tab);
  const planned = (id: string) => (plans.status === 'ready' ? plans.plans[id] : []);
  // Until the owner picks one, a board with data starts from a table of its rows: picked as soon
  // as there is a tab, so the choice shown does not change once its columns have been read.
  const byData = data.tab.status !== 'none' && plans.status !== 'unavailable' ? DATA_TEMPLATE : BLANK_TEMPLATE;
  const shown = TEMPLATES.find((t) => t.id === templateId) ?? byData;
  // A template whose blocks cannot be planned (yet) makes a blank board.
  const template = shown.blocks.length === 0 || planned(shown.id).length > 0 ? shown : BLANK_TEMPLATE;
  const hasWorkspace = workspaceId !== '';
  // The picked template's blocks come from its columns: making the board before they are read
  // would give an empty board under a template that shows as picked.
  const waiting = plans.status === 'reading' && shown.blocks.length > 0 ? `Reading the columns of ${plans.title} for the template...` : null;

  const create = async () => {
    const slug = await creation.create({
      workspaceId,
      name: name.trim(),
      spreadsheetId: data.spreadsheet?.id ?? null,
      blocks: planned(template.id).map((block) => block.config),
    });
    if (slug) navigate(`/${slug}`);
  };

  const [hasWorkspaceDone, dataDone, boardDone, blockDone] = guide ? guideSteps(guide) : [];
  const board = guide?.newest_board ?? null;

  const steps: StepItem[] = [];
  // Without the guide, the workspace step is only there for an account that has none.
  if (guide || !hasWorkspace) {
    steps.push({
      id: 'workspace',
      title: 'Create a workspace',
      done: hasWorkspaceDone,
      content: hasWorkspace ? (
        <p className="muted">
          {workspaces.length === 1
            ? `Your spreadsheets, boards and apps live in ${workspaces[0].name}, which also gives your boards their web address.`
            : `You have ${workspaces.length} workspaces; pick the one for this board in the next step.`}
        </p>
      ) : (
        <WorkspaceForm
          className="form narrow"
          onCreated={(made) => {
            setWorkspaceId(made.id);
            onWorkspaceCreated(made);
          }}
        />
      ),
    });
  }
  steps.push({
    id: 'data',
    title: 'Connect your data',
    done: dataDone,
    content: !hasWorkspace ? (
      <p className="muted">{NEEDS_WORKSPACE}</p>
    ) : (
      <>
        <p className="muted">
          A board shows the rows of a spreadsheet. Use one this workspace already has, upload a CSV, Excel or OpenDocument file, or paste a Google Sheets or
          published CSV link.
        </p>
        {workspaces.length > 1 && (
          <WorkspaceSelect workspaces={workspaces} value={workspaceId} onChange={setWorkspaceId} hint="The board belongs to this workspace." />
        )}
        <DataPicker
          workspaceId={workspaceId}
          choice={data}
          sheetHint="The blocks of the template read this tab."
          noneText="The board starts empty; you can connect a spreadsheet to it later."
          onConnected={onConnected}
        />
      </>
    ),
  });
  steps.push({
    id: 'board',
    title: 'Pick a template or a blank board',
    done: boardDone,
    content: !hasWorkspace ? (
      <p className="muted">{NEEDS_WORKSPACE}</p>
    ) : (
      <>
        {boardDone && board && <p className="start-made">You made {board.name}. Make another one here any time.</p>}
        <TemplateStep plans={plans} template={shown} onTemplate={setTemplateId} />
        <NameStep
          name={name}
          onName={setName}
          onCreate={() => void create()}
          busy={creation.busy}
          step={creation.step}
          error={creation.error}
          partial={creation.partial}
          onStartOver={creation.startOver}
          waiting={waiting}
        />
      </>
    ),
  });
  if (guide) {
    steps.push({
      id: 'block',
      title: 'Add a block',
      done: blockDone,
      content: (
        <>
          <p className="muted">
            {blockDone
              ? 'Your board shows your data. The Docs button in the editor explains every setting of the block you edit.'
              : board
                ? 'Open the board in its editor and press New Block in the sidebar to add a chart, a table, a form or any other block.'
                : 'Make a board first: its editor is where New Block adds charts, tables and forms.'}
          </p>
          {!blockDone && board && (
            <Link className="button small primary" to={`/${board.slug}`}>
              Open {board.name} in the editor
            </Link>
          )}
        </>
      ),
    });
  }
  // The step to resume at: the first the account has not done. With every step done, making
  // another board is what the page is for.
  const current = guide ? (steps.find((s) => !s.done)?.id ?? 'board') : null;

  // A region named by the guide's heading while the guide is on; the same element without it, so
  // the steps (and what is typed in them) stay in place when the guide arrives or is dismissed.
  return (
    <section className="start" aria-labelledby={guide ? headingId : undefined}>
      {guide && <GuideHeader guide={guide} headingId={headingId} onDismiss={onDismiss} />}
      <Stepper steps={steps} current={current} />
    </section>
  );
}
