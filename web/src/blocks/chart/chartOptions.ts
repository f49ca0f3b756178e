// The chart block's ECharts option (blocks §3.3), built from the series the server aggregated
// with tessera-core (one per axis, in the axis order) and the block's settings. Pure: the same
// model and settings always give the same option, and no number here is computed from sheet
// cells; only layout, colours, labels and how values are written are chosen.
//
// Families. The first series' type decides the coordinate system; a block saves only series of
// one family (tessera-blocks refuses a mix at the series, saying why), and a series of another
// family stored before that rule is left out and named under the chart (`seriesLeftOut`):
// - line, bar, horizontal-bar, scatter share one grid (mixed per axis: line + bar on one chart).
//   The chart is horizontal (categories on the y axis) when any series is a horizontal-bar.
// - radar: every series is one polygon on a shared radar whose spokes are the x labels.
// - pie and polarArea: every series is a ring, the first the outermost (as Chart.js draws
//   several pie datasets). polarArea is an ECharts pie with `roseType: 'area'`: every sector has
//   the same angle and its radius shows the value, which is what a polar area chart is; it needs
//   no polar coordinate system (angle and radius axes) and shares the pie's legend, per-sector
//   colours and labels.
import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption, RadarSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, LegendComponentOption, RadarComponentOption, TooltipComponentOption } from 'echarts/components';
import { categoryAxisLayout, type CategoryAxisLayout } from './base/chartOption';
import type { AxisStyle, ChartTexts } from '../data/types';
import type { ChartModel, ChartSeries, ChartType } from '../../generated/core';
import type { ChartAxisItemSettings as ChartAxis, ChartSettings } from '../../generated/blockConfigs';
import { DEFAULT_THEME, type Theme } from '../theme';

export type BlockChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | RadarSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | RadarComponentOption
  | TooltipComponentOption
  | DataZoomComponentOption
>;

const INK = '#43464d';
const GRID_COLOUR = '#e7ebf3';

/** What a chart takes from its board's or app's theme (blocks/theme.ts): it draws on a canvas, out of reach of CSS. */
export interface ChartColours {
  /** Colours of series without a backgroundColor, in order. */
  series: readonly string[];
  /** Labels, legend and axis names. */
  ink: string;
  /** Axis lines and the default grid lines. */
  grid: string;
  /** What the chart is drawn on: pie borders, the PDF's background. */
  surface: string;
}

/** Series after the first two: distinct hues, the product's crimson late so it never meets the accent first. */
const MORE_SERIES = ['#0f9d8a', '#f59e0b', '#0ea5e9', '#8b5cf6', '#84cc16', '#ec4899', '#d81f52', '#8a8d93'];

/**
 * The first series takes the theme's accent, so a default board's charts join its buttons; an
 * owner's palette (Board Settings) replaces the series colours. The dark look gets light labels
 * and dim grid lines.
 */
export function chartColours(theme: Theme): ChartColours {
  const dark = theme.look === 'dark';
  const ink = dark ? '#d5d8de' : INK;
  return {
    series: theme.palette.length > 0 ? theme.palette : [theme.accent, ink, ...MORE_SERIES],
    ink,
    grid: dark ? '#363b45' : GRID_COLOUR,
    surface: dark ? '#1b1e24' : '#ffffff',
  };
}

const DEFAULT_COLOURS = chartColours(DEFAULT_THEME);

/**
 * Above this many points in a series the chart switches to ECharts' large-data modes: `large`
 * bars and scatter points drawn in one batch, progressive rendering, LTTB sampling of lines,
 * no per-point labels or symbols and no animation. 100,000 points stay responsive so.
 */
export const LARGE_POINTS = 2000;
/** Points per frame when rendering progressively, and the size that turns it on. */
export const PROGRESSIVE_CHUNK = 5000;
export const PROGRESSIVE_THRESHOLD = 10_000;
/** Labels on more points than this would only overlap. */
const LABEL_LIMIT = 500;
/** A custom step giving more ticks than this is ignored (a step of 0.01 over millions). */
const MAX_TICKS = 200;

type Family = 'cartesian' | 'radar' | 'pie';

