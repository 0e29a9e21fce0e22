//! A scenario file and the flags over it, as every command that reads one
//! takes them: the flags (clap types) become a table by name, and
//! `input::flags` turns that into the file's keys; the catalog files.

use std::fs;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;
use serde::Serialize;
use toml::Table;

use mortar_odds::input::catalog::Catalog;
use mortar_odds::input::flags;
use mortar_odds::input::scenario::Scenario;
use mortar_odds::input::source::ScenarioSource;

#[derive(Args, Debug)]
pub(super) struct CatalogArgs {
    /// A catalog file of your own (TOML, same format as data/mortars.toml); repeatable.
    #[arg(long, value_name = "FILE")]
    catalog: Vec<PathBuf>,
}

/// A scenario file and the flags that override it.
#[derive(Args, Debug)]
pub(super) struct ScenarioArgs {
    /// Scenario file (TOML); flags override its values.
    scenario: Option<PathBuf>,
    #[command(flatten)]
    flags: ScenarioFlags,
}

/// The flags that override a scenario's values (shared by every command
/// that reads a scenario, whatever its positional arguments). Their
/// scenario keys are in `input::flags`.
#[derive(Args, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(super) struct ScenarioFlags {
    #[command(flatten)]
    #[serde(skip)]
    catalog: CatalogArgs,

    /// Mortar: a catalog name (see `mortar-odds mortars`) or a name for an inline mortar.
    #[arg(long, help_heading = "Mortar")]
    pub(super) mortar: Option<String>,
    /// Caliber in mm (inline mortar, or to replace the catalog's).
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    caliber: Option<i64>,
    /// Printed ROF.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    rof: Option<i64>,
    /// Printed B# (12 where the counter prints none).
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    breakdown: Option<i64>,
    /// Repair number R#.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    repair_number: Option<i64>,
    /// Printed range, MIN-MAX hexes (e.g. 1-16).
    #[arg(long, value_name = "MIN-MAX", help_heading = "Mortar")]
    range_limits: Option<String>,
    /// SMOKE depletion number.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    smoke_depletion: Option<i64>,
    /// WP depletion number.
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    wp_depletion: Option<i64>,
    /// Area Target FP replacing half the HE FP (US M2 4.2-in: 12).
    #[arg(long, help_heading = "Mortar", allow_negative_numbers = true)]
    area_fp: Option<i64>,
    /// The mortar is a Support Weapon (light mortar) [default: caliber ≤ 60mm].
    #[arg(long, help_heading = "Mortar")]
    support_weapon: Option<bool>,
    /// The weapon is printed without the "*" (Basic TH# +1 beyond 12 hexes).
    #[arg(long, help_heading = "Mortar")]
    no_asterisk: bool,
    /// Air Bursts NA for this weapon.
    #[arg(long, help_heading = "Mortar")]
    air_bursts_na: bool,
    /// The weapon can score Multiple Hits (C3.8).
    #[arg(long, help_heading = "Mortar")]
    multiple_hits: bool,
    /// Ammunition.
    #[arg(long, help_heading = "Mortar", value_parser = ["HE", "SMOKE", "WP"], ignore_case = true)]
    ammo: Option<String>,

    /// Fire phase.
    #[arg(long, help_heading = "Firer", value_parser = ["PFPh", "DFPh", "AFPh"], ignore_case = true)]
    phase: Option<String>,
    /// Fired by a lone SMC (no Multiple ROF; ≤ 82mm only).
    #[arg(long, help_heading = "Firer")]
    lone_smc: bool,
    /// Pinned firer (Case D; in a plan, its first Player Turn only).
    #[arg(long, help_heading = "Firer")]
    pinned: bool,
    /// Pinned Spotter (with --spotted; in a plan, its first Player Turn only).
    #[arg(long, help_heading = "Firer")]
    spotter_pinned: bool,
    /// Captured weapon (Case H, B# -2, ROF -1).
    #[arg(long, help_heading = "Firer")]
    captured: bool,
    /// Non-qualified user of a Gun (a light mortar has none): Case H +2, B# -2, ROF -1 (A21.13).
    #[arg(long, help_heading = "Firer")]
    non_qualified: bool,
    /// Spotted fire (+2, ROF -1).
    #[arg(long, help_heading = "Firer")]
    spotted: bool,
    /// Elite firer: SMOKE/WP depletion numbers +1 (C8.9); nothing else.
    #[arg(long, help_heading = "Firer")]
    elite: bool,
    /// Directing leader's DRM (light mortars only), e.g. -1.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    leader_drm: Option<i64>,
    /// Hexspines of CA change for this shot (Case A; Guns only).
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    ca_change: Option<i64>,
    /// Gun type for Case A (from the counter).
    #[arg(long, help_heading = "Firer", value_parser = ["T", "ST", "NT"])]
    gun_type: Option<String>,
    /// Firer in woods, building or rubble.
    #[arg(long, help_heading = "Firer")]
    firer_in_woods_building_rubble: bool,
    /// CX firer.
    #[arg(long, help_heading = "Firer")]
    cx: bool,
    /// Encircled firer.
    #[arg(long, help_heading = "Firer")]
    encircled: bool,
    /// Overstacked units in the firer's location.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    overstacked: Option<i64>,
    /// Stun results on the firer.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    stun: Option<i64>,
    /// This is an Intensive Fire shot (Guns only).
    #[arg(long, help_heading = "Firer")]
    intensive_fire: bool,
    /// Any further firer-based To Hit DRM.
    #[arg(long, help_heading = "Firer", allow_negative_numbers = true)]
    firer_drm: Option<i64>,

    /// Range to the target hex, in hexes.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true, value_parser = hexes)]
    range: Option<i64>,
    /// Concealed target (Case K).
    #[arg(long, help_heading = "Target")]
    concealed: bool,
    /// Dashing Infantry (Case J).
    #[arg(long, help_heading = "Target")]
    dashing: bool,
    /// First Fire vs Non-Assault Movement.
    #[arg(long, help_heading = "Target")]
    ffnam: bool,
    /// First Fire vs Movement in Open Ground.
    #[arg(long, help_heading = "Target")]
    ffmo: bool,
    /// Target using Hazardous Movement (Case O).
    #[arg(long, help_heading = "Target")]
    hazardous_movement: bool,
    /// Total LOS Hindrance DRM (Case R).
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    hindrance: Option<i64>,
    /// Bore-sighted target location (Case M).
    #[arg(long, help_heading = "Target")]
    bore_sighted: bool,
    /// Acquisition level on the target hex: 0, 1 or 2.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    acquisition: Option<i64>,
    /// TEM of the target's location other than woods (e.g. 3 for a stone building, 2 for a wooden one).
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    tem: Option<i64>,
    /// Target in woods (Air Bursts).
    #[arg(long, help_heading = "Target")]
    woods: bool,
    /// Target in marsh or fording (FP halved again).
    #[arg(long, help_heading = "Target")]
    marsh: bool,
    /// Any further target-based To Hit DRM.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    target_drm: Option<i64>,
    /// Any further effects (IFT) DRM.
    #[arg(long, help_heading = "Target", allow_negative_numbers = true)]
    effects_drm: Option<i64>,
    /// A unit in the target hex, as on its counter; repeatable. Replaces the file's [[target.units]] when given.
    ///
    /// KIND:NOTATION[,OPTION...]: squad:4-6-7, hs:2-3-7, crew:2-2-8,
    /// hero:1-4-9 (FP-range-morale; the model uses the morale), leader:8-1
    /// (morale 8, leadership -1; leader:6+1 is +1), afv:NAME or
    /// unarmored-vehicle:NAME. Options are the other [[target.units]] keys:
    /// broken=N (the broken side's morale), broken (starts broken),
    /// half_squad_morale=N, enemy, in_los, pinned, reduced,
    /// all_af_at_most_4, all_af_at_least_8, open_topped, size=N,
    /// moving_vehicle, concealed, dashing, ffnam, ffmo, hazardous_movement,
    /// hindrance=N, extra_drm=N, tem=N, woods, marsh, effects_drm=N; a
    /// yes/no key alone is yes (key=false for no). E.g. --unit
    /// squad:4-6-7,broken=6,concealed,tem=3 --unit leader:8-1,broken=6
    #[arg(long, help_heading = "Target", value_name = "KIND:NOTATION")]
    unit: Vec<String>,
}

