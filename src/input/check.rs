//! Checked values of a scenario or catalog file: numbers are read as
//! signed integers and checked here, so that a bad value gets a message
//! naming its field ("mortar.caliber: ...").

use toml::{Table, Value};

use crate::error::{Error, Result, shown};

/// A whole number checked into a range, or an error naming the field.
pub fn int<T: TryFrom<i64>>(field: &str, value: i64, min: i64, max: i64, what: &str) -> Result<T> {
    if value < min || value > max {
        return Err(Error::invalid(
            field,
            format!("{value} is out of range: {what} ({min} to {max})"),
        ));
    }
    T::try_from(value).map_err(|_| Error::invalid(field, format!("{value} is out of range")))
}

/// An optional whole number checked into a range.
pub(crate) fn opt_int<T: TryFrom<i64>>(
    field: &str,
    value: Option<i64>,
    min: i64,
    max: i64,
    what: &str,
) -> Result<Option<T>> {
    value.map(|v| int(field, v, min, max, what)).transpose()
}

/// The range a kind of number takes, and what it is called in errors:
/// each such range is written once, for every key that takes it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    min: i64,
    max: i64,
    what: &'static str,
}

/// A Location's TEM, -3 to +9.
pub(crate) const TEM: Bounds = Bounds {
    min: -3,
    max: 9,
    what: "a TEM",
};

/// A DRM the player adds for what the program does not work out, -9 to +9.
pub(crate) const EXTRA_DRM: Bounds = Bounds {
    min: -9,
    max: 9,
    what: "a DRM",
};

/// A total LOS Hindrance DRM (Case R), 0 to 9.
pub(crate) const HINDRANCE: Bounds = Bounds {
    min: 0,
    max: 9,
    what: "a hindrance DRM",
};

/// An optional whole number checked into `bounds`.
pub(crate) fn opt_in<T: TryFrom<i64>>(
    field: &str,
    value: Option<i64>,
    bounds: Bounds,
) -> Result<Option<T>> {
    opt_int(field, value, bounds.min, bounds.max, bounds.what)
}

/// A yes/no key, no when not given.
pub(crate) fn flag(value: Option<bool>) -> bool {
    value.unwrap_or(false)
}

/// Refuses a text holding a control character: names are printed as they
/// are given, and an escape would drive the player's terminal.
pub(crate) fn plain_text(field: &str, text: &str) -> Result<()> {
    match text.chars().find(|c| c.is_control()) {
        Some(c) => Err(Error::invalid(
            field,
            format!(
                "`{}` holds a control character (U+{:04X}); write plain text",
                shown(text),
                u32::from(c)
            ),
        )),
        None => Ok(()),
    }
}

/// [`plain_text`] for every key and text in `table`, named by its path
/// below `at` (e.g. `target.units[0].name`).
pub(crate) fn plain_texts(table: &Table, at: &str) -> Result<()> {
    for (key, value) in table {
        let path = if at.is_empty() {
            key.clone()
        } else {
            format!("{at}.{key}")
        };
        plain_text(if at.is_empty() { "a key" } else { at }, key)?;
        plain_value(value, &path)?;
    }
    Ok(())
}

fn plain_value(value: &Value, path: &str) -> Result<()> {
    match value {
        Value::String(text) => plain_text(path, text),
        Value::Table(table) => plain_texts(table, path),
        Value::Array(list) => list
            .iter()
            .enumerate()
            .try_for_each(|(i, v)| plain_value(v, &format!("{path}[{i}]"))),
        _ => Ok(()),
    }
}
