// The chart block (blocks §3.3): the series tessera-core aggregated on the server, drawn with
// ECharts (its own lazy chunk), with a PDF export of the picture (pdf_download, default on) and
// the values of a clicked category (show_details_on_click). The option is built by the pure
// `buildBlockChartOption`; a visually hidden table gives screen readers the same numbers.
import { Component, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EChartsType } from 'echarts/core';
import { Loading } from '../../components/Loading';
import type { ChartModel } from '../../generated/core';
import type { ChartPoint } from './base/ChartView';
import { showToast } from '../../store/toastStore';
import { BlockLoadState, NoRows } from '../data/BlockLoadState';
import { useBlockView } from '../data/hooks';
import type { BlockView, ChartTexts, DataBlockProps } from '../data/types';
import { DetailsPopup } from '../details/DetailsPopup';
import { toolbarColour } from '../frameStyle';
import { BlockMenu } from '../pdf/BlockMenu';
import { downloadImagePdf } from '../pdf/pdf';
import { buildBlockChartOption, chartColours, seriesLeftOut, seriesValueText } from './chartOptions';
import { useTheme } from '../theme';
import './chart.css';

// ECharts is the largest dependency of the app; it arrives with the first chart on a page. Not
// React.lazy: React reveals suspended content in batches (every 300 ms), which held charts back
// after their code and series had both arrived (issue 31).
type Canvas = (typeof import('./ChartCanvas'))['default'];
let loadedCanvas: Canvas | undefined;
const loadCanvas = () => import('./ChartCanvas').then((module) => (loadedCanvas = module.default));

/** The chart's drawing code: undefined while it downloads, 'failed' when it could not. */
function useCanvas(): Canvas | 'failed' | undefined {
  const [canvas, setCanvas] = useState<Canvas | 'failed' | undefined>(() => loadedCanvas);
  useEffect(() => {
    if (canvas) return;
    let live = true;
    loadCanvas().then(
      (loaded) => live && setCanvas(() => loaded),
      () => live && setCanvas('failed'),
    );
    return () => {
      live = false;
    };
  }, [canvas]);
  return canvas;
}

/** Rows of the screen-reader table; a 100,000-point chart is summarised, not read out. */
export const SUMMARY_ROWS = 200;

const CHART_FAILED = 'The chart could not be drawn.';

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) return <p className="block-error">{CHART_FAILED}</p>;
    return this.props.children;
  }
}

type ChartBlockSettings = DataBlockProps<'chart'>['block'];

function chartTitle(block: ChartBlockSettings): string {
  return block.title?.trim() || 'Chart';
}

/** The values of every series at one category, written as the chart writes them. */
function pointRecord(model: ChartModel, config: ChartBlockSettings, index: number, texts?: ChartTexts): Record<string, string> {
  const record: Record<string, string> = { [config.x_axis || 'Label']: model.labels[index] ?? '' };
  model.series.forEach((s, i) => {
    const axis = config.axis[i];
    const format = { grouped: config.Data_Format, separator: axis?.decimal_separator === 'comma' ? ('comma' as const) : ('dot' as const) };
    record[s.name] = seriesValueText(s.data[index], { ...format, texts: texts?.series[i] }, index);
  });
  return record;
}

