//! A flag's whole number within bounds, refused in the player's words
//! ("a whole number from 1 to 1,000,000"), not clap's own ("0 is not in
//! 1..=1000000").

use mortar_odds::error::grouped;

/// Reads a whole number from `MIN` to `MAX`, as a flag's value parser:
/// `value_parser = bounded::whole::<u64, 1, 1_000_000>`.
pub(crate) fn whole<T: TryFrom<u64>, const MIN: u64, const MAX: u64>(
    text: &str,
) -> Result<T, String> {
    let fix = || {
        format!(
            "give a whole number from {} to {}",
            grouped(MIN),
            grouped(MAX)
        )
    };
    let n: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number; {}", fix()))?;
    if !(MIN..=MAX).contains(&n) {
        return Err(format!("{} is out of range; {}", grouped(n), fix()));
    }
    T::try_from(n).map_err(|_| fix())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_said_in_words() {
        assert_eq!(whole::<u64, 1, 1_000_000>("20000"), Ok(20_000));
        assert_eq!(
            whole::<u64, 1, 1_000_000>("0"),
            Err::<u64, _>("0 is out of range; give a whole number from 1 to 1,000,000".into())
        );
        assert_eq!(
            whole::<u8, 2, 12>("-1"),
            Err::<u8, _>("`-1` is not a whole number; give a whole number from 2 to 12".into())
        );
        assert_eq!(grouped(100_000_000), "100,000,000");
        assert_eq!(grouped(999), "999");
    }
}
