import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toApiError } from '../../api/errors';
import type { SpreadsheetView } from '../../generated/api';
import { DashboardLayout } from '../../components/DashboardLayout';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { useSubmit } from '../../hooks/useSubmit';
import { showToast } from '../../store/toastStore';
import { SpreadsheetHistory } from '../history/SpreadsheetHistory';
import { GridPager } from './GridPager';
import { GridTable } from './GridTable';
import { RefreshFailureNotice } from './RefreshFailureNotice';
import { getSpreadsheet, refreshSpreadsheet } from './spreadsheetApi';
import { fetchedLabel } from './spreadsheetFormat';
import { isLinked, KIND_LABELS } from './spreadsheetKind';
import { useGridPage } from './useGridPage';
import './spreadsheets.css';

const backLink = (
  <Link className="button" to="/dashboard">
    Back to the dashboard
  </Link>
);

/** /dashboard/spreadsheets/:spreadsheetId: the stored rows of each tab, every column shown. */
export default function SpreadsheetGridPage() {
  const { spreadsheetId = '' } = useParams();
  const [spreadsheet, setSpreadsheet] = useState<SpreadsheetView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const refresh = useSubmit();

  useEffect(() => {
    let current = true;
    getSpreadsheet(spreadsheetId)
      .then((answer) => current && setSpreadsheet(answer))
      .catch((thrown: unknown) => current && setLoadError(toApiError(thrown).message));
    return () => {
      current = false;
    };
  }, [spreadsheetId]);

  // The chosen tab, or the first one when none was chosen or a refresh removed it.
  const sheet = spreadsheet?.sheets.find((s) => s.title === chosenTab) ?? spreadsheet?.sheets[0];
  const grid = useGridPage(spreadsheetId, sheet?.title, offset, sheet?.version);

  const chooseTab = (title: string) => {
    setChosenTab(title);
    setOffset(0);
  };

  // A reverted row or a restored upload gave the tabs new rows and versions, which load the grid again.
  const reloadRows = () =>
    getSpreadsheet(spreadsheetId).then(
      (answer) => {
        setSpreadsheet(answer);
        setOffset(0);
      },
      () => showToast({ kind: 'warning', text: 'The rows could not be loaded again: reload the page to see them.' }),
    );

  const refreshNow = () =>
    void refresh.run(async () => {
      setSpreadsheet(await refreshSpreadsheet(spreadsheetId));
      // The row count may have shrunk below the page shown.
      setOffset(0);
    });

  if (!spreadsheet) {
    return (
      <DashboardLayout title="Spreadsheet" actions={backLink}>
        {loadError ? <FormError message={`The spreadsheet could not be loaded: ${loadError}`} /> : <Loading />}
      </DashboardLayout>
    );
  }

  const linked = isLinked(spreadsheet.kind);
  return (
    <DashboardLayout title={spreadsheet.name} actions={backLink}>
      <section className="card form" aria-label="Rows">
        <div className="grid-toolbar">
          <span className="badge">{KIND_LABELS[spreadsheet.kind] ?? spreadsheet.kind}</span>
          {linked && spreadsheet.fetched_at != null && <span className="muted fetched-at">Last fetched {fetchedLabel(spreadsheet.fetched_at)}</span>}
          {linked && (
            <span className="grid-source">
              <a className="button small" href={spreadsheet.source_url} target="_blank" rel="noopener noreferrer">
                Open the source
              </a>{' '}
              <button type="button" className="button small" disabled={refresh.busy} onClick={refreshNow}>
                {refresh.busy ? 'Refreshing...' : 'Refresh'}
              </button>
            </span>
          )}
        </div>
        {/* A refresh that just failed says so itself, newer than the stored failure. */}
        {!refresh.error && <RefreshFailureNotice spreadsheet={spreadsheet} />}
        <FormError message={refresh.error} />
        {spreadsheet.sheets.length === 0 ? (
          <p className="muted list-empty">This spreadsheet has no tabs.</p>
        ) : (
          <>
            <div className="grid-tabs" role="tablist" aria-label="Tabs">
              {spreadsheet.sheets.map((s) => (
                <button
                  key={s.title}
                  type="button"
                  role="tab"
                  className="button small"
                  aria-selected={s.title === sheet?.title}
                  onClick={() => chooseTab(s.title)}
                >
                  {s.title}
                </button>
              ))}
            </div>
            <FormError message={grid.error} />
            {grid.page ? (
              <>
                <GridTable page={grid.page} label={`Rows of ${sheet?.title ?? ''}`} />
                <GridPager page={grid.page} busy={grid.loading} onOffset={setOffset} />
              </>
            ) : (
              !grid.error && <Loading message="Loading rows..." />
            )}
          </>
        )}
      </section>
      <SpreadsheetHistory spreadsheet={spreadsheet} onChanged={() => void reloadRows()} />
    </DashboardLayout>
  );
}