function familyOf(type: ChartType | undefined): Family {
  if (type === 'radar') return 'radar';
  if (type === 'pie' || type === 'polarArea') return 'pie';
  return 'cartesian';
}

export interface ValueFormat {
  /** Data_Format: thousands grouped, at most 2 decimals. */
  grouped: boolean;
  /** The axis' decimal separator: with `comma`, 1,234.5 is written 1.234,5. */
  separator: 'dot' | 'comma';
  /**
   * The series' values as the server wrote them for the viewer (by its column's `format`, in the
   * viewer's locale: `$1,067.70`), by data index; absent in the editor's preview.
   */
  texts?: readonly (string | null)[];
  /** How the value axis writes a number for the series' column format (`$`, `%`). */
  axis?: AxisStyle;
}

/** A value at `dataIndex` of a series: the server's text for it, else as `formatChartValue` writes it. */
export function seriesValueText(value: unknown, format: ValueFormat, dataIndex: number | undefined): string {
  return (dataIndex !== undefined ? format.texts?.[dataIndex] : undefined) ?? formatChartValue(value, format);
}

/** A tick of the value axis, with the currency or percent of the first series' column format. */
export function axisValueText(value: number, format: ValueFormat): string {
  const axis = format.axis ?? { prefix: '', suffix: '', scale: 1 };
  return `${axis.prefix}${formatChartValue(value * axis.scale, format)}${axis.suffix}`;
}

/**
 * A value as the chart writes it (labels, tooltips, the value axis, the details popup). With
 * Data_Format the digits are grouped by threes and rounded to 2 decimals; without it the number
 * is written as it is (float noise such as 0.30000000000000004 trimmed). A comma separator swaps
 * the decimal point and the grouping mark. No value is '–'.
 */
export function formatChartValue(value: unknown, format: ValueFormat): string {
  if (value === null || value === undefined || value === '' || value === '-') return '–';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  let text = format.grouped ? n.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(Number(n.toPrecision(15)));
  if (format.separator === 'comma') text = text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
  return text;
}

/**
 * The settings of series `index`. The core answers one series per axis, in order, and refuses a
 * view with an axis without a column (`tessera_blocks::view`), so every series has its axis.
 */
function axisOf(config: ChartSettings, index: number): ChartAxis {
  const axis = config.axis[index];
  if (!axis) throw new Error(`The chart has ${config.axis.length} series settings but was given series ${index + 1}.`);
  return axis;
}

/** The colours the owner filled in (a colour left blank picks the theme's). */
function coloursOf(axis: ChartAxis): string[] {
  return axis.backgroundColor.filter((c) => c.trim() !== '');
}

function formatOf(config: ChartSettings, axis: ChartAxis, texts?: ChartTexts, index = 0): ValueFormat {
  return {
    grouped: config.Data_Format,
    separator: axis.decimal_separator === 'comma' ? 'comma' : 'dot',
    ...(texts ? { texts: texts.series[index], axis: texts.axis[index] } : {}),
  };
}

interface LabelParams {
  name?: string;
  value?: unknown;
  dimensionIndex?: number;
  dataIndex?: number;
}

/** internal_labels: None, Name (the point's x label), Value, Name and value. */
function labelOption(
  axis: ChartAxis,
  format: ValueFormat,
  position: 'inside' | 'top' | 'right',
  radarLabels?: string[],
): { show: boolean; position?: typeof position; formatter?: (p: LabelParams) => string } {
  const mode = axis.internal_labels ?? 'None';
  if (mode === 'None') return { show: false };
  return {
    show: true,
    position,
    formatter: (p: LabelParams) => {
      const dim = p.dimensionIndex ?? 0;
      const raw = Array.isArray(p.value) ? p.value[dim] : p.value;
      const name = radarLabels ? (radarLabels[dim] ?? '') : (p.name ?? '');
      // A radar's values are its spokes, so a value's text is found by its dimension.
      const value = seriesValueText(raw, format, radarLabels ? dim : p.dataIndex);
      if (mode === 'Name') return name;
      if (mode === 'Value') return value;
      return `${name}: ${value}`;
    },
  };
}

/**
 * pointRadius / pointHoverRadius (0-5, radii as Chart.js gives them; ECharts sizes are
 * diameters). A radius of 0 hides the points; they then show on hover at the hover radius, or
 * not at all when that is 0 too. A hover radius above the radius grows the point on hover.
 */
