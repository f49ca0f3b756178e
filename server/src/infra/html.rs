//! Markup written so that no value can forget its escaping: [`Markup`] takes element and
//! attribute names only as `&'static str` (they come from this code, never from a sheet or a
//! setting), and every text or attribute value goes through [`escape`]. The one way to put
//! markup in as it is goes through [`Safe`], which only this module and sanitised markdown
//! (`tessera_markup`) can make. SVG is written with the same type: its text and attribute
//! escaping is XML's, which is HTML's.
//!
//! A hand-written writer rather than a template crate (`maud`, `askama`): the pages are built
//! from data in loops and matches, which a writer expresses as plain Rust, and these few dozen
//! lines give the one guarantee wanted (values cannot reach the markup unescaped) without a
//! macro language or a build step.

use crate::infra::text::{escape, is_colour};
use std::fmt::Write;

/// Markup that is safe to insert as it is: written by [`Markup`], or HTML that `tessera_markup`
/// rendered and sanitised.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Safe(String);

impl Safe {
    /// HTML that `tessera_markup` produced (the markdown of blocks and cells, allow-listed by
    /// ammonia). Nothing else may be passed here.
    pub fn sanitised(html: String) -> Self {
        Self(html)
    }

    /// Markup written in this code (a `<style>` sheet): a static string, so no value can reach it.
    pub fn fixed(markup: &'static str) -> Self {
        Self(markup.to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// An attribute value: text, or a number written with at most two decimals.
pub enum Value<'a> {
    Text(&'a str),
    Number(f64),
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(text: &'a str) -> Self {
        Value::Text(text)
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(text: &'a String) -> Self {
        Value::Text(text)
    }
}

impl From<f64> for Value<'_> {
    fn from(number: f64) -> Self {
        Value::Number(number)
    }
}

/// Builds markup; see the module documentation.
#[derive(Debug, Default)]
pub struct Markup {
    out: String,
}

/// Attributes of an element: static names, escaped values.
pub type Attrs<'a> = &'a [(&'static str, Value<'a>)];

impl Markup {
    pub fn new() -> Self {
        Self::default()
    }

    fn attrs(&mut self, attrs: Attrs<'_>) {
        for (name, value) in attrs {
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            match value {
                Value::Text(text) => escape(text, &mut self.out),
                Value::Number(number) => number_into(*number, &mut self.out),
            }
            self.out.push('"');
        }
    }

    /// `<tag attrs>`.
    pub fn open(&mut self, tag: &'static str, attrs: Attrs<'_>) -> &mut Self {
        self.out.push('<');
        self.out.push_str(tag);
        self.attrs(attrs);
        self.out.push('>');
        self
    }

    /// `</tag>`.
    pub fn close(&mut self, tag: &'static str) -> &mut Self {
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push('>');
        self
    }

    /// `<tag attrs/>`: SVG shapes, and HTML void elements (`img`, `br`), which ignore the slash.
    pub fn empty(&mut self, tag: &'static str, attrs: Attrs<'_>) -> &mut Self {
        self.out.push('<');
        self.out.push_str(tag);
        self.attrs(attrs);
        self.out.push_str("/>");
        self
    }

    /// `<tag attrs>text</tag>`.
    pub fn element(&mut self, tag: &'static str, attrs: Attrs<'_>, text: &str) -> &mut Self {
        self.open(tag, attrs).text(text).close(tag)
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Self {
        escape(text, &mut self.out);
        self
    }

    /// Markup known to be safe, as it is.
    pub fn safe(&mut self, markup: &Safe) -> &mut Self {
        self.out.push_str(&markup.0);
        self
    }

    /// Markup written by this code (a `<style>` sheet, a doctype): a static string, so no value
    /// can reach it.
    pub fn raw(&mut self, markup: &'static str) -> &mut Self {
        self.out.push_str(markup);
        self
    }

    pub fn finish(self) -> Safe {
        Safe(self.out)
    }
}

/// A number for an attribute: integers as integers, others with at most two decimals; NaN and
/// infinities (which no attribute accepts) as 0.
pub fn number(value: f64) -> String {
    let mut out = String::new();
    number_into(value, &mut out);
    out
}

fn number_into(value: f64, out: &mut String) {
    let value = if value.is_finite() { (value * 100.0).round() / 100.0 } else { 0.0 };
    // -0 reads as 0.
    let value = if value == 0.0 { 0.0 } else { value };
    let _ = write!(out, "{value}");
}

/// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, trimmed; the colour settings a style may carry. Anything
/// else (a CSS expression, `url(...)`) is dropped.
pub fn colour(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|colour| is_colour(colour))
}

/// An image address a page may show (as `web/src/blocks/urls.ts` `imageUrl`): a web address or
/// a file this server stored. `javascript:` and `data:` values never reach a `src`.
pub fn image_url(value: &str) -> Option<&str> {
    let url = value.trim();
    let web = ["http://", "https://"].iter().any(|scheme| {
        url.get(..scheme.len()).is_some_and(|head| head.eq_ignore_ascii_case(scheme))
            && url[scheme.len()..].chars().next().is_some_and(|c| !c.is_whitespace() && c != '/')
    });
    let upload =
        url.strip_prefix("/api/uploads/").is_some_and(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    (web || upload).then_some(url)
}

/// A link a page may open (as `urls.ts` `linkUrl`): http(s), or mailto.
pub fn link_url(value: &str) -> Option<&str> {
    let url = value.trim();
    let mailto =
        url.get(..7).is_some_and(|head| head.eq_ignore_ascii_case("mailto:")) && url.len() > 7 && !url.contains(char::is_whitespace);
    (mailto || image_url(url).is_some_and(|_| !url.starts_with('/'))).then_some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attribute_values_are_escaped_and_names_are_static() {
        let mut markup = Markup::new();
        markup.element("td", &[("title", "\" onerror=\"alert(1)".into())], "<script>alert('x')</script> & co");
        assert_eq!(
            markup.finish().as_str(),
            "<td title=\"&quot; onerror=&quot;alert(1)\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co</td>"
        );
    }

    #[test]
    fn numbers_have_at_most_two_decimals_and_never_nan() {
        assert_eq!(number(3.0), "3");
        assert_eq!(number(2.0 / 3.0), "0.67");
        assert_eq!(number(-0.001), "0");
        assert_eq!(number(f64::NAN), "0");
    }

    #[test]
    fn only_hex_colours_and_web_addresses_pass() {
        assert_eq!(colour(Some(" #d81f52 ")), Some("#d81f52"));
        assert_eq!(colour(Some("red;background:url(x)")), None);
        assert_eq!(image_url("https://img.example/a.png"), Some("https://img.example/a.png"));
        assert_eq!(image_url("/api/uploads/ab-12"), Some("/api/uploads/ab-12"));
        for bad in ["javascript:alert(1)", "data:image/svg+xml,<svg>", "//evil.example/x", "https:///x", "/api/uploads/../x"] {
            assert_eq!(image_url(bad), None, "{bad}");
        }
        assert_eq!(link_url("mailto:ann@example.com"), Some("mailto:ann@example.com"));
        assert_eq!(link_url("/api/uploads/ab"), None);
        assert_eq!(link_url("JavaScript:alert(1)"), None);
    }
}
