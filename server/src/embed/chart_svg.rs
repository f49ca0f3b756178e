//! A chart block's series (`tessera_core::chart::aggregate`, the numbers the block view
//! answers) drawn as an inline `<svg>`, so an embed shows its charts before any script runs and
//! the preview image carries them. The browser's ECharts drawing replaces it; this one only has
//! to be readable and in the block's colours.
//!
//! | first series' type | drawn as |
//! |---|---|
//! | bar, line, scatter, radar | one plot: bars side by side per label, lines with a light area under them, points; radar as a line |
//! | horizontal-bar (in any place) | the same plot turned: labels down the left, bars to the right |
//! | pie, polarArea | the first series as a pie, one colour per label, with a legend |
//!
//! The value axis always holds 0 (negative values go below it) and is cut at round steps of 1,
//! 2 or 5 times a power of ten. No label at all, or no number in any series, is drawn as
//! 'No data'.

use tessera_core::chart::{ChartModel, SeriesType};
use tessera_core::display;

use crate::infra::html::{number, Markup, Safe};

/// The size of a chart's drawing (its `viewBox`); the page scales it to the block's width.
pub const WIDTH: f64 = 600.0;
pub const HEIGHT: f64 = 300.0;

const INK: &str = "#43464d";
const GRID: &str = "#e7ebf3";
const FONT: &str = "11";
/// Characters an axis label keeps before an ellipsis.
const LABEL_CHARS: usize = 14;

/// How a chart looks: what the block's settings and the board's palette say.
#[derive(Debug, Clone)]
pub struct ChartStyle<'a> {
    /// The accessible name (`<title>`): the block's title.
    pub title: &'a str,
    /// Series `i` takes `colours[i % len]`; a pie's slice `j` takes `slice_colours[j % len]`.
    pub colours: Vec<String>,
    pub slice_colours: Vec<String>,
    /// `Data_Format`: thousands grouped.
    pub grouped: bool,
    /// How the value axis writes its numbers: the first series' column format (`$`, `%`).
    pub axis: display::AxisStyle,
}

/// Where the `<svg>` goes: a page scales it (`width="100%"`), an enclosing SVG places it.
#[derive(Debug, Clone, Copy)]
pub enum Placement {
    Page,
    At { x: f64, y: f64, width: f64, height: f64 },
}

/// Writes the chart as one `<svg>` element.
pub fn write(markup: &mut Markup, model: &ChartModel, style: &ChartStyle<'_>, placement: Placement) {
    let view_box = format!("0 0 {WIDTH} {HEIGHT}");
    match placement {
        Placement::Page => markup.open(
            "svg",
            &[
                ("xmlns", "http://www.w3.org/2000/svg".into()),
                ("viewBox", view_box.as_str().into()),
                ("class", "ssr-chart-svg".into()),
                ("role", "img".into()),
            ],
        ),
        Placement::At { x, y, width, height } => markup.open(
            "svg",
            &[
                ("x", x.into()),
                ("y", y.into()),
                ("width", width.into()),
                ("height", height.into()),
                ("viewBox", view_box.as_str().into()),
                ("role", "img".into()),
            ],
        ),
    };
    markup.element("title", &[], style.title);
    let has_numbers = model.series.iter().any(|series| series.data.iter().flatten().any(|value| value.is_finite()));
    if model.labels.is_empty() || !has_numbers {
        markup.element(
            "text",
            &[
                ("x", (WIDTH / 2.0).into()),
                ("y", (HEIGHT / 2.0).into()),
                ("text-anchor", "middle".into()),
                ("fill", INK.into()),
                ("font-size", "14".into()),
            ],
            "No data",
        );
    } else {
        // Only the first series' family is drawn, as in the browser: a pie or radar series saved
        // beside bars (before saves refused it) is left out, never drawn as a bar.
        let first = model.series[0].series_type.family();
        let drawn = ChartModel {
            labels: model.labels.clone(),
            series: model.series.iter().filter(|series| series.series_type.family() == first).cloned().collect(),
        };
        match model.series[0].series_type {
            SeriesType::Pie | SeriesType::PolarArea => pie(markup, &drawn, style),
            _ => plot(markup, &drawn, style, drawn.series.iter().any(|series| series.series_type == SeriesType::HorizontalBar)),
        }
    }
    markup.close("svg");
}

