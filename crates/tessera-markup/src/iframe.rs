//! The iframe block's pasted code (blocks §3.14) turned into the one frame a page may show.
//!
//! Owners paste embed code copied from other sites; it is untrusted HTML. html5ever tokenizes it
//! as a browser would (script and style contents are text, an iframe's contents are ignored), and
//! the page later draws a fresh, sandboxed `<iframe>` from the few values kept here, never the
//! pasted markup itself. So wrappers (`<div>`), scripts and handlers are simply not carried over.
//!
//! | pasted | result |
//! |---|---|
//! | `<iframe src="https://maps.example/embed?a=1&amp;b=2" width="600" height="450" allowfullscreen>` | src `https://maps.example/embed?a=1&b=2`, width `600px`, height `450px`, full screen allowed |
//! | `<div><iframe src="https://v.example/1"></iframe></div><script src="…"></script>` | src `https://v.example/1` (the rest dropped) |
//! | `<iframe src="https://x" onload="…" srcdoc="…" style="…">` | src `https://x` (handlers, `srcdoc` and `style` dropped) |
//! | `<iframe src="javascript:alert(1)">`, `data:`, `//host`, `/path` | refused: not an http(s) address |
//! | `<script>document.write('<iframe src=https://x>')</script>` | refused: no iframe (script text is not markup) |
//! | two iframes | refused: paste one |
//! | empty | nothing to show (not an error) |

use std::cell::RefCell;
use std::fmt;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use serde::Serialize;

/// Longer pasted code is refused before it is parsed: embed snippets are a few hundred characters.
pub const MAX_CODE_CHARS: usize = 10_000;

/// A frame's title is shown to screen readers; a longer one is cut.
const MAX_TITLE_CHARS: usize = 200;

/// The values of the one iframe the pasted code holds. `width` and `height` are CSS lengths
/// (`600px`, `100%`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IframeEmbed {
    pub src: String,
    pub title: Option<String>,
    pub width: Option<String>,
    pub height: Option<String>,
    pub allowfullscreen: bool,
}

/// Why pasted code cannot be shown; the message is what the owner reads in the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IframeRefusal {
    TooLong { chars: usize },
    NoIframe,
    Several { count: usize },
    NoAddress,
    NotHttp { src: String },
}

impl fmt::Display for IframeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooLong { chars } => {
                write!(f, "The iframe code is {chars} characters long; it can be at most {MAX_CODE_CHARS}.")
            }
            Self::NoIframe => f.write_str("The code has no <iframe> element. Paste the embed code that starts with <iframe."),
            Self::Several { count } => write!(f, "The code has {count} <iframe> elements; paste the code of one."),
            Self::NoAddress => f.write_str("The <iframe> has no src address."),
            Self::NotHttp { src } => {
                let shown: String = src.chars().take(60).collect();
                write!(f, "The <iframe> address must start with http:// or https://; got `{shown}`.")
            }
        }
    }
}

impl std::error::Error for IframeRefusal {}

/// What an editor's preview shows for `code`: the frame, or why there is none (both absent for
/// blank code). The server answers the same pair in the block's view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IframeAnswer {
    pub frame: Option<IframeEmbed>,
    pub refusal: Option<String>,
}

pub fn answer(code: &str) -> IframeAnswer {
    match parse(code) {
        Ok(frame) => IframeAnswer { frame, refusal: None },
        Err(refusal) => IframeAnswer { frame: None, refusal: Some(refusal.to_string()) },
    }
}

/// The frame `code` shows, `Ok(None)` for blank code, or why it is refused.
pub fn parse(code: &str) -> Result<Option<IframeEmbed>, IframeRefusal> {
    let chars = code.chars().count();
    if chars > MAX_CODE_CHARS {
        return Err(IframeRefusal::TooLong { chars });
    }
    if code.trim().is_empty() {
        return Ok(None);
    }
    let iframes = iframe_tags(code);
    match iframes.as_slice() {
        [] => Err(IframeRefusal::NoIframe),
        [tag] => embed(tag).map(Some),
        several => Err(IframeRefusal::Several { count: several.len() }),
    }
}

/// Every `<iframe>` start tag of `code`, tokenized with the content rules a browser applies.
fn iframe_tags(code: &str) -> Vec<Tag> {
    let sink = IframeSink::default();
    let tokenizer = Tokenizer::new(sink, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(code));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.iframes.into_inner()
}

