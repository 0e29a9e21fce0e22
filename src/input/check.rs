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

/// A yes/no key, no when not given.
pub(crate) fn flag(value: Option<bool>) -> bool {
    value.unwrap_or(false)
}
