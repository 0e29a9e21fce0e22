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

    /// Values a run needs that the player did not give: every one of them,
    /// so that one message says all there is to give.
    #[error("missing: {}", list(.0))]
    MissingValues(Vec<MissingValue>),

    /// A mortar name that is neither in the catalog nor described inline.
    #[error(
        "mortar: unknown mortar `{name}`;{} `mortar-odds mortars` lists the catalog, or describe it inline with a caliber",
        did_you_mean(.suggestions)
    )]
    UnknownMortar {
        /// The mortar name as the user gave it.
        name: String,
        /// The catalog's nearest names, when any is close.
        suggestions: Vec<String>,
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

/// One value a run needs and nobody gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingValue {
    /// The scenario key that gives it, such as `mortar.rof` or
    /// `target.units[0].broken_morale`.
    pub field: String,
    /// What it is, when the flag does not say it alone, such as
    /// `broken-side morale of unit 1 "4-6-7"`.
    pub what: Option<String>,
    /// How to give it on the command line, as the parser takes it, such as
    /// `--rof` or `--range-limits MIN-MAX`; none when only a file can.
    pub flag: Option<String>,
}

impl MissingValue {
    /// A value given by `flag` or the scenario key `field`.
    pub fn flag(flag: impl Into<String>, field: impl Into<String>) -> Self {
        MissingValue {
            field: field.into(),
            what: None,
            flag: Some(flag.into()),
        }
    }

    /// A value described as `what`, given by the scenario key `field` (and
    /// by `flag`, when a flag can give it).
    pub fn described(
        what: impl Into<String>,
        flag: Option<String>,
        field: impl Into<String>,
    ) -> Self {
        MissingValue {
            field: field.into(),
            what: Some(what.into()),
            flag,
        }
    }
}

impl std::fmt::Display for MissingValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.what, &self.flag) {
            (None, Some(flag)) => write!(f, "{flag} ({})", self.field),
            (Some(what), Some(flag)) => write!(f, "{what} ({flag} or {})", self.field),
            (Some(what), None) => write!(f, "{what} ({})", self.field),
            (None, None) => write!(f, "{}", self.field),
        }
    }
}

/// The missing values as one comma-separated list.
fn list(values: &[MissingValue]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
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

/// " did you mean `A` or `B`?" when there are suggestions.
fn did_you_mean(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    let names: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
    format!(" did you mean {}?", names.join(" or "))
}

/// `n` with a comma between each group of three digits: 1,000,000.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A text as a message may echo it to a terminal: a control character (a
/// terminal escape, a line break, a tab) is written as its escape (`\n`,
/// `\u{1b}`), so the message stays one printable line.
pub fn shown(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
