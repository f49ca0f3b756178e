//! What each fuzz target does with its input, shared by the cargo-fuzz binaries
//! (`fuzz_targets/*.rs`) and the stable replay of saved inputs
//! (`crates/tessera-markup/tests/crashers.rs`), so a crasher replays exactly as it crashed.
//!
//! The targets check more than "no panic": what comes out must be safe to put into a page. The
//! oracle is html5ever's tokenizer (the parser browsers' behaviour is specified by), reading the
//! output as a browser would.

#![allow(dead_code)]

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use tessera_markup::iframe;

/// The names of the targets, which are also the directories of `tests/fuzz-crashers/markup/`.
pub const TARGETS: &[&str] = &["iframe_code", "markdown_html"];

/// Runs target `name` on `data`; panics on an unknown name.
pub fn run(name: &str, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match name {
        "iframe_code" => fuzz_iframe_code(&text),
        "markdown_html" => fuzz_markdown_html(&text),
        other => panic!("unknown fuzz target `{other}`"),
    }
}

/// Whatever is pasted, a frame that comes out has an absolute http(s) address a browser reads as
/// written, and sizes that are plain CSS lengths.
pub fn fuzz_iframe_code(code: &str) {
    let Ok(Some(frame)) = iframe::parse(code) else { return };
    let lower = frame.src.to_ascii_lowercase();
    assert!(lower.starts_with("https://") || lower.starts_with("http://"), "{code:?} gave the address {:?}", frame.src);
    assert!(!frame.src.chars().any(|c| c.is_whitespace() || c.is_control()), "{code:?} gave the address {:?}", frame.src);
    for size in [&frame.width, &frame.height].into_iter().flatten() {
        let number = size.strip_suffix("px").or_else(|| size.strip_suffix('%'));
        assert!(
            number.is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.')),
            "{code:?} gave the size {size:?}"
        );
    }
}

/// Whatever markdown (with raw HTML) is written, the HTML that comes out has no element that runs
/// or embeds code, no handler or style attribute, and no link or image address other than
/// http(s), mailto, a relative path or this server's uploads.
pub fn fuzz_markdown_html(text: &str) {
    let html = tessera_markup::markdown_to_html(text);
    for tag in start_tags(&html) {
        let name = &*tag.name;
        assert!(
            !matches!(
                name,
                "script" | "style" | "iframe" | "frame" | "object" | "embed" | "svg" | "math" | "form" | "base" | "meta" | "link"
            ),
            "{text:?} let <{name}> through: {html}"
        );
        for attribute in &tag.attrs {
            let key = &*attribute.name.local;
            assert!(
                !key.starts_with("on") && key != "style" && key != "srcdoc" && key != "formaction",
                "{text:?} let {key}= through: {html}"
            );
            if matches!(key, "href" | "src" | "action" | "xlink:href" | "background" | "poster") {
                // As a browser's URL parser reads it: leading and trailing control characters and
                // spaces trimmed, tabs and line breaks dropped anywhere, and a scheme only where the
                // text before ':' is one (`java%09script:` and `vb\u{1}script:` are relative paths).
                let value: String = attribute
                    .value
                    .trim_matches(|c: char| c <= ' ')
                    .chars()
                    .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
                    .collect::<String>()
                    .to_ascii_lowercase();
                let scheme = value.split_once(':').map(|(scheme, _)| scheme).filter(|s| is_scheme(s));
                assert!(
                    scheme.is_none_or(|s| matches!(s, "http" | "https" | "mailto")),
                    "{text:?} let {key}={:?} through: {html}",
                    &*attribute.value
                );
            }
        }
    }
}

/// Whether `text` is a URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

#[derive(Default)]
struct Tags(RefCell<Vec<Tag>>);

impl TokenSink for Tags {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(tag) = token {
            if tag.kind == TagKind::StartTag {
                self.0.borrow_mut().push(tag);
            }
        }
        TokenSinkResult::Continue
    }
}

/// Every start tag of `html` as a browser's tokenizer reads it.
fn start_tags(html: &str) -> Vec<Tag> {
    let tokenizer = Tokenizer::new(Tags::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.0.into_inner()
}
