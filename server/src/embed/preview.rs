//! A board's preview image for the marketplace (1200 x 630, the Open Graph size), drawn from the
//! same [`Snapshot`] as the embed: the board's title over its first blocks laid out as cards,
//! each with its title and what fits of its content (a chart's SVG, scorecard values, the first
//! rows of a table or list, the first lines of a text). An SVG shown as an image loads nothing
//! else, so it holds no pictures; all text is escaped by [`Markup`].

use tessera_blocks::BlockSettings;

use super::chart_svg::{self, Placement};
use super::render::{board_theme, chart_style, palette};
use super::snapshot::{text, Body, Shown, Snapshot};
use crate::access::sheet_query::SheetAnswer;
use crate::access::views::BlockView;
use crate::infra::html::{colour, Markup, Safe};

pub const WIDTH: f64 = 1200.0;
pub const HEIGHT: f64 = 630.0;

const INK: &str = "#43464d";
const MUTED: &str = "#6b6f76";
const FONT: &str = "Lexend Deca, system-ui, sans-serif";
const MARGIN: f64 = 40.0;
const TITLE_HEIGHT: f64 = 96.0;
const GAP: f64 = 20.0;
const COLUMNS: usize = 3;
const ROWS: usize = 2;
/// Lines of rows or text a card holds.
const LINES: usize = 6;