impl ScenarioArgs {
    /// The scenario's name in tables: the file's stem, or "flags".
    pub(super) fn name(&self) -> String {
        scenario_name(self.scenario.as_ref())
    }

    /// The catalog, and the scenario as written: the file (if any) with
    /// the flags given to `command` (these and `more`) over it.
    pub(super) fn source(
        &self,
        command: flags::Command,
        more: Table,
    ) -> Result<(Catalog, ScenarioSource)> {
        self.flags.source(self.scenario.as_ref(), command, more)
    }

    /// The scenario: the file (if any) with the flags given to `command`
    /// (these and `more`) merged over it.
    pub(super) fn load(&self, command: flags::Command, more: Table) -> Result<(Catalog, Scenario)> {
        let (catalog, source) = self.source(command, more)?;
        let scenario = Scenario::from_source(&source)?;
        Ok((catalog, scenario))
    }
}

/// The scenario as the player wrote it: the file (if any; `what` names it
/// in errors, "flags" a scenario without one) with the flags `given` to
/// `command` over it.
pub(super) fn read_source(
    file: Option<&PathBuf>,
    what: &str,
    command: flags::Command,
    given: &Table,
) -> Result<ScenarioSource> {
    let (name, text) = match file {
        Some(path) => (path.display().to_string(), read_text(path, what)?),
        None => ("flags".to_string(), String::new()),
    };
    let overrides = flags::overrides(command, given)?;
    Ok(ScenarioSource::new(&name, &text, overrides))
}

