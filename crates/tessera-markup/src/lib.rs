//! Markdown to HTML that is safe to put into a page (blocks §3.13, and the markdown cells of
//! blocks §3.4): a markdown block's renderings and the cells of columns with `use_markdown` or
//! type `markdowntext`. The text comes from spreadsheet cells and block settings, so it is
//! untrusted: it may hold raw HTML, and markdown lets it write links and images.
//!
//! Two steps, each done by a well-kept library: pulldown-cmark renders CommonMark (with tables,
//! strikethrough and task lists), then ammonia parses the result as a browser would (html5ever)
//! and keeps only an allow-list. What survives:
//!
//! | input | output |
//! |---|---|
//! | `<script>`, `<style>`, `<iframe>`, `<svg>`, `<object>`, `<form>` | removed (script and style with their content) |
//! | `onerror=`, `onclick=`, `style=`, `srcdoc=` | removed |
//! | `[x](javascript:...)`, `data:` and any scheme but http, https, mailto | the link's `href` removed, its text kept |
//! | `[x](https://...)`, `[x](/page)`, `[x](mailto:...)` | kept, with `rel="noopener noreferrer"` |
//! | `![x](https://...)`, `![x](/api/uploads/...)`, `![x](/docs-shots/...)` | kept |
//! | `![x](data:...)`, `![x](other/relative.png)` | the image without `src` |
//! | `- [x] done` | a disabled checkbox |
//!
//! Pure: no I/O, no global state beyond the sanitiser's settings, built once.

pub mod iframe;

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::LazyLock;

use ammonia::Builder;
use pulldown_cmark::{html, Options, Parser};

/// The relative image addresses a page may load: this server's uploaded files (`POST
/// /api/blocks/{id}/uploads`) and the screenshots of the product the user guides show (static
/// files of the web app, `web/public/docs-shots`).
const IMAGE_PATHS: [&str; 2] = ["/api/uploads/", "/docs-shots/"];

static SANITISER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::default();
    builder
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer"))
        // Task-list checkboxes, shown ticked or not and never editable.
        .add_tags(["input"])
        .add_tag_attributes("input", ["checked", "disabled"])
        .add_tag_attribute_values("input", "type", ["checkbox"])
        .attribute_filter(|element, attribute, value| match (element, attribute) {
            ("img", "src") => image_source(value).then_some(Cow::Borrowed(value)),
            _ => Some(Cow::Borrowed(value)),
        });
    builder
});

/// Images load only from the web (http, https) or from [`IMAGE_PATHS`]: a relative address
/// elsewhere on this server could be any call of its API, and so could one that climbs out of
/// them (`/docs-shots/../api/...`, which the browser resolves before it asks).
fn image_source(value: &str) -> bool {
    let lower = value.trim_start().to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        return true;
    }
    let climbs = ["..", "\\", "%2e", "%5c"].iter().any(|part| lower.contains(part));
    !climbs && IMAGE_PATHS.iter().any(|path| lower.starts_with(path))
}

