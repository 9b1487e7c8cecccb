//! JSON objects read so that a key given twice is refused, naming the key: serde's own maps
//! (and `serde_json::Value`) keep the last, which would silently drop what came first. Every
//! reader of a person's JSON that goes through a map or a `Value` reads it through here.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

/// A JSON object as a map that refuses a key given twice.
pub(crate) struct Unique<V>(pub(crate) BTreeMap<String, V>);

impl<V> Default for Unique<V> {
    fn default() -> Self {
        Unique(BTreeMap::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Unique<V> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Unique<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Unique<V>, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((k, v)) = map.next_entry::<String, V>()? {
                    if out.contains_key(&k) {
                        return Err(serde::de::Error::custom(format!("`{k}` is given twice")));
                    }
                    out.insert(k, v);
                }
                Ok(Unique(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// Any JSON value whose objects, at every depth, give no key twice.
pub(crate) struct UniqueValue(pub(crate) Value);

impl<'de> Deserialize<'de> for UniqueValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = UniqueValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_bool<E>(self, b: bool) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::Bool(b)))
            }
            fn visit_i64<E>(self, n: i64) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::from(n)))
            }
            fn visit_u64<E>(self, n: u64) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::from(n)))
            }
            fn visit_f64<E>(self, n: f64) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::from(n)))
            }
            fn visit_str<E>(self, s: &str) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::String(s.to_string())))
            }
            fn visit_string<E>(self, s: String) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::String(s)))
            }
            fn visit_unit<E>(self) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::Null))
            }
            fn visit_none<E>(self) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::Null))
            }
            fn visit_some<D: serde::Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<UniqueValue, D::Error> {
                UniqueValue::deserialize(d)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<UniqueValue, A::Error> {
                let mut out = Vec::new();
                while let Some(UniqueValue(v)) = seq.next_element()? {
                    out.push(v);
                }
                Ok(UniqueValue(Value::Array(out)))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<UniqueValue, A::Error> {
                let Unique(entries) = Unique::<UniqueValue>::deserialize(
                    serde::de::value::MapAccessDeserializer::new(map),
                )?;
                let object: Map<String, Value> = entries
                    .into_iter()
                    .map(|(k, UniqueValue(v))| (k, v))
                    .collect();
                Ok(UniqueValue(Value::Object(object)))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// `bytes` as JSON, refused (with serde_json's line and column) when an object gives a key
/// twice at any depth.
pub(crate) fn value_from_slice(bytes: &[u8]) -> serde_json::Result<Value> {
    serde_json::from_slice::<UniqueValue>(bytes).map(|UniqueValue(v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth_and_named() {
        for text in [
            r#"{"a": 1, "a": 2}"#,
            r#"{"x": [{"a": 1, "b": {"a": 1}, "a": 3}]}"#,
            r#"[{"a": null, "a": null}]"#,
        ] {
            let e = value_from_slice(text.as_bytes()).unwrap_err().to_string();
            assert!(e.contains("`a` is given twice"), "{text}: {e}");
        }
    }

    #[test]
    fn values_without_repeated_keys_read_as_serde_json_reads_them() {
        let text = r#"{"a": [1, -2, 3.5, "s", true, null, {"b": {}}], "c": 18446744073709551615}"#;
        let strict = value_from_slice(text.as_bytes()).unwrap();
        let plain: Value = serde_json::from_str(text).unwrap();
        assert_eq!(strict, plain);
    }
}