/// The chart alone as markup (the embed page's blocks).
pub fn svg(model: &ChartModel, style: &ChartStyle<'_>) -> Safe {
    let mut markup = Markup::new();
    write(&mut markup, model, style, Placement::Page);
    markup.finish()
}

/// A value axis from `low` to `high` (0 included) cut at round steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Scale {
    pub low: f64,
    pub high: f64,
    pub step: f64,
}

impl Scale {
    /// About five steps of 1, 2 or 5 times a power of ten covering the values and 0.
    pub fn of(values: impl Iterator<Item = f64>) -> Self {
        let (mut low, mut high) = (0.0_f64, 0.0_f64);
        for value in values.filter(|value| value.is_finite()) {
            low = low.min(value);
            high = high.max(value);
        }
        if low == high {
            high = low + 1.0;
        }
        let raw = (high - low) / 5.0;
        let magnitude = 10_f64.powf(raw.log10().floor());
        let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * magnitude).find(|step| *step >= raw).unwrap_or(10.0 * magnitude);
        Self { low: (low / step).floor() * step, high: (high / step).ceil() * step, step }
    }

    /// The ticks from `low` to `high`.
    pub fn ticks(&self) -> Vec<f64> {
        let count = ((self.high - self.low) / self.step).round() as usize;
        (0..=count).map(|i| self.low + self.step * i as f64).collect()
    }

    /// Where `value` falls between `from` (at `low`) and `to` (at `high`).
    pub fn at(&self, value: f64, from: f64, to: f64) -> f64 {
        from + (value - self.low) / (self.high - self.low) * (to - from)
    }
}

/// A value as an axis or legend writes it: at most two decimals, thousands grouped when asked,
/// grouped by the core's display rule (`tessera_core::display`) as the table cells are.
pub fn format_value(value: f64, grouped: bool) -> String {
    if grouped {
        return display::format_number(value, display::Decimals::UpTo(2), &display::EN_US);
    }
    number((value * 100.0).round() / 100.0)
}

fn short(label: &str) -> String {
    let mut chars = label.chars();
    let kept: String = chars.by_ref().take(LABEL_CHARS).collect();
    if chars.next().is_some() {
        format!("{kept}…")
    } else {
        kept
    }
}

fn colour(colours: &[String], index: usize) -> &str {
    colours.get(index % colours.len().max(1)).map_or(INK, String::as_str)
}