/// `text` (markdown, possibly with raw HTML) as sanitised HTML.
pub fn markdown_to_html(text: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut rendered = String::with_capacity(text.len() + text.len() / 2);
    html::push_html(&mut rendered, Parser::new_ext(text, options));
    SANITISER.clean(&rendered).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values of every `name="..."` attribute of `html` (ammonia always writes quoted values).
    fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
        let needle = format!(" {name}=\"");
        html.match_indices(&needle)
            .map(|(at, _)| &html[at + needle.len()..])
            .map(|rest| &rest[..rest.find('"').unwrap_or(rest.len())])
            .collect()
    }

    /// Fails when anything that could run script or load a foreign document is left: a banned
    /// element, a banned attribute inside a tag (text may say anything: it is escaped), or a link
    /// or source whose scheme is not allowed.
    #[track_caller]
    fn assert_inert(input: &str) -> String {
        let html = markdown_to_html(input);
        let lower = html.to_ascii_lowercase();
        for element in ["script", "style", "iframe", "svg", "object", "embed", "form", "meta", "base", "math", "link"] {
            assert!(!lower.contains(&format!("<{element}")), "<{element}> survived in {html:?} (from {input:?})");
        }
        let tags = lower.split('<').skip(1).map(|rest| &rest[..rest.find('>').unwrap_or(rest.len())]);
        for tag in tags {
            for attribute in ["srcdoc", "onerror", "onload", "onclick", "onmouseover", "onfocus", "formaction", "style", "xlink"] {
                assert!(!tag.contains(attribute), "`{attribute}` survived in <{tag}> of {html:?} (from {input:?})");
            }
        }
        for value in attribute_values(&lower, "href").into_iter().chain(attribute_values(&lower, "src")) {
            let scheme = value.split_once(':').map(|(scheme, _)| scheme).filter(|scheme| !scheme.contains(['/', '?', '#']));
            assert!(matches!(scheme, None | Some("http" | "https" | "mailto")), "the address `{value}` survived in {html:?}");
        }
        html
    }

    #[test]
    fn markdown_renders_to_html() {
        assert_eq!(markdown_to_html("Hello **Ada**"), "<p>Hello <strong>Ada</strong></p>\n");
        assert_eq!(markdown_to_html("~~old~~"), "<p><del>old</del></p>\n");
        let table = markdown_to_html("| a | b |\n|---|---|\n| 1 | 2 |");
        assert!(table.contains("<table>") && table.contains("<td>1</td>"), "{table}");
        let tasks = markdown_to_html("- [x] done\n- [ ] todo");
        assert_eq!(
            (tasks.matches(r#"type="checkbox""#).count(), tasks.matches("disabled").count(), tasks.matches("checked").count()),
            (2, 2, 1),
            "{tasks}"
        );
    }

    #[test]
    fn script_and_style_are_removed_with_their_content() {
        let html = assert_inert("<script>alert(1)</script>hi <style>body{display:none}</style>");
        assert!(!html.contains("alert") && !html.contains("display"), "{html}");
        assert!(html.contains("hi"), "{html}");
        assert_inert("<SCRIPT SRC=https://evil.test/x.js></SCRIPT>");
        assert_inert("<scr<script>ipt>alert(1)</script>");
    }

    #[test]
    fn event_handlers_and_inline_styles_are_removed() {
        assert_inert("<img src=x onerror=alert(1)>");
        assert_inert("<img src=\"https://ok.test/a.png\" onerror=\"alert(1)\">");
        assert_inert("<a href=\"https://ok.test\" onclick=\"steal()\" onmouseover=\"steal()\">x</a>");
        assert_inert("<div style=\"background:url(javascript:alert(1))\">x</div>");
        assert_inert("<p/onclick=alert(1)>x</p>");
        assert_inert("<body onload=alert(1)>");
    }

    #[test]
    fn only_http_https_mailto_and_relative_links_survive() {
        for hostile in [
            "[click](javascript:alert(1))",
            "[click](JAVASCRIPT:alert(1))",
            "[click]( javascript:alert(1))",
            "<javascript:alert(1)>",
            "<a href=\"jav&#x61;script:alert(1)\">x</a>",
            "<a href=\"jav&#97;script&colon;alert(1)\">x</a>",
            "<a href=\"java\tscript:alert(1)\">x</a>",
            "<a href=\"java&#x09;script:alert(1)\">x</a>",
            "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
            "[x](vbscript:msgbox(1))",
            "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        ] {
            let html = assert_inert(hostile);
            assert!(!html.contains("href"), "{hostile} kept a link: {html}");
        }
        assert_eq!(
            markdown_to_html("[site](https://example.com/a?b=1)"),
            "<p><a href=\"https://example.com/a?b=1\" rel=\"noopener noreferrer\">site</a></p>\n"
        );
        assert!(markdown_to_html("[page](/orders?x=1)").contains("href=\"/orders?x=1\""));
        assert!(markdown_to_html("[mail](mailto:ada@example.com)").contains("href=\"mailto:ada@example.com\""));
        assert!(
            markdown_to_html("<a href=\"https://x.test\" rel=\"opener\" target=\"_self\">x</a>").contains("rel=\"noopener noreferrer\"")
        );
    }

    #[test]
    fn images_load_only_from_the_web_this_servers_uploads_or_the_guides_screenshots() {
        assert!(markdown_to_html("![a](https://cdn.test/a.png)").contains("src=\"https://cdn.test/a.png\""));
        assert!(markdown_to_html("![a](http://cdn.test/a.png)").contains("src=\"http://cdn.test/a.png\""));
        assert!(markdown_to_html("![a](/api/uploads/abc-123)").contains("src=\"/api/uploads/abc-123\""));
        assert!(markdown_to_html("![a](/docs-shots/sign-up.jpg)").contains("src=\"/docs-shots/sign-up.jpg\""));
        for refused in [
            "![a](/docs-shots/../api/boards/1)",
            "![a](/api/uploads/..%2fboards/1)",
            "![a](/docs-shots/%2e%2e/api/boards/1)",
            "![a](/docs-shots\\..\\api/boards/1)",
            "![a](data:image/png;base64,iVBORw0KGgo=)",
            "![a](/api/boards/1)",
            "![a](../secret.png)",
            "![a](//evil.test/pixel.gif)",
            "![a](javascript:alert(1))",
            "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
        ] {
            let html = assert_inert(refused);
            assert!(!html.contains("src="), "{refused} kept its source: {html}");
        }
    }

    #[test]
    fn frames_objects_forms_and_svg_are_removed() {
        assert_inert("<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>");
        assert_inert("<iframe src=\"https://evil.test\"></iframe>");
        assert_inert("<svg><script>alert(1)</script></svg>");
        assert_inert("<svg onload=alert(1)><circle r=1 /></svg>");
        assert_inert("<svg><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>");
        assert_inert("<object data=\"https://evil.test/x.swf\"></object><embed src=\"https://evil.test/x.swf\">");
        assert_inert("<form action=\"https://evil.test\"><button formaction=\"javascript:alert(1)\">go</button></form>");
        assert_inert("<meta http-equiv=\"refresh\" content=\"0;url=https://evil.test\"><base href=\"https://evil.test/\">");
        assert_inert("<link rel=stylesheet href=https://evil.test/x.css>");
        assert_inert("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>");
        assert_inert("<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">");
        assert_inert("<input type=\"text\" onfocus=\"alert(1)\" autofocus>");
    }

    #[test]
    fn escaped_markup_stays_text() {
        assert_eq!(markdown_to_html("&lt;script&gt;alert(1)&lt;/script&gt;"), "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
        assert_eq!(markdown_to_html("`<script>`"), "<p><code>&lt;script&gt;</code></p>\n");
        assert_inert("```html\n<script>alert(1)</script>\n```");
    }
}
