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
//!   So it is when the enemy units are all AFVs, whose attack takes no Air
//!   Burst (C1.55).
//!
//! Measures: `p_hit` and `p_critical_hit` (the hex), `p_malfunction` (when
//! the B# is known), `p_out_of_action` (at least one enemy unit broken or
//! worse, with units). The headline (the bar chart) is `p_out_of_action`
//! with units, else `p_hit`.
//!
//! Pure: returns typed results, no text and no I/O. Its text, JSON, table
//! rows and chart are `output::report::worth`.

mod read;

use toml::{Table, Value};

use crate::error::Result;
use crate::input::catalog::Catalog;
use crate::input::source::{ScenarioSource, set_key};
use crate::prob::Prob;
use crate::rules::firer::INTENSIVE_FIRE_GUNS_ONLY;
use crate::rules::mortar::Mortar;
use crate::rules::sequence::MAX_ACQUISITION;
use crate::rules::shot::{Shot, acquisition_na_why};
use crate::rules::to_hit::acquisition_applies;
use crate::rules::units::UnitKind;
pub use read::Scope;
use read::{Figures, Reading, read};

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
    /// Acquisition at this level (C6.5), -1 or -2, each its own row.
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
    /// The rules make the modifier NA here; why: Acquisition on a
    /// bore-sighted hex or with a mortar without it (C6.5), Intensive
    /// Fire with a light mortar, in the AFPh or by a pinned or stunned crew
    /// (C5.6), a leader's DRM with a Gun or a lone SMC (A7.531).
    Rule(String),
    /// Air Burst without enemy units: it changes only a hit's effects.
    NoEnemyUnits,
    /// Air Burst with only AFVs among the enemy units: an attack on an AFV
    /// takes its C1.55 DRM and the TEM, no Air Burst.
    OnlyAfvs,
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
    /// The scenario has another level of it (Acquisition -1 against -2):
    /// read again with this level and with none.
    AgainstNone,
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