function SeriesTable({ model, config, title, texts }: { model: ChartModel; config: ChartBlockSettings; title: string; texts?: ChartTexts }) {
  const shown = model.labels.slice(0, SUMMARY_ROWS);
  // A table is never shorter than its rows, whatever its height says: the hidden box is a div
  // around it, or its rows would stretch the page far below the board.
  return (
    <div className="visually-hidden">
      <table>
        <caption>
          {`${title}: ${model.series.map((s) => s.name).join(', ')} by ${config.x_axis || 'label'}`}
          {model.labels.length > shown.length ? `, the first ${shown.length} of ${model.labels.length} values` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">{config.x_axis || 'Label'}</th>
            {model.series.map((s, i) => (
              <th scope="col" key={i}>
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((label, row) => {
            const record = pointRecord(model, config, row, texts);
            return (
              <tr key={row}>
                <th scope="row">{label}</th>
                {model.series.map((s, i) => (
                  <td key={i}>{record[s.name]}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ChartBody({
  model,
  texts,
  block,
  filterLines,
}: {
  model: ChartModel;
  /** The server's texts of the values (absent in the editor's preview). */
  texts?: ChartTexts;
  block: DataBlockProps<'chart'>['block'];
  filterLines: string[];
}) {
  const config = block;
  const title = chartTitle(block);
  const theme = useTheme();
  const colours = useMemo(() => chartColours(theme), [theme]);
  const option = useCallback((width: number) => buildBlockChartOption(model, config, width, colours, texts), [model, config, colours, texts]);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [exporting, setExporting] = useState(false);
  const [point, setPoint] = useState<number | null>(null);
  const ChartCanvas = useCanvas();
  const onPointClick = useCallback((p: ChartPoint) => setPoint(p.dataIndex), []);

  async function exportPdf() {
    if (!chart) return;
    setExporting(true);
    try {
      const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: colours.surface });
      await downloadImagePdf(title, url, filterLines);
    } catch {
      showToast({ kind: 'error', text: 'The PDF could not be made.' });
    } finally {
      setExporting(false);
    }
  }

  const label = `${title}: ${model.series.map((s) => s.name).join(', ')} by ${config.x_axis || 'label'}`;

  return (
    <div className="chart-block">
      <BlockMenu
        title={title}
        tint={toolbarColour(block)}
        actions={config.pdf_download ? [{ label: exporting ? 'Making PDF…' : 'Download PDF', run: () => void exportPdf(), disabled: !chart || exporting }] : []}
      />
      <ChartBoundary>
        {ChartCanvas === 'failed' ? (
          <p className="block-error">{CHART_FAILED}</p>
        ) : ChartCanvas ? (
          <div className="chart-block-canvas">
            <ChartCanvas
              option={option}
              label={label}
              renderer="canvas"
              onChart={setChart}
              onPointClick={config.show_details_on_click ? onPointClick : undefined}
            />
          </div>
        ) : (
          <Loading message="Loading chart..." />
        )}
      </ChartBoundary>
      <LeftOut model={model} />
      <SeriesTable model={model} config={config} title={title} texts={texts} />
      {point !== null && point < model.labels.length && (
        <DetailsPopup title={model.labels[point] || title} record={pointRecord(model, config, point, texts)} onClose={() => setPoint(null)} />
      )}
    </div>
  );
}

/** The series a chart cannot draw with its first one, named so the owner knows what to change. */
function LeftOut({ model }: { model: ChartModel }) {
  const left = seriesLeftOut(model);
  if (left.length === 0) return null;
  const names = left.map((s) => `'${s.name}' (${s.type})`).join(', ');
  return (
    <p className="muted chart-block-left-out">{`Not drawn: ${names} cannot share a chart with ${model.series[0].type} series. Choose another type for ${left.length === 1 ? 'it' : 'them'} in the block settings, or show ${left.length === 1 ? 'it' : 'them'} in a chart of ${left.length === 1 ? 'its' : 'their'} own.`}</p>
  );
}

export function ChartBlock({ block, source }: DataBlockProps<'chart'>) {
  const load = useBlockView<BlockView>(block, source);
  // The drawing code downloads while the server computes the series, not after them. A failure
  // here is the chart body's to show.
  useEffect(() => void loadCanvas().catch(() => undefined), []);
  return (
    <BlockLoadState load={load}>
      {(view) => {
        if (view.kind !== 'chart') return <p className="block-error">This block's data is not a chart.</p>;
        const { chart, texts } = view;
        if (chart.labels.length === 0 || chart.series.length === 0) return <NoRows narrowed={source.narrowed} />;
        return <ChartBody model={chart} texts={texts} block={block} filterLines={source.filterSummary} />;
      }}
    </BlockLoadState>
  );
}
