//! The library's error type: every message is one line that names the field
//! at fault and says how to put it right.

use thiserror::Error;

/// A result whose error defaults to the library's [`Error`](enum@Error).
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why an input was refused; `Display` gives the one-line message for the user.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A value that is out of range, or options that contradict each other.
    #[error("{field}: {message}")]
    Invalid {
        /// The input at fault, as a dotted path such as `target.range`.
        field: String,
        /// What is wrong with it and how to put it right.
        message: String,
    },

    /// A counter value the catalog does not know and the rule needs.
    #[error(
        "{field}: the catalog does not know this value for {mortar}; give it with {flag} (it is printed on the counter)"
    )]
    Missing {
        /// The mortar value that is needed, such as `mortar.rof`.
        field: String,
        /// The name of the mortar whose value is unknown.
        mortar: String,
        /// The command-line option that supplies the value, such as `--rof`.
        flag: String,
    },

    /// A mortar name that is neither in the catalog nor described inline.
    #[error(
        "mortar: unknown mortar `{name}`; `mortar-odds mortars` lists the catalog, or describe it inline with a caliber"
    )]
    UnknownMortar {
        /// The mortar name as the user gave it.
        name: String,
    },

    /// A scenario or catalog file that does not parse.
    #[error("{source_name}: {message}")]
    Parse {
        /// The file (or other source) that failed to parse.
        source_name: String,
        /// The parser's account of what is wrong and where.
        message: String,
    },
}

impl Error {
    /// An [`Error::Invalid`] for `field`, with the message that says how to fix it.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}
