//! The API's plumbing: errors as JSON with a status, and reading a request body's fields so
//! that every refusal names the field.

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::Reply;
use crate::report::SCHEMA_VERSION;

/// A refused or failed API call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400 bad input, 404 no such call, 405 wrong method, 413 body too large, 500 a bug, 503
    /// the solver passed the time limit.
    pub status: u16,
    /// The request field at fault, if one is.
    pub field: Option<String>,
    /// What is wrong, for a person.
    pub message: String,
}

/// The body of every error answer.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ErrorReport {
    /// The vocabulary's version, `SCHEMA_VERSION`.
    pub schema_version: u32,
    /// The HTTP status, repeated.
    pub status: u16,
    /// What is wrong; it begins with the field's name when a field is at fault.
    pub error: String,
    /// The request field at fault (absent when none is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    /// 400, naming the field.
    pub(crate) fn bad(field: Option<&str>, message: String) -> ApiError {
        ApiError {
            status: 400,
            field: field.map(str::to_string),
            message,
        }
    }

    /// 500: something that should not happen.
    pub(crate) fn internal(message: String) -> ApiError {
        ApiError {
            status: 500,
            field: None,
            message: format!("internal error: {message}"),
        }
    }

    /// As an answer.
    pub(crate) fn reply(&self) -> Reply {
        let error = match &self.field {
            Some(f) if !self.message.starts_with(f.as_str()) => format!("{f}: {}", self.message),
            _ => self.message.clone(),
        };
        let report = ErrorReport {
            schema_version: SCHEMA_VERSION,
            status: self.status,
            error,
            field: self.field.clone(),
        };
        Reply {
            status: self.status,
            content_type: "application/json",
            body: serde_json::to_vec(&report).unwrap_or_default(),
        }
    }
}

/// A request body's fields, taken one by one; what is left over is refused by name.
pub(crate) struct Fields {
    map: Map<String, Value>,
}

impl Fields {
    /// The body as a JSON object (an empty body is an empty object).
    pub(crate) fn parse(body: &[u8]) -> Result<Fields, ApiError> {
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Fields { map: Map::new() });
        }
        // A key given twice is refused as the command line's readers refuse it (serde_json's
        // own `Value` would keep the last one silently).
        let value: Value = crate::json_keys::value_from_slice(body).map_err(|e| {
            let message = if e.classify() == serde_json::error::Category::Data {
                format!("the body is refused: {e}")
            } else {
                format!(
                    "the body is not JSON: {e} (send an object such as {{\"seed\": 7, \"length\": \"short\"}})"
                )
            };
            ApiError::bad(None, message)
        })?;
        match value {
            Value::Object(map) => Ok(Fields { map }),
            other => Err(ApiError::bad(
                None,
                format!("the body must be a JSON object, not {}", kind(&other)),
            )),
        }
    }

    /// A field, if given and not null; a value of the wrong type is refused by the field's name.
    pub(crate) fn take<T: DeserializeOwned>(
        &mut self,
        name: &str,
        expected: &str,
    ) -> Result<Option<T>, ApiError> {
        match self.map.remove(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => {
                let got = kind(&v);
                serde_json::from_value(v).map(Some).map_err(|_| {
                    ApiError::bad(Some(name), format!("expected {expected}, got {got}"))
                })
            }
        }
    }

    /// A field's raw JSON, if given and not null.
    pub(crate) fn take_value(&mut self, name: &str) -> Option<Value> {
        self.map.remove(name).filter(|v| !v.is_null())
    }

    /// Refuses any field not taken.
    pub(crate) fn finish(self, known: &[&str]) -> Result<(), ApiError> {
        match self.map.keys().next() {
            None => Ok(()),
            Some(k) => Err(ApiError::bad(
                Some(k),
                format!("unknown field (this call takes {})", known.join(", ")),
            )),
        }
    }
}

/// A JSON value's kind, with a short value, for messages.
fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.chars().count() <= 40 => format!("the string {s:?}"),
        Value::String(_) => "a string".into(),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}
