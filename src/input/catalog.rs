//! The mortar catalog: the built-in data file `data/mortars.toml`, compiled
//! into the program, plus any catalog files the player adds.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::input::check::plain_texts;
use crate::input::mortar::{MortarSpec, caliber_mm};
use crate::input::toml_error::toml_error_line;
use crate::rules::mortar::Mortar;

const BUILTIN: &str = include_str!("../../data/mortars.toml");

/// Mortars by name, in file order.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    mortars: Vec<Mortar>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CatalogFile {
    #[serde(default)]
    mortar: Vec<MortarSpec>,
}

impl Catalog {
    /// The built-in catalog.
    pub fn builtin() -> Catalog {
        Catalog::parse("built-in catalog", BUILTIN)
            .unwrap_or_else(|e| panic!("data/mortars.toml is broken: {e}"))
    }

    /// Reads a catalog file's text, as the only catalog.
    pub fn parse(source_name: &str, text: &str) -> Result<Catalog> {
        let mut catalog = Catalog::default();
        catalog.add_file(source_name, text)?;
        Ok(catalog)
    }

    /// Adds a catalog file's entries. An entry named as one already here
    /// (case aside) gives that mortar the values it adds or replaces, as a
    /// scenario's `[mortar]` does, so it keeps the built-in's sourced rules
    /// (Area Target FP, Air Bursts NA, ...) unless it gives them; any other
    /// entry is a mortar of its own and needs its caliber.
    pub fn add_file(&mut self, source_name: &str, text: &str) -> Result<()> {
        let parse_err = |message: String| Error::Parse {
            source_name: source_name.to_string(),
            message,
        };
        let table: toml::Table =
            toml::from_str(text).map_err(|e| parse_err(toml_error_line(text, &e)))?;
        plain_texts(&table, "").map_err(|e| parse_err(e.to_string()))?;
        let file: CatalogFile =
            toml::from_str(text).map_err(|e| parse_err(toml_error_line(text, &e)))?;
        for (i, spec) in file.mortar.iter().enumerate() {
            let name = match spec.name.as_deref().map(str::trim) {
                Some(name) if !name.is_empty() => name,
                _ => return Err(parse_err(format!("mortar #{}: give it a name", i + 1))),
            };
            let earlier = &file.mortar[..i];
            if earlier.iter().any(|m| {
                m.name
                    .as_deref()
                    .is_some_and(|n| n.trim().eq_ignore_ascii_case(name))
            }) {
                return Err(parse_err(format!(
                    "mortar `{name}` is in this file twice; keep one entry"
                )));
            }
            if self.get(name).is_none() && spec.caliber.is_none() {
                return Err(parse_err(format!("mortar `{name}`: give its caliber")));
            }
            let mortar = self
                .mortar(spec)
                .map_err(|e| parse_err(format!("mortar `{name}`: {e}")))?;
            self.insert(mortar);
        }
        Ok(())
    }

    /// The mortar `spec` names or describes: a catalog mortar with the
    /// values it adds or replaces, or one of the player's own, which needs
    /// its caliber.
    pub fn mortar(&self, spec: &MortarSpec) -> Result<Mortar> {
        let base = match &spec.name {
            Some(name) => match self.get(name) {
                Some(m) => Some(m.clone()),
                None if spec.caliber.is_none() => {
                    return Err(Error::UnknownMortar {
                        name: name.clone(),
                        suggestions: self.closest(name).into_iter().map(str::to_string).collect(),
                        compared: false,
                    });
                }
                None => None,
            },
            None => None,
        };
        let from_catalog = base.is_some();
        let mut mortar = match base {
            Some(m) => m,
            None => {
                let caliber = spec.caliber.ok_or_else(|| {
                    Error::invalid(
                        "mortar",
                        "name a catalog mortar (mortar.name, --mortar NAME) or give its caliber (mortar.caliber, --caliber MM)",
                    )
                })?;
                let name = spec
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{caliber}mm mortar"));
                Mortar::with_caliber(name, caliber_mm(caliber)?)
            }
        };
        spec.apply(&mut mortar, from_catalog)?;
        Ok(mortar)
    }

    /// Adds a mortar, replacing one of the same name (case aside).
    pub fn insert(&mut self, mortar: Mortar) {
        match self
            .mortars
            .iter_mut()
            .find(|m| m.name.eq_ignore_ascii_case(&mortar.name))
        {
            Some(slot) => *slot = mortar,
            None => self.mortars.push(mortar),
        }
    }

