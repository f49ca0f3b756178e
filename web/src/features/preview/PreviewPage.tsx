import { useEffect } from 'react';
import salesSheet from '../../sample/sales.json?raw';
import { useChartModel, useQueryResult } from '../../store/hooks';
import { usePreviewStore } from '../../store/previewStore';
import { ChartPanel } from './ChartPanel';
import { DataTable } from './DataTable';
import { FilterBar } from './FilterBar';
import { SearchBox } from './SearchBox';

export const SAMPLE_SHEET_NAME = 'Sales';

/**
 * The sample board: the bundled sample sheet, searched, filtered and charted by the WASM core.
 * It is a part of a page (the home page's live demo), so it brings no page bar or landmark of
 * its own; its block titles sit under the host's section heading.
 */
export function PreviewPage() {
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
    <div className="board preview-board">
      <p className="preview-caption">
        {sheetName ? `${sheetName} sample sheet` : 'Sample sheet'}
        {status === 'ready' && ` · ${rowCount} rows`}
      </p>
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
              <h3>Rows</h3>
              {query?.ok && <DataTable result={query.value} />}
            </section>
            <section className="block" aria-label="Chart">
              <h3>Chart</h3>
              <ChartPanel model={chart?.ok ? chart.value : null} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
