//! The library's error type: every message is one line that names the field
//! at fault and says how to put it right.

use thiserror::Error;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A value that is out of range, or options that contradict each other.
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },

    /// A counter value the catalog does not know and the rule needs.
    #[error(
        "{field}: the catalog does not know this value for {mortar}; give it with {flag} (it is printed on the counter)"
    )]
    Missing {
        field: String,
        mortar: String,
        flag: String,
    },

    /// A mortar name that is neither in the catalog nor described inline.
    #[error(
        "mortar: unknown mortar `{name}`; `mortar-odds mortars` lists the catalog, or describe it inline with a caliber"
    )]
    UnknownMortar { name: String },

    /// A scenario or catalog file that does not parse.
    #[error("{source_name}: {message}")]
    Parse {
        source_name: String,
        message: String,
    },
}

impl Error {
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}
