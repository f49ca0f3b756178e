//! Conversions between JS values and the core's types, and core errors into JS `Error`s with
//! the core's message intact, all in one place.

use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub type JsResult<T> = Result<T, JsError>;

/// A core error as a JS `Error` whose message is the core's text.
pub fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

pub fn from_js<T: DeserializeOwned>(value: JsValue) -> JsResult<T> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("invalid query: {e}")))
}

/// Plain JS objects and arrays (not `Map`s), as JSON would give.
pub fn to_js<T: Serialize>(value: &T) -> JsResult<JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(error)
}

/// A JS value as `serde_json` reads it, through `JSON.stringify`, so numbers and key order are
/// exactly what the same JSON text gives natively (`7` stays an integer, not `7.0`).
pub fn json_from_js(value: &JsValue) -> JsResult<serde_json::Value> {
    let text: String = js_sys::JSON::stringify(value).map_err(|_| JsError::new("the value cannot be written as JSON"))?.into();
    serde_json::from_str(&text).map_err(|e| JsError::new(&format!("invalid JSON: {e}")))
}

/// A JS value read as `T` through [`json_from_js`], with the input's problem in the message.
pub fn json_into<T: DeserializeOwned>(value: &JsValue) -> JsResult<T> {
    serde_json::from_value(json_from_js(value)?).map_err(|e| JsError::new(&format!("invalid input: {e}")))
}
