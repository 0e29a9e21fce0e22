//! `mortar-odds worth`: what is each DRM worth? For one scenario, the key
//! figures of one shot with and without each modifier a player can often
//! choose or fight for: Acquisition, spotting, a leader, Intensive Fire,
//! concealment of the target, and Air Burst.
//!
//! Method: the scenario is read again with one TOML override (the same path
//! as a command-line flag, so every check applies) that toggles the
//! modifier — removes it when the scenario has it, adds it when it has not —
//! and the shot is worked out exactly through `ShotOdds` / `UnitShotOdds`;
//! no rule is written here. A toggle the rules refuse (a leader for a Gun,
//! Intensive Fire for a light mortar, ...) is listed as "not applicable"
//! with the rules' own reason.
//!
//! Choices where the rules give no single answer:
//! - Acquisition is added at its maximum, -2 (C6.5); a scenario with -1 or
//!   -2 has it removed (0).
//! - A leader is added as a -1 leader (the commonest); one the scenario
//!   has is removed.
//! - Removing spotted fire also removes a pinned Spotter.
//! - Air Burst is compared in woods: the target in woods with Air Burst
//!   against the same woods without it (the woods TEM instead, B13.3).
//!   When the scenario's target is not in woods, both are read with
//!   `target.woods = true`, and the change says so.
//! - Without enemy units, Air Burst is "not applicable": it changes only
//!   the effects of a hit, which no key figure of the bare hex shows.
//!
//! Measures: `p-hit` and `p-critical-hit` (the hex), `p-malfunction` (when
//! the B# is known), `p-out-of-action` (at least one enemy unit broken or
//! worse, with units). The headline (the bar chart) is `p-out-of-action`
//! with units, else `p-hit`.
//!
//! Pure: returns typed results, no text and no I/O. Its text, JSON, table
//! rows and chart are `output::report::worth`.

use toml::{Table, Value};

use crate::engine::shot::{ShotOdds, UnitShotOdds};
use crate::error::Result;
use crate::input::catalog::Catalog;
use crate::input::scenario::{ScenarioSource, set_key};
use crate::prob::Prob;
use crate::rules::mortar::Mortar;
use crate::rules::shot::Shot;

/// A key figure of one shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// P(hit) on the hex, Critical Hits included.
    Hit,
    /// P(Critical Hit) on the hex.
    CriticalHit,
    /// P(malfunction), when the B# is known.
    Malfunction,
    /// P(at least one enemy unit broken or worse), with units.
    OutOfAction,
}

/// A modifier a player can often choose or fight for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    /// Acquisition at this level (C6.5): the scenario's, or -2 when it
    /// has none.
    Acquisition(u8),
    /// Spotted fire (C9.31).
    SpottedFire,
    /// A leader with this DRM: the scenario's, or -1 when it has none.
    Leader(i8),
    /// Intensive Fire (C5.6).
    IntensiveFire,
    /// The target concealed (Case K).
    Concealed,
    /// Air Burst in woods (B13.3).
    AirBurst,
}

/// Why a modifier does not apply to the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotApplicable {
    /// The rules refuse the toggled scenario; their own reason.
    Refused(String),
    /// Air Burst without enemy units: it changes only a hit's effects.
    NoEnemyUnits,
    /// Air Bursts are NA for this mortar (named).
    AirBurstsNa(String),
    /// Only HE makes Air Bursts (B13.3).
    NotHe,
    /// No Air Burst for this shot (the Type 89's HE at 2 hexes or less).
    NoAirBurst,
}

/// How the scenario was read to set a modifier's worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The scenario has not the modifier: read again with it.
    Added,
    /// Air Burst for a target not in woods: both read with the target in
    /// woods.
    AddedInWoods,
    /// The scenario has the modifier: read again without it.
    Removed,
    /// The modifier does not apply; no figures.
    NotApplicable(NotApplicable),
}

/// One figure with and without the modifier.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasureWorth {
    /// The figure compared.
    pub measure: Measure,
    /// Its exact value without the modifier.
    pub without: Prob,
    /// Its exact value with the modifier.
    pub with: Prob,
}