function pointOptions(axis: ChartAxis, minimum = 0) {
  const radius = Math.max(axis.pointRadius, minimum);
  const hover = axis.pointHoverRadius;
  if (radius === 0 && hover === 0) return { symbol: 'none' as const, showSymbol: false, symbolSize: 0, emphasis: { scale: false } };
  if (radius === 0) return { showSymbol: false, symbolSize: hover * 2, emphasis: { scale: false } };
  return { showSymbol: true, symbolSize: radius * 2, emphasis: { scale: hover > radius ? hover / radius : false } };
}

/** Per-point colours from a backgroundColor list, cycled; a plain colour for one entry. */
function pointColour(colours: string[]): string | ((p: { dataIndex: number }) => string) | undefined {
  if (colours.length === 0) return undefined;
  if (colours.length === 1) return colours[0];
  return (p: { dataIndex: number }) => colours[p.dataIndex % colours.length];
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The value range the axis shows: stacked series add up per category. Loops, not
 * `Math.min(...values)`, which overflows the call stack at 100,000 values.
 */
function valueRange(series: ChartSeries[], stacked: boolean): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  const take = (v: number) => {
    if (v < min) min = v;
    if (v > max) max = v;
  };
  if (stacked && series.length > 1) {
    const length = series.reduce((n, s) => Math.max(n, s.data.length), 0);
    for (let i = 0; i < length; i += 1) {
      let up = 0;
      let down = 0;
      for (const s of series) {
        const v = s.data[i];
        if (finite(v)) {
          if (v >= 0) up += v;
          else down += v;
        }
      }
      take(up);
      take(down);
    }
  } else {
    for (const s of series) for (const v of s.data) if (finite(v)) take(v);
  }
  return min === Infinity ? [0, 0] : [min, max];
}

/** CustomStepSize + StepSize: the tick interval, unless it would draw an absurd number of ticks. */
function stepOf(config: ChartSettings, range: [number, number]): number | undefined {
  const step = config.StepSize;
  if (!config.CustomStepSize || step === undefined || step <= 0) return undefined;
  const span = Math.max(range[1], 0) - Math.min(range[0], 0);
  return span / step > MAX_TICKS ? undefined : step;
}

/** The grid setting: which axes draw split lines (X is ECharts' x axis whatever it holds). */
function gridLines(config: ChartSettings, colours: ChartColours): { x: boolean; y: boolean; colour: string } {
  const grid = config.grid;
  return {
    x: grid === 'X & Y' || grid === 'Only X Axis',
    y: grid === 'X & Y' || grid === 'Only Y Axis',
    colour: config.grid_color || colours.grid,
  };
}

/** legendPosition: hidden, top (default), bottom. */
function legendOption(config: ChartSettings, colours: ChartColours): LegendComponentOption {
  const position = config.legendPosition;
  if (position === 'hidden') return { show: false };
  return { show: true, type: 'scroll', ...(position === 'bottom' ? { bottom: 0 } : { top: 0 }), textStyle: { color: colours.ink } };
}

function gridOption(config: ChartSettings, layout: CategoryAxisLayout, horizontal: boolean): GridComponentOption {
  const position = config.legendPosition;
  const names = config.showScaleLabel;
  return {
    left: names ? 24 : 8,
    right: 16 + (horizontal ? layout.sliderRoom : 0),
    top: position === 'top' ? 36 : 16,
    bottom: (position === 'bottom' ? 36 : 8) + (names ? 20 : 0) + (horizontal ? 0 : layout.sliderRoom),
    containLabel: true,
  };
}

export interface ChartOptionInput {
  model: ChartModel;
  config: ChartSettings;
  /** The server's texts of the values, series for series with `model`. */
  texts?: ChartTexts;
  /** The chart's width in px, which decides how its category labels fit. */
  width?: number;
  colours: ChartColours;
}

