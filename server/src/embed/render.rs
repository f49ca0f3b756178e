//! A [`Snapshot`] as the markup of the embed page: the board's hero, its section tabs and its
//! blocks in the layout of the browser's board view (the grid of `tessera_blocks::layout`: each
//! block a third, a half, two thirds or the whole row, one column up to 600 px), each block with what a guest sees in it. The browser's board replaces this markup
//! once it has drawn itself (`web/src/features/embed/EmbedPage.tsx`); until then, and without
//! JavaScript, this is the page. Blocks that only work with a script (form, map, calendar,
//! iframe) get their title and a box of the size they take, with what can be read as text.
//!
//! Every value goes through [`Markup`], so sheet cells and settings cannot add markup; the only
//! HTML taken as it is comes from `tessera_markup` (markdown) and `chart_svg`.

use serde_json::Value;
use tessera_blocks::layout::{self, Width};
use tessera_blocks::settings::{
    ChartAxisItem, DatalistAxisItem, DatalistSettings, EventSettings, FeaturesItem, FooterSettings, FormSettings, HeaderSettings,
    ImageGallerySettings, ItemDetailsSettings,
};
use tessera_blocks::{fit_columns, text_length, BlockSettings, FitColumn, Frame, HIDDEN_COLUMNS};

use super::chart_svg::{self, ChartStyle};
use super::snapshot::{text, Body, Shown, Snapshot};
use crate::boards::theme::Theme;
use crate::infra::html::{colour, image_url, link_url, Markup, Safe, Value as HtmlValue};
use tessera_core::calendar::CalendarView;

use crate::access::sheet_query::SheetAnswer;
use crate::access::views::{BlockView, Card, ChartTexts, Window};

/// The id of the element that holds the server's markup; the browser removes it when its own
/// board has drawn.
pub const ROOT_ID: &str = "ssr-embed";

/// Colours of series after the theme's accent and ink, as the browser's `chartColours` has them.
const MORE_SERIES: [&str; 8] = ["#0f9d8a", "#f59e0b", "#0ea5e9", "#8b5cf6", "#84cc16", "#ec4899", "#d81f52", "#8a8d93"];

/// Calendar events listed as text.
const CALENDAR_EVENTS: usize = 50;

