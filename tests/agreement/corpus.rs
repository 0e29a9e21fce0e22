//! The corpus: varied fire plans, from a lone light mortar's one shot to
//! Guns with Intensive Fire, repair, Acquisition and stop rules.

use super::*;

// ---------------------------------------------------------------------------
// The corpus
// ---------------------------------------------------------------------------

pub(super) fn light_50_rof2_single_pfph() -> Case {
    case(
        "light_50_rof2_single_pfph",
        shot_input(mortar(50, 2, 12, None), Firer::default(), at(5)),
        plain_plan(vec![pfph()]),
    )
}

pub(super) fn light_60_rof3_b11_repair_pfph_dfph_pfph() -> Case {
    case(
        "light_60_rof3_b11_repair_pfph_dfph_pfph",
        shot_input(mortar(60, 3, 11, Some(3)), Firer::default(), at(8)),
        PlanInput {
            repair: true,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

pub(super) fn light_60_rof1_b10_no_repair_dfph_dfph() -> Case {
    case(
        "light_60_rof1_b10_no_repair_dfph_dfph",
        shot_input(mortar(60, 1, 10, Some(2)), Firer::default(), at(12)),
        plain_plan(vec![dfph(), dfph()]),
    )
}

pub(super) fn gun_81_rof3_if_repair_pfph_dfph_pfph() -> Case {
    case(
        "gun_81_rof3_if_repair_pfph_dfph_pfph",
        shot_input(mortar(81, 3, 12, Some(2)), Firer::default(), at(20)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            repair: true,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

/// A medium mortar keeps its ROF after a CA change (C2.5); only Case A.
pub(super) fn gun_82_nt_ca_change_if() -> Case {
    let firer = Firer {
        ca_change: 1,
        gun_type: Some(GunType::NT),
        ..Firer::default()
    };
    case(
        "gun_82_nt_ca_change_if",
        shot_input(mortar(82, 3, 11, Some(3)), firer, at(15)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            ..plain_plan(vec![pfph(), dfph()])
        },
    )
}

/// A heavy NT mortar loses one ROF on the CA-change shot only.
pub(super) fn gun_120_nt_ca_change_rof2_if_repair() -> Case {
    let firer = Firer {
        ca_change: 1,
        gun_type: Some(GunType::NT),
        ..Firer::default()
    };
    case(
        "gun_120_nt_ca_change_rof2_if_repair",
        shot_input(mortar(120, 2, 11, Some(2)), firer, at(25)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            repair: true,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

pub(super) fn gun_107_spotted_repair_dfph_dfph() -> Case {
    let firer = Firer {
        spotted: true,
        ..Firer::default()
    };
    case(
        "gun_107_spotted_repair_dfph_dfph",
        shot_input(mortar(107, 2, 12, Some(3)), firer, at(30)),
        PlanInput {
            repair: true,
            ..plain_plan(vec![dfph(), dfph()])
        },
    )
}

/// A pinned crew: no Multiple ROF and no Intensive Fire, even if asked for.
pub(super) fn gun_81_pinned_if_asked() -> Case {
    let firer = Firer {
        pinned: true,
        ..Firer::default()
    };
    case(
        "gun_81_pinned_if_asked",
        shot_input(mortar(81, 3, 12, Some(2)), firer, at(10)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            ..plain_plan(vec![pfph(), dfph()])
        },
    )
}

/// Captured: ROF 3 -> 2, B# 12 -> 10 (X# on 12), and an Intensive Fire
/// shot lowers it to 8.
pub(super) fn gun_82_captured_if_pfph_dfph_pfph() -> Case {
    let firer = Firer {
        captured: true,
        ..Firer::default()
    };
    case(
        "gun_82_captured_if_pfph_dfph_pfph",
        shot_input(mortar(82, 3, 12, Some(3)), firer, at(18)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

pub(super) fn light_60_captured_pfph_dfph() -> Case {
    let firer = Firer {
        captured: true,
        ..Firer::default()
    };
    case(
        "light_60_captured_pfph_dfph",
        shot_input(mortar(60, 2, 11, None), firer, at(6)),
        plain_plan(vec![pfph(), dfph()]),
    )
}

pub(super) fn gun_81_stop_first_hit_acq1() -> Case {
    case(
        "gun_81_stop_first_hit_acq1",
        shot_input(mortar(81, 3, 12, Some(2)), Firer::default(), at(22)),
        PlanInput {
            stop: StopRule::FirstHit,
            repair: true,
            acquisition: 1,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

pub(super) fn light_50_stop_first_critical_four_phases() -> Case {
    case(
        "light_50_stop_first_critical_four_phases",
        shot_input(mortar(50, 3, 12, None), Firer::default(), at(3)),
        PlanInput {
            stop: StopRule::FirstCriticalHit,
            ..plain_plan(vec![pfph(), dfph(), pfph(), dfph()])
        },
    )
}

/// One PFPh shot, then on into the AFPh of the same Player Turn if ROF was
/// kept.
pub(super) fn gun_81_one_pfph_shot_then_afph() -> Case {
    case(
        "gun_81_one_pfph_shot_then_afph",
        shot_input(mortar(81, 3, 11, Some(2)), Firer::default(), at(14)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            ..plain_plan(vec![at_most(pfph(), 1), afph()])
        },
    )
}

pub(super) fn light_60_afph_pfph_afph_repair() -> Case {
    case(
        "light_60_afph_pfph_afph_repair",
        shot_input(mortar(60, 2, 10, Some(2)), Firer::default(), at(9)),
        PlanInput {
            repair: true,
            ..plain_plan(vec![afph(), pfph(), afph()])
        },
    )
}

pub(super) fn gun_120_acq2_if_single_pfph() -> Case {
    case(
        "gun_120_acq2_if_single_pfph",
        shot_input(mortar(120, 2, 12, None), Firer::default(), at(35)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            acquisition: 2,
            ..plain_plan(vec![pfph()])
        },
    )
}

pub(super) fn gun_82_woods_acq1_repair_dfph_dfph() -> Case {
    let target = Target {
        woods: true,
        ..at(16)
    };
    case(
        "gun_82_woods_acq1_repair_dfph_dfph",
        shot_input(mortar(82, 3, 12, Some(3)), Firer::default(), target),
        PlanInput {
            repair: true,
            acquisition: 1,
            ..plain_plan(vec![dfph(), dfph()])
        },
    )
}

/// Russian PM-39 style: 37mm, Acquisition NA.
pub(super) fn pm39_37mm_acquisition_na_repair() -> Case {
    let mut m = mortar(37, 2, 12, Some(2));
    m.acquisition_na = true;
    case(
        "pm39_37mm_acquisition_na_repair",
        shot_input(m, Firer::default(), at(7)),
        PlanInput {
            repair: true,
            ..plain_plan(vec![dfph(), pfph(), dfph()])
        },
    )
}

/// Type 89 at 2 hexes: HE fires with ROF 1, no Air Bursts in woods.
pub(super) fn type89_close_range_woods() -> Case {
    let mut m = mortar(50, 2, 12, None);
    m.type89_rules = true;
    m.range = Some(RangeLimits { min: 1, max: 16 });
    let target = Target {
        woods: true,
        ..at(2)
    };
    case(
        "type89_close_range_woods",
        shot_input(m, Firer::default(), target),
        plain_plan(vec![pfph(), dfph()]),
    )
}

pub(super) fn light_40_multiple_hits() -> Case {
    let mut m = mortar(40, 3, 12, None);
    m.multiple_hits = true;
    case(
        "light_40_multiple_hits",
        shot_input(m, Firer::default(), at(4)),
        plain_plan(vec![pfph(), dfph()]),
    )
}

pub(super) fn gun_81_concealed_hindrance_if() -> Case {
    let target = Target {
        concealed: true,
        hindrance: 2,
        ..at(19)
    };
    case(
        "gun_81_concealed_hindrance_if",
        shot_input(mortar(81, 2, 12, None), Firer::default(), target),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

pub(super) fn light_60_ffnam_acq2_dfph() -> Case {
    let target = Target {
        ffnam: true,
        ..at(11)
    };
    case(
        "light_60_ffnam_acq2_dfph",
        shot_input(mortar(60, 2, 12, None), Firer::default(), target),
        PlanInput {
            acquisition: 2,
            ..plain_plan(vec![dfph()])
        },
    )
}

pub(super) fn gun_107_b10_if_repair_four_phases() -> Case {
    case(
        "gun_107_b10_if_repair_four_phases",
        shot_input(mortar(107, 2, 10, Some(2)), Firer::default(), at(28)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            repair: true,
            ..plain_plan(vec![pfph(), dfph(), pfph(), dfph()])
        },
    )
}

pub(super) fn gun_120_rof1_if_stop_first_hit() -> Case {
    case(
        "gun_120_rof1_if_stop_first_hit",
        shot_input(mortar(120, 1, 11, Some(3)), Firer::default(), at(40)),
        PlanInput {
            intensive_fire: IntensiveFirePolicy::WheneverAllowed,
            stop: StopRule::FirstHit,
            ..plain_plan(vec![dfph(), pfph(), afph()])
        },
    )
}

/// Spotted at 40 hexes at a concealed target: only Improbable Hits (rare).
pub(super) fn gun_81_improbable_hits() -> Case {
    let firer = Firer {
        spotted: true,
        ..Firer::default()
    };
    let target = Target {
        concealed: true,
        ..at(40)
    };
    case(
        "gun_81_improbable_hits",
        shot_input(mortar(81, 3, 12, Some(3)), firer, target),
        PlanInput {
            repair: true,
            ..plain_plan(vec![pfph(), dfph()])
        },
    )
}

/// A lone SMC fires an 81mm as a light mortar, with no Multiple ROF.
pub(super) fn gun_81_lone_smc_repair() -> Case {
    let firer = Firer {
        manning: Manning::LoneSmc,
        ..Firer::default()
    };
    case(
        "gun_81_lone_smc_repair",
        shot_input(mortar(81, 3, 11, Some(2)), firer, at(12)),
        PlanInput {
            repair: true,
            ..plain_plan(vec![pfph(), dfph(), pfph()])
        },
    )
}

pub(super) fn gun_107_two_pfph_shots_afph_dfph_stop_critical() -> Case {
    case(
        "gun_107_two_pfph_shots_afph_dfph_stop_critical",
        shot_input(mortar(107, 3, 12, None), Firer::default(), at(13)),
        PlanInput {
            stop: StopRule::FirstCriticalHit,
            acquisition: 1,
            ..plain_plan(vec![at_most(pfph(), 2), afph(), dfph()])
        },
    )
}

pub(super) fn corpus() -> Vec<Case> {
    vec![
        light_50_rof2_single_pfph(),
        light_60_rof3_b11_repair_pfph_dfph_pfph(),
        light_60_rof1_b10_no_repair_dfph_dfph(),
        gun_81_rof3_if_repair_pfph_dfph_pfph(),
        gun_82_nt_ca_change_if(),
        gun_120_nt_ca_change_rof2_if_repair(),
        gun_107_spotted_repair_dfph_dfph(),
        gun_81_pinned_if_asked(),
        gun_82_captured_if_pfph_dfph_pfph(),
        light_60_captured_pfph_dfph(),
        gun_81_stop_first_hit_acq1(),
        light_50_stop_first_critical_four_phases(),
        gun_81_one_pfph_shot_then_afph(),
        light_60_afph_pfph_afph_repair(),
        gun_120_acq2_if_single_pfph(),
        gun_82_woods_acq1_repair_dfph_dfph(),
        pm39_37mm_acquisition_na_repair(),
        type89_close_range_woods(),
        light_40_multiple_hits(),
        gun_81_concealed_hindrance_if(),
        light_60_ffnam_acq2_dfph(),
        gun_107_b10_if_repair_four_phases(),
        gun_120_rof1_if_stop_first_hit(),
        gun_81_improbable_hits(),
        gun_81_lone_smc_repair(),
        gun_107_two_pfph_shots_afph_dfph_stop_critical(),
    ]
}