/// Bars, lines and points over the labels; turned when `horizontal`.
fn plot(markup: &mut Markup, model: &ChartModel, style: &ChartStyle<'_>, horizontal: bool) {
    let legend = model.series.len() > 1;
    let top = if legend { 30.0 } else { 12.0 };
    let (left, right, bottom) = if horizontal { (96.0, 16.0, 26.0) } else { (56.0, 12.0, 34.0) };
    let (x0, x1, y0, y1) = (left, WIDTH - right, top, HEIGHT - bottom);
    let scale = Scale::of(model.series.iter().flat_map(|series| series.data.iter().flatten().copied()));
    // The value axis runs up the plot, or across it when turned.
    let value_at = |value: f64| if horizontal { scale.at(value, x0, x1) } else { scale.at(value, y1, y0) };
    let count = model.labels.len();
    let band = if horizontal { (y1 - y0) / count as f64 } else { (x1 - x0) / count as f64 };
    let band_start = |i: usize| if horizontal { y0 + band * i as f64 } else { x0 + band * i as f64 };

    for tick in scale.ticks() {
        let at = value_at(tick);
        let (line, label) = if horizontal {
            ([at, y0, at, y1], [("x", at.into()), ("y", (y1 + 16.0).into()), ("text-anchor", "middle".into())])
        } else {
            ([x0, at, x1, at], [("x", (x0 - 6.0).into()), ("y", (at + 4.0).into()), ("text-anchor", "end".into())])
        };
        let stroke = if tick == 0.0 { INK } else { GRID };
        markup.empty(
            "line",
            &[("x1", line[0].into()), ("y1", line[1].into()), ("x2", line[2].into()), ("y2", line[3].into()), ("stroke", stroke.into())],
        );
        let axis = &style.axis;
        let text = format!("{}{}{}", axis.prefix, format_value(tick * axis.scale, style.grouped), axis.suffix);
        let [x, y, anchor] = label;
        markup.element("text", &[x, y, anchor, ("fill", INK.into()), ("font-size", FONT.into())], &text);
    }

    // At most about one label per 40 px (vertical) or 14 px (turned); the others are skipped.
    let room = if horizontal { 14.0 } else { 40.0 };
    let every = ((room / band).ceil() as usize).max(1);
    for (i, label) in model.labels.iter().enumerate().filter(|(i, _)| i % every == 0) {
        let middle = band_start(i) + band / 2.0;
        let attrs = if horizontal {
            [("x", (x0 - 6.0).into()), ("y", (middle + 4.0).into()), ("text-anchor", "end".into())]
        } else {
            [("x", middle.into()), ("y", (y1 + 16.0).into()), ("text-anchor", "middle".into())]
        };
        let [x, y, anchor] = attrs;
        markup.element("text", &[x, y, anchor, ("fill", INK.into()), ("font-size", FONT.into())], &short(label));
    }

    let bars: Vec<usize> = (0..model.series.len()).filter(|&i| is_bar(model.series[i].series_type, horizontal)).collect();
    let zero = value_at(0.0);
    for (series_index, series) in model.series.iter().enumerate() {
        let fill = colour(&style.colours, series_index);
        markup.open("g", &[("fill", fill.into()), ("stroke", fill.into())]);
        markup.element("title", &[], &series.name);
        if let Some(slot) = bars.iter().position(|&i| i == series_index) {
            let inner = band * 0.8;
            let thickness = inner / bars.len() as f64;
            for (i, value) in series.data.iter().enumerate() {
                let Some(value) = value.filter(|value| value.is_finite()) else { continue };
                let offset = band_start(i) + band * 0.1 + thickness * slot as f64;
                let end = value_at(value);
                let (from, length) = (zero.min(end), (end - zero).abs());
                let rect = if horizontal {
                    [("x", from.into()), ("y", offset.into()), ("width", length.into()), ("height", thickness.into())]
                } else {
                    [("x", offset.into()), ("y", from.into()), ("width", thickness.into()), ("height", length.into())]
                };
                let [x, y, width, height] = rect;
                markup.empty("rect", &[x, y, width, height, ("stroke", "none".into())]);
            }
        } else {
            let points: Vec<Option<(f64, f64)>> = series
                .data
                .iter()
                .enumerate()
                .map(|(i, value)| {
                    value.filter(|value| value.is_finite()).map(|value| {
                        let middle = band_start(i) + band / 2.0;
                        if horizontal {
                            (value_at(value), middle)
                        } else {
                            (middle, value_at(value))
                        }
                    })
                })
                .collect();
            if series.series_type == SeriesType::Scatter {
                for (x, y) in points.iter().flatten() {
                    markup.empty("circle", &[("cx", (*x).into()), ("cy", (*y).into()), ("r", 3.0.into()), ("stroke", "none".into())]);
                }
            } else {
                line(markup, &points, zero, horizontal);
            }
        }
        markup.close("g");
    }

    if legend {
        let mut x = x0;
        for (i, series) in model.series.iter().enumerate() {
            let name = short(&series.name);
            markup.empty(
                "rect",
                &[
                    ("x", x.into()),
                    ("y", 8.0.into()),
                    ("width", 10.0.into()),
                    ("height", 10.0.into()),
                    ("fill", colour(&style.colours, i).into()),
                ],
            );
            markup.element(
                "text",
                &[("x", (x + 14.0).into()), ("y", 17.0.into()), ("fill", INK.into()), ("font-size", FONT.into())],
                &name,
            );
            x += 24.0 + 6.5 * name.chars().count() as f64;
        }
    }
}

