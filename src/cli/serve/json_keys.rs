//! A request body's keys given twice: JSON allows them and its reader keeps
//! the last without a word, where a scenario file's reader refuses them.

use std::collections::HashSet;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// The path of the first key given twice in `body` (valid JSON), e.g.
/// `scenario.target.range`; `None` when every key is given once.
pub(super) fn first_twice(body: &[u8]) -> Option<String> {
    let mut reader = serde_json::Deserializer::from_slice(body);
    Walk("").deserialize(&mut reader).ok().flatten()
}

/// Walks a value at a path, returning the first key given twice below it.
struct Walk<'a>(&'a str);

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        let mut i = 0;
        while let Some(below) = seq.next_element_seed(Walk(&format!("{}[{i}]", self.0)))? {
            found = found.or(below);
            i += 1;
        }
        Ok(found)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut seen = HashSet::new();
        let mut found = None;
        while let Some(key) = map.next_key::<String>()? {
            let path = if self.0.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.0)
            };
            if !seen.insert(key) {
                found = found.or(Some(path.clone()));
            }
            found = found.or(map.next_value_seed(Walk(&path))?);
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::first_twice;

    #[test]
    fn a_key_given_twice_is_found_where_it_stands() {
        assert_eq!(first_twice(br#"{"a": 1, "b": [{"c": 2}]}"#), None);
        assert_eq!(first_twice(br#"{"a": 1, "a": 2}"#).as_deref(), Some("a"));
        let nested = br#"{"s": {"units": [{"kind": "x"}, {"kind": "y", "kind": "z"}]}}"#;
        assert_eq!(first_twice(nested).as_deref(), Some("s.units[1].kind"));
    }
}