/// What each modifier is worth in one shot, or over the fire plan, of a
/// scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Worth {
    /// The scenario's source name (a file, or `flags`).
    pub scenario: String,
    /// One shot, or the whole fire plan.
    pub scope: Scope,
    /// The plan's fire phases (empty for one shot).
    pub phases: Vec<String>,
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
    /// One entry per [`Modifier`]: Acquisition -1 and -2, spotted fire, a
    /// leader, Intensive Fire, concealment, Air Burst.
    pub modifiers: Vec<ModifierWorth>,
    /// The scenario gives units in the target hex.
    pub units_given: bool,
    /// The firer is given as elite, which changes nothing here
    /// (`Firer::elite_unused`).
    pub elite_unused: bool,
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
    (catalog, source, scope): Ctx,
    base: &Figures,
    modifier: Modifier,
    has: bool,
    change: Table,
) -> ModifierWorth {
    match read(catalog, source, &change, scope) {
        Ok(Reading { figures: other, .. }) => {
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

/// A modifier the rules make NA here, for the rule's reason `why`.
fn rule_na(modifier: Modifier, why: &str) -> ModifierWorth {
    not_applicable(modifier, NotApplicable::Rule(why.into()))
}

/// Air Burst, compared in woods (see the module doc).
fn air_burst((catalog, source, scope): Ctx, base_shot: &Shot, base: &Figures) -> ModifierWorth {
    let name = Modifier::AirBurst;
    let refused =
        |e: crate::error::Error| not_applicable(name, NotApplicable::Refused(e.to_string()));
    if !base.iter().any(|(m, _)| *m == Measure::OutOfAction) {
        return not_applicable(name, NotApplicable::NoEnemyUnits);
    }
    let enemies = || base_shot.input.units.iter().filter(|u| u.enemy);
    if enemies().all(|u| u.kind == UnitKind::Afv) {
        return not_applicable(name, NotApplicable::OnlyAfvs);
    }
    let in_woods = base_shot.input.target.woods;
    let woods = if in_woods {
        vec![]
    } else {
        vec![("target.woods", Value::Boolean(true))]
    };
    let with = match read(catalog, source, &table(&woods), scope) {
        Ok(w) => w,
        Err(e) => return refused(e),
    };
    if !with.shot.air_burst {
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
    match read(catalog, source, &table(&off), scope) {
        Ok(Reading {
            figures: without, ..
        }) => ModifierWorth {
            modifier: name,
            change: if in_woods {
                Change::Removed
            } else {
                Change::AddedInWoods
            },
            figures: compare(if in_woods { base } else { &with.figures }, &without),
        },
        Err(e) => refused(e),
    }
}

/// The catalog, the scenario and the scope every reading shares.
type Ctx<'a> = (&'a Catalog, &'a ScenarioSource, Scope);

/// Acquisition at `level` (C6.5) against none, whatever the scenario
/// starts with: removed when it has this level, added when it has none,
/// both read again when it has the other level.
fn acquisition(ctx: Ctx, base: &Figures, current: u8, level: u8) -> ModifierWorth {
    let modifier = Modifier::Acquisition(level);
    let at = |l: u8| table(&[(ctx.2.acquisition_key(), Value::Integer(l.into()))]);
    if current == 0 || current == level {
        let change = at(if current == level { 0 } else { level });
        return toggle(ctx, base, modifier, current == level, change);
    }
    let (catalog, source, scope) = ctx;
    let both = read(catalog, source, &at(level), scope)
        .and_then(|with| Ok((with, read(catalog, source, &at(0), scope)?)));
    match both {
        Ok((with, without)) => ModifierWorth {
            modifier,
            change: Change::AgainstNone,
            figures: compare(&with.figures, &without.figures),
        },
        Err(e) => not_applicable(modifier, NotApplicable::Refused(e.to_string())),
    }
}

/// What each modifier is worth in one shot of the scenario. Fails only
/// when the scenario itself cannot be worked out.
pub fn run(catalog: &Catalog, source: &ScenarioSource) -> Result<Worth> {
    run_over(catalog, source, Scope::Shot)
}

/// What each modifier is worth in one shot of the scenario, or over its
/// whole fire plan (`Scope::Plan`, exact engine). Fails only when the
/// scenario itself cannot be worked out.
pub fn run_over(catalog: &Catalog, source: &ScenarioSource, scope: Scope) -> Result<Worth> {
    let ctx: Ctx = (catalog, source, scope);
    let reading = read(catalog, source, &Table::new(), scope)?;
    let (shot, base) = (&reading.shot, &reading.figures);
    let firer = &shot.input.firer;
    let target = &shot.input.target;
    let mut modifiers: Vec<ModifierWorth> = (1..=MAX_ACQUISITION)
        .map(|level| {
            // C6.5, Case M: no Acquisition to be worth anything.
            if acquisition_applies(&shot.input.mortar, target) {
                acquisition(ctx, base, reading.acquisition, level)
            } else {
                let why = acquisition_na_why(&shot.input.mortar, target);
                rule_na(Modifier::Acquisition(level), &why)
            }
        })
        .collect();

    let change = if firer.spotted {
        table(&[
            ("firer.spotted", Value::Boolean(false)),
            ("firer.spotter_pinned", Value::Boolean(false)),
        ])
    } else {
        table(&[("firer.spotted", Value::Boolean(true))])
    };
    let label = Modifier::SpottedFire;
    modifiers.push(toggle(ctx, base, label, firer.spotted, change));

    let drm = firer.leader_drm;
    modifiers.push(match firer.leadership_na(shot.light) {
        Some(why) if drm == 0 => rule_na(Modifier::Leader(-1), why),
        _ => {
            let (label, value) = if drm != 0 {
                (Modifier::Leader(drm), 0)
            } else {
                (Modifier::Leader(-1), -1)
            };
            let change = table(&[("firer.leader_drm", Value::Integer(value))]);
            toggle(ctx, base, label, drm != 0, change)
        }
    });

    let on = reading.intensive_fire;
    // C5.6: over a plan only the weapon decides, since the plan says in
    // which phases, and a pin is lifted in time.
    let intensive_na = match scope {
        Scope::Shot => firer.intensive_fire_na(shot.light),
        Scope::Plan => shot.light.then_some(INTENSIVE_FIRE_GUNS_ONLY),
    };
    modifiers.push(match intensive_na {
        Some(why) if !on => rule_na(Modifier::IntensiveFire, why),
        _ => {
            let change = table(&[scope.intensive_fire(!on)]);
            toggle(ctx, base, Modifier::IntensiveFire, on, change)
        }
    });

    let on = target.concealed;
    let change = table(&[("target.concealed", Value::Boolean(!on))]);
    modifiers.push(toggle(ctx, base, Modifier::Concealed, on, change));

    modifiers.push(air_burst(ctx, shot, base));

    let headline = if base.iter().any(|(m, _)| *m == Measure::OutOfAction) {
        Measure::OutOfAction
    } else {
        Measure::Hit
    };
    Ok(Worth {
        scenario: source.name.clone(),
        scope,
        phases: reading.phases.clone(),
        mortar: shot.input.mortar.clone(),
        fired_as_light_mortar: shot.light,
        range: target.range,
        headline,
        base: base
            .iter()
            .map(|(measure, p)| BaseFigure {
                measure: *measure,
                p: p.clone(),
            })
            .collect(),
        modifiers,
        units_given: !shot.input.units.is_empty(),
        elite_unused: shot.input.firer.elite_unused(shot.input.ammo),
    })
}