/// The flags a command was given, by name (as in [`flags::overrides`]).
pub(super) fn given(flags: &impl Serialize) -> Result<Table> {
    Table::try_from(flags).context("reading the flags")
}

/// A scenario's name in tables: the file's stem, or "flags".
pub(super) fn scenario_name(file: Option<&PathBuf>) -> String {
    file.and_then(|p| p.file_stem())
        .map_or("flags".to_string(), |s| s.to_string_lossy().into_owned())
}

impl ScenarioFlags {
    /// The catalog, and the scenario as written: the file (if any) with
    /// these flags and the `more` flags given to `command` over it.
    pub(super) fn source(
        &self,
        file: Option<&PathBuf>,
        command: flags::Command,
        more: Table,
    ) -> Result<(Catalog, ScenarioSource)> {
        let catalog = load_catalog(&self.catalog)?;
        let mut given = given(self)?;
        given.extend(more);
        let source = read_source(file, "scenario file", command, &given)?;
        Ok((catalog, source))
    }
}

/// The largest scenario or catalog file read: such files are a few KB, and
/// a file past this is not one (a device such as /dev/zero never ends).
const MAX_INPUT_BYTES: u64 = 1 << 20;

/// The text of an input file, at most [`MAX_INPUT_BYTES`].
pub(super) fn read_text(path: &PathBuf, what: &str) -> Result<String> {
    use std::io::Read;
    let at = || format!("{what} `{}`", path.display());
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
        .with_context(at)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        anyhow::bail!(
            "{}: larger than {} MB, too large for a {what}",
            at(),
            MAX_INPUT_BYTES >> 20
        );
    }
    String::from_utf8(bytes)
        .map_err(|_| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            )
        })
        .with_context(at)
}

/// The environment variable naming the player's own catalog file.
pub(super) const CATALOG_VAR: &str = "MORTAR_ODDS_CATALOG";

/// The player's own catalog, filled in once and read by every command:
/// the file `MORTAR_ODDS_CATALOG` names (which must then exist), else
/// `mortar-odds/catalog.toml` in the platform's config folder if it is
/// there (`~/.config` on Linux, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows).
pub(super) fn user_catalog() -> Option<(PathBuf, bool)> {
    match std::env::var_os(CATALOG_VAR) {
        Some(path) if !path.is_empty() => Some((PathBuf::from(path), true)),
        _ => dirs::config_dir()
            .map(|dir| dir.join("mortar-odds").join("catalog.toml"))
            .map(|path| (path, false)),
    }
}

/// The built-in catalog, then the player's own ([`user_catalog`]), then
/// each `--catalog` file: a later mortar of the same name replaces an
/// earlier one.
pub(super) fn load_catalog(args: &CatalogArgs) -> Result<Catalog> {
    let mut catalog = Catalog::builtin();
    if let Some((path, named)) = user_catalog()
        && (named || path.is_file())
    {
        let what = if named { CATALOG_VAR } else { "catalog file" };
        let text = read_text(&path, what)?;
        catalog.add_file(&path.display().to_string(), &text)?;
    }
    for path in &args.catalog {
        let text = read_text(path, "catalog file")?;
        catalog.add_file(&path.display().to_string(), &text)?;
    }
    Ok(catalog)
}

/// `--range`: one number of hexes; a "MIN-MAX" is the mortar's printed
/// range, which is another flag.
fn hexes(text: &str) -> Result<i64, String> {
    text.trim().parse().map_err(|_| {
        if text.trim_start_matches('-').contains('-') {
            "the range to the target is one number of hexes; the mortar's printed range MIN-MAX is --range-limits".into()
        } else {
            "a whole number of hexes".into()
        }
    })
}
