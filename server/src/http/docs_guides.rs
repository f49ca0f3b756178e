//! The user guides of `/docs` (issue 12): the Markdown files of `docs/guide/`, compiled into the
//! binary so that a self-hosted install serves its documentation without internet access,
//! rendered once by the sanitiser markdown blocks use (`tessera_markup::markdown_to_html`) and
//! answered by `GET /api/docs/guides`.
//!
//! The sanitiser drops `id` attributes, so headings get theirs here, after it, from their text
//! as GitHub spells them (`## Install and start: two commands` → `install-and-start-two-commands`;
//! a repeated heading gets `-1`, `-2`): guides link to `/docs/guides/{slug}#{id}`. The tests
//! hold every link of every guide to something that exists in the product, and every file of
//! `docs/guide/` to a place in [`SOURCES`]; every image to a screenshot of the product in
//! `web/public/docs-shots/` (taken by `web/e2e/shots.e2e.mjs`, `cargo xtask docs-shots`).

use std::sync::LazyLock;

use serde::Serialize;
use utoipa::ToSchema;

/// Every guide, in reading order: its slug (`/docs/guides/{slug}`) and its Markdown.
const SOURCES: &[(&str, &str)] = &[
    ("getting-started", include_str!("../../../docs/guide/getting-started.md")),
    ("filters", include_str!("../../../docs/guide/filters.md")),
    ("sections", include_str!("../../../docs/guide/sections.md")),
    ("forms-and-writes", include_str!("../../../docs/guide/forms-and-writes.md")),
    ("row-actions", include_str!("../../../docs/guide/row-actions.md")),
    ("history", include_str!("../../../docs/guide/history.md")),
    ("users-and-permissions", include_str!("../../../docs/guide/users-and-permissions.md")),
    ("apps", include_str!("../../../docs/guide/apps.md")),
    ("publishing", include_str!("../../../docs/guide/publishing.md")),
    ("embedding", include_str!("../../../docs/guide/embedding.md")),
    ("self-hosting", include_str!("../../../docs/guide/self-hosting.md")),
];

/// One guide as the docs page shows and searches it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Guide {
    /// Its address is `/docs/guides/{slug}`.
    pub slug: &'static str,
    /// The guide's `#` heading.
    pub title: String,
    /// Its first paragraph as plain text: what the guide is about.
    pub summary: String,
    /// Everything below the title as plain text, for search.
    pub text: String,
    /// Everything below the title as sanitised HTML; every heading has an `id`.
    pub html: String,
}

static GUIDES: LazyLock<Vec<Guide>> = LazyLock::new(|| SOURCES.iter().map(|&(slug, source)| render(slug, source)).collect());

/// The guides in reading order, rendered on first use.
pub fn guides() -> &'static [Guide] {
    &GUIDES
}

/// A guide file starts with its `# Title` line; a file without one is a broken build input,
/// which the tests catch before it ships.
fn render(slug: &'static str, source: &str) -> Guide {
    let source = source.trim_start();
    let (first, body) = source.split_once('\n').unwrap_or((source, ""));
    let title = first.strip_prefix("# ").unwrap_or_else(|| panic!("docs/guide/{slug}.md must start with a `# Title` line")).trim();
    let html = with_heading_ids(&tessera_markup::markdown_to_html(body));
    let summary =
        html.split_once("<p>").and_then(|(_, rest)| rest.split_once("</p>")).map(|(first, _)| plain_text(first)).unwrap_or_default();
    Guide { slug, title: title.to_owned(), summary, text: plain_text(&html), html }
}

/// Adds an `id` to every `<h1>`..`<h6>` of sanitised HTML (which leaves them without attributes).
fn with_heading_ids(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut taken: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some((at, level)) = next_heading(rest) {
        let open_end = at + "<h1>".len();
        let close = format!("</h{level}>");
        let Some(inner_len) = rest[open_end..].find(&close) else { break };
        let inner = &rest[open_end..open_end + inner_len];
        let id = unique(heading_id(&plain_text(inner)), &taken);
        out.push_str(&rest[..at]);
        out.push_str(&format!("<h{level} id=\"{id}\">{inner}{close}"));
        taken.push(id);
        rest = &rest[open_end + inner_len + close.len()..];
    }
    out.push_str(rest);
    out
}

