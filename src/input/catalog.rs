//! The mortar catalog: the built-in data file `data/mortars.toml`, compiled
//! into the program, plus any catalog files the player adds.

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::input::mortar::{MortarSpec, caliber_mm};
use crate::input::source::toml_error_line;
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

    /// Reads a catalog file's text.
    pub fn parse(source_name: &str, text: &str) -> Result<Catalog> {
        let parse_err = |message: String| Error::Parse {
            source_name: source_name.to_string(),
            message,
        };
        let file: CatalogFile =
            toml::from_str(text).map_err(|e| parse_err(toml_error_line(text, &e)))?;
        let mut catalog = Catalog::default();
        for (i, spec) in file.mortar.iter().enumerate() {
            let name = spec
                .name
                .clone()
                .ok_or_else(|| parse_err(format!("mortar #{}: give it a name", i + 1)))?;
            if spec.caliber.is_none() {
                return Err(parse_err(format!("mortar `{name}`: give its caliber")));
            }
            // A catalog entry is built as a player's own mortar is, from
            // nothing but its spec.
            let mortar = Catalog::default()
                .mortar(spec)
                .map_err(|e| parse_err(format!("mortar `{name}`: {e}")))?;
            catalog.insert(mortar);
        }
        Ok(catalog)
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
                        "name a catalog mortar (--mortar NAME) or give its caliber (--caliber MM)",
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

    /// Adds a mortar, replacing one of the same name.
    pub fn insert(&mut self, mortar: Mortar) {
        match self.mortars.iter_mut().find(|m| m.name == mortar.name) {
            Some(slot) => *slot = mortar,
            None => self.mortars.push(mortar),
        }
    }

    /// Adds every mortar of `other`, replacing those of the same name.
    pub fn extend(&mut self, other: Catalog) {
        for m in other.mortars {
            self.insert(m);
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
    fn user_catalog_replaces_by_name() {
        let mut c = Catalog::builtin();
        let user = Catalog::parse(
            "mine.toml",
            "[[mortar]]\nname = \"german-81mm\"\ncaliber = 81\nrof = 3\nbreakdown = 12\nrange = [2, 40]\n",
        )
        .unwrap();
        c.extend(user);
        assert_eq!(c.get("german-81mm").unwrap().rof, Some(3));
    }

    #[test]
    fn bad_catalog_names_the_mortar() {
        let e =
            Catalog::parse("mine.toml", "[[mortar]]\nname = \"x\"\ncaliber = -5\n").unwrap_err();
        assert!(e.to_string().contains("mortar `x`"), "{e}");
        assert!(e.to_string().contains("mortar.caliber"), "{e}");
    }
}