/// The styles of the markup, inlined so it paints before any stylesheet or script arrives.
/// `#root` is kept out of sight (but laid out, so charts measure) while this markup is there.
pub const STYLE: &str = r#"<style id="ssr-embed-style">
#ssr-embed{--ink:#43464d;--muted:#6b6f76;min-height:100vh;background:var(--board-background,#FAFAFA);color:var(--ink);font-family:"Lexend Deca",system-ui,sans-serif;font-size:15px;line-height:1.5}
#ssr-embed+#root{visibility:hidden;position:absolute;top:0;left:0;right:0;pointer-events:none}
#ssr-embed *{box-sizing:border-box}
.ssr-hero{display:flex;flex-direction:column;align-items:center;gap:8px;padding:40px 24px;text-align:center;background-size:cover;background-position:center}
.ssr-hero h1{margin:0;font-size:1.75rem;font-weight:600}.ssr-hero p{max-width:720px;margin:0;white-space:pre-line}
.ssr-logo{max-height:56px;max-width:200px;object-fit:contain}
.ssr-content{max-width:1280px;margin:0 auto;padding:24px;display:flex;flex-direction:column;gap:16px}
.ssr-tabs{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;list-style:none}.ssr-tabs li{border:1px solid var(--block-border);border-radius:999px;padding:6px 14px}.ssr-tabs li[aria-current]{background:var(--ink);color:#fff}
.ssr-blocks{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:16px;align-items:stretch}
.ssr-blocks>.ssr-block{grid-column:span var(--span,6)}
@media(max-width:600px){.ssr-blocks{grid-template-columns:minmax(0,1fr)}.ssr-blocks>.ssr-block{grid-column:1/-1}}
.ssr-panel{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px}.ssr-panel .ssr-input{margin:0}
.ssr-chip{border:1px solid var(--block-border);border-radius:999px;background:#fff;padding:4px 12px;font-size:.875rem}
.ssr-search{flex:1 1 240px;max-width:420px;margin:0;padding:9px 12px;color:var(--muted)}
.ssr-block{background:#fff;border:1px solid var(--block-border);border-radius:10px;box-shadow:0 1px 4px var(--block-shadow);padding:16px 20px;min-width:0;overflow-wrap:anywhere}
.ssr-block.ssr-full{grid-column:1/-1}.ssr-block.ssr-bare{background:none;border:0;box-shadow:none;padding:0}.ssr-block h2{margin:0 0 12px;font-size:1.1rem}.ssr-block h3{margin:0 0 6px;font-size:1rem}
.ssr-block img{max-width:100%;height:auto}.ssr-block a{color:var(--link)}
.ssr-muted{color:var(--muted);margin:0}.ssr-error{margin:0;padding:10px 12px;border-radius:6px;background:#fdecef;color:#a3123a}
.ssr-scroll{overflow:auto;max-height:420px;border:1px solid var(--block-border);border-radius:6px}
.ssr-scroll table{border-collapse:collapse;width:max-content;min-width:100%}.ssr-scroll th,.ssr-scroll td{padding:7px 9px;text-align:left;vertical-align:top;border-bottom:1px solid var(--block-border);max-width:320px}
.ssr-scroll th{position:sticky;top:0;background:#f7f8fa}.ssr-scroll .ssr-num{text-align:right;font-variant-numeric:tabular-nums}
.ssr-scroll table.ssr-fit{table-layout:fixed;width:100%}.ssr-fit th,.ssr-fit td{max-width:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.ssr-scroll td img{max-height:60px}
.ssr-rows{list-style:none;margin:0;padding:0}.ssr-rows>li{display:flex;align-items:center;gap:12px;min-height:56px;padding:6px 4px;border-bottom:1px solid var(--block-border)}.ssr-rows img{width:40px;height:40px;object-fit:cover;border-radius:6px}.ssr-row-text{display:grid;min-width:0}.ssr-row-title{font-weight:600}.ssr-row-subtitle{color:var(--muted);font-size:.875rem}
.ssr-items{list-style:none;margin:0;padding:0;display:grid;gap:10px}.ssr-items>li{border:1px solid var(--block-border);border-radius:8px;padding:10px 12px}
.ssr-grid{grid-template-columns:repeat(auto-fill,minmax(160px,1fr))}
.ssr-items dl,.ssr-details{margin:0;display:grid;grid-template-columns:auto 1fr;gap:2px 10px}.ssr-items dt,.ssr-details dt{font-weight:600}.ssr-items dd,.ssr-details dd{margin:0}
.ssr-cards{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.75rem}
.ssr-cards li{border:1px solid var(--block-border);border-radius:10px;background:#fff;padding:1rem 1.25rem}.ssr-cards p{margin:0}
.ssr-card-value{font-size:1.75rem;font-weight:600;line-height:1.2;font-variant-numeric:tabular-nums}
.ssr-chart-svg{display:block;width:100%;height:260px}
@media(min-width:640px){.ssr-chart-svg{height:300px}}@media(min-width:1024px){.ssr-chart-svg{height:340px}}@media(min-width:1536px){.ssr-chart-svg{height:400px}}
.ssr-box{border:1px dashed var(--block-border);border-radius:10px;background:#f7f8fa;padding:12px;overflow:auto}
.ssr-map{height:280px}@media(min-width:640px){.ssr-map{height:360px}}@media(min-width:1024px){.ssr-map{height:420px}}
.ssr-calendar{min-height:420px}.ssr-input{height:40px;border:1px solid var(--block-border);border-radius:6px;background:#fff;margin:4px 0 12px}
.ssr-button{display:inline-block;padding:8px 14px;border-radius:6px;background:var(--accent);color:var(--accent-text)}
.ssr-gallery{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}.ssr-gallery figure{margin:0}
.ssr-features{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:12px}
.ssr-features img{max-height:48px}.ssr-links{display:flex;flex-wrap:wrap;gap:12px;list-style:none;margin:0;padding:0}
.ssr-markdown-loop{list-style:none;margin:0;padding:0;display:grid;gap:12px}
#ssr-embed.ssr-dark{--ink:#e3e5e9;--muted:#a8acb4;--board-background:#121418;--block-border:#2c313a;--block-shadow:#0a0b0d;color-scheme:dark}
.ssr-dark .ssr-block:not(.ssr-bare),.ssr-dark .ssr-cards li,.ssr-dark .ssr-input,.ssr-dark .ssr-with-panel .ssr-panel{background:#1b1e24}
.ssr-dark .ssr-scroll th,.ssr-dark .ssr-box{background:#262a33}.ssr-dark .ssr-error{background:#3a1620;color:#f7b8c8}
.ssr-dark .ssr-chart-svg text{fill:var(--ink)}.ssr-dark .ssr-chart-svg [stroke='#e7ebf3']{stroke:#363b45}.ssr-dark .ssr-chart-svg g[stroke='#fff']{stroke:#1b1e24}
</style>"#;

/// The markup of the embed: `<div id="ssr-embed">` with the whole board, in its theme: the
/// accent and the text on it as `--accent` and `--accent-text`, `--link`, and `ssr-dark` for the
/// dark look, whose palette stands in for the colour settings still at the spec's light defaults.
pub fn page(snapshot: &Snapshot) -> Safe {
    let settings = &snapshot.settings;
    let theme = board_theme(settings);
    let mut m = Markup::new();
    let defaults = crate::boards::board_state::Settings::default();
    let own = |value: &str, default: &str| !(theme.dark && value.eq_ignore_ascii_case(default));
    let colours: String = [
        ("--board-background", &settings.board_background, &defaults.board_background),
        ("--block-border", &settings.block_border, &defaults.block_border),
        ("--block-shadow", &settings.block_shadow, &defaults.block_shadow),
    ]
    .iter()
    .filter(|(_, value, default)| own(value, default))
    .filter_map(|(name, value, _)| colour(Some(value)).map(|value| format!("{name}:{value};")))
    .collect();
    let style = format!("--accent:{};--accent-text:{};--link:{};{colours}", theme.accent, theme.accent_text, theme.link());
    let class = if theme.dark { "ssr-dark" } else { "ssr-light" };
    m.open("div", &[("id", ROOT_ID.into()), ("class", class.into()), ("style", style.as_str().into())]);
    if !settings.hide_hero {
        hero(&mut m, snapshot);
    }
    let filters: Vec<&str> = match settings.hide_filters {
        true => Vec::new(),
        false => settings
            .filters
            .iter()
            .filter_map(|filter| filter.get("name").and_then(Value::as_str))
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .collect(),
    };
    let panel = !settings.hide_search || !filters.is_empty();
    m.open("div", &[("class", "ssr-content".into())]);
    if !snapshot.tabs.is_empty() {
        m.open("ul", &[("class", "ssr-tabs".into()), ("aria-label", "Sections".into())]);
        for tab in &snapshot.tabs {
            let open = snapshot.active_tab.as_ref() == Some(tab);
            let style = section_style(settings, open);
            match open {
                true => m.open("li", &[("aria-current", "true".into()), ("style", style.as_str().into())]),
                false => m.open("li", &[("style", style.as_str().into())]),
            };
            m.text(tab).close("li");
        }
        m.close("ul");
    }
    if panel {
        search_panel(&mut m, !settings.hide_search, &filters);
    }
    m.open("div", &[("class", "ssr-blocks".into())]);
    if snapshot.blocks.is_empty() {
        m.element("p", &[("class", "ssr-muted".into())], "No blocks here yet.");
    }
    let palette = palette(&settings.palette, &theme);
    // The browser's grid rule (tessera_blocks::layout), so the blocks do not move when it takes over.
    let widths: Vec<Width> = snapshot.blocks.iter().map(Shown::width).collect();
    for (block, span) in snapshot.blocks.iter().zip(layout::spans(&widths)) {
        frame(&mut m, block, span, &palette);
    }
    m.close("div").close("div").close("div");
    m.finish()
}

/// The place of the viewer's bar of search and filters across the top, which work once the app
/// has loaded: drawn as a box and chips of their size, so the blocks do not move when the real
/// ones arrive.
fn search_panel(m: &mut Markup, search: bool, filters: &[&str]) {
    m.open("div", &[("class", "ssr-panel".into()), ("aria-hidden", "true".into())]);
    if search {
        m.element("div", &[("class", "ssr-input ssr-search".into())], "Search");
    }
    for name in filters {
        m.element("span", &[("class", "ssr-chip".into())], name);
    }
    m.close("div");
}

/// The board's theme (`boards::theme`) from its settings.
pub fn board_theme(settings: &crate::boards::board_state::Settings) -> Theme {
    Theme::of(Some(&settings.accent_color), Some(&settings.look))
}

/// The board's palette colours (platform §3 `palette`), else the theme's accent first, then its
/// ink, then the browser's other series colours (`web/src/blocks/chart/chartOptions.ts`).
pub fn palette(board_palette: &[Value], theme: &Theme) -> Vec<String> {
    let own: Vec<String> = board_palette.iter().filter_map(|value| colour(value.as_str())).map(str::to_owned).collect();
    if !own.is_empty() {
        return own;
    }
    let ink = if theme.dark { "#d5d8de" } else { "#43464d" };
    [theme.accent.as_str(), ink].into_iter().chain(MORE_SERIES).map(str::to_owned).collect()
}

fn section_style(settings: &crate::boards::board_state::Settings, open: bool) -> String {
    let (text, background) = match open {
        true => (colour(Some(&settings.active_section_text_color)), colour(Some(&settings.active_section_background_color))),
        false => (colour(Some(&settings.inactive_section_text_color)), None),
    };
    [text.map(|c| format!("color:{c};")), background.map(|c| format!("background:{c};"))].into_iter().flatten().collect()
}

fn hero(m: &mut Markup, snapshot: &Snapshot) {
    let settings = &snapshot.settings;
    let mut style = String::new();
    if let Some(background) = colour(Some(&settings.hero_background)) {
        let text = tessera_core::contrast::text_color_for(background).unwrap_or("#FFFFFF");
        style.push_str(&format!("background-color:{background};color:{text};"));
    }
    // Only an address with none of the characters that could end a CSS `url()`.
    if let Some(image) = image_url(&settings.hero_image).filter(|url| !url.contains(['"', '\'', '(', ')', '\\', ' ', ';'])) {
        style.push_str(&format!("background-image:url(\"{image}\");"));
    }
    m.open("header", &[("class", "ssr-hero".into()), ("style", style.as_str().into())]);
    if let Some(logo) = image_url(&settings.logo) {
        m.empty("img", &[("class", "ssr-logo".into()), ("src", logo.into()), ("alt", format!("{} logo", snapshot.title).as_str().into())]);
    }
    m.element("h1", &[], &snapshot.title);
    if !settings.hero.trim().is_empty() {
        m.element("p", &[], &settings.hero);
    }
    m.close("header");
}

/// A block's frame (title, colours of blocks §3.1) around its body. A header, footer or banner
/// has no box and no title line (its capabilities' `frame`), as the board draws it. `span` is the
/// grid columns it takes.
fn frame(m: &mut Markup, block: &Shown, span: u8, palette: &[String]) {
    let framing = block.kind.map_or(Frame::Titled, |kind| kind.capabilities().frame);
    let span = format!("--span:{span};");
    if framing != Frame::Titled {
        m.open(
            "section",
            &[
                ("class", "ssr-block ssr-bare".into()),
                ("style", span.as_str().into()),
                ("aria-label", block.title.as_str().into()),
                ("data-block", block.id.as_str().into()),
            ],
        );
        body(m, block, palette);
        m.close("section");
        return;
    }
    let colours = [("background", block.shared(BlockSettings::background_color)), ("color", block.shared(BlockSettings::font_color))];
    let style: String = std::iter::once(span)
        .chain(colours.iter().filter_map(|(property, value)| colour(Some(value)).map(|value| format!("{property}:{value};"))))
        .collect();
    let title_id = format!("ssr-{}", block.id);
    let mut title_style: String = colour(Some(block.shared(BlockSettings::title_color))).map(|c| format!("color:{c};")).unwrap_or_default();
    if let Some(background) = colour(Some(block.shared(BlockSettings::title_background_color))) {
        title_style.push_str(&format!("background:{background};padding:4px 8px;border-radius:4px;"));
    }
    m.open(
        "section",
        &[
            ("class", "ssr-block".into()),
            ("style", style.as_str().into()),
            ("aria-labelledby", title_id.as_str().into()),
            ("data-block", block.id.as_str().into()),
        ],
    );
    m.element("h2", &[("id", title_id.as_str().into()), ("style", title_style.as_str().into())], &block.title);
    body(m, block, palette);
    m.close("section");
}

fn body(m: &mut Markup, block: &Shown, palette: &[String]) {
    let answer = match &block.body {
        Body::Failed(error) => {
            m.element("p", &[("class", "ssr-error".into()), ("role", "alert".into())], error);
            return;
        }
        Body::View(view) => return view_body(m, block, view, palette),
        Body::Rows(answer) if answer.rows.is_empty() => {
            m.element("p", &[("class", "ssr-muted".into())], "No rows to show.");
            return;
        }
        Body::Rows(answer) => Some(answer),
        Body::Settings => None,
    };
    let Some(settings) = &block.settings else { return };
    // Every type by name, no fall-back: a new type does not compile until it is drawn here.
    // What it was read as (rows, a view, its settings) is its capabilities' choice; a type that
    // shows rows draws nothing more without them.
    match (settings, answer) {
        (BlockSettings::Table(_), Some(answer)) => table(m, block, answer),
        (BlockSettings::List(s), Some(answer)) if s.list_style == "Compact rows" => compact_rows(m, block, answer),
        (BlockSettings::List(_), Some(answer)) => cards(m, block, answer, "ssr-items"),
        (BlockSettings::Grid(_), Some(answer)) => cards(m, block, answer, "ssr-items ssr-grid"),
        (BlockSettings::Datalist(s), Some(answer)) => datalist(m, s, answer),
        (BlockSettings::ImageGallery(s), Some(answer)) => gallery(m, s, answer),
        (BlockSettings::ItemDetails(s), Some(answer)) => item_details(m, s, answer),
        (BlockSettings::Table(_) | BlockSettings::List(_) | BlockSettings::Grid(_), None) => {}
        (BlockSettings::Datalist(_) | BlockSettings::ImageGallery(_) | BlockSettings::ItemDetails(_), None) => {}
        // Drawn from their view (above) when it could be computed.
        (BlockSettings::Chart(_) | BlockSettings::Scorecard(_) | BlockSettings::Calendar(_), _) => {}
        (BlockSettings::Markdown(_) | BlockSettings::Iframe(_), _) => {}
        (BlockSettings::Event(s), _) => event(m, s),
        (BlockSettings::Header(s), _) => header(m, s),
        (BlockSettings::Footer(s), _) => footer(m, s),
        (BlockSettings::Form(s), _) => form(m, s),
        (BlockSettings::Map(_), _) => {
            m.open("div", &[("class", "ssr-box ssr-map".into()), ("role", "img".into()), ("aria-label", "Map".into())]).close("div");
        }
        (BlockSettings::BannerHero(s), _) => {
            features(
                m,
                Images { background: &s.background_image, foreground: &s.foreground_image, title: &s.title, subtitle: &s.subtitle },
                &s.features,
                None,
            );
        }
        (BlockSettings::Featureslayout(s), _) => features(m, Images::NONE, &s.features, None),
        (BlockSettings::ImageGrid(s), _) => features(m, Images::NONE, &s.features, Some((&s.learn_more_text, &s.learn_more_link))),
        (BlockSettings::ImageAccordian(s), _) => features(m, Images::NONE, &s.features, Some((&s.learn_more_text, &s.learn_more_link))),
    }
}

/// A table's or list's shown column (as the browser's `shownColumns`).
struct Column<'a> {
    name: &'a str,
    kind: &'a str,
    limit: Option<usize>,
    /// A table column's "Hide first when narrow".
    drop_first: bool,
    /// A table column's own width (pixels), which fitting keeps.
    width: Option<u32>,
}

/// What a table entry adds to a shown column: its type, `character_limit`, `drop_first` and
/// own `column_width`.
type Entry<'a> = (Option<&'a str>, Option<i64>, bool, Option<i64>);

/// The columns `tessera_blocks::shown_columns` says the block shows, with their axis entry's
/// type and `character_limit`.
fn shown_columns<'a>(block: &'a Shown, answer: &'a SheetAnswer) -> Vec<Column<'a>> {
    let axis: Vec<Entry<'_>> = match &block.settings {
        Some(BlockSettings::Table(s)) => {
            s.axis.iter().map(|a| (a.r#type.as_deref(), a.character_limit, a.drop_first, a.column_width)).collect()
        }
        Some(BlockSettings::List(s)) => s.axis.iter().map(|a| (a.r#type.as_deref(), a.character_limit, false, None)).collect(),
        Some(BlockSettings::Grid(s)) => s.axis.iter().map(|a| (Some(a.r#type.as_str()), None, false, None)).collect(),
        _ => Vec::new(),
    };
    tessera_blocks::shown_columns(&block.config, &answer.columns)
        .into_iter()
        .filter_map(|shown| {
            let name = answer.columns.iter().find(|c| **c == shown.column)?;
            let entry = shown.axis.and_then(|i| axis.get(i).copied());
            let (kind, limit, drop_first, width) = entry.unwrap_or_default();
            let kind = kind.map_or("text", str::trim);
            let limit = limit.filter(|n| *n > 0).map(|n| n as usize);
            let width = width.filter(|n| *n > 0).map(|n| u32::try_from(n).unwrap_or(u32::MAX));
            Some(Column { name, kind, limit, drop_first, width })
        })
        .collect()
}

fn cell<'a>(answer: &'a SheetAnswer, row: usize, column: &str) -> &'a str {
    answer.rows[row].get(column).and_then(Value::as_str).unwrap_or_default()
}

/// A cell as a viewer reads it: its display text (`741.0` → `741`, the column's format) where
/// the answer has one, else as written. Links and images keep the raw value ([`cell`]).
fn shown<'a>(answer: &'a SheetAnswer, row: usize, column: &str) -> &'a str {
    answer.display.get(row).and_then(|texts| texts.get(column)).and_then(Value::as_str).unwrap_or_else(|| cell(answer, row, column))
}

/// A cell as the browser shows it: markdown HTML the server rendered, an image, a link, or text
/// cut at the column's `character_limit`.
fn cell_content(m: &mut Markup, answer: &SheetAnswer, row: usize, column: &Column<'_>) {
    let value = cell(answer, row, column.name);
    if let Some(markdown) = answer.markdown.iter().find(|md| md.row == row && md.column == column.name) {
        m.safe(&Safe::sanitised(markdown.html.clone()));
        return;
    }
    match column.kind {
        "image" => {
            if let Some(src) = image_url(value) {
                m.empty("img", &[("src", src.into()), ("alt", column.name.into()), ("loading", "lazy".into())]);
                return;
            }
        }
        "url" | "email" => {
            let href = if column.kind == "email" && !value.is_empty() { format!("mailto:{value}") } else { value.to_owned() };
            if let Some(href) = link_url(&href) {
                m.element("a", &[("href", href.into()), ("rel", "noopener noreferrer".into()), ("target", "_blank".into())], value);
                return;
            }
        }
        _ => {}
    }
    let value = shown(answer, row, column.name);
    match column.limit {
        Some(limit) if value.chars().count() > limit => m.text(&format!("{}…", value.chars().take(limit).collect::<String>())),
        _ => m.text(value),
    };
}

/// The pixels a fitted table is sized for here, where the reader's width is unknown: a
/// full-width block on a 1280 px board, else half of it. The widths go out as shares of the
/// table's width, so the columns keep their proportions at any width.
const FIT_FULL_WIDTH: u32 = 1180;
const FIT_PART_WIDTH: u32 = 580;

/// A fitted table's columns (`fit_columns`, `tessera_blocks::fit_columns` as the browser sizes
/// them) with each one's share of the table in percent; the columns marked "Hide first when
/// narrow" that do not fit are left out.
fn fitted<'a>(columns: Vec<Column<'a>>, answer: &SheetAnswer, width: u32) -> Vec<(Column<'a>, f64)> {
    let input: Vec<FitColumn> = columns
        .iter()
        .map(|column| FitColumn {
            kind: column.kind.to_owned(),
            length: text_length(column.name, (0..answer.rows.len()).map(|row| cell(answer, row, column.name))),
            drop_first: column.drop_first,
            width: column.width,
        })
        .collect();
    // The embed draws no actions column: nothing is reserved.
    let widths = fit_columns(&input, width, 0).widths;
    let total: u32 = widths.iter().flatten().sum();
    columns
        .into_iter()
        .zip(widths)
        .filter_map(|(column, width)| width.map(|width| (column, f64::from(width) * 100.0 / f64::from(total.max(1)))))
        .collect()
}

/// A number column's cells are right-aligned, whether or not the table fits.
fn number_class<'v>(column: &Column<'_>) -> Option<(&'static str, HtmlValue<'v>)> {
    (column.kind == "number").then_some(("class", HtmlValue::Text("ssr-num")))
}

fn table(m: &mut Markup, block: &Shown, answer: &SheetAnswer) {
    let shown = shown_columns(block, answer);
    let fit = matches!(&block.settings, Some(BlockSettings::Table(s)) if s.fit_columns);
    let (columns, shares): (Vec<Column<'_>>, Vec<f64>) = if fit {
        let width = if block.width() == Width::Full { FIT_FULL_WIDTH } else { FIT_PART_WIDTH };
        fitted(shown, answer, width).into_iter().unzip()
    } else {
        (shown, Vec::new())
    };
    const FITTED: &[(&str, HtmlValue<'static>)] = &[("class", HtmlValue::Text("ssr-fit"))];
    m.open("div", &[("class", "ssr-scroll".into())]).open("table", if fit { FITTED } else { &[] });
    m.element(
        "caption",
        &[("class", "ssr-muted".into()), ("style", "caption-side:bottom;text-align:left;padding:6px 9px".into())],
        &rows_note(answer),
    );
    if fit {
        m.open("colgroup", &[]);
        for share in &shares {
            m.empty("col", &[("style", format!("width:{share:.2}%").as_str().into())]);
        }
        m.close("colgroup");
    }
    m.open("thead", &[]).open("tr", &[]);
    for column in &columns {
        let attrs: Vec<_> = [("scope", "col".into())].into_iter().chain(number_class(column)).collect();
        m.element("th", &attrs, column.name);
    }
    m.close("tr").close("thead").open("tbody", &[]);
    for row in 0..answer.rows.len() {
        m.open("tr", &[]);
        for column in &columns {
            let styled = answer.styles.iter().find(|style| style.row == row && style.column == column.name);
            let style: String = styled
                .map(|s| {
                    [("background-color", s.background_color.as_deref()), ("color", s.text_color.as_deref())]
                        .iter()
                        .filter_map(|(property, value)| colour(*value).map(|value| format!("{property}:{value};")))
                        .collect()
                })
                .unwrap_or_default();
            let attrs: Vec<_> = [("style", style.as_str().into())].into_iter().chain(number_class(column)).collect();
            m.open("td", &attrs);
            cell_content(m, answer, row, column);
            m.close("td");
        }
        m.close("tr");
    }
    m.close("tbody").close("table").close("div");
}

/// 'Rows 1–10 of 250': what the page shows of all matching rows.
fn rows_note(answer: &SheetAnswer) -> String {
    match answer.total {
        total if total == answer.rows.len() => format!("{total} rows"),
        total => format!("Rows 1–{} of {total}", answer.rows.len()),
    }
}

/// A list's compact rows, as the app draws them (`ListBlock.tsx`): the first shown column that is
/// not an image as the row's title, the next under it, the first image column beside them.
fn compact_rows(m: &mut Markup, block: &Shown, answer: &SheetAnswer) {
    let columns = shown_columns(block, answer);
    let image = columns.iter().find(|column| column.kind == "image");
    let mut texts = columns.iter().filter(|column| column.kind != "image");
    let (title, subtitle) = (texts.next(), texts.next());
    m.open("ul", &[("class", "ssr-rows".into())]);
    for row in 0..answer.rows.len() {
        m.open("li", &[]);
        if let Some(image) = image {
            cell_content(m, answer, row, image);
        }
        m.open("span", &[("class", "ssr-row-text".into())]);
        for (column, class) in [(title, "ssr-row-title"), (subtitle, "ssr-row-subtitle")] {
            if let Some(column) = column {
                m.open("span", &[("class", class.into())]);
                cell_content(m, answer, row, column);
                m.close("span");
            }
        }
        m.close("span").close("li");
    }
    m.close("ul");
    if answer.total > answer.rows.len() {
        m.element("p", &[("class", "ssr-muted".into())], &rows_note(answer));
    }
}

/// List and grid cards: each row's shown columns, images drawn.
fn cards(m: &mut Markup, block: &Shown, answer: &SheetAnswer, class: &'static str) {
    let mut columns = shown_columns(block, answer);
    if let Some(BlockSettings::Grid(grid)) = &block.settings {
        let on_grid: Vec<&str> = grid.axis.iter().filter(|entry| !entry.hide_on_grid).map(|entry| text(&entry.column)).collect();
        columns.retain(|column| on_grid.is_empty() || on_grid.contains(&column.name));
    }
    m.open("ul", &[("class", class.into())]);
    for row in 0..answer.rows.len() {
        m.open("li", &[]).open("dl", &[]);
        for column in &columns {
            m.element("dt", &[], column.name).open("dd", &[]);
            cell_content(m, answer, row, column);
            m.close("dd");
        }
        m.close("dl").close("li");
    }
    m.close("ul");
    if answer.total > answer.rows.len() {
        m.element("p", &[("class", "ssr-muted".into())], &rows_note(answer));
    }
}

fn datalist(m: &mut Markup, settings: &DatalistSettings, answer: &SheetAnswer) {
    let entries: Vec<&DatalistAxisItem> = settings.axis.iter().filter(|entry| !text(&entry.column).is_empty()).collect();
    m.open("ul", &[("class", "ssr-items".into())]);
    for row in 0..answer.rows.len() {
        m.open("li", &[]).open("dl", &[]);
        for entry in &entries {
            let column = text(&entry.column);
            let value = cell(answer, row, column);
            let label = Some(text(&entry.label)).filter(|label| !label.is_empty()).unwrap_or(column);
            m.element("dt", &[], label).open("dd", &[]);
            match (entry.r#type.as_str(), image_url(value), link_url(value)) {
                ("image", Some(src), _) => {
                    m.empty("img", &[("src", src.into()), ("alt", label.into()), ("loading", "lazy".into())]);
                }
                ("button", _, Some(href)) => {
                    let caption = Some(text(&entry.button_text)).filter(|t| !t.is_empty()).unwrap_or(label);
                    m.element("a", &[("href", href.into()), ("rel", "noopener noreferrer".into()), ("target", "_blank".into())], caption);
                }
                _ => {
                    m.text(shown(answer, row, column));
                }
            }
            m.close("dd");
        }
        m.close("dl").close("li");
    }
    m.close("ul");
}

fn gallery(m: &mut Markup, settings: &ImageGallerySettings, answer: &SheetAnswer) {
    let (image, caption) = (text(&settings.image_column), text(&settings.caption_column));
    m.open("div", &[("class", "ssr-gallery".into())]);
    for row in 0..answer.rows.len() {
        let Some(src) = image_url(cell(answer, row, image)) else { continue };
        let caption = if caption.is_empty() { "" } else { cell(answer, row, caption) };
        m.open("figure", &[]).empty("img", &[("src", src.into()), ("alt", caption.into()), ("loading", "lazy".into())]);
        if !caption.is_empty() {
            m.element("figcaption", &[], caption);
        }
        m.close("figure");
    }
    m.close("div");
}

fn item_details(m: &mut Markup, settings: &ItemDetailsSettings, answer: &SheetAnswer) {
    let entries: Vec<(&str, &str)> =
        settings.axis.iter().map(|entry| (text(&entry.column), text(&entry.label))).filter(|(column, _)| !column.is_empty()).collect();
    let pairs: Vec<(&str, &str)> = if entries.is_empty() {
        answer.columns.iter().filter(|c| !HIDDEN_COLUMNS.contains(&c.as_str())).map(|c| (c.as_str(), c.as_str())).collect()
    } else {
        entries.into_iter().map(|(column, label)| (column, if label.is_empty() { column } else { label })).collect()
    };
    m.open("dl", &[("class", "ssr-details".into())]);
    for (column, label) in pairs {
        let value = cell(answer, 0, column);
        m.element("dt", &[], label).open("dd", &[]);
        match image_url(value) {
            Some(src) if looks_like_image(src) => m.empty("img", &[("src", src.into()), ("alt", label.into())]),
            _ => m.text(shown(answer, 0, column)),
        };
        m.close("dd");
    }
    m.close("dl");
}

fn looks_like_image(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
    url.starts_with("/api/uploads/") || [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".avif"].iter().any(|ext| path.ends_with(ext))
}

/// The colours of a chart's series (each axis' first `backgroundColor`, else the palette's) and
/// of a pie's slices (the first axis' colour list when it has several, else the palette).
/// The value axis writes its numbers as the view's `texts` say for the first series.
pub fn chart_style<'a>(block: &'a Shown, palette: &[String], texts: &ChartTexts) -> ChartStyle<'a> {
    let (axis, grouped): (&[ChartAxisItem], bool) = match &block.settings {
        Some(BlockSettings::Chart(chart)) => (&chart.axis, chart.data_format),
        _ => (&[], false),
    };
    let own = |entry: &ChartAxisItem| -> Vec<String> {
        entry.background_color.iter().filter_map(|c| colour(Some(c))).map(str::to_owned).collect()
    };
    let colours = axis
        .iter()
        .enumerate()
        .map(|(i, entry)| own(entry).into_iter().next().unwrap_or_else(|| palette[i % palette.len()].clone()))
        .collect();
    let first = axis.first().map(own).unwrap_or_default();
    let slice_colours = if first.len() > 1 { first } else { palette.to_vec() };
    let axis = texts.axis.first().cloned().unwrap_or_default();
    ChartStyle { title: &block.title, colours, slice_colours, grouped, axis }
}

fn view_body(m: &mut Markup, block: &Shown, view: &BlockView, palette: &[String]) {
    match view {
        BlockView::Chart { chart, texts } => {
            m.safe(&chart_svg::svg(chart, &chart_style(block, palette, texts)));
        }
        BlockView::Scorecard { cards } => scorecards(m, cards),
        BlockView::Markdown { html, .. } => {
            if matches!(&block.settings, Some(BlockSettings::Markdown(markdown)) if markdown.r#loop) {
                m.open("ul", &[("class", "ssr-markdown-loop".into())]);
                for one in html {
                    m.open("li", &[]).safe(&Safe::sanitised(one.clone())).close("li");
                }
                m.close("ul");
            } else if let Some(one) = html.first() {
                m.safe(&Safe::sanitised(one.clone()));
            }
        }
        BlockView::Calendar { calendar } => {
            m.open("div", &[("class", "ssr-box ssr-calendar".into())]);
            m.element("h3", &[], &window_title(&calendar.window));
            if calendar.events.is_empty() {
                m.element("p", &[("class", "ssr-muted".into())], "No events.");
            }
            m.open("ul", &[]);
            for event in calendar.events.iter().take(CALENDAR_EVENTS) {
                m.open("li", &[])
                    .element("time", &[("datetime", event.start.as_str().into())], &event.start.replace('T', " "))
                    .text(" ")
                    .text(&event.title)
                    .close("li");
            }
            m.close("ul").close("div");
        }
        BlockView::Iframe { frame, refusal } => match (frame, refusal) {
            (Some(frame), _) => {
                let height = frame_height(frame.height.as_deref());
                let title = frame.title.as_deref().unwrap_or(frame.src.as_str());
                m.open("div", &[("class", "ssr-box".into()), ("style", format!("height:{height}px").as_str().into())]);
                m.element(
                    "a",
                    &[("href", frame.src.as_str().into()), ("rel", "noopener noreferrer".into()), ("target", "_blank".into())],
                    title,
                );
                m.close("div");
            }
            (None, Some(refusal)) => {
                m.element("p", &[("class", "ssr-error".into())], refusal);
            }
            (None, None) => {
                m.element("p", &[("class", "ssr-muted".into())], "No iframe code yet.");
            }
        },
    }
}

/// 'March 2026' for a month, 'Week of 2026-03-02' for a week, the day itself for a day.
fn window_title(window: &Window) -> String {
    const MONTHS: [&str; 12] =
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
    match window.view {
        CalendarView::Month => {
            let month = window.anchor.get(5..7).and_then(|m| m.parse::<usize>().ok()).and_then(|m| MONTHS.get(m.wrapping_sub(1)));
            match (month, window.anchor.get(..4)) {
                (Some(month), Some(year)) => format!("{month} {year}"),
                _ => window.anchor.clone(),
            }
        }
        CalendarView::Week => format!("Week of {}", window.start),
        CalendarView::Day => window.anchor.clone(),
    }
}

/// The frame's height in px as the browser's `frameHeight`: a number, px, em or rem, within
/// 100-2000 px; anything else 400.
fn frame_height(height: Option<&str>) -> f64 {
    let text = height.unwrap_or_default().trim().to_ascii_lowercase();
    let (digits, factor) = if let Some(rem) = text.strip_suffix("rem") {
        (rem, 16.0)
    } else if let Some(em) = text.strip_suffix("em") {
        (em, 16.0)
    } else {
        (text.strip_suffix("px").unwrap_or(&text), 1.0)
    };
    match digits.trim().parse::<f64>() {
        Ok(value) if value.is_finite() && !digits.trim().starts_with(['+', '-']) => (value * factor).clamp(100.0, 2000.0),
        _ => 400.0,
    }
}

pub fn scorecards(m: &mut Markup, cards: &[Card]) {
    if cards.is_empty() {
        m.element("p", &[("class", "ssr-muted".into())], "No cards yet.");
        return;
    }
    m.open("ul", &[("class", "ssr-cards".into())]);
    for card in cards {
        let background = colour(card.background_color.as_deref());
        let text_colour =
            colour(card.font_color.as_deref()).or_else(|| background.and_then(|b| tessera_core::contrast::text_color_for(b).ok()));
        let style: String =
            [("background", background), ("color", text_colour)].iter().filter_map(|(p, v)| v.map(|v| format!("{p}:{v};"))).collect();
        m.open("li", &[("style", style.as_str().into())]).element("p", &[], &card.label);
        match &card.error {
            Some(error) => m.element("p", &[("class", "ssr-error".into())], error),
            None => m.element("p", &[("class", "ssr-card-value".into())], &card.formatted),
        };
        m.close("li");
    }
    m.close("ul");
}

fn link_or_text(m: &mut Markup, label: &str, url: &str) {
    match link_url(url) {
        Some(href) => m.element("a", &[("href", href.into()), ("rel", "noopener noreferrer".into()), ("target", "_blank".into())], label),
        None => m.text(label),
    };
}

/// An event card with its style fields (blocks §3.16), as the board draws them.
fn event(m: &mut Markup, event: &EventSettings) {
    let css = |pairs: &[(&str, &Option<String>)]| -> String {
        pairs.iter().filter_map(|(property, setting)| colour(Some(text(setting))).map(|value| format!("{property}:{value};"))).collect()
    };
    let mut card = css(&[("color", &event.event_text_color), ("background", &event.event_background_color)]);
    if !text(&event.event_background_color).is_empty() {
        card.push_str("padding:12px;border-radius:8px;");
    }
    let size = match event.event_title_size.as_str() {
        "small" => "1.1rem",
        "large" => "1.75rem",
        _ => "1.35rem",
    };
    let title = format!("font-size:{size};{}", css(&[("color", &event.event_title_color)]));
    let date = css(&[("color", &event.event_date_color)]);
    m.open("div", &[("style", card.as_str().into())]);
    if let Some(src) = image_url(text(&event.image)) {
        m.empty("img", &[("src", src.into()), ("alt", text(&event.event_title).into())]);
    }
    m.element("h3", &[("style", title.as_str().into())], text(&event.event_title));
    let when = |date: &str, time: &str| {
        let date = event_date(date, &event.date_format);
        [date.as_str(), time.trim()].into_iter().filter(|part| !part.is_empty()).collect::<Vec<_>>().join(" ")
    };
    let start = when(text(&event.start_date), text(&event.start_time));
    let end_date = if text(&event.event_type) == "Multi day" { text(&event.end_date) } else { "" };
    let end = when(end_date, text(&event.end_time));
    let dates = match (start.is_empty(), end.is_empty()) {
        (false, false) => format!("{start} – {end}"),
        _ => format!("{start}{end}"),
    };
    if !dates.is_empty() {
        m.element("p", &[("style", date.as_str().into())], &dates);
    }
    let place = match text(&event.location) {
        "Webinar" => "Webinar",
        _ => text(&event.address),
    };
    if !place.is_empty() {
        m.element("p", &[], place);
    }
    if !text(&event.description).is_empty() {
        m.element("p", &[("style", "white-space:pre-line".into())], text(&event.description));
    }
    if event.registration_button {
        let label = event.registration_button_text.trim();
        m.open("p", &[]);
        link_or_text(m, label, text(&event.registration_link));
        m.close("p");
    }
    m.close("div");
}

/// A stored event date ('YYYY-MM-DD') in the block's `date_format`, as the board writes it
/// (`web/src/blocks/event/eventDates.ts`); a date that does not parse is shown as typed.
fn event_date(stored: &str, pattern: &str) -> String {
    let stored = stored.trim();
    // Only the editor's own form is a date here, as on the board ('Mar 5, 2030' stays as typed).
    let iso = stored.len() == 10 && stored.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    iso.then(|| tessera_core::date::parse_date(stored))
        .flatten()
        .and_then(|date| tessera_core::display::format_date_pattern(date, pattern))
        .unwrap_or_else(|| stored.to_owned())
}

fn header(m: &mut Markup, header: &HeaderSettings) {
    m.open("div", &[("style", "display:flex;flex-wrap:wrap;align-items:center;gap:16px".into())]);
    if let Some(src) = image_url(text(&header.logo)) {
        m.empty("img", &[("class", "ssr-logo".into()), ("src", src.into()), ("alt", "Logo".into())]);
    }
    if !text(&header.header_title).is_empty() {
        m.element("strong", &[], text(&header.header_title));
    }
    m.open("ul", &[("class", "ssr-links".into())]);
    for item in &header.navigation_items {
        m.open("li", &[]);
        link_or_text(m, text(&item.name), text(&item.url));
        m.close("li");
    }
    m.close("ul").close("div");
}

fn footer(m: &mut Markup, footer: &FooterSettings) {
    if let Some(src) = image_url(text(&footer.logo_image)) {
        m.empty("img", &[("class", "ssr-logo".into()), ("src", src.into()), ("alt", "Logo".into())]);
    }
    let sublinks = footer.footer_sublinks.iter().map(|link| (&link.text, &link.url));
    let simple = footer.simple_links.iter().map(|link| (&link.text, &link.url));
    for links in [sublinks.collect::<Vec<_>>(), simple.collect()] {
        if links.is_empty() {
            continue;
        }
        m.open("ul", &[("class", "ssr-links".into())]);
        for (label, url) in links {
            m.open("li", &[]);
            link_or_text(m, text(label), text(url));
            m.close("li");
        }
        m.close("ul");
    }
    let contacts: Vec<&str> = footer.contact_items.iter().map(|item| text(&item.value)).filter(|value| !value.is_empty()).collect();
    if !contacts.is_empty() {
        m.open("ul", &[("class", "ssr-links".into())]);
        for value in contacts {
            m.element("li", &[], value);
        }
        m.close("ul");
    }
    if !text(&footer.copyright_text).is_empty() {
        m.element("p", &[("class", "ssr-muted".into())], text(&footer.copyright_text));
    }
}

/// The form's fields as labels over empty boxes: the height the form takes, readable without
/// a script that could send it.
fn form(m: &mut Markup, form: &FormSettings) {
    if !text(&form.title_form).is_empty() {
        m.element("h3", &[], text(&form.title_form));
    }
    for field in form.axis.iter().filter(|field| !field.hide) {
        let label = Some(text(&field.label)).filter(|l| !l.is_empty()).unwrap_or(text(&field.column));
        m.element("p", &[("style", "margin:0".into())], label);
        m.open("div", &[("class", "ssr-input".into()), ("aria-hidden", "true".into())]).close("div");
    }
    let label = Some(form.submit_text.trim()).filter(|t| !t.is_empty()).unwrap_or("Submit");
    let style = button_style(&form.submit_button_color, &form.submit_button_text_color);
    m.element("span", &[("class", "ssr-button".into()), ("style", style.as_str().into())], label);
}

/// A button's own colours as the browser's `buttonStyle` draws them: the theme's accent (the
/// `.ssr-button` default) while its colour is unset or the catalogue's default, else its own,
/// with its own text colour or one readable on it.
fn button_style(background: &str, text: &Option<String>) -> String {
    let own = colour(Some(background)).filter(|own| !own.eq_ignore_ascii_case(tessera_blocks::BUTTON_COLOUR));
    let text = colour(text.as_deref()).map(str::to_owned).or_else(|| own.map(|own| Theme::of(Some(own), None).accent_text.to_owned()));
    [own.map(|own| format!("background:{own};")), text.map(|text| format!("color:{text};"))].into_iter().flatten().collect()
}

/// A banner's images, title and subtitle (the banner draws its own title over its hero: its
/// frame has no title line).
struct Images<'a> {
    background: &'a Option<String>,
    foreground: &'a Option<String>,
    title: &'a Option<String>,
    subtitle: &'a Option<String>,
}

impl Images<'_> {
    const NONE: Images<'static> = Images { background: &None, foreground: &None, title: &None, subtitle: &None };
}

/// Banner hero, features layout, image grid and image accordion: images, subtitle, features
/// and the 'learn more' link.
fn features(m: &mut Markup, images: Images<'_>, features: &[FeaturesItem], learn_more: Option<(&Option<String>, &Option<String>)>) {
    for image in [images.background, images.foreground] {
        if let Some(src) = image_url(text(image)) {
            m.empty("img", &[("src", src.into()), ("alt", "".into())]);
        }
    }
    if !text(images.title).is_empty() {
        m.element("h2", &[], text(images.title));
    }
    if !text(images.subtitle).is_empty() {
        m.element("p", &[], text(images.subtitle));
    }
    if !features.is_empty() {
        m.open("ul", &[("class", "ssr-features".into())]);
        for feature in features {
            m.open("li", &[]);
            match (text(&feature.icon_type), image_url(text(&feature.icon))) {
                ("image", Some(src)) => {
                    m.empty("img", &[("src", src.into()), ("alt", "".into())]);
                }
                ("text", _) if !text(&feature.icon).is_empty() => {
                    m.element("p", &[], text(&feature.icon));
                }
                _ => {}
            }
            m.element("h3", &[], text(&feature.title));
            m.element("p", &[("style", "margin:0;white-space:pre-line".into())], text(&feature.description));
            m.close("li");
        }
        m.close("ul");
    }
    if let Some((label, link)) = learn_more.filter(|(label, _)| !text(label).is_empty()) {
        m.open("p", &[]);
        link_or_text(m, text(label), text(link));
        m.close("p");
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tessera_blocks::{Capabilities, ViewKind};

    use tessera_blocks::BlockType;

    use super::super::snapshot::{normalised, reads, shown, Reads};
    use super::*;

    /// Every type of the catalogue is read as its capabilities say and drawn: a row type shows
    /// its first page's cells, the others their settings. (The match in `body` names every type,
    /// so a new one does not compile until it is drawn.)
    #[test]
    fn every_block_type_is_read_as_its_capabilities_say_and_drawn() {
        const IMAGE: &str = "https://example.com/a.png";
        let config = json!({"axis": [{"column": "Name"}], "image_column": "Name", "title": "T"}).as_object().unwrap().clone();
        for kind in BlockType::ALL {
            let (filled, settings) = normalised(kind.as_str(), config.clone());
            let Capabilities { view, first_page, .. } = kind.capabilities();
            let read = reads(Some(kind), &filled);
            let drawn = match read {
                Reads::View => {
                    assert_ne!(view, ViewKind::None, "{kind}");
                    continue;
                }
                Reads::Rows(n) => {
                    assert!((1..=super::super::snapshot::ALL_ROWS_SHOWN).contains(&n), "{kind}: {n} rows");
                    Body::Rows(one_row(&[("Name", IMAGE)]))
                }
                Reads::Settings => {
                    assert!(!kind.capabilities().data || kind.capabilities().script_only, "{kind}: {first_page:?}");
                    Body::Settings
                }
            };
            let rows = matches!(drawn, Body::Rows(_));
            let shown = shown("b1".into(), kind.as_str(), (filled, settings), drawn);
            let mut m = Markup::new();
            body(&mut m, &shown, &["#4f46E5".to_owned()]);
            let html = m.finish();
            assert_eq!(html.as_str().contains(IMAGE), rows, "{kind}: {}", html.as_str());
        }
    }

    /// The answer of a tab whose only row holds `cells`, as the rows call gives it.
    fn one_row(cells: &[(&str, &str)]) -> SheetAnswer {
        let row = cells.iter().map(|(column, value)| ((*column).to_owned(), Value::from(*value))).collect();
        SheetAnswer {
            columns: cells.iter().map(|(column, _)| (*column).to_owned()).collect(),
            rows: vec![row],
            total: 1,
            page: 1,
            page_count: 1,
            version: 1,
            truncated: false,
            styles: Vec::new(),
            permissions: None,
            markdown: Vec::new(),
            display: Vec::new(),
            sorted_by: None,
        }
    }

    /// A table of `axis` over one row of `cells`, drawn.
    fn drawn_table(settings: Value, cells: &[(&str, &str)]) -> String {
        let mut config = settings;
        config["type"] = "table".into();
        let filled = tessera_blocks::normalise(&config).unwrap().as_object().unwrap().clone();
        let shown = shown("b1".into(), "table", normalised("table", filled), Body::Rows(one_row(cells)));
        let mut m = Markup::new();
        body(&mut m, &shown, &["#4f46E5".to_owned()]);
        m.finish().as_str().to_owned()
    }

    const SALE: &[(&str, &str)] = &[
        ("Customer", "Customer number 1234"),
        ("Email", "customer1234@example.com"),
        ("Notes", "Delivered to the back door"),
        ("Product", "Ergonomic office chair"),
        ("Region", "North and the islands"),
        ("City", "Newcastle upon Tyne"),
        ("Revenue", "1067.7"),
    ];

    fn sale_axis() -> Value {
        Value::Array(
            SALE.iter()
                .map(|(column, _)| match *column {
                    "Email" => json!({"column": column, "drop_first": true}),
                    "Revenue" => json!({"column": column, "type": "number"}),
                    _ => json!({"column": column}),
                })
                .collect(),
        )
    }

    #[test]
    fn a_fitted_table_takes_shares_of_its_width_leaves_out_what_hides_first_and_right_aligns_numbers() {
        // Half the board's width (the grid's `width`), where the seven columns do not all fit.
        let html = drawn_table(json!({"fit_columns": true, "width": "Half", "axis": sale_axis()}), SALE);
        assert!(html.contains(r#"<table class="ssr-fit">"#), "{html}");
        let shares: Vec<f64> =
            html.split(r#"<col style="width:"#).skip(1).map(|rest| rest.split('%').next().unwrap().parse().unwrap()).collect();
        // Half a 1280 px board holds six of the seven columns: the one marked to hide first goes.
        assert_eq!(shares.len(), 6, "{html}");
        assert!((shares.iter().sum::<f64>() - 100.0).abs() < 0.1, "{shares:?}");
        assert!(!html.contains("customer1234@example.com"), "{html}");
        assert!(html.contains(r#"<th scope="col" class="ssr-num">Revenue</th>"#), "{html}");
        assert!(html.contains(r#"<td style="" class="ssr-num">1067.7</td>"#), "{html}");
        // Full width, every column fits.
        let full = drawn_table(json!({"fit_columns": true, "full_width": true, "axis": sale_axis()}), SALE);
        assert_eq!(full.matches("<col ").count(), 7, "{full}");
    }

    #[test]
    fn a_table_that_does_not_fit_keeps_every_column_unsized_and_still_right_aligns_numbers() {
        let html = drawn_table(json!({"axis": sale_axis()}), SALE);
        assert!(!html.contains("<colgroup>") && !html.contains("ssr-fit"), "{html}");
        assert!(html.contains("customer1234@example.com"), "{html}");
        assert!(html.contains(r#"<td style="" class="ssr-num">1067.7</td>"#), "{html}");
    }

    #[test]
    fn blocks_take_the_grid_columns_of_the_layout_rule_under_a_bar_of_search_and_filters() {
        let block = |id: &str, kind: &str, config: Value| {
            shown(id.into(), kind, normalised(kind, config.as_object().unwrap().clone()), Body::Settings)
        };
        let snapshot = Snapshot {
            title: "Sales".into(),
            settings: crate::boards::board_state::Settings {
                hide_search: false,
                hide_filters: false,
                filters: vec![json!({"name": "Region"})],
                ..Default::default()
            },
            tabs: Vec::new(),
            active_tab: None,
            blocks: vec![
                block("k", "markdown", json!({"width": "Third"})),
                block("c", "markdown", json!({"width": "Half"})),
                block("t", "markdown", json!({"width": "Two thirds", "full_width": true})),
            ],
        };
        let html = page(&snapshot).as_str().to_owned();
        let span = |id: &str| {
            let at = html.find(&format!(r#"data-block="{id}""#)).unwrap();
            let open = html[..at].rfind("<section").unwrap();
            html[open..at].split("--span:").nth(1).unwrap().split(';').next().unwrap().to_owned()
        };
        // A third, then a half that ends its row grown to the edge, then a full_width block.
        assert_eq!([span("k"), span("c"), span("t")], ["2", "4", "6"]);
        // The search box and the filter's chip come before the first block, in the bar.
        let bar = html.find(r#"class="ssr-panel""#).unwrap();
        assert!(bar < html.find(r#"data-block="k""#).unwrap());
        assert!(html[bar..].starts_with(r#"class="ssr-panel" aria-hidden="true"><div class="ssr-input ssr-search">Search</div><span class="ssr-chip">Region</span></div>"#), "{html}");
    }

    #[test]
    fn headers_footers_and_banners_are_drawn_without_the_frames_box_and_title_line() {
        let framed = |kind: BlockType, config: Value| {
            let shown = Shown {
                title: "Top".into(),
                ..shown("b1".into(), kind.as_str(), normalised(kind.as_str(), config.as_object().unwrap().clone()), Body::Settings)
            };
            let mut m = Markup::new();
            frame(&mut m, &shown, 6, &["#4f46E5".to_owned()]);
            m.finish().as_str().to_owned()
        };
        let header = framed(BlockType::Header, json!({"HeaderTitle": "Our town"}));
        assert!(header.starts_with(r#"<section class="ssr-block ssr-bare" style="--span:6;" aria-label="Top""#), "{header}");
        assert!(!header.contains("<h2"), "{header}");
        let banner = framed(BlockType::BannerHero, json!({"title": "Welcome", "subtitle": "All in one place"}));
        assert!(banner.contains(r#"class="ssr-block ssr-bare""#) && banner.contains("<h2>Welcome</h2>"), "{banner}");
        let event = framed(BlockType::Event, json!({"event_title": "Fair"}));
        assert!(event.contains(r#"<h2 id="ssr-b1""#), "{event}");
    }

    #[test]
    fn an_event_card_takes_its_style_fields_and_drops_what_is_no_colour() {
        let config = json!({"type": "event", "event_title": "Fair", "start_date": "2030-03-05", "event_title_color": "#aa0000", "event_title_size": "large",
            "event_text_color": "red;background:url(x)", "event_date_color": "#0000aa", "event_background_color": "#fffbe6"});
        let Ok(BlockSettings::Event(settings)) = tessera_blocks::settings(&config) else { panic!("an event") };
        let mut m = Markup::new();
        event(&mut m, &settings);
        let html = m.finish().as_str().to_owned();
        assert!(html.starts_with(r#"<div style="background:#fffbe6;padding:12px;border-radius:8px;">"#), "{html}");
        assert!(html.contains(r#"<h3 style="font-size:1.75rem;color:#aa0000;">Fair</h3>"#), "{html}");
        // The catalogue's date format (DD MMM YYYY), as the board writes it.
        assert!(html.contains(r#"<p style="color:#0000aa;">05 Mar 2030</p>"#), "{html}");
        assert!(!html.contains("url(x)"), "{html}");
    }

    #[test]
    fn an_events_dates_are_written_in_its_date_format_and_a_date_that_does_not_parse_as_typed() {
        let drawn = |config: Value| {
            let Ok(BlockSettings::Event(settings)) = tessera_blocks::settings(&config) else { panic!("an event") };
            let mut m = Markup::new();
            event(&mut m, &settings);
            m.finish().as_str().to_owned()
        };
        let html = drawn(json!({"type": "event", "event_title": "Fair", "Event_Type": "Multi day", "date_format": "MM/DD/YYYY",
            "start_date": "2030-03-05", "start_time": "09:30", "end_date": "2030-03-07"}));
        assert!(html.contains(">03/05/2030 09:30 – 03/07/2030</p>"), "{html}");
        let html = drawn(json!({"type": "event", "event_title": "Fair", "start_date": "next spring"}));
        assert!(html.contains(">next spring</p>"), "{html}");
    }

    #[test]
    fn a_list_of_compact_rows_shows_a_title_and_a_subtitle_per_row_as_the_app_does() {
        let config = json!({"type": "list", "list_style": "Compact rows", "axis": [{"column": "Customer"}, {"column": "Region"}, {"column": "Notes"}]});
        let filled = tessera_blocks::normalise(&config).unwrap().as_object().unwrap().clone();
        let answer = one_row(&[("Customer", "Ada <Lovelace>"), ("Region", "North"), ("Notes", "Left at the door")]);
        let list = shown("b1".into(), "list", normalised("list", filled), Body::Rows(answer));
        let mut m = Markup::new();
        body(&mut m, &list, &["#4f46E5".to_owned()]);
        let html = m.finish().as_str().to_owned();
        assert!(html.contains(r#"<ul class="ssr-rows"><li><span class="ssr-row-text"><span class="ssr-row-title">Ada &lt;Lovelace&gt;</span><span class="ssr-row-subtitle">North</span></span></li></ul>"#), "{html}");
        assert!(!html.contains("Left at the door"), "a compact row shows two columns: {html}");
    }

    #[test]
    fn calendar_windows_are_named_as_a_reader_names_them() {
        let window = |view, anchor: &str| Window { view, start: "2026-02-23".into(), end: "2026-04-06".into(), anchor: anchor.into() };
        assert_eq!(window_title(&window(CalendarView::Month, "2026-03-01")), "March 2026");
        assert_eq!(window_title(&window(CalendarView::Week, "2026-02-25")), "Week of 2026-02-23");
        assert_eq!(window_title(&window(CalendarView::Day, "2026-02-25")), "2026-02-25");
    }

    #[test]
    fn frame_heights_read_as_the_browser_reads_them() {
        assert_eq!(frame_height(Some("450")), 450.0);
        assert_eq!(frame_height(Some("30rem")), 480.0);
        assert_eq!(frame_height(Some("50px")), 100.0);
        assert_eq!(frame_height(Some("100%")), 400.0);
        assert_eq!(frame_height(None), 400.0);
    }

    #[test]
    fn a_board_palette_replaces_the_default_and_drops_what_is_no_colour() {
        let theme = Theme::of(None, None);
        assert_eq!(palette(&[], &theme)[..3], ["#4f46E5", "#43464d", "#0f9d8a"], "the accent leads, then the ink");
        assert_eq!(palette(&[], &Theme::of(Some("#0f766e"), Some("dark")))[..2], ["#0f766e", "#d5d8de"]);
        assert_eq!(palette(&[Value::from("#123456"), Value::from("url(x)")], &theme), vec!["#123456".to_owned()]);
    }
}