fn is_bar(series_type: SeriesType, horizontal: bool) -> bool {
    match series_type {
        SeriesType::Bar | SeriesType::HorizontalBar | SeriesType::Pie | SeriesType::PolarArea => true,
        // A turned plot draws every series as bars: lines down a category axis read poorly.
        SeriesType::Line | SeriesType::Radar | SeriesType::Scatter => horizontal,
    }
}

/// A line through the points (a missing value breaks it), with a light area down to zero.
fn line(markup: &mut Markup, points: &[Option<(f64, f64)>], zero: f64, horizontal: bool) {
    for run in points.split(Option::is_none) {
        let run: Vec<(f64, f64)> = run.iter().flatten().copied().collect();
        let (Some(first), Some(last)) = (run.first(), run.last()) else { continue };
        let path: Vec<String> = run.iter().map(|(x, y)| format!("{},{}", number(*x), number(*y))).collect();
        let path = path.join(" ");
        let closing = if horizontal {
            format!("{},{} {},{}", number(zero), number(last.1), number(zero), number(first.1))
        } else {
            format!("{},{} {},{}", number(last.0), number(zero), number(first.0), number(zero))
        };
        markup.empty(
            "polygon",
            &[("points", format!("{path} {closing}").as_str().into()), ("fill-opacity", "0.15".into()), ("stroke", "none".into())],
        );
        markup.empty("polyline", &[("points", path.as_str().into()), ("fill", "none".into()), ("stroke-width", 2.0.into())]);
        if run.len() == 1 {
            markup.empty("circle", &[("cx", first.0.into()), ("cy", first.1.into()), ("r", 3.0.into()), ("stroke", "none".into())]);
        }
    }
}

/// The first series as a pie: positive values only, one slice colour per label, a legend.
fn pie(markup: &mut Markup, model: &ChartModel, style: &ChartStyle<'_>) {
    let series = &model.series[0];
    let slices: Vec<(usize, f64)> = series
        .data
        .iter()
        .enumerate()
        .filter_map(|(i, value)| value.filter(|value| value.is_finite() && *value > 0.0).map(|value| (i, value)))
        .collect();
    let total: f64 = slices.iter().map(|(_, value)| value).sum();
    let (cx, cy, r) = (HEIGHT / 2.0 + 10.0, HEIGHT / 2.0, HEIGHT / 2.0 - 16.0);
    if total <= 0.0 {
        markup.element(
            "text",
            &[("x", cx.into()), ("y", cy.into()), ("text-anchor", "middle".into()), ("fill", INK.into()), ("font-size", "14".into())],
            "No positive values",
        );
        return;
    }
    markup.open("g", &[("stroke", "#fff".into()), ("stroke-width", 1.0.into())]);
    let mut angle = -std::f64::consts::FRAC_PI_2;
    for &(label, value) in &slices {
        let fill = colour(&style.slice_colours, label);
        let sweep = value / total * std::f64::consts::TAU;
        markup.open("g", &[("fill", fill.into())]);
        markup.element("title", &[], &format!("{}: {}", model.labels[label], format_value(value, style.grouped)));
        if slices.len() == 1 {
            markup.empty("circle", &[("cx", cx.into()), ("cy", cy.into()), ("r", r.into())]);
        } else {
            let (start, end) = (angle, angle + sweep);
            let large = if sweep > std::f64::consts::PI { 1 } else { 0 };
            let d = format!(
                "M{},{} L{},{} A{},{} 0 {large} 1 {},{} Z",
                number(cx),
                number(cy),
                number(cx + r * start.cos()),
                number(cy + r * start.sin()),
                number(r),
                number(r),
                number(cx + r * end.cos()),
                number(cy + r * end.sin()),
            );
            markup.empty("path", &[("d", d.as_str().into())]);
        }
        markup.close("g");
        angle += sweep;
    }
    markup.close("g");
    // The legend lists as many labels as fit beside the pie.
    let x = cx + r + 28.0;
    for (row, &(label, value)) in slices.iter().take(((HEIGHT - 20.0) / 18.0) as usize).enumerate() {
        let y = 20.0 + row as f64 * 18.0;
        markup.empty(
            "rect",
            &[
                ("x", x.into()),
                ("y", (y - 9.0).into()),
                ("width", 10.0.into()),
                ("height", 10.0.into()),
                ("fill", colour(&style.slice_colours, label).into()),
            ],
        );
        let text = format!("{} ({})", short(&model.labels[label]), format_value(value, style.grouped));
        markup.element("text", &[("x", (x + 16.0).into()), ("y", y.into()), ("fill", INK.into()), ("font-size", FONT.into())], &text);
    }
}

