//! The browser's door to `tessera-markup`: the HTML sanitiser (ammonia, html5ever underneath) and
//! the Markdown renderer (pulldown-cmark) are most of their weight, and the editor needs them only
//! for a markdown or iframe block's preview, so they live in this second module, which the web
//! loads when such a preview first asks for it (`web/src/core/markup.ts`); the core module
//! (`wasm-core`) the editor loads first stays without them. No logic lives here: each export
//! converts its argument, calls `tessera-markup` and converts the answer.

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The one frame an iframe block's pasted code shows, or why none (`tessera_markup::iframe`):
/// `{frame: {src, title, width, height, allowfullscreen} | null, refusal: string | null}`, as the
/// server's block view answers it.
#[wasm_bindgen(js_name = iframeFrame)]
pub fn iframe_frame(code: &str) -> Result<JsValue, JsError> {
    tessera_markup::iframe::answer(code)
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// `text` (markdown) as the sanitised HTML the server answers in a markdown block's view
/// (`tessera_markup::markdown_to_html`), for the editor's preview.
#[wasm_bindgen(js_name = markdownHtml)]
pub fn markdown_html(text: &str) -> String {
    tessera_markup::markdown_to_html(text)
}