#[derive(Default)]
struct IframeSink {
    iframes: RefCell<Vec<Tag>>,
}

impl TokenSink for IframeSink {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let Token::TagToken(tag) = token else { return TokenSinkResult::Continue };
        if tag.kind != TagKind::StartTag {
            return TokenSinkResult::Continue;
        }
        // What the tree builder would tell the tokenizer: these elements' contents are text.
        let next = match &*tag.name {
            "script" => TokenSinkResult::RawData(RawKind::ScriptData),
            "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => TokenSinkResult::RawData(RawKind::Rawtext),
            "title" | "textarea" => TokenSinkResult::RawData(RawKind::Rcdata),
            "plaintext" => TokenSinkResult::Plaintext,
            _ => TokenSinkResult::Continue,
        };
        if &*tag.name == "iframe" {
            self.iframes.borrow_mut().push(tag);
        }
        next
    }
}

fn attribute<'a>(tag: &'a Tag, name: &str) -> Option<&'a str> {
    tag.attrs.iter().find(|a| &*a.name.local == name).map(|a| &*a.value)
}

fn embed(tag: &Tag) -> Result<IframeEmbed, IframeRefusal> {
    let src = http_address(attribute(tag, "src").unwrap_or_default())?;
    let title = attribute(tag, "title")
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|t| !t.is_empty())
        .map(|t| t.chars().take(MAX_TITLE_CHARS).collect());
    let allow_fullscreen = attribute(tag, "allow").is_some_and(|allow| allow.split(';').any(|p| p.trim().starts_with("fullscreen")));
    Ok(IframeEmbed {
        src,
        title,
        width: attribute(tag, "width").and_then(css_length),
        height: attribute(tag, "height").and_then(css_length),
        allowfullscreen: attribute(tag, "allowfullscreen").is_some() || allow_fullscreen,
    })
}

/// The address as a browser reads it (outer spaces and any tab or line break inside ignored),
/// kept only when it is an absolute http(s) address with a host.
fn http_address(raw: &str) -> Result<String, IframeRefusal> {
    let src: String = raw.trim().chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    if src.is_empty() {
        return Err(IframeRefusal::NoAddress);
    }
    let lower = src.to_ascii_lowercase();
    let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"));
    let host_ok = rest.is_some_and(|r| r.chars().next().is_some_and(|c| !matches!(c, '/' | '\\' | '?' | '#')));
    if !host_ok || src.chars().any(|c| c.is_control() || c == ' ') {
        return Err(IframeRefusal::NotHttp { src });
    }
    Ok(src)
}

