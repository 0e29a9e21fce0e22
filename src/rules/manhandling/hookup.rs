//! The MP a vehicle spends to hook up or unhook a Gun (C10.11, C10.12).
//!
//! A Stopped vehicle not in Bypass spends half (FRU) of its MP/MF allotment
//! in the Gun's hex, or two-thirds (FRU) if the Gun's M# is circled, on top
//! of any cost to enter the hex; the same to unhook. "FRU": fractions
//! rounded up.

use serde::Serialize;

use crate::error::{Error, Result};

/// One line of the hook-up table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HookupRow {
    /// "not-circled" or "circled" (the Gun's M# on its counter).
    pub gun_m_number: &'static str,
    /// The share of the allotment: "1/2" or "2/3".
    pub share: &'static str,
    /// The vehicle's MP allotment (a wagon's MF), as given.
    pub allotment: u16,
    /// MP (MF for wagons) spent in the Gun's hex, fractions rounded up.
    pub mp: u16,
    /// The rules the row follows, e.g. `C10.11, C10.12`.
    pub rule: &'static str,
}

/// The MP to spend: half (FRU), or two-thirds (FRU) for a circled M#.
pub fn hookup_mp(allotment: u16, circled: bool) -> u16 {
    if circled {
        (2 * u32::from(allotment)).div_ceil(3) as u16
    } else {
        allotment.div_ceil(2)
    }
}

/// Both cases for a vehicle with `allotment` MP.
pub fn hookup_rows(allotment: i64) -> Result<Vec<HookupRow>> {
    if !(1..=100).contains(&allotment) {
        return Err(Error::invalid(
            "mp",
            format!("{allotment} MP: give the vehicle's MP (or a wagon's MF) allotment, 1 to 100"),
        ));
    }
    let allotment = allotment as u16;
    Ok(vec![
        HookupRow {
            gun_m_number: "not-circled",
            share: "1/2",
            allotment,
            mp: hookup_mp(allotment, false),
            rule: "C10.11, C10.12",
        },
        HookupRow {
            gun_m_number: "circled",
            share: "2/3",
            allotment,
            mp: hookup_mp(allotment, true),
            rule: "C10.11 EXC, C10.12 EXC",
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_round_up() {
        assert_eq!(hookup_mp(16, false), 8);
        assert_eq!(hookup_mp(13, false), 7);
        assert_eq!(hookup_mp(16, true), 11);
        assert_eq!(hookup_mp(12, true), 8);
        assert_eq!(hookup_mp(1, true), 1);
        assert!(hookup_rows(0).is_err());
    }
}
