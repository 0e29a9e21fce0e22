//! Checked values of a scenario or catalog file: numbers are read as
//! signed integers and checked here, so that a bad value gets a message
//! naming its field ("mortar.caliber: ...").

use crate::error::{Error, Result};

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