    /// The mortar of this name (case does not matter).
    pub fn get(&self, name: &str) -> Option<&Mortar> {
        self.mortars
            .iter()
            .find(|m| m.name.eq_ignore_ascii_case(name))
    }

    /// The catalog's names nearest to `name`, for a "did you mean": those
    /// the fewest single-letter edits away (case aside), if few enough
    /// that the name is likely a slip (at most a third of its letters, and
    /// at least one); in catalog order, empty when none is that close.
    pub fn closest(&self, name: &str) -> Vec<&str> {
        let wanted = name.to_ascii_lowercase();
        let most = (wanted.chars().count() / 3).max(1);
        let distances: Vec<(usize, &str)> = self
            .mortars
            .iter()
            .map(|m| {
                (
                    edits(&wanted, &m.name.to_ascii_lowercase()),
                    m.name.as_str(),
                )
            })
            .collect();
        let Some(best) = distances
            .iter()
            .map(|&(d, _)| d)
            .min()
            .filter(|&d| d <= most)
        else {
            return Vec::new();
        };
        distances
            .into_iter()
            .filter(|&(d, _)| d == best)
            .map(|(_, n)| n)
            .collect()
    }

    /// Every mortar, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &Mortar> {
        self.mortars.iter()
    }
}

/// The Levenshtein distance: single-character insertions, deletions and
/// substitutions that turn `a` into `b`.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edits("german-80mm", "german-81mm"), 1);
        assert_eq!(edits("", "abc"), 3);
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(edits("same", "same"), 0);
    }

    #[test]
    fn suggests_a_near_name_and_nothing_for_a_far_one() {
        let c = Catalog::builtin();
        // One letter from two names: both are offered.
        assert_eq!(c.closest("german-80mm"), ["german-50mm", "german-81mm"]);
        assert_eq!(c.closest("GERMAN-81"), ["german-81mm"]);
        assert_eq!(c.closest("us-m2-60"), ["us-m2-60mm"]);
        assert!(c.closest("howitzer").is_empty());
    }

    #[test]
    fn builtin_parses_and_has_the_type_89() {
        let c = Catalog::builtin();
        let m = c.get("japanese-type-89").unwrap();
        assert_eq!(m.caliber_mm, 50);
        assert_eq!(m.rof, Some(2));
        assert!(m.support_weapon);
        assert!(m.type89_rules);
        assert_eq!(m.breakdown, None, "not sourced: the player gives it");
        let m2 = c.get("US-M2-4.2in").unwrap();
        assert!(!m2.support_weapon);
        assert_eq!(m2.area_fp, Some(12));
    }

    #[test]
    fn a_user_entry_adds_its_values_to_the_built_in_of_its_name() {
        let mut c = Catalog::builtin();
        let user = "[[mortar]]\nname = \"US-M2-4.2IN\"\nrof = 2\nbreakdown = 11\nrange = [3, 60]\n";
        c.add_file("mine.toml", user).unwrap();
        assert_eq!(
            c.iter()
                .filter(|m| m.name.eq_ignore_ascii_case("us-m2-4.2in"))
                .count(),
            1
        );
        let m = c.get("us-m2-4.2in").unwrap();
        assert_eq!((m.rof, m.breakdown), (Some(2), Some(11)));
        // The built-in's sourced rule stays: Area Target FP 12.
        assert_eq!(m.area_fp, Some(12));
        assert!(
            m.user_values.iter().any(|v| v == "breakdown"),
            "{:?}",
            m.user_values
        );
    }

    #[test]
    fn a_name_twice_in_a_file_or_no_name_is_refused() {
        let twice =
            "[[mortar]]\nname = \"x\"\ncaliber = 60\n[[mortar]]\nname = \"X\"\ncaliber = 81\n";
        let e = Catalog::parse("mine.toml", twice).unwrap_err().to_string();
        assert!(e.contains("mortar `X` is in this file twice"), "{e}");
        let e =
            Catalog::parse("mine.toml", "[[mortar]]\nname = \" \"\ncaliber = 60\n").unwrap_err();
        assert!(e.to_string().contains("mortar #1: give it a name"), "{e}");
    }

    #[test]
    fn bad_catalog_names_the_mortar() {
        let e =
            Catalog::parse("mine.toml", "[[mortar]]\nname = \"x\"\ncaliber = -5\n").unwrap_err();
        assert!(e.to_string().contains("mortar `x`"), "{e}");
        assert!(e.to_string().contains("mortar.caliber"), "{e}");
    }
}