/// `600` → `600px`; `600px`, `100%` and `50.5%` kept; anything else (`calc(...)`, `1e9`) dropped.
fn css_length(value: &str) -> Option<String> {
    let value = value.trim().to_ascii_lowercase();
    let (number, unit) = match value.strip_suffix("px") {
        Some(n) => (n, "px"),
        None => match value.strip_suffix('%') {
            Some(n) => (n, "%"),
            None => (value.as_str(), "px"),
        },
    };
    let parsed: f64 = number.trim().parse().ok()?;
    let plain = !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.');
    (plain && parsed > 0.0 && parsed <= 10_000.0).then(|| format!("{}{unit}", number.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src_of(code: &str) -> String {
        parse(code).expect("accepted").expect("a frame").src
    }

    #[test]
    fn an_embed_snippet_keeps_its_address_size_and_full_screen_flag() {
        let frame = parse(
            r#"<iframe src="https://maps.example/embed?a=1&amp;b=2" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy" title=" Our  office "></iframe>"#,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            frame,
            IframeEmbed {
                src: "https://maps.example/embed?a=1&b=2".into(),
                title: Some("Our office".into()),
                width: Some("600px".into()),
                height: Some("450px".into()),
                allowfullscreen: true,
            }
        );
    }

    #[test]
    fn blank_code_shows_nothing_and_is_no_error() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("  \n "), Ok(None));
    }

    #[test]
    fn wrappers_and_scripts_around_the_iframe_are_dropped() {
        let code = r#"<div style="padding:56% 0 0 0"><iframe src="https://player.example/v/1" allow="autoplay; fullscreen"></iframe></div><script src="https://player.example/api.js"></script>"#;
        let frame = parse(code).unwrap().unwrap();
        assert_eq!(frame.src, "https://player.example/v/1");
        assert!(frame.allowfullscreen);
    }

    #[test]
    fn handlers_srcdoc_and_styles_never_come_out() {
        let frame = parse(r#"<iframe src="https://x.example/" onload="alert(1)" srcdoc="<script>alert(1)</script>" style="position:fixed" sandbox="allow-same-origin allow-scripts"></iframe>"#)
            .unwrap()
            .unwrap();
        assert_eq!(frame, IframeEmbed { src: "https://x.example/".into(), title: None, width: None, height: None, allowfullscreen: false });
    }

    #[test]
    fn addresses_other_than_http_are_refused_in_every_spelling() {
        for src in [
            "javascript:alert(1)",
            " JaVaScRiPt:alert(1)",
            "java&#x09;script:alert(1)",
            "jav&#x0A;ascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:msgbox",
            "//evil.example/",
            "/api/private",
            "https:///path",
            "http:/\\evil.example",
            "https://",
            "https://exa mple.com",
        ] {
            let code = format!(r#"<iframe src="{src}"></iframe>"#);
            assert!(matches!(parse(&code), Err(IframeRefusal::NotHttp { .. })), "{src} must be refused");
        }
    }

    #[test]
    fn an_address_is_read_as_a_browser_reads_it() {
        assert_eq!(src_of("<iframe src=' https://a.example/x '>"), "https://a.example/x");
        assert_eq!(src_of("<iframe src='https://a.exa\nmple/x'>"), "https://a.example/x");
        assert_eq!(src_of("<IFRAME SRC=HTTPS://A.EXAMPLE/>"), "HTTPS://A.EXAMPLE/");
        assert_eq!(src_of("<iframe src=\"https://a.example/?q=&lt;b&gt;\">"), "https://a.example/?q=<b>");
    }

    #[test]
    fn code_without_exactly_one_iframe_is_refused_with_a_reason() {
        assert_eq!(parse("<p>Hello</p>"), Err(IframeRefusal::NoIframe));
        assert_eq!(parse("https://example.com"), Err(IframeRefusal::NoIframe));
        assert_eq!(parse("<iframe src=https://a></iframe><iframe src=https://b></iframe>"), Err(IframeRefusal::Several { count: 2 }));
        assert_eq!(parse("<iframe width=10></iframe>"), Err(IframeRefusal::NoAddress));
        assert_eq!(parse("<iframe width=10></iframe>").unwrap_err().to_string(), "The <iframe> has no src address.");
    }

    #[test]
    fn iframes_inside_script_text_comments_or_another_iframe_do_not_count() {
        assert_eq!(parse("<script>document.write('<iframe src=https://x.example>')</script>"), Err(IframeRefusal::NoIframe));
        assert_eq!(parse("<!-- <iframe src=https://x.example> -->"), Err(IframeRefusal::NoIframe));
        assert_eq!(parse("<textarea><iframe src=https://x.example></textarea>"), Err(IframeRefusal::NoIframe));
        assert_eq!(src_of("<iframe src=https://a.example><iframe src=https://b.example></iframe>"), "https://a.example");
    }

    #[test]
    fn sizes_become_css_lengths_and_odd_ones_are_dropped() {
        assert_eq!(css_length("600"), Some("600px".into()));
        assert_eq!(css_length(" 450px "), Some("450px".into()));
        assert_eq!(css_length("100%"), Some("100%".into()));
        assert_eq!(css_length("50.5%"), Some("50.5%".into()));
        for odd in ["", "auto", "calc(100% - 1px)", "1e3", "-5", "0", "99999", "10px;background:red", "NaN"] {
            assert_eq!(css_length(odd), None, "{odd}");
        }
    }

    #[test]
    fn overlong_code_is_refused_before_parsing() {
        let code = format!("<iframe src=https://a.example title={}>", "x".repeat(MAX_CODE_CHARS));
        assert!(matches!(parse(&code), Err(IframeRefusal::TooLong { .. })));
    }

    #[test]
    fn any_input_gives_an_answer_not_a_panic() {
        for code in [
            "<",
            "<iframe",
            "<iframe src=",
            "<iframe src='https://a",
            "\0<iframe src=https://a>\0",
            "<svg><iframe src=https://a.example></svg>",
            "<<<>>>&&&;;",
        ] {
            let _ = parse(code);
        }
    }
}
