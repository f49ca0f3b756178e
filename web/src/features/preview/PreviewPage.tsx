import { useEffect, type ReactNode } from 'react';
import salesSheet from '../../sample/sales.json?raw';
import { useChartModel, useQueryResult } from '../../store/hooks';
import { usePreviewStore } from '../../store/previewStore';
import { ChartPanel } from './ChartPanel';
import { DataTable } from './DataTable';
import { FilterBar } from './FilterBar';
import { SearchBox } from './SearchBox';

export const SAMPLE_SHEET_NAME = 'Sales';

/** The preview board: the bundled sample sheet, searched, filtered and charted by the WASM core. */
export function PreviewPage({ actions }: { actions?: ReactNode }) {
  const status = usePreviewStore((s) => s.status);
  const loadError = usePreviewStore((s) => s.loadError);
  const rowCount = usePreviewStore((s) => s.rowCount);
  const sheetName = usePreviewStore((s) => s.sheetName);
  const loadSheet = usePreviewStore((s) => s.loadSheet);
  const query = useQueryResult();
  const chart = useChartModel();

  useEffect(() => {
    if (usePreviewStore.getState().status === 'idle') void loadSheet(SAMPLE_SHEET_NAME, salesSheet);
  }, [loadSheet]);

  // A bad filter fails the table and the chart alike; show the core's message once.
  const error = (query && !query.ok && query.error) || (chart && !chart.ok && chart.error) || null;

  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">Tessera</span>
        <span className="topbar-sub">
          Preview{sheetName && ` · ${sheetName} sample sheet`}
          {status === 'ready' && ` · ${rowCount} rows`}
        </span>
        {actions}
      </header>
      <main className="board">
        {status === 'loading' || status === 'idle' ? (
          <p className="muted" role="status">
            Loading the data core…
          </p>
        ) : status === 'error' ? (
          <div className="alert" role="alert">
            The sample sheet could not be loaded: {loadError}
          </div>
        ) : (
          <>
            <section className="block toolbar" aria-label="Search and filters">
              <SearchBox />
              <FilterBar />
            </section>
            {error && (
              <div className="alert" role="alert">
                {error}
              </div>
            )}
            <div className="blocks">
              <section className="block" aria-label="Table">
                <h2>Rows</h2>
                {query?.ok && <DataTable result={query.value} />}
              </section>
              <section className="block" aria-label="Chart">
                <h2>Chart</h2>
                <ChartPanel model={chart?.ok ? chart.value : null} />
              </section>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