function cartesianOption({ model, config, width, colours, texts }: ChartOptionInput): BlockChartOption {
  const horizontal = model.series.some((s) => s.type === 'horizontal-bar');
  const hasBars = model.series.some((s) => s.type !== 'line' && s.type !== 'scatter');
  const stacked = config.stackAxis;
  const points = model.series.reduce((n, s) => Math.max(n, s.data.length), 0);
  const large = points > LARGE_POINTS;
  // A large chart is read as a shape: it shows every point at once and thins its labels (each
  // point's label is in the tooltip) rather than scroll through thousands of them.
  const layout: CategoryAxisLayout = large
    ? { axisLabel: { ...categoryAxisLayout([], horizontal).axisLabel, interval: 'auto', hideOverlap: true }, sliderRoom: 0 }
    : categoryAxisLayout(model.labels, horizontal, width);
  const range = valueRange(model.series, stacked);
  const step = stepOf(config, range);
  const lines = gridLines(config, colours);
  const firstFormat = formatOf(config, axisOf(config, 0), texts);
  const names = config.showScaleLabel;
  const xName = config.x_axis ?? '';
  const valueName = model.series.map((s) => s.name).join(', ');

  const category = {
    type: 'category' as const,
    data: model.labels,
    name: names ? xName : undefined,
    nameLocation: 'middle' as const,
    nameGap: horizontal ? 56 : 28,
    axisLine: { lineStyle: { color: colours.grid } },
    axisLabel: { color: colours.ink, ...layout.axisLabel },
    axisTick: { show: false },
  };
  const value = {
    type: 'value' as const,
    name: names ? valueName : undefined,
    nameLocation: 'middle' as const,
    nameGap: horizontal ? 28 : 48,
    // beginAtZero: zero is always on the axis; otherwise the axis fits the data (Chart.js' default).
    // A bar always starts at zero (Chart.js' bar default too): an axis that fits the data would
    // cut every bar at its foot, or draw it past the axis.
    scale: !config.beginAtZero && !hasBars,
    ...(step !== undefined ? { interval: step } : {}),
    axisLabel: { color: colours.ink, formatter: (v: number) => axisValueText(v, firstFormat) },
  };
  const splitLine = (show: boolean) => ({ show, lineStyle: { color: lines.colour } });
  const xAxis = { ...(horizontal ? value : category), splitLine: splitLine(lines.x) };
  const yAxis = { ...(horizontal ? category : value), splitLine: splitLine(lines.y) };

  const series = model.series.map((s, index) => {
    const axis = axisOf(config, index);
    const format = formatOf(config, axis, texts, index);
    const colours = coloursOf(axis);
    const borderWidth = axis.borderWidth;
    const borderColor = axis.borderColor || undefined;
    const common = {
      name: s.name,
      data: s.data,
      tooltip: { valueFormatter: (v: unknown, dataIndex: number) => seriesValueText(v, format, dataIndex) },
      // stackAxis: bars and lines pile up per category (scatter points are never stacked).
      ...(stacked && s.type !== 'scatter' ? { stack: 'total' } : {}),
    };
    const labels = (position: 'inside' | 'top' | 'right') => (large || s.data.length > LABEL_LIMIT ? { show: false } : labelOption(axis, format, position));

    if (s.type === 'line') {
      return {
        ...common,
        type: 'line',
        // spanGaps: a missing value is bridged instead of breaking the line.
        connectNulls: axis.spanGaps,
        // Chart.js' borderColor/borderWidth of a line are its stroke; backgroundColor its points.
        lineStyle: { width: borderWidth, ...((borderColor ?? colours[0]) ? { color: borderColor ?? colours[0] } : {}) },
        ...((colours[0] ?? borderColor) ? { itemStyle: { color: colours[0] ?? borderColor } } : {}),
        ...(large ? { symbol: 'none', showSymbol: false, sampling: 'lttb' as const, emphasis: { scale: false } } : pointOptions(axis)),
        label: labels('top'),
      } satisfies LineSeriesOption;
    }
    if (s.type === 'scatter') {
      // A scatter point needs a size: radius 0 (the catalogue default) draws ECharts' 10 px dots.
      const pointsOpt = pointOptions(axis);
      return {
        ...common,
        type: 'scatter',
        symbolSize: axis.pointRadius === 0 ? 10 : pointsOpt.symbolSize,
        emphasis: pointsOpt.emphasis,
        itemStyle: { color: pointColour(colours), borderColor, borderWidth },
        label: labels('top'),
        ...(large ? { large: true, largeThreshold: LARGE_POINTS, progressive: PROGRESSIVE_CHUNK, progressiveThreshold: PROGRESSIVE_THRESHOLD } : {}),
      } satisfies ScatterSeriesOption;
    }
    return {
      ...common,
      type: 'bar',
      barMaxWidth: 48,
      itemStyle: { color: pointColour(colours), borderColor, borderWidth },
      label: labels('inside'),
      ...(large ? { large: true, largeThreshold: LARGE_POINTS, progressive: PROGRESSIVE_CHUNK, progressiveThreshold: PROGRESSIVE_THRESHOLD } : {}),
    } satisfies BarSeriesOption;
  });

  return {
    animation: !large,
    color: [...colours.series],
    textStyle: { fontFamily: "'Lexend Deca', sans-serif" },
    legend: legendOption(config, colours),
    grid: gridOption(config, layout, horizontal),
    tooltip: { trigger: 'axis', confine: true },
    ...(layout.dataZoom ? { dataZoom: layout.dataZoom } : {}),
    xAxis,
    yAxis,
    series,
  } as BlockChartOption;
}

