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
        "{}: unknown mortar `{name}`;{} `mortar-odds mortars` lists the catalog, or describe it inline {}",
        unknown_field(.name, *.compared),
        did_you_mean(.suggestions),
        described_inline(.name, *.compared)
    )]
    UnknownMortar {
        /// The mortar name as the user gave it.
        name: String,
        /// The catalog's nearest names, when any is close.
        suggestions: Vec<String>,
        /// Given as a mortar to compare (`NAME:key=value`), not as a
        /// scenario's `[mortar]`: named by that name, and described inline
        /// as `NAME:caliber=MM`.
        compared: bool,
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

    /// The message in a scenario's own words, for a caller that takes no
    /// command-line flags (the JSON API of `mortar-odds serve`, a program
    /// that builds its scenarios): every value is named by its scenario
    /// key alone, and a flag in parentheses, the command line's way to
    /// give a value such as `(--range N)`, is left out. `Display` gives the
    /// command line's message, which names both.
    pub fn in_scenario_words(&self) -> String {
        self.in_request_words(&[])
    }

    /// As [`Error::in_scenario_words`], for a caller that gives some of
    /// the command line's options by fields of its own: each `(flag's
    /// words, field's words)` of `options`, such as `("--max-states",
    /// "\"max_states\"")`, is written in the field's words first, so that
    /// it stays.
    pub fn in_request_words(&self, options: &[(&str, &str)]) -> String {
        match self {
            Error::MissingValues(values) => {
                let named: Vec<String> =
                    values.iter().map(MissingValue::in_scenario_words).collect();
                format!("missing: {}", named.join(", "))
            }
            Error::Missing { field, mortar, .. } => format!(
                "{field}: the catalog does not know this value for {mortar}; give it in the scenario (it is printed on the counter)"
            ),
            Error::UnknownMortar {
                name,
                suggestions,
                compared,
            } => format!(
                "{}: unknown mortar `{name}`;{} name one of the catalog's mortars, or describe it inline {}",
                unknown_field(name, *compared),
                did_you_mean(suggestions),
                described_inline(name, *compared)
            ),
            Error::Invalid { .. } | Error::Parse { .. } => {
                let mut text = self.to_string();
                for (flag, field) in options {
                    text = text.replace(flag, field);
                }
                without_flags(&text)
            }
        }
    }
}

impl MissingValue {
    /// The value by its scenario key, and what it is when the key does not
    /// say it alone. A way to give it that is not a flag stays: a compared
    /// mortar's `us-81mm:rof=N` is written so in a request's `mortars` too.
    fn in_scenario_words(&self) -> String {
        match (&self.what, &self.flag) {
            (None, Some(given)) if !names_a_flag(given) => format!("{given} ({})", self.field),
            (Some(what), _) => format!("{} ({what})", self.field),
            (None, _) => self.field.clone(),
        }
    }
}

/// `text` without the flags it names in parentheses: an item of a
/// parenthesis (items are split by ", ") that names a flag (`--range N`,
/// `plan --engine mc`) is left out, and a parenthesis left empty goes
/// with the space before it. Messages follow this form wherever they name
/// a flag, so that [`Error::in_scenario_words`] reads in either words.
fn without_flags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        let inner = &rest[open + 1..close];
        let kept: Vec<&str> = inner
            .split(", ")
            .filter(|item| !names_a_flag(item))
            .collect();
        out.push_str(&rest[..open]);
        if kept.is_empty() {
            if out.ends_with(' ') {
                out.pop();
            }
        } else {
            out.push('(');
            out.push_str(&kept.join(", "));
            out.push(')');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Whether `item` names a command-line flag: a word `--` and a letter.
fn names_a_flag(item: &str) -> bool {
    item.split_whitespace().any(|word| {
        word.strip_prefix("--")
            .and_then(|flag| flag.chars().next())
            .is_some_and(|c| c.is_ascii_alphabetic())
    })
}

/// The input an unknown mortar is named by: a compared mortar's name, or
/// the scenario's `mortar`.
fn unknown_field(name: &str, compared: bool) -> &str {
    if compared { name } else { "mortar" }
}

/// How to describe an unknown mortar inline where it was given.
fn described_inline(name: &str, compared: bool) -> String {
    if compared {
        format!("with a caliber, `{name}:caliber=MM`")
    } else {
        "with a caliber".into()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_words_name_keys_and_leave_flags_out() {
        let missing = Error::MissingValues(vec![
            MissingValue::flag("--range-limits MIN-MAX", "mortar.range"),
            MissingValue::described(
                "broken-side morale of unit 1",
                Some("--unit squad:4-6-7,broken=N".into()),
                "target.units[0].broken_morale",
            ),
            MissingValue::flag("us-m2-60mm:rof=N", "mortar.rof"),
        ]);
        assert_eq!(
            missing.to_string(),
            "missing: --range-limits MIN-MAX (mortar.range), broken-side morale of unit 1 (--unit squad:4-6-7,broken=N or target.units[0].broken_morale), us-m2-60mm:rof=N (mortar.rof)"
        );
        assert_eq!(
            missing.in_scenario_words(),
            "missing: mortar.range, target.units[0].broken_morale (broken-side morale of unit 1), us-m2-60mm:rof=N (mortar.rof)"
        );
        let unknown = Error::UnknownMortar {
            name: "german-81mx".into(),
            suggestions: vec!["german-81mm".into()],
            compared: false,
        };
        assert_eq!(
            unknown.in_scenario_words(),
            "mortar: unknown mortar `german-81mx`; did you mean `german-81mm`? name one of the catalog's mortars, or describe it inline with a caliber"
        );
        let not_known = Error::Missing {
            field: "mortar.rof".into(),
            mortar: "my-81mm".into(),
            flag: "--rof".into(),
        };
        assert_eq!(
            not_known.in_scenario_words(),
            "mortar.rof: the catalog does not know this value for my-81mm; give it in the scenario (it is printed on the counter)"
        );
    }

    #[test]
    fn a_flag_in_parentheses_is_left_out() {
        let cases = [
            (
                "give the range to the target hex in hexes (--range N)",
                "give the range to the target hex in hexes",
            ),
            (
                "its phases (plan.phases, --phases), not one",
                "its phases (plan.phases), not one",
            ),
            (
                "fire in the DFPh (firer.phase = \"DFPh\", --phase DFPh) or leave it out",
                "fire in the DFPh (firer.phase = \"DFPh\") or leave it out",
            ),
            (
                "by Monte Carlo (plan --engine mc); or (-1 or -2, at most -4)",
                "by Monte Carlo; or (-1 or -2, at most -4)",
            ),
            ("an unclosed (--range", "an unclosed (--range"),
        ];
        for (text, words) in cases {
            assert_eq!(without_flags(text), words, "{text}");
        }
    }
}
