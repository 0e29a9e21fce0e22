//! How large a stack the exact engine takes on: the leaders' checks and
//! their Leader Loss cascades are worked out jointly (A10.2), so each leader
//! multiplies the ways an attack on the Location ends, and each other unit
//! that takes checks multiplies them again. Past these counts one attack
//! takes from ten seconds to minutes and gigabytes (measured, `shot` of a
//! US 60mm at 4-6-7s (broken side 7) and 9-2 leaders, release build: two
//! leaders and six squads 3.5 s and 0.37 GB; three leaders and three
//! squads 1.9-2.3 s and 0.23 GB, four squads 8.7-10.4 s and 0.69 GB, five
//! 50 s and 2.9 GB; four leaders alone 1.2-1.3 s and 0.11 GB, with one
//! squad 15 s and 1.4 GB), so the exact engine refuses them at once and
//! names the stack; Monte Carlo (a fire plan's) steps each trial and takes
//! any stack.

use crate::rules::units::{Unit, UnitKind};

/// The most leaders in one Location the exact engine takes.
pub const MAX_LEADERS: usize = 4;

/// With `n` leaders in the Location, the most other units taking checks
/// (not vehicles) beside them: any (of the eight a hex holds) with two
/// leaders or fewer, three with three, none with four.
const MAX_OTHERS_WITH_LEADERS: [usize; MAX_LEADERS + 1] = [8, 8, 8, 3, 0];

/// A stack past what the exact engine takes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackTooLarge {
    /// The leaders in the Location.
    pub leaders: usize,
    /// The other units in it that take checks.
    pub others: usize,
}

impl StackTooLarge {
    /// The reason, for a message naming the units' field.
    pub fn why(&self) -> String {
        let Self { leaders, others } = *self;
        let most = if leaders > MAX_LEADERS {
            format!("it takes at most {MAX_LEADERS} leaders")
        } else {
            let n = MAX_OTHERS_WITH_LEADERS[leaders];
            format!("with {leaders} leaders it takes at most {n} other units that take checks")
        };
        format!(
            "{leaders} leaders and {others} other units that take checks are more than the exact engine works out in bounded time and memory ({most}: each leader's checks and Leader Loss multiply the ways the attack ends)"
        )
    }

    /// The refusal as a library error naming `field`, the units' list,
    /// with `fix`, what the caller can do instead.
    pub fn to_error(&self, field: &str, fix: &str) -> crate::error::Error {
        crate::error::Error::invalid(field, format!("{}; {fix}", self.why()))
    }
}

/// Whether the exact engine takes an attack on the Location of `units`.
pub fn exact_fits(units: &[Unit]) -> Result<(), StackTooLarge> {
    let leaders = units.iter().filter(|u| u.kind == UnitKind::Leader).count();
    let others = units
        .iter()
        .filter(|u| u.kind != UnitKind::Leader && !u.kind.is_vehicle())
        .count();
    let fits = MAX_OTHERS_WITH_LEADERS
        .get(leaders)
        .is_some_and(|&most| others <= most);
    if fits {
        Ok(())
    } else {
        Err(StackTooLarge { leaders, others })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::target::Target;

    fn stack(leaders: usize, squads: usize, afvs: usize) -> Vec<Unit> {
        let unit = |kind, morale| Unit::new("u", kind, morale, Target::default());
        let mut units = vec![unit(UnitKind::Leader, 9); leaders];
        units.extend(vec![unit(UnitKind::Squad, 7); squads]);
        units.extend(vec![unit(UnitKind::Afv, 0); afvs]);
        units
    }

    #[test]
    fn the_limit_by_leaders() {
        let fits = |l, s, a| exact_fits(&stack(l, s, a)).is_ok();
        assert!(fits(2, 6, 0) && fits(0, 8, 0));
        assert!(fits(3, 3, 0) && !fits(3, 4, 0));
        assert!(fits(4, 0, 0) && !fits(4, 1, 0));
        assert!(!fits(5, 0, 0));
        // Vehicles take no checks: they do not count.
        assert!(fits(3, 3, 2) && fits(4, 0, 4));
        assert_eq!(
            exact_fits(&stack(3, 5, 0)),
            Err(StackTooLarge {
                leaders: 3,
                others: 5
            })
        );
    }
}