impl MeasureWorth {
    /// with - without.
    pub fn worth(&self) -> f64 {
        self.with.to_f64() - self.without.to_f64()
    }
}

/// What one modifier is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct ModifierWorth {
    /// The modifier toggled.
    pub modifier: Modifier,
    /// How the scenario was read again: with it, without it, or not at all
    /// (and why).
    pub change: Change,
    /// Empty when not applicable.
    pub figures: Vec<MeasureWorth>,
}

/// One of the scenario's own figures.
#[derive(Clone, Debug, PartialEq)]
pub struct BaseFigure {
    /// Which figure.
    pub measure: Measure,
    /// Its exact value in the scenario as given.
    pub p: Prob,
}

/// What each modifier is worth in one shot of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Worth {
    /// The scenario's source name (a file, or `flags`).
    pub scenario: String,
    /// The mortar firing, with the values the player gave.
    pub mortar: Mortar,
    /// Fired as a light mortar (A21.13).
    pub fired_as_light_mortar: bool,
    /// The range to the target hex, in hexes.
    pub range: u16,
    /// The measure of the chart: out of action with enemy units, else hit.
    pub headline: Measure,
    /// The scenario's own figures.
    pub base: Vec<BaseFigure>,
    /// One entry per [`Modifier`]: Acquisition, spotted fire, a leader,
    /// Intensive Fire, concealment, Air Burst.
    pub modifiers: Vec<ModifierWorth>,
    /// The scenario gives units in the target hex.
    pub units_given: bool,
}

/// The key figures of one shot, by measure.
type Figures = Vec<(Measure, Prob)>;

/// The key figures of the scenario read with `more`.
fn figures_of(catalog: &Catalog, source: &ScenarioSource, more: &Table) -> Result<(Shot, Figures)> {
    let scenario = source.parse_with(more)?;
    let shot = Shot::new(scenario.shot_input(catalog)?)?;
    let odds = ShotOdds::of(&shot);
    let mut out = vec![
        (Measure::Hit, odds.p_hit()),
        (Measure::CriticalHit, odds.p_critical_hit()),
    ];
    if let Some(p) = odds.p_malfunction() {
        out.push((Measure::Malfunction, p));
    }
    if shot.input.target.units.iter().any(|u| u.enemy)
        && let Some(units) = UnitShotOdds::of(&shot)
    {
        out.push((Measure::OutOfAction, units.hex.at_least_out[0].clone()));
    }
    Ok((shot, out))
}

fn compare(with: &Figures, without: &Figures) -> Vec<MeasureWorth> {
    with.iter()
        .filter_map(|(m, w)| {
            let (_, wo) = without.iter().find(|(n, _)| n == m)?;
            Some(MeasureWorth {
                measure: *m,
                without: wo.clone(),
                with: w.clone(),
            })
        })
        .collect()
}

fn table(keys: &[(&str, Value)]) -> Table {
    let mut t = Table::new();
    for (k, v) in keys {
        set_key(&mut t, k, v.clone());
    }
    t
}

/// A modifier toggled by `change` over the scenario: `has` says whether
/// the scenario has it (then the toggle removes it).
fn toggle(
    catalog: &Catalog,
    source: &ScenarioSource,
    base: &Figures,
    modifier: Modifier,
    has: bool,
    change: Table,
) -> ModifierWorth {
    match figures_of(catalog, source, &change) {
        Ok((_, other)) => {
            let (with, without) = if has { (base, &other) } else { (&other, base) };
            ModifierWorth {
                modifier,
                change: if has { Change::Removed } else { Change::Added },
                figures: compare(with, without),
            }
        }
        Err(e) => not_applicable(modifier, NotApplicable::Refused(e.to_string())),
    }
}

fn not_applicable(modifier: Modifier, why: NotApplicable) -> ModifierWorth {
    ModifierWorth {
        modifier,
        change: Change::NotApplicable(why),
        figures: Vec::new(),
    }
}