/// Where the next attribute-less heading tag of `html` starts, and its level.
fn next_heading(html: &str) -> Option<(usize, char)> {
    html.match_indices("<h").find_map(|(at, _)| {
        let mut next = html[at + 2..].chars();
        match (next.next(), next.next()) {
            (Some(level @ '1'..='6'), Some('>')) => Some((at, level)),
            _ => None,
        }
    })
}

/// GitHub's heading anchors: lower case, spaces to hyphens, letters, digits, `-` and `_` kept.
fn heading_id(text: &str) -> String {
    text.trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

fn unique(id: String, taken: &[String]) -> String {
    if !taken.contains(&id) {
        return id;
    }
    (1..).map(|n| format!("{id}-{n}")).find(|candidate| !taken.contains(candidate)).expect("some suffix is free")
}

/// The text of sanitised HTML: tags dropped (block tags leave a space, so table cells and list
/// items do not run together), the entities the serialiser writes decoded, spaces collapsed.
fn plain_text(html: &str) -> String {
    const INLINE: &[&str] = &["a", "strong", "em", "code", "del"];
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        let close = rest[open..].find('>').map_or(rest.len(), |end| open + end + 1);
        let name = rest[open + 1..close].trim_start_matches('/').split([' ', '>', '/']).next().unwrap_or_default();
        if !INLINE.contains(&name) {
            text.push(' ');
        }
        rest = &rest[close..];
    }
    text.push_str(rest);
    let decoded = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&nbsp;", " ").replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The values of every `name="..."` attribute of `html`.
    fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
        let needle = format!(" {name}=\"");
        html.match_indices(&needle)
            .map(|(at, _)| &html[at + needle.len()..])
            .map(|rest| &rest[..rest.find('"').unwrap_or(rest.len())])
            .collect()
    }

    fn guide(slug: &str) -> &'static Guide {
        guides().iter().find(|guide| guide.slug == slug).unwrap_or_else(|| panic!("no guide `{slug}`"))
    }

    #[test]
    fn every_file_in_docs_guide_is_served_and_every_served_guide_has_its_file() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/guide");
        let files: BTreeSet<String> = std::fs::read_dir(&folder)
            .unwrap_or_else(|err| panic!("reading {}: {err}", folder.display()))
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let listed: BTreeSet<String> = SOURCES.iter().map(|(slug, _)| format!("{slug}.md")).collect();
        assert_eq!(files, listed, "docs/guide/ and SOURCES in docs_guides.rs must name the same files");
        let source_of = |slug: &str| std::fs::read_to_string(folder.join(format!("{slug}.md"))).unwrap();
        for (slug, source) in SOURCES {
            assert_eq!(*source, source_of(slug), "{slug}: SOURCES must include docs/guide/{slug}.md itself");
        }
    }

    #[test]
    fn guides_are_listed_in_reading_order_with_title_summary_text_and_html() {
        let slugs: Vec<&str> = guides().iter().map(|guide| guide.slug).collect();
        assert_eq!(slugs[0], "getting-started");
        assert_eq!(slugs.last(), Some(&"self-hosting"));
        for guide in guides() {
            assert!(!guide.title.is_empty() && !guide.summary.is_empty() && guide.text.len() > 500, "{}", guide.slug);
            assert!(!guide.html.contains("<h1"), "{}: one `#` title per guide; sections start at `##`", guide.slug);
        }
        let filters = guide("filters");
        assert_eq!(filters.title, "Filters and search");
        assert!(filters.summary.starts_with("Filters decide which rows a board's blocks show."), "{}", filters.summary);
        assert!(filters.text.contains("[(current_user)] stands for the e-mail address"), "the token survives as text");
        assert!(filters.html.contains(r#"<h2 id="url-filters">URL filters</h2>"#), "{}", filters.html);
        assert!(filters.html.contains(r##"<a href="#url-filters" rel="noopener noreferrer">URL filters</a>"##));
        assert!(filters.html.contains("<pre><code>/sales-q3?filters=Region:North\n"), "code blocks keep their lines");
        assert!(filters.html.contains("<td><code>not_starts_with</code></td>"), "tables survive");
    }

    #[test]
    fn headings_get_githubs_ids_and_repeated_ones_a_number() {
        let html = with_heading_ids("<h2>Install and start: two commands</h2>\n<p>x</p><h3>The signed-in user: <code>[(current_user)]</code></h3><h2>Install and start: two commands</h2>");
        assert_eq!(
            attribute_values(&html, "id"),
            ["install-and-start-two-commands", "the-signed-in-user-current_user", "install-and-start-two-commands-1"]
        );
        assert!(html.contains("<h3 id=\"the-signed-in-user-current_user\">The signed-in user: <code>[(current_user)]</code></h3>"));
        assert_eq!(with_heading_ids("<p>no <hr> heading</p><h7>x</h7>"), "<p>no <hr> heading</p><h7>x</h7>");
    }

    #[test]
    fn plain_text_keeps_words_apart_and_decodes_entities() {
        assert_eq!(
            plain_text("<p>Press <strong>Save</strong>.</p>\n<table><tr><td>a</td><td>b &amp; c</td></tr></table>"),
            "Press Save. a b & c"
        );
        assert_eq!(plain_text("<code>&lt;iframe&gt;</code> &quot;x&quot;"), "<iframe> \"x\"");
    }

    /// Why `link`, found in `guide`, leads nowhere, or `Ok`. Guides are read offline, so they
    /// link only inside the product; there is no allow-list of outside addresses.
    fn resolve(link: &str, guide: &Guide) -> Result<(), String> {
        let (path, anchor) = link.split_once('#').map_or((link, None), |(path, anchor)| (path, Some(anchor)));
        let path = path.split('?').next().unwrap_or_default();
        let has_anchor = |html: &str, anchor: &str| attribute_values(html, "id").contains(&anchor);
        if path.is_empty() {
            let anchor = anchor.unwrap_or_default();
            return if has_anchor(&guide.html, anchor) { Ok(()) } else { Err(format!("this guide has no heading #{anchor}")) };
        }
        if let Some(slug) = path.strip_prefix("/docs/guides/") {
            let target = guides().iter().find(|guide| guide.slug == slug).ok_or(format!("there is no guide `{slug}`"))?;
            return match anchor {
                Some(anchor) if !has_anchor(&target.html, anchor) => Err(format!("the guide `{slug}` has no heading #{anchor}")),
                _ => Ok(()),
            };
        }
        if let Some(name) = path.strip_prefix("/docs/blocks/") {
            let block_type = tessera_blocks::BlockType::ALL
                .into_iter()
                .find(|block_type| block_type.as_str() == name)
                .ok_or(format!("the block catalogue has no type `{name}`"))?;
            let Some(anchor) = anchor else { return Ok(()) };
            // The block reference gives each settings group it shows an id `docs-settings-{group}`.
            let groups: Vec<String> = tessera_blocks::block_info(block_type)
                .fields
                .iter()
                .map(|field| format!("docs-settings-{}", serde_json::to_value(field.group).unwrap().as_str().unwrap()))
                .collect();
            return if groups.iter().any(|group| group == anchor) {
                Ok(())
            } else {
                Err(format!("the `{name}` reference has no #{anchor}; it has {groups:?}"))
            };
        }
        if anchor.is_some() {
            return Err("only guides and block pages have anchors".to_owned());
        }
        if path == "/docs/api" || path == "/api/openapi.json" {
            return Ok(());
        }
        if path.starts_with("/api/") {
            let documented = crate::http::api::openapi().paths.paths.contains_key(path);
            return if documented { Ok(()) } else { Err("no such path in /api/openapi.json".to_owned()) };
        }
        if path.starts_with('/') && !path.starts_with("//") {
            return if crate::web::is_client_route(path) { Ok(()) } else { Err("no client route of the web app answers it".to_owned()) };
        }
        Err("guides link only inside the product (they must read offline): use a path such as /docs/guides/filters".to_owned())
    }

    /// Why the image at `source` would not show, or `Ok`. Guides show only screenshots of the
    /// product, which `web/e2e/shots.e2e.mjs` takes into `web/public/docs-shots/` (served from
    /// `/docs-shots/` by this server, so they read offline too).
    fn screenshot(source: &str) -> Result<(), String> {
        let name = source.strip_prefix("/docs-shots/").ok_or("guides show only screenshots of the product, from /docs-shots/")?;
        if !name.ends_with(".jpg") || name.contains('/') {
            return Err("a screenshot is a file /docs-shots/{name}.jpg".to_owned());
        }
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/public/docs-shots").join(name);
        if file.is_file() {
            Ok(())
        } else {
            Err(format!("{} does not exist: add it to web/e2e/shots.e2e.mjs and run `cargo xtask docs-shots`", file.display()))
        }
    }

    #[test]
    fn every_link_and_every_image_of_every_guide_resolves() {
        let mut broken = Vec::new();
        let mut checked = 0;
        let mut images = 0;
        for guide in guides() {
            let addresses = attribute_values(&guide.html, "href");
            // A link the sanitiser refused loses its href but keeps its text, so it would pass unseen.
            assert_eq!(guide.html.matches("<a ").count(), addresses.len(), "{}: a link lost its address", guide.slug);
            for link in addresses {
                checked += 1;
                if let Err(why) = resolve(&link.replace("&amp;", "&"), guide) {
                    broken.push(format!("{}: {link}: {why}", guide.slug));
                }
            }
            // Only inside `<img>` tags: code samples in the text may spell `src="..."` too.
            for tag in guide.html.split("<img ").skip(1).map(|rest| &rest[..rest.find('>').unwrap_or(rest.len())]) {
                images += 1;
                let tag = format!(" {tag}");
                let (source, alt) = (attribute_values(&tag, "src"), attribute_values(&tag, "alt"));
                match source.first() {
                    Some(source) => {
                        if let Err(why) = screenshot(source) {
                            broken.push(format!("{}: image {source}: {why}", guide.slug));
                        }
                    }
                    None => broken.push(format!("{}: an image lost its address: <img {tag}>", guide.slug)),
                }
                assert!(
                    alt.first().is_some_and(|alt| alt.trim().len() > 10),
                    "{}: every image says what it shows in its alt text: <img{tag}>",
                    guide.slug
                );
            }
        }
        assert!(images > 15, "only {images} images found: is the search for them broken?");
        assert!(checked > 50, "only {checked} links found: is the search for them broken?");
        assert!(broken.is_empty(), "links that lead nowhere and images that would not show:\n{}", broken.join("\n"));
    }

    #[test]
    fn the_image_check_refuses_what_would_not_show() {
        for (source, why) in [
            ("/docs-shots/nope.jpg", "does not exist"),
            ("/docs-shots/sign-up.png", "{name}.jpg"),
            ("/docs-shots/more/sign-up.jpg", "{name}.jpg"),
            ("/api/uploads/abc", "only screenshots"),
            ("https://example.com/a.jpg", "only screenshots"),
        ] {
            let error = screenshot(source).expect_err(source);
            assert!(error.contains(why), "{source}: {error}");
        }
        assert_eq!(screenshot("/docs-shots/sign-up.jpg"), Ok(()));
    }

    #[test]
    fn the_link_check_refuses_what_leads_nowhere() {
        let filters = guide("filters");
        for (link, why) in [
            ("/docs/guides/nope", "no guide"),
            ("/docs/guides/filters#nope", "no heading"),
            ("#nope", "no heading"),
            ("/docs/blocks/hologram", "no type"),
            ("/docs/blocks/table#docs-settings-nope", "has no #"),
            ("/dashboard/nope", "no client route"),
            ("/api/nope", "openapi"),
            ("https://example.com/", "inside the product"),
            ("mailto:ada@example.com", "inside the product"),
            ("filters.md", "inside the product"),
        ] {
            let error = resolve(link, filters).expect_err(link);
            assert!(error.contains(why), "{link}: {error}");
        }
        for link in [
            "#url-filters",
            "/docs/guides/apps#detail-pages",
            "/docs/blocks/table#docs-settings-audience",
            "/docs/api",
            "/dashboard",
            "/api/health",
        ] {
            assert_eq!(resolve(link, filters), Ok(()), "{link}");
        }
    }
}
