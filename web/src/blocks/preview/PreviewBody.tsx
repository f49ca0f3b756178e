// The computed previews laid out compactly: rows as a table, a chart as its series (and drawn
// with the app's lazily loaded ECharts view), cards, the calendar's events, markdown text, a form.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { CalendarModel, ChartModel } from '../../core/types';
import type { PreviewChartType } from '../../store/chartSlice';
import { useConnectivityStore } from '../../store/connectivityStore';
import { RowsTable } from '../RowsTable';
import type { Preview } from './previewModel';

// The same chunk the sample preview draws with: ECharts downloads only when a chart shows.
let chartLoaded = false;
const ChartView = lazy(() =>
  import('../../features/preview/ChartView').then((module) => {
    chartLoaded = true;
    return module;
  }),
);

const count = (n: number) => n.toLocaleString('en-US');
/** The form field types that are also HTML input types; the others (select, textarea...) read as text. */
const INPUT_TYPES = new Set(['text', 'number', 'month', 'tel', 'time', 'url', 'week', 'email', 'date', 'datetime-local', 'file']);
const shownOf = (shown: number, total: number) => `Showing ${count(shown)} of ${count(total)} rows`;

/** A drawing that fails (no SVG support) leaves the series table, which says the same. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The drawn kinds of the sample chart view; the other series types are drawn as bars here. */
function drawnType(model: ChartModel): PreviewChartType {
  const type = model.series[0]?.type;
  return type === 'line' || type === 'horizontal-bar' ? type : 'bar';
}

function ChartPreview({ model }: { model: ChartModel }) {
  // Offline, a chunk never fetched cannot come, and a failed chunk reloads the page: the series
  // table alone says the same.
  const drawable = useConnectivityStore((s) => s.online) || chartLoaded;
  if (model.labels.length === 0) return <p className="muted">No rows match.</p>;
  const columns = ['', ...model.series.map((s) => s.name)];
  const rows = model.labels.map((label, i) => [label, ...model.series.map((s) => (s.data[i] === null ? '–' : count(s.data[i]!)))]);
  return (
    <>
      {drawable && (
        <ChartBoundary>
          <Suspense fallback={null}>
            <div className="preview-chart">
              <ChartView model={model} type={drawnType(model)} label={`Chart of ${model.series.map((s) => s.name).join(', ')}`} />
            </div>
          </Suspense>
        </ChartBoundary>
      )}
      <RowsTable className="preview-table" caption="Chart series" columns={columns} rows={rows} />
    </>
  );
}

function CalendarPreview({ calendar }: { calendar: CalendarModel }) {
  const { window, events, skipped } = calendar;
  return (
    <>
      <p className="preview-meta">{`${window.view} from ${window.start} to ${window.end}: ${count(events.length)} events`}</p>
      {events.length > 0 && (
        <ul className="preview-events">
          {events.slice(0, 20).map((event) => (
            <li key={`${event.row}-${event.start}`}>
              <strong>{event.title || '(no title)'}</strong> {event.all_day ? `${event.start.slice(0, 10)}, all day` : `${event.start} to ${event.end}`}
            </li>
          ))}
        </ul>
      )}
      {skipped > 0 && <p className="muted">{`${count(skipped)} rows have no start date the calendar can read.`}</p>}
    </>
  );
}

export function PreviewBody({ preview }: { preview: Preview }) {
  switch (preview.kind) {
    case 'rows':
      return (
        <>
          <div className="preview-scroll">
            <RowsTable
              className="preview-table"
              caption={`Rows of ${preview.sheet.title}`}
              columns={preview.columns}
              rows={preview.rows}
              colours={preview.colours}
              emptyText="No rows match."
            />
          </div>
          <p className="preview-meta">{shownOf(preview.rows.length, preview.total)}</p>
        </>
      );
    case 'record':
      return preview.fields.length === 0 ? (
        <p className="muted">No rows match.</p>
      ) : (
        <>
          <dl className="preview-record">
            {preview.fields.map(([label, value], i) => (
              <div key={i}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {preview.actions.map((label, i) => (
            <span key={i} className="preview-button">
              {label}
            </span>
          ))}
          <p className="preview-meta">{`The first of ${count(preview.total)} matching rows`}</p>
        </>
      );
    case 'gallery':
      return (
        <>
          <ul className="preview-gallery">
            {preview.items.map((item, i) => (
              <li key={i}>
                {item.image ? <img src={item.image} alt={item.caption || item.image} loading="lazy" /> : <span className="muted">(no image)</span>}
                {item.caption && <strong>{item.caption}</strong>}
                {item.description && <span>{item.description}</span>}
              </li>
            ))}
          </ul>
          <p className="preview-meta">{shownOf(preview.items.length, preview.total)}</p>
        </>
      );
    case 'chart':
      return <ChartPreview model={preview.model} />;
    case 'scorecards':
      return (
        <ul className="preview-cards">
          {preview.cards.map((card, i) => (
            <li key={i} style={{ background: card.background_color, color: card.font_color }}>
              <span className="preview-card-label">{card.label || `Card ${i + 1}`}</span>
              {card.error ? (
                <span className="field-error" role="alert">
                  {card.error}
                </span>
              ) : (
                <strong className="preview-card-value">{card.formatted}</strong>
              )}
            </li>
          ))}
        </ul>
      );
    case 'calendar':
      return <CalendarPreview calendar={preview.calendar} />;
    case 'markdown':
      return (
        <div className="preview-markdown">
          {/* The text as the block would template it; drawing the markdown is the block view's (issue 7). */}
          {preview.texts.slice(0, 12).map((text, i) => (
            <pre key={i}>{text}</pre>
          ))}
          {preview.texts.length > 12 && <p className="preview-meta">{`and ${count(preview.texts.length - 12)} more`}</p>}
        </div>
      );
    case 'form':
      return (
        <div className="preview-form">
          {preview.title && <strong>{preview.title}</strong>}
          {preview.fields.map((field, i) => (
            <label key={i}>
              <span>{field.label}</span>
              {field.type === 'file' ? (
                <input type="file" disabled />
              ) : (
                <input type={INPUT_TYPES.has(field.type) ? field.type : 'text'} placeholder={field.placeholder} value={field.value} readOnly />
              )}
              {field.description && <small className="muted">{field.description}</small>}
            </label>
          ))}
          {preview.submit && <span className="preview-button">{preview.submit}</span>}
        </div>
      );
    default:
      return null;
  }
}
