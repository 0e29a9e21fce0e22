//! One shot's exact law read through a key ([`ShotProcess::exact_by`]),
//! fast for a shot at the hex alone: its To Hit DR is stepped once per way
//! the dice fall as the rule reads it ([`Dice::dr_read_as`]), and what
//! follows (the effects DR and the IFT result) once per distinct situation
//! the To Hit DR leaves ([`AfterToHit`]: a hit, a Critical Hit, a Multiple
//! Hit), not once per To Hit outcome. Every path is weighed in integers
//! over its dice's denominator, and the table made exact fractions once,
//! at the end.
//!
//! [`Dice::dr_read_as`]: crate::dice::Dice::dr_read_as

use crate::dice::{Dist, Masses, Paths};
use crate::rules::shot_process::{AfterToHit, ShotProcess, ShotState, Stage, ToHitPart};
use crate::rules::units::UnitState;

impl ShotProcess<'_> {
    /// Every outcome of the shot read through `key`, exactly: the law of
    /// `key` of [`exact`](Self::exact)'s states. At units, that law mapped;
    /// at the hex alone, without building it (see the module's notes).
    pub fn exact_by<K: Ord + Clone>(
        &self,
        units: &[UnitState],
        key: impl Fn(&ShotState) -> K,
    ) -> Dist<K> {
        if self.targets.iter().any(|t| t.unit.is_some()) {
            return self.exact(units).map(key);
        }
        self.hex_by(units, &key)
            .unwrap_or_else(|| self.exact(units).map(key))
    }

    /// [`exact_by`](Self::exact_by) for targets that are not units (no
    /// check follows the IFT result, so what follows the To Hit DR is a
    /// few dice); `None` when a denominator passes 128 bits.
    fn hex_by<K: Ord + Clone>(
        &self,
        units: &[UnitState],
        key: &impl Fn(&ShotState) -> K,
    ) -> Option<Dist<K>> {
        let start = self.start(units);
        let mut paths = Paths::new();
        // Each way the To Hit DR falls, stepped in one buffer: its
        // situation for the rest of the shot (numbered), and what else it
        // settled in it (ROF, malfunction, ammunition), weighed.
        let mut situations: Vec<AfterToHit> = Vec::new();
        let mut parts: Masses<(usize, ToHitPart)> = Masses::with_capacity(16);
        let to_hit_done = |s: &ShotState| s.stage != Stage::ToHit;
        self.each_end(&mut paths, &start, to_hit_done, |end, n, den| {
            let i = match situations.iter().position(|a| end.is_after(a)) {
                Some(i) => i,
                None => {
                    situations.push(end.after_to_hit());
                    situations.len() - 1
                }
            };
            parts.add_among(&(i, end.to_hit_part()), n, den);
        });
        let (parts, parts_den) = parts.unsorted()?;
        // What follows each situation, path by path, straight into the
        // table with each part the To Hit DR settled in it (no end state
        // kept).
        let mut out = Masses::with_capacity(64);
        let mut fits = true;
        for (i, after) in situations.iter().enumerate() {
            let state = self.resume(after);
            self.each_end(&mut paths, &state, Self::finished, |end, m, rest_den| {
                let Some(den) = parts_den.checked_mul(rest_den) else {
                    fits = false;
                    return;
                };
                for ((_, part), n) in parts.iter().filter(|((j, _), _)| *j == i) {
                    end.follow(part);
                    out.add(key(end), n * m, den);
                }
            });
        }
        fits.then(|| out.into_dist())
    }

    /// Each way the dice fall from `state` until `done`, stepped to the end
    /// in one buffer, depth first (the dice forgotten after each step, as
    /// between the levels of [`Dist::run`]): `f` takes the end state (its
    /// to change at will: the buffer is reset for the next path) and its
    /// mass `n / den`. `paths` is restarted, its buffers kept.
    ///
    /// [`Dist::run`]: crate::dice::Dist::run
    fn each_end(
        &self,
        paths: &mut Paths,
        state: &ShotState,
        done: impl Fn(&ShotState) -> bool,
        mut f: impl FnMut(&mut ShotState, u128, u128),
    ) {
        let mut scratch = state.clone();
        paths.restart();
        while let Some(((), n, den)) = paths.next(|dice| {
            scratch.clone_from(state);
            while !done(&scratch) {
                self.step_in_place(&mut scratch, dice);
                scratch.clear_dice();
            }
        }) {
            f(&mut scratch, n, den);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::input::catalog::Catalog;
    use crate::input::scenario::Scenario;
    use crate::rules::shot::Shot;
    use crate::rules::shot_process::ShotProcess;

    /// The shot of a scenario at a woods hex 10 hexes away: `top` goes
    /// before the tables, `mortar` into the mortar's.
    fn shot(top: &str, mortar: &str) -> Shot {
        let text = format!(
            "{top}\n[mortar]\nname = \"m\"\ncaliber = 81\nrange = [2, 40]\n{mortar}\n[target]\nrange = 10\nwoods = true\n"
        );
        let scenario = Scenario::parse("t", &text, Default::default()).expect("a scenario");
        Shot::new(scenario.shot_input(&Catalog::builtin()).expect("inputs")).expect("a shot")
    }

    /// Every outcome of the shot with its dice read one by one (never a
    /// law taken whole: [`DiceOnly`](crate::dice::DiceOnly)), stepped.
    fn by_dice(process: &ShotProcess) -> crate::dice::Dist<crate::rules::shot_process::ShotState> {
        use crate::dice::{DiceOnly, Dist};
        let start = process.start(&process.start_units());
        Dist::certain(start).run(ShotProcess::finished, |s, d| {
            process.step(s, &mut DiceOnly(d)).forget_dice()
        })
    }

    /// The laws the exact engine takes in one choice each (the To Hit DR
    /// by what of it is read, an Original DR, the lower of a Multiple
    /// Hit's two, a Random Selection) give the same law of the whole shot
    /// as its dice read one by one: a squad and a leader in woods, with
    /// and without Multiple Hits (C3.8), the effects DR and every check
    /// included.
    #[test]
    fn the_laws_taken_whole_are_the_dice() {
        let text = "ammo = \"HE\"\n[mortar]\nname = \"m\"\ncaliber = 81\nrange = [2, 40]\n\
            rof = 3\nbreakdown = 12\n[target]\nrange = 10\nwoods = true\n\
            [[target.units]]\nname = \"s\"\nkind = \"squad\"\nmorale = 7\nbroken_morale = 7\n\
            [[target.units]]\nname = \"l\"\nkind = \"leader\"\nmorale = 8\n\
            broken_morale = 8\nleadership = -1\n";
        let scenario = Scenario::parse("t", text, Default::default()).expect("a scenario");
        let shot = Shot::new(scenario.shot_input(&Catalog::builtin()).expect("inputs"));
        let shot = shot.expect("a shot");
        for multiple in [false, true] {
            let mut shot = shot.clone();
            shot.multiple_hits = multiple;
            let process = ShotProcess::units(&shot);
            assert_eq!(
                process.exact_stepped(&process.start_units()),
                by_dice(&process),
                "multiple hits {multiple}"
            );
        }
    }

    /// At the hex alone the shot is done after its effects DR: no unit is
    /// left to select or check, so had each end gone on to the Units stage,
    /// that step would leave it as it is, reading no dice.
    #[test]
    fn the_hex_alone_is_done_after_its_effects() {
        use crate::dice::FixedDice;
        use crate::rules::shot_process::Stage;
        for multiple in [false, true] {
            let mut shot = shot("ammo = \"HE\"", "rof = 3\nbreakdown = 12");
            shot.multiple_hits = multiple;
            let process = ShotProcess::hex(&shot);
            for (end, _) in process.exact_stepped(&process.start_units()).iter() {
                let mut units = end.clone();
                units.stage = Stage::Units;
                let after = process.step(&units, &mut FixedDice::new(&[]));
                assert_eq!(&after, end, "multiple hits {multiple}");
            }
        }
    }

    /// Each case's law read through the whole state equals the stepped
    /// process's, and that the law of its dice read one by one, to the
    /// fraction: HE spotted or not, with and without Multiple Hits (C3.8),
    /// ROF (C2.24: 1 to 3, spotted one less) and B# known or not, and
    /// Smoke with its depletion number (C8.9), which ends some shots at
    /// the To Hit DR.
    #[test]
    fn the_hex_law_by_situation_is_the_stepped_law() {
        let known = "rof = 3\nbreakdown = 12";
        let spotted = "ammo = \"HE\"\n[firer]\nspotted = true";
        let cases = [
            ("ammo = \"HE\"", known),
            (spotted, known),
            (spotted, "rof = 1"),
            ("ammo = \"HE\"", "breakdown = 12"),
            ("ammo = \"HE\"", "rof = 2"),
            (
                "ammo = \"Smoke\"",
                "rof = 3\nbreakdown = 12\nsmoke_depletion = 7",
            ),
        ];
        for (top, mortar) in cases {
            let shot = shot(top, mortar);
            for multiple in [false, true] {
                let mut shot = shot.clone();
                shot.multiple_hits = multiple;
                let process = ShotProcess::hex(&shot);
                let start = process.start_units();
                let stepped = process.exact_stepped(&start);
                let case = format!("{top:?} {mortar:?}, multiple hits {multiple}");
                assert_eq!(process.exact_by(&start, |s| s.clone()), stepped, "{case}");
                assert_eq!(by_dice(&process), stepped, "{case}");
            }
        }
    }
}