/// Air Burst, compared in woods (see the module doc).
fn air_burst(
    catalog: &Catalog,
    source: &ScenarioSource,
    base_shot: &Shot,
    base: &Figures,
) -> ModifierWorth {
    let name = Modifier::AirBurst;
    let refused =
        |e: crate::error::Error| not_applicable(name, NotApplicable::Refused(e.to_string()));
    if !base.iter().any(|(m, _)| *m == Measure::OutOfAction) {
        return not_applicable(name, NotApplicable::NoEnemyUnits);
    }
    let in_woods = base_shot.input.target.woods;
    let woods = if in_woods {
        vec![]
    } else {
        vec![("target.woods", Value::Boolean(true))]
    };
    let with = match figures_of(catalog, source, &table(&woods)) {
        Ok(w) => w,
        Err(e) => return refused(e),
    };
    if !with.0.air_burst {
        let m = &base_shot.input.mortar;
        let why = if m.air_bursts_na {
            NotApplicable::AirBurstsNa(m.name.clone())
        } else if base_shot.input.ammo != crate::rules::mortar::Ammo::He {
            NotApplicable::NotHe
        } else {
            NotApplicable::NoAirBurst
        };
        return not_applicable(name, why);
    }
    let mut off = woods;
    off.push(("mortar.air_bursts_na", Value::Boolean(true)));
    match figures_of(catalog, source, &table(&off)) {
        Ok((_, without)) => ModifierWorth {
            modifier: name,
            change: if in_woods {
                Change::Removed
            } else {
                Change::AddedInWoods
            },
            figures: compare(if in_woods { base } else { &with.1 }, &without),
        },
        Err(e) => refused(e),
    }
}

/// What each modifier is worth in the scenario. Fails only when the
/// scenario itself cannot be worked out.
pub fn run(catalog: &Catalog, source: &ScenarioSource) -> Result<Worth> {
    let (shot, base) = figures_of(catalog, source, &Table::new())?;
    let firer = &shot.input.firer;
    let target = &shot.input.target;
    let mut modifiers = Vec::new();

    let acq = target.acquisition;
    let (label, level) = if acq > 0 {
        (Modifier::Acquisition(acq), 0)
    } else {
        (Modifier::Acquisition(2), 2)
    };
    let change = table(&[("target.acquisition", Value::Integer(level))]);
    modifiers.push(toggle(catalog, source, &base, label, acq > 0, change));

    let change = if firer.spotted {
        table(&[
            ("firer.spotted", Value::Boolean(false)),
            ("firer.spotter_pinned", Value::Boolean(false)),
        ])
    } else {
        table(&[("firer.spotted", Value::Boolean(true))])
    };
    let label = Modifier::SpottedFire;
    modifiers.push(toggle(catalog, source, &base, label, firer.spotted, change));

    let drm = firer.leader_drm;
    let (label, value) = if drm != 0 {
        (Modifier::Leader(drm), 0)
    } else {
        (Modifier::Leader(-1), -1)
    };
    let change = table(&[("firer.leader_drm", Value::Integer(value))]);
    modifiers.push(toggle(catalog, source, &base, label, drm != 0, change));

    let on = firer.intensive_fire;
    let change = table(&[("firer.intensive_fire", Value::Boolean(!on))]);
    let label = Modifier::IntensiveFire;
    modifiers.push(toggle(catalog, source, &base, label, on, change));

    let on = target.concealed;
    let change = table(&[("target.concealed", Value::Boolean(!on))]);
    let label = Modifier::Concealed;
    modifiers.push(toggle(catalog, source, &base, label, on, change));

    modifiers.push(air_burst(catalog, source, &shot, &base));

    let headline = if base.iter().any(|(m, _)| *m == Measure::OutOfAction) {
        Measure::OutOfAction
    } else {
        Measure::Hit
    };
    Ok(Worth {
        scenario: source.name.clone(),
        mortar: shot.input.mortar.clone(),
        fired_as_light_mortar: shot.light,
        range: target.range,
        headline,
        base: base
            .into_iter()
            .map(|(measure, p)| BaseFigure { measure, p })
            .collect(),
        modifiers,
        units_given: !target.units.is_empty(),
    })
}
