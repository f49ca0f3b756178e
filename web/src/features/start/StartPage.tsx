import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { toApiError } from '../../api/errors';
import type { Workspace } from '../../api/types';
import { DashboardLayout } from '../../components/DashboardLayout';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { OnboardingGuide } from '../onboarding/OnboardingGuide';
import { useOnboarding } from '../onboarding/useOnboarding';
import { useWorkspaceSpreadsheets } from '../spreadsheets/useWorkspaceSpreadsheets';
import { DataStep, type DataSource } from './DataStep';
import { NameStep } from './NameStep';
import { TemplateStep } from './TemplateStep';
import { BLANK_TEMPLATE, TEMPLATES, visibleColumns, type SheetColumns } from './templates';
import { useBoardCreation } from './useBoardCreation';
import './start.css';

const STEPS = [
  { anchor: '#start-data', label: 'Connect data' },
  { anchor: '#start-template', label: 'Pick a template' },
  { anchor: '#start-name', label: 'Name the board' },
];

/**
 * /dashboard/start: make a board in one screen, in three steps (data, template, name). It is
 * also where a new account lands, so the first-run guide opens it and every step says what it is
 * for.
 */
export default function StartPage() {
  const [workspaces, setWorkspaces] = useState<Workspace[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onboarding = useOnboarding();

  const load = useCallback(async () => {
    setError(null);
    try {
      setWorkspaces(await api.get<Workspace[]>('/api/workspaces', { alert: false }));
    } catch (thrown) {
      setError(toApiError(thrown).message);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <DashboardLayout title="Create a board">
      {onboarding.guide && !onboarding.guide.dismissed && <OnboardingGuide guide={onboarding.guide} onDismiss={() => onboarding.setDismissed(true)} />}
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
      ) : workspaces.length === 0 ? (
        <div className="card empty-state">
          <h2>First, create a workspace</h2>
          <p className="muted">A workspace holds your boards, apps and spreadsheets and gives them their web address. Create one, then come back here to make your first board.</p>
          <Link className="button primary" to="/dashboard/new-workspace">
            Create workspace
          </Link>
        </div>
      ) : (
        <StartFlow workspaces={workspaces} onConnected={() => void onboarding.reload()} />
      )}
    </DashboardLayout>
  );
}

function StartFlow({ workspaces, onConnected }: { workspaces: Workspace[]; onConnected: () => void }) {
  const navigate = useNavigate();
  const [workspaceId, setWorkspaceId] = useState(workspaces[0].id);
  const [chosenSource, setSource] = useState<DataSource | null>(null);
  const [spreadsheetId, setSpreadsheetId] = useState('');
  const [sheetTitle, setSheetTitle] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState('');
  // The spreadsheet ids there were before an upload or a link, to pick the new one once listed.
  const [knownIds, setKnownIds] = useState<Set<string> | null>(null);
  const { spreadsheets, error: spreadsheetsError, reload } = useWorkspaceSpreadsheets(workspaceId);
  const creation = useBoardCreation();

  useEffect(() => {
    if (!knownIds || !spreadsheets) return;
    // Someone else may have connected one meanwhile; the newest of the new ones is this upload.
    const added = spreadsheets.filter((s) => !knownIds.has(s.id)).sort((a, b) => b.created_at - a.created_at)[0];
    if (added) {
      setSpreadsheetId(added.id);
      setSheetTitle('');
      setKnownIds(null);
    }
  }, [knownIds, spreadsheets]);

  // Choices left untouched follow the data: a workspace with spreadsheets starts on them.
  const source: DataSource = chosenSource ?? ((spreadsheets?.length ?? 0) > 0 ? 'existing' : 'upload');
  const spreadsheet = source === 'existing' ? (spreadsheets?.find((s) => s.id === spreadsheetId) ?? spreadsheets?.[0]) : undefined;
  const sheet = spreadsheet?.sheets.find((s) => s.title === sheetTitle) ?? spreadsheet?.sheets[0];
  const columns: SheetColumns | null = sheet && visibleColumns(sheet.columns).length > 0 ? { title: sheet.title, columns: visibleColumns(sheet.columns) } : null;
  const chosen = TEMPLATES.find((t) => t.id === templateId);
  const template = chosen && (!chosen.needsData || columns) ? chosen : BLANK_TEMPLATE;

  const dataDone = source === 'none' || columns !== null;
  const done = [dataDone, templateId !== null, false];
  const current = done.findIndex((d) => !d);

  const changeWorkspace = (id: string) => {
    setWorkspaceId(id);
    setSource(null);
    setSpreadsheetId('');
    setSheetTitle('');
    setKnownIds(null);
  };

  const connected = () => {
    setKnownIds(new Set(spreadsheets?.map((s) => s.id)));
    setSource('existing');
    void reload();
    onConnected();
  };

  const create = async () => {
    const slug = await creation.create({
      workspaceId,
      name: name.trim(),
      spreadsheetId: spreadsheet?.id ?? null,
      blocks: columns && template.needsData ? template.blocks(columns) : [],
    });
    if (slug) navigate(`/${slug}`);
  };

  return (
    <div className="start">
      <ol className="start-steps" aria-label="Steps">
        {STEPS.map((s, index) => (
          <li key={s.anchor} className={done[index] ? 'done' : index === current ? 'current' : undefined} aria-current={index === current ? 'step' : undefined}>
            <a href={s.anchor}>
              <span className="start-step-number" aria-hidden="true">
                {done[index] ? '✓' : index + 1}
              </span>
              {s.label}
              {done[index] && <span className="visually-hidden"> (done)</span>}
            </a>
          </li>
        ))}
      </ol>
      <DataStep
        workspaces={workspaces}
        workspaceId={workspaceId}
        onWorkspace={changeWorkspace}
        spreadsheets={spreadsheets}
        spreadsheetsError={spreadsheetsError}
        onRetry={() => void reload()}
        source={source}
        onSource={setSource}
        spreadsheet={spreadsheet}
        onSpreadsheet={(id) => {
          setSpreadsheetId(id);
          setSheetTitle('');
        }}
        sheet={sheet}
        onSheet={setSheetTitle}
        onConnected={connected}
      />
      <TemplateStep sheet={columns} template={template} onTemplate={setTemplateId} />
      <NameStep
        name={name}
        onName={setName}
        onCreate={() => void create()}
        busy={creation.busy}
        step={creation.step}
        error={creation.error}
        partial={creation.partial}
        onStartOver={creation.startOver}
      />
    </div>
  );
}