/** Round bounds for the radar's shared scale (to the step when one is set). */
function niceBounds(range: [number, number], beginAtZero: boolean, step: number | undefined): [number, number] {
  let [min, max] = range;
  if (beginAtZero || min > 0) min = Math.min(0, min);
  if (max === min) max = min + 1;
  const unit = step ?? 10 ** Math.floor(Math.log10(max - min)) / 2;
  return [Math.floor(min / unit) * unit, Math.ceil(max / unit) * unit];
}

function radarOption({ model, config, colours: themed, texts }: ChartOptionInput): BlockChartOption {
  const range = valueRange(model.series, false);
  const step = stepOf(config, range);
  const [min, max] = niceBounds(range, config.beginAtZero, step);
  const lines = gridLines(config, themed);
  return {
    animation: true,
    color: [...themed.series],
    textStyle: { fontFamily: "'Lexend Deca', sans-serif" },
    legend: legendOption(config, themed),
    tooltip: { trigger: 'item', confine: true },
    radar: {
      // One scale for every spoke: the series share a unit, so spokes scaled apart would mislead.
      indicator: model.labels.map((name) => ({ name, min, max })),
      ...(step !== undefined ? { splitNumber: Math.round((max - min) / step) } : {}),
      center: ['50%', '55%'],
      radius: '65%',
      axisName: { color: themed.ink },
      splitLine: { show: lines.x || lines.y, lineStyle: { color: lines.colour } },
      axisLine: { show: lines.x || lines.y, lineStyle: { color: lines.colour } },
      splitArea: { show: false },
      // showScaleLabel on a radar writes the scale's values along the first spoke.
      axisLabel: {
        show: config.showScaleLabel,
        color: themed.ink,
        formatter: (v: number) => axisValueText(v, formatOf(config, axisOf(config, 0), texts)),
      },
    },
    series: model.series.map((s, index) => {
      const axis = axisOf(config, index);
      // A radar's tooltip lists a series' values by spoke, without their index: they are written
      // with the column's currency or percent (the server's axis style), not the cell texts.
      const format = formatOf(config, axis, texts, index);
      const colours = coloursOf(axis);
      const colour = colours[0] ?? themed.series[index % themed.series.length];
      const borderColor = axis.borderColor || colour;
      // A radar's points have no hover growth in ECharts: pointRadius alone sizes them (0: none).
      const radius = axis.pointRadius;
      return {
        type: 'radar',
        name: s.name,
        tooltip: { valueFormatter: (v: unknown) => (typeof v === 'number' ? axisValueText(v, format) : formatChartValue(v, format)) },
        data: [{ name: s.name, value: s.data.map((v) => (v === null ? '-' : v)) as (number | string)[] }],
        itemStyle: { color: borderColor },
        lineStyle: { width: axis.borderWidth, color: borderColor },
        areaStyle: { color: colour, opacity: 0.25 },
        symbol: radius === 0 ? 'none' : 'circle',
        symbolSize: radius * 2,
        label: labelOption(axis, format, 'top', model.labels),
      } satisfies RadarSeriesOption;
    }),
  } as BlockChartOption;
}