#[cfg(test)]
mod tests {
    use tessera_core::chart::Series;

    use super::*;

    fn style() -> ChartStyle<'static> {
        ChartStyle {
            title: "Sales <by> region",
            colours: vec!["#d81f52".into(), "#43464d".into()],
            slice_colours: vec!["#111111".into(), "#222222".into()],
            grouped: false,
            axis: display::AxisStyle::default(),
        }
    }

    fn model(labels: &[&str], series: Vec<(SeriesType, Vec<Option<f64>>)>) -> ChartModel {
        ChartModel {
            labels: labels.iter().map(|l| (*l).to_owned()).collect(),
            series: series
                .into_iter()
                .enumerate()
                .map(|(i, (series_type, data))| Series { name: format!("S{i}"), series_type, data })
                .collect(),
        }
    }

    /// The `attr` values of every `<tag` in `svg`, as numbers.
    fn numbers(svg: &str, tag: &str, attr: &str) -> Vec<f64> {
        svg.split(&format!("<{tag} "))
            .skip(1)
            .filter_map(|element| {
                let start = element
                    .find(&format!(" {attr}=\""))
                    .map(|at| at + attr.len() + 3)
                    .or_else(|| element.starts_with(&format!("{attr}=\"")).then_some(attr.len() + 2))?;
                element[start..].split('"').next()?.parse().ok()
            })
            .collect()
    }

    #[test]
    fn scales_hold_zero_and_cut_at_round_steps() {
        assert_eq!(Scale::of([3.0, 47.0].into_iter()), Scale { low: 0.0, high: 50.0, step: 10.0 });
        assert_eq!(Scale::of([-120.0, 80.0].into_iter()), Scale { low: -150.0, high: 100.0, step: 50.0 });
        assert_eq!(Scale::of([0.2, 0.9].into_iter()).ticks().len(), 6);
        assert_eq!(Scale::of(std::iter::empty()), Scale { low: 0.0, high: 1.0, step: 0.2 });
        assert_eq!(Scale::of([5.0, 5.0].into_iter()).high, 5.0);
        let scale = Scale::of([1_234_567.0].into_iter());
        assert!(scale.high >= 1_234_567.0 && scale.ticks().len() <= 11, "{scale:?}");
    }

    #[test]
    fn values_are_written_with_two_decimals_grouped_on_request() {
        assert_eq!(format_value(1234567.891, true), "1,234,567.89");
        assert_eq!(format_value(-1234.0, true), "-1,234");
        assert_eq!(format_value(0.30000000000000004, false), "0.3");
    }

    #[test]
    fn bars_are_drawn_to_scale_from_the_zero_line() {
        let svg = svg(&model(&["North", "South"], vec![(SeriesType::Bar, vec![Some(100.0), Some(50.0)])]), &style()).into_string();
        let heights = numbers(&svg, "rect", "height");
        assert_eq!(heights.len(), 2, "{svg}");
        assert!((heights[0] - 2.0 * heights[1]).abs() < 0.02, "{heights:?}");
        assert!(svg.contains(">North</text>") && svg.contains(">100</text>"), "{svg}");
    }

    #[test]
    fn a_pie_saved_beside_bars_is_left_out_and_a_horizontal_bar_anywhere_turns_the_plot() {
        let mixed = model(
            &["North", "South"],
            vec![(SeriesType::Bar, vec![Some(100.0), Some(50.0)]), (SeriesType::Pie, vec![Some(7.0), Some(9.0)])],
        );
        let drawn = svg(&mixed, &style()).into_string();
        let bars_only = svg(&model(&["North", "South"], vec![(SeriesType::Bar, vec![Some(100.0), Some(50.0)])]), &style()).into_string();
        assert_eq!(numbers(&drawn, "rect", "height"), numbers(&bars_only, "rect", "height"));
        let turned = model(
            &["North", "South"],
            vec![(SeriesType::Line, vec![Some(1.0), Some(2.0)]), (SeriesType::HorizontalBar, vec![Some(3.0), Some(4.0)])],
        );
        let first_turned = model(
            &["North", "South"],
            vec![(SeriesType::HorizontalBar, vec![Some(3.0), Some(4.0)]), (SeriesType::Line, vec![Some(1.0), Some(2.0)])],
        );
        assert_eq!(
            numbers(&svg(&turned, &style()).into_string(), "rect", "width").len(),
            numbers(&svg(&first_turned, &style()).into_string(), "rect", "width").len()
        );
    }

    #[test]
    fn negative_values_go_below_the_zero_line() {
        let svg = svg(&model(&["A", "B"], vec![(SeriesType::Bar, vec![Some(40.0), Some(-20.0)])]), &style()).into_string();
        let ys = numbers(&svg, "rect", "y");
        let heights = numbers(&svg, "rect", "height");
        // The negative bar starts where the positive one ends: at the zero line.
        assert!((ys[0] + heights[0] - ys[1]).abs() < 0.02, "{svg}");
        assert!((heights[0] - 2.0 * heights[1]).abs() < 0.02);
        assert!(svg.contains(">-20</text>"), "the axis reaches below zero: {svg}");
    }

    #[test]
    fn empty_series_and_missing_labels_say_no_data() {
        for empty in [model(&[], vec![]), model(&["A"], vec![(SeriesType::Line, vec![None])]), model(&["A"], vec![])] {
            let svg = svg(&empty, &style()).into_string();
            assert!(svg.contains(">No data</text>") && !svg.contains("<rect"), "{svg}");
        }
    }

    #[test]
    fn labels_names_and_titles_are_escaped() {
        let mut hostile = model(
            &["<script>alert(1)</script>", "\" onload=\"x"],
            vec![(SeriesType::Line, vec![Some(1.0), Some(2.0)]), (SeriesType::Bar, vec![Some(3.0), None])],
        );
        hostile.series[0].name = "<img src=x onerror=alert(1)>".into();
        let svg = svg(&hostile, &style()).into_string();
        assert!(!svg.contains("<script") && !svg.contains("<img") && !svg.contains("\" onload"), "{svg}");
        assert!(svg.contains("<title>Sales &lt;by&gt; region</title>"));
        assert!(svg.contains("&lt;script&gt;alert(…"), "labels are cut and escaped: {svg}");
    }

    #[test]
    fn lines_break_at_missing_values_and_pies_skip_what_is_not_positive() {
        let svg = svg(&model(&["A", "B", "C", "D"], vec![(SeriesType::Line, vec![Some(1.0), Some(2.0), None, Some(4.0)])]), &style())
            .into_string();
        assert_eq!(svg.matches("<polyline").count(), 2, "{svg}");
        let pie = svg_of_pie(vec![Some(3.0), Some(-1.0), None, Some(1.0)]);
        assert_eq!(pie.matches("<path").count(), 2, "{pie}");
        assert!(pie.contains("fill=\"#111111\"") && pie.contains("fill=\"#222222\""), "slice colours by label: {pie}");
        assert!(svg_of_pie(vec![Some(5.0)]).contains("<circle"), "one slice is a full circle");
    }

    fn svg_of_pie(data: Vec<Option<f64>>) -> String {
        let labels = ["A", "B", "C", "D"];
        svg(&model(&labels[..data.len()], vec![(SeriesType::Pie, data)]), &style()).into_string()
    }

    #[test]
    fn a_turned_chart_draws_bars_across() {
        let svg = svg(&model(&["A", "B"], vec![(SeriesType::HorizontalBar, vec![Some(10.0), Some(5.0)])]), &style()).into_string();
        let widths = numbers(&svg, "rect", "width");
        assert!((widths[0] - 2.0 * widths[1]).abs() < 0.02, "{svg}");
    }
}
