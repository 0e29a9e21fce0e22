//! The keys of `[[target.units]]` (and a DC's units) that only some units
//! take: given for another kind of unit, or a To Hit key for a unit out
//! of LOS, they would change nothing, so they are refused, naming the
//! key, rather than read and dropped.

use super::target::UnitSpec;
use crate::error::{Error, Result};
use crate::rules::units::UnitKind;

impl UnitSpec {
    /// Refuses a key the unit's `kind` does not take (`field` names it):
    /// a vehicle's keys on Personnel, and the two Armor Factor classes on
    /// one AFV (C1.55); Personnel's keys (morale, leadership, a start
    /// broken, pinned or reduced) on a vehicle, which has no Morale Level;
    /// a broken side on a hero, which never breaks (A15.2); a half-squad's
    /// morale on anything but a squad; and a start reduced
    /// on a half-squad or crew, which Casualty Reduction eliminates
    /// (A7.302).
    pub(super) fn check_keys_of(
        &self,
        kind: UnitKind,
        field: &dyn Fn(&str) -> String,
    ) -> Result<()> {
        let given = |v: Option<bool>| v == Some(true);
        let refuse = |key: &str, why: String| Err(Error::invalid(field(key), why));
        if given(self.moving_vehicle) && !kind.is_vehicle() {
            return refuse(
                "moving_vehicle",
                format!(
                    "only a vehicle moves as a vehicle (Case J), not {}",
                    a(kind)
                ),
            );
        }
        if kind.is_vehicle() {
            let infantry_moving = [
                ("dashing", self.dashing),
                ("ffnam", self.ffnam),
                ("ffmo", self.ffmo),
                ("hazardous_movement", self.hazardous_movement),
            ];
            if let Some((key, _)) = infantry_moving.into_iter().find(|(_, v)| given(*v)) {
                return refuse(
                    key,
                    format!(
                        "Dashing, FFNAM, FFMO and Hazardous Movement are Infantry's movement (C6 Cases J, J3, J4, O; A4.6), not {}'s: a vehicle in Motion is moving_vehicle",
                        a(kind)
                    ),
                );
            }
        }
        let afv_keys = [
            ("all_af_at_most_4", self.all_af_at_most_4),
            ("all_af_at_least_8", self.all_af_at_least_8),
            ("open_topped", self.open_topped),
        ];
        for (key, value) in afv_keys {
            if given(value) && kind != UnitKind::Afv {
                return refuse(
                    key,
                    format!(
                        "only an AFV has Armor Factors and a top (C1.55), not {}",
                        a(kind)
                    ),
                );
            }
        }
        if given(self.all_af_at_most_4) && given(self.all_af_at_least_8) {
            return refuse(
                "all_af_at_least_8",
                "an AFV's Armor Factors cannot be all 4 or less and all 8 or more: give one of the two"
                    .into(),
            );
        }
        if kind.is_vehicle() {
            let personnel_keys = [
                ("morale", self.morale.is_some()),
                ("broken_morale", self.broken_morale.is_some()),
                ("half_squad_morale", self.half_squad_morale.is_some()),
                ("leadership", self.leadership.is_some()),
                ("broken", given(self.broken)),
                ("pinned", given(self.pinned)),
                ("reduced", given(self.reduced)),
            ];
            if let Some((key, _)) = personnel_keys.into_iter().find(|(_, given)| *given) {
                return refuse(
                    key,
                    format!(
                        "{} has no Morale Level: it is not broken, pinned or reduced as Personnel are (its own outcomes are immobilized, shocked and eliminated, C7.7); leave it out",
                        a(kind)
                    ),
                );
            }
        }
        if kind == UnitKind::Hero {
            for (key, given) in [
                ("broken", given(self.broken)),
                ("broken_morale", self.broken_morale.is_some()),
            ] {
                if given {
                    return refuse(
                        key,
                        "a hero never breaks: a failed check wounds it (A15.2); leave it out"
                            .into(),
                    );
                }
            }
        }
        // (A vehicle's was refused above, with its other Personnel keys.)
        if self.half_squad_morale.is_some() && kind != UnitKind::Squad {
            return refuse(
                "half_squad_morale",
                format!(
                    "only a squad is reduced to a half-squad, not {}; leave it out",
                    a(kind)
                ),
            );
        }
        if given(self.reduced) && matches!(kind, UnitKind::HalfSquad | UnitKind::Crew) {
            return refuse(
                "reduced",
                format!(
                    "{} Casualty Reduced is eliminated (A7.302): only a squad (then a half-squad) or a wounded SMC starts reduced; leave it out",
                    a(kind)
                ),
            );
        }
        Ok(())
    }
}

impl UnitSpec {
    /// Refuses the unit's own To Hit keys when it is out of LOS: such a
    /// unit is hit only as the hardest-to-hit enemy unit in LOS is
    /// (C3.33), so its own To Hit DRM is never used. (FFNAM, FFMO and
    /// Hazardous Movement stay: they also change a Critical Hit's IFT DR.)
    pub(super) fn check_out_of_los_keys(&self, field: &dyn Fn(&str) -> String) -> Result<()> {
        if self.in_los != Some(false) {
            return Ok(());
        }
        let to_hit_keys = [
            ("concealed", self.concealed.is_some()),
            ("dashing", self.dashing.is_some()),
            ("hindrance", self.hindrance.is_some()),
            ("extra_drm", self.extra_drm.is_some()),
            ("size", self.size.is_some()),
            ("moving_vehicle", self.moving_vehicle.is_some()),
        ];
        match to_hit_keys.into_iter().find(|(_, given)| *given) {
            Some((key, _)) => Err(Error::invalid(
                field(key),
                "the unit is out of LOS (in_los = false): it is hit only as the enemy unit in LOS with the highest To Hit DRM is (C3.33), so its own To Hit DRM is never used; leave the key out",
            )),
            None => Ok(()),
        }
    }
}

/// The kind's name with its article: "a squad", "an AFV".
fn a(kind: UnitKind) -> String {
    let article = match kind {
        UnitKind::Afv | UnitKind::UnarmoredVehicle => "an",
        _ => "a",
    };
    format!("{article} {}", kind.name())
}