function pieOption({ model, config, colours: themed, texts }: ChartOptionInput): BlockChartOption {
  const count = model.series.length;
  const outer = 70;
  const width = outer / Math.max(count, 1);
  const position = config.legendPosition;
  const centerY = position === 'top' ? '55%' : position === 'bottom' ? '45%' : '50%';
  return {
    animation: true,
    color: [...themed.series],
    textStyle: { fontFamily: "'Lexend Deca', sans-serif" },
    legend: legendOption(config, themed),
    tooltip: { trigger: 'item', confine: true },
    series: model.series.map((s, index) => {
      const axis = axisOf(config, index);
      const drawn = (i: number) => typeof s.data[i] === 'number';
      // The sectors are the labels with a value, so the texts are picked alike.
      const given = texts?.series[index];
      const format = { ...formatOf(config, axis), ...(given ? { texts: model.labels.flatMap((_, i) => (drawn(i) ? [given[i] ?? null] : [])) } : {}) };
      const colours = coloursOf(axis);
      const rose = s.type === 'polarArea';
      // The first series is the outermost ring; a single series fills the whole disc.
      const ringOuter = outer - index * width;
      const ringInner = count === 1 ? (rose ? 10 : 0) : Math.max(outer - (index + 1) * width, rose ? 10 : 0);
      const labels = labelOption(axis, format, 'inside');
      return {
        type: 'pie',
        name: s.name,
        ...(rose ? { roseType: 'area' as const } : {}),
        center: ['50%', centerY],
        radius: [`${ringInner}%`, `${ringOuter}%`],
        tooltip: { valueFormatter: (v: unknown, dataIndex: number) => seriesValueText(v, format, dataIndex) },
        // A label without a value is no sector; a null is not a 0 share.
        data: model.labels.flatMap((name, i) => (drawn(i) ? [{ name, value: s.data[i] as number }] : [])),
        itemStyle: {
          ...(colours.length > 0 ? { color: (p: { dataIndex: number }) => colours[p.dataIndex % colours.length] } : {}),
          borderColor: axis.borderColor || themed.surface,
          borderWidth: axis.borderWidth,
        },
        label: labels,
        labelLine: { show: false },
        labelLayout: { hideOverlap: true },
      } satisfies PieSeriesOption;
    }),
  } as BlockChartOption;
}

/** Whether the series at `index` can be drawn with the first series (the same family). */
function drawable(model: ChartModel, index: number): boolean {
  return familyOf(model.series[index]?.type) === familyOf(model.series[0]?.type);
}

/** Series stored beside another family's (before saves refused it): not drawn, named instead. */
export function seriesLeftOut(model: ChartModel): ChartSeries[] {
  return model.series.filter((_, index) => !drawable(model, index));
}

/**
 * The ECharts option of a chart block (see the header for how series types combine). Cartesian
 * series other than line and scatter are bars; series of another family are left out.
 */
export function buildBlockChartOption(
  model: ChartModel,
  config: ChartSettings,
  width?: number,
  colours = DEFAULT_COLOURS,
  texts?: ChartTexts,
): BlockChartOption {
  const keep = <T>(items: readonly T[] | undefined) => items?.filter((_, index) => drawable(model, index));
  const drawn = { ...model, series: keep(model.series) ?? [] };
  const drawnConfig = { ...config, axis: keep(config.axis) ?? [] };
  const drawnTexts = texts && { series: keep(texts.series) ?? [], axis: keep(texts.axis) ?? [] };
  const family = familyOf(drawn.series[0]?.type);
  if (family === 'radar') return radarOption({ model: drawn, config: drawnConfig, colours, texts: drawnTexts });
  if (family === 'pie') return pieOption({ model: drawn, config: drawnConfig, colours, texts: drawnTexts });
  return cartesianOption({ model: drawn, config: drawnConfig, width, colours, texts: drawnTexts });
}

/** Whether any series is past the large-data threshold (the view uses the canvas renderer then too). */
export function isLargeChart(model: ChartModel): boolean {
  return model.series.some((s) => s.data.length > LARGE_POINTS);
}
