//! Reading a table into a struct while taking only some of its keys.
//!
//! A DC's unit is a target unit without the To Hit keys: one struct,
//! [`UnitSpec`](super::scenario::UnitSpec), serves both, and a DC's unit
//! list refuses the keys a DC does not take exactly as serde's
//! `deny_unknown_fields` refuses a key no struct has: the same message
//! ("unknown field `woods`, expected one of ..."), naming the narrower
//! list, and in a file the line of the key. (serde's `flatten` cannot be
//! used with `deny_unknown_fields`, and reading the table first and the
//! struct from it after would lose the lines of the file.)

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};
use serde::{Deserialize, forward_to_deserialize_any};

/// Reads a `T` from `deserializer`, refusing any key not in `keys`.
pub fn deserialize<'de, T, D>(deserializer: D, keys: &'static [&'static str]) -> Result<T, D::Error>
where
    T: Deserialize<'de>,
    D: Deserializer<'de>,
{
    T::deserialize(Checked {
        inner: deserializer,
        keys,
    })
}

/// One step of the reading, with the keys it must check: the
/// deserializer (it hands its maps on with their keys checked), the
/// struct's own visitor, the map, and the reader of one key, which refuses
/// a key not in `keys`.
struct Checked<T> {
    inner: T,
    keys: &'static [&'static str],
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Checked<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        let keys = self.keys;
        self.inner.deserialize_any(Checked {
            inner: visitor,
            keys,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let keys = self.keys;
        let visitor = Checked {
            inner: visitor,
            keys,
        };
        self.inner.deserialize_struct(name, fields, visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Checked<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let keys = self.keys;
        self.inner.visit_map(Checked { inner: map, keys })
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Checked<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let keys = self.keys;
        self.inner.next_key_seed(Checked { inner: seed, keys })
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.inner.next_value_seed(seed)
    }
}

/// The key is checked as it is read, so that a TOML file's error names
/// the key's line.
impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for Checked<K> {
    type Value = K::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K::Value, D::Error> {
        let key = String::deserialize(deserializer)?;
        if !self.keys.contains(&key.as_str()) {
            return Err(de::Error::unknown_field(&key, self.keys));
        }
        self.inner.deserialize(key.into_deserializer())
    }
}