/// The preview of `snapshot` as an SVG document.
pub fn svg(snapshot: &Snapshot) -> Safe {
    let settings = &snapshot.settings;
    let background = colour(Some(&settings.board_background)).unwrap_or("#FAFAFA");
    let border = colour(Some(&settings.block_border)).unwrap_or("#e7ebf3");
    let mut m = Markup::new();
    m.raw(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    m.open(
        "svg",
        &[
            ("xmlns", "http://www.w3.org/2000/svg".into()),
            ("width", WIDTH.into()),
            ("height", HEIGHT.into()),
            ("viewBox", format!("0 0 {WIDTH} {HEIGHT}").as_str().into()),
            ("font-family", FONT.into()),
            ("role", "img".into()),
        ],
    );
    m.element("title", &[], &snapshot.title);
    m.empty("rect", &[("width", WIDTH.into()), ("height", HEIGHT.into()), ("fill", background.into())]);
    let hero = colour(Some(&settings.hero_background)).filter(|_| !settings.hide_hero);
    if let Some(hero) = hero {
        m.empty("rect", &[("width", WIDTH.into()), ("height", TITLE_HEIGHT.into()), ("fill", hero.into())]);
    }
    let title_colour = hero.and_then(|hero| tessera_core::contrast::text_color_for(hero).ok()).unwrap_or(INK);
    m.element(
        "text",
        &[
            ("x", MARGIN.into()),
            ("y", 62.0.into()),
            ("font-size", "40".into()),
            ("font-weight", "600".into()),
            ("fill", title_colour.into()),
        ],
        &fit(&snapshot.title, WIDTH - 2.0 * MARGIN, 40.0),
    );

    let shown: Vec<&Shown> = snapshot.blocks.iter().take(COLUMNS * ROWS).collect();
    let rows = shown.len().div_ceil(COLUMNS).max(1);
    let top = TITLE_HEIGHT + 24.0;
    let card_width = (WIDTH - 2.0 * MARGIN - GAP * (COLUMNS - 1) as f64) / COLUMNS as f64;
    let card_height = (HEIGHT - top - MARGIN + 16.0 - GAP * (rows - 1) as f64) / rows as f64;
    let palette = palette(&settings.palette, &board_theme(settings));
    if shown.is_empty() {
        m.element(
            "text",
            &[("x", MARGIN.into()), ("y", (top + 40.0).into()), ("font-size", "24".into()), ("fill", MUTED.into())],
            "No blocks here yet.",
        );
    }
    for (i, block) in shown.into_iter().enumerate() {
        let x = MARGIN + (i % COLUMNS) as f64 * (card_width + GAP);
        let y = top + (i / COLUMNS) as f64 * (card_height + GAP);
        card(&mut m, block, Area { x, y, width: card_width, height: card_height }, border, &palette);
    }
    m.close("svg");
    m.finish()
}

#[derive(Debug, Clone, Copy)]
struct Area {
    x: f64,
    y: f64,
    width: f64,
    height: f64,
}

/// `text` cut to what fits in `width` at `size` (an average glyph is about 0.55 em wide).
fn fit(text: &str, width: f64, size: f64) -> String {
    let room = (width / (size * 0.55)).floor().max(1.0) as usize;
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= room {
        return text;
    }
    format!("{}…", text.chars().take(room.saturating_sub(1)).collect::<String>())
}

fn line(m: &mut Markup, area: Area, index: usize, text: &str, size: f64, fill: &str, bold: bool) {
    let y = area.y + 22.0 + index as f64 * (size + 8.0);
    let weight = if bold { "600" } else { "400" };
    m.element(
        "text",
        &[("x", area.x.into()), ("y", y.into()), ("font-size", size.into()), ("font-weight", weight.into()), ("fill", fill.into())],
        &fit(text, area.width, size),
    );
}

fn card(m: &mut Markup, block: &Shown, area: Area, border: &str, palette: &[String]) {
    let background = colour(Some(block.shared(BlockSettings::background_color))).unwrap_or("#ffffff");
    m.empty(
        "rect",
        &[
            ("x", area.x.into()),
            ("y", area.y.into()),
            ("width", area.width.into()),
            ("height", area.height.into()),
            ("rx", 12.0.into()),
            ("fill", background.into()),
            ("stroke", border.into()),
        ],
    );
    let inner = Area { x: area.x + 18.0, y: area.y + 14.0, width: area.width - 36.0, height: area.height - 28.0 };
    line(m, inner, 0, &block.title, 20.0, INK, true);
    let content = Area { y: inner.y + 34.0, height: inner.height - 34.0, ..inner };
    match (&block.body, block.kind) {
        (Body::View(BlockView::Chart { chart, texts }), _) => {
            let placement = Placement::At { x: content.x, y: content.y, width: content.width, height: content.height };
            chart_svg::write(m, chart, &chart_style(block, palette, texts), placement);
        }
        (Body::View(BlockView::Scorecard { cards }), _) => {
            for (i, card) in cards.iter().take(3).enumerate() {
                let value = card.error.as_ref().map_or(card.formatted.as_str(), |_| "—");
                line(m, content, i * 2, &card.label, 14.0, MUTED, false);
                line(m, Area { y: content.y + 4.0, ..content }, i * 2 + 1, value, 26.0, INK, true);
            }
        }
        (Body::View(BlockView::Markdown { html, .. }), _) => {
            let text: String = html.iter().map(|html| words_of(html)).collect::<Vec<_>>().join("\n");
            for (i, text) in text.lines().map(str::trim).filter(|line| !line.is_empty()).take(LINES).enumerate() {
                line(m, content, i, text, 15.0, INK, false);
            }
        }
        (Body::View(BlockView::Calendar { calendar }), _) => {
            for (i, event) in calendar.events.iter().take(LINES).enumerate() {
                line(m, content, i, &format!("{} {}", event.start.replace('T', " "), event.title), 15.0, INK, false);
            }
        }
        (Body::Rows(answer), _) => rows(m, answer, content),
        (Body::Failed(error), _) => line(m, content, 0, error, 14.0, "#a3123a", false),
        (_, kind) => {
            // The line a presentation block leads with.
            let hint = match &block.settings {
                Some(BlockSettings::Event(event)) => text(&event.event_title),
                Some(BlockSettings::BannerHero(banner)) => text(&banner.subtitle),
                Some(BlockSettings::Header(header)) => text(&header.header_title),
                Some(BlockSettings::Form(form)) => text(&form.title_form),
                _ => "",
            };
            let hint = Some(hint).filter(|t| !t.is_empty());
            let name = kind.map(|kind| tessera_blocks::block_info(kind).entry.name).unwrap_or_default();
            line(m, content, 0, hint.unwrap_or(name), 15.0, MUTED, false);
        }
    }
}

/// The words of rendered markdown (sanitised HTML): tags left out, each block on a line of its
/// own, the entities the renderer writes read back (the preview escapes them again).
fn words_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    let mut tag = String::new();
    for c in html.chars() {
        match (in_tag, c) {
            (false, '<') => {
                in_tag = true;
                tag.clear();
            }
            (true, '>') => {
                in_tag = false;
                let name = tag.trim_start_matches('/').split([' ', '/']).next().unwrap_or_default().to_ascii_lowercase();
                if matches!(name.as_str(), "p" | "br" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "pre" | "blockquote") {
                    text.push('\n');
                }
            }
            (true, c) => tag.push(c),
            (false, c) => text.push(c),
        }
    }
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// The first rows of a table or list: the first three columns' cells, a header line above.
fn rows(m: &mut Markup, answer: &SheetAnswer, area: Area) {
    let columns: Vec<&str> =
        answer.columns.iter().map(String::as_str).filter(|c| !tessera_blocks::HIDDEN_COLUMNS.contains(c)).take(3).collect();
    line(m, area, 0, &columns.join(" · "), 14.0, MUTED, true);
    for (i, row) in answer.rows.iter().take(LINES - 1).enumerate() {
        let cells: Vec<&str> = columns.iter().map(|c| row.get(*c).and_then(|v| v.as_str()).unwrap_or_default()).collect();
        line(m, area, i + 1, &cells.join(" · "), 15.0, INK, false);
    }
    if answer.total > LINES - 1 {
        line(m, area, LINES, &format!("{} rows", answer.total), 13.0, MUTED, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cut_to_the_width_it_has() {
        assert_eq!(fit("Sales  by\nregion", 400.0, 20.0), "Sales by region");
        let cut = fit(&"x".repeat(200), 110.0, 20.0);
        assert_eq!(cut.chars().count(), 10);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn rendered_markdown_is_read_as_words_by_block() {
        let words = words_of("<h2>Total</h2>\n<p>A <strong>b</strong> &amp; &lt;c&gt;</p>");
        assert_eq!(words.lines().map(str::trim).filter(|line| !line.is_empty()).collect::<Vec<_>>(), ["Total", "A b & <c>"]);
    }
}
