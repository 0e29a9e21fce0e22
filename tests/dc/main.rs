//! Demolition Charges (A23): the worked examples of the rules as exact
//! values, properties over random attacks and exact vs Monte Carlo
//! agreement (`agreement.rs`); `mortar-odds dc` as a player runs it is in
//! `../dc_cli.rs`.

#[path = "../common/mod.rs"]
mod common;

use common::agree::z_score;
use common::{on_threads, prob};
use mortar_odds::dice::FixedDice;
use mortar_odds::engine::dc::{DcOdds, DcRow, monte_carlo};
use mortar_odds::input::dc::DcScenario;
use mortar_odds::prob::Prob;
use mortar_odds::rules::dc::{Dc, Detonation};
use mortar_odds::rules::ift::IftResult;
use mortar_odds::rules::units::UnitState;
use proptest::prelude::*;

mod agreement;

/// A checked DC attack from the TOML of a `[dc]` section.
fn dc(toml: &str) -> Dc {
    let scenario = DcScenario::parse("test", toml, toml::Table::new()).expect("parses");
    Dc::new(scenario.dc_input().expect("an input")).expect("a valid DC")
}

/// The 5-2-7 of the A23.3 example, in stone building X5 (+3 TEM).
const X5: &str =
    "[dc.target]\ntem = 3\n[[dc.target.units]]\nname = \"5-2-7\"\nkind = \"squad\"\nmorale = 7\n";

fn placed(extra: &str, target: &str) -> Dc {
    dc(&format!("[dc]\nkind = \"placed\"\n{extra}\n{target}"))
}

/// (FP, column, DRM) of an attack.
fn attack_of(a: &mortar_odds::rules::effects::Attack) -> (String, u8, i16) {
    (a.fp_string(), a.column.fp(), a.drm())
}

// ----- A23.3 EX: the Placed DC in X5 -----------------------------------------

#[test]
fn a23_3_placed_dc_attacks_with_30_fp_and_the_stone_building_tem() {
    let d = placed("", X5);
    assert_eq!(attack_of(d.target.attack()), ("30".into(), 30, 3));
    assert_eq!(attack_of(&d.target.targets[1].attack), ("30".into(), 30, 3));
    assert!(d.thrower.is_none());
}

#[test]
fn a23_3_a_cx_placer_adds_1() {
    let d = placed("cx = true", X5);
    assert_eq!(attack_of(d.target.attack()), ("30".into(), 30, 4));
}

#[test]
fn a23_3_concealed_target_is_area_fire_15_fp_on_the_12_column() {
    let d = placed("", &X5.replace("tem = 3", "tem = 3\nconcealed = true"));
    assert_eq!(attack_of(d.target.attack()), ("15".into(), 12, 3));
}

#[test]
fn a23_3_fortified_ground_level_adds_1_tem() {
    let d = placed("", &X5.replace("tem = 3", "tem = 4"));
    assert_eq!(attack_of(d.target.attack()), ("30".into(), 30, 4));
}

#[test]
fn a23_3_breach_attempt_30_fp_at_plus_4_and_area_fire_on_the_occupants() {
    let d = placed("breach = true", &X5.replace("tem = 3", "tem = 4"));
    let breach = d.breach_attack.as_ref().expect("a Breach attempt");
    assert_eq!(attack_of(breach), ("30".into(), 30, 4));
    // "the 12 FP attack vs the 5-2-7"
    assert_eq!(attack_of(d.target.attack()), ("15".into(), 12, 4));
    // An Original DR of 9 is just enough for the Breach (30 column, 13:
    // NMC) but the 12 FP attack on the 5-2-7 has no effect (12 column, 13).
    let end = d.run(&mut FixedDice::new(&[4, 5]));
    assert_eq!(end.detonation, Some(Detonation::Detonated));
    assert!(end.breached);
    assert_eq!(end.target.results[0], Some(IftResult::NoEffect));
    assert_eq!(end.target.results[1], Some(IftResult::NoEffect));
    assert_eq!(end.target.units[1], UnitState::default());
    // A 10 would not Breach (PTC) for an elite placer; a non-elite one's DC
    // is removed by it (Reading dc-non-elite-penalty).
    let elite = placed(
        "breach = true\nelite = true",
        &X5.replace("tem = 3", "tem = 4"),
    );
    let end = elite.run(&mut FixedDice::new(&[5, 5]));
    assert!(!end.breached);
    let end = d.run(&mut FixedDice::new(&[5, 5]));
    assert_eq!(end.detonation, Some(Detonation::Removed));
}

#[test]
fn a23_3_breach_vs_a_concealed_unit_is_halved_again_to_7_5_fp() {
    let d = placed(
        "breach = true",
        &X5.replace("tem = 3", "tem = 4\nconcealed = true"),
    );
    assert_eq!(
        attack_of(d.breach_attack.as_ref().unwrap()),
        ("30".into(), 30, 4)
    );
    assert_eq!(attack_of(d.target.attack()), ("7.5".into(), 6, 4));
}

#[test]
fn a23_3_the_worked_attack_exactly() {
    // Non-elite 4-6-7: detonates on an Original DR of 2-9 (5/6). The
    // 5-2-7 (morale 7) at +3 on the 30 column.
    let odds = DcOdds::exact(&placed("", X5));
    assert_eq!(odds.p_detonates(), Prob::new(5, 6));
    let ift = odds.ift(false);
    assert_eq!(ift.prob_of(&Some(IftResult::Kia(1))), Prob::new(1, 36));
    assert_eq!(ift.prob_of(&Some(IftResult::K(4))), Prob::new(2, 36));
    assert_eq!(ift.prob_of(&Some(IftResult::Mc(2))), Prob::new(11, 36));
    assert_eq!(ift.prob_of(&None), Prob::new(1, 6));
    // The squad is eliminated by 1KIA (1/36) or by K/4: reduced to a HS
    // that then rolls an Original 12 on its 4MC (2/36 * 1/36).
    let elim = &odds.target.units[0].outcomes[4];
    assert_eq!(elim.0.key(), "eliminated");
    assert_eq!(elim.1, Prob::new(1, 36) + Prob::new(2, 36 * 36));
}

// ----- A23.4, A23.2: detonation and removal -----------------------------------

#[test]
fn a23_4_detonation_numbers() {
    let p = |extra: &str| DcOdds::exact(&placed(extra, "")).p_detonates();
    assert_eq!(p("elite = true"), Prob::new(35, 36)); // < 12
    assert_eq!(p("elite = true\ncaptured = true"), Prob::new(30, 36)); // < 10
    assert_eq!(p(""), Prob::new(30, 36)); // reading: non-elite < 10
    assert_eq!(p("captured = true"), Prob::new(21, 36)); // doubled: < 8
}

// ----- A23.6, A23.62: Thrown DC -----------------------------------------------

fn thrown(extra: &str) -> Dc {
    dc(&format!(
        "[dc]\nkind = \"thrown\"\nelite = true\n{extra}\n[dc.target]\ntem = 2\n[dc.thrower]\ntem = 1\n"
    ))
}

#[test]
fn a23_6_thrown_plus_2_thrower_plus_3() {
    let d = thrown("");
    assert_eq!(attack_of(d.target.attack()), ("30".into(), 30, 4));
    assert_eq!(
        attack_of(d.thrower.as_ref().unwrap().attack()),
        ("30".into(), 30, 4)
    );
    let v = thrown("from_vehicle = true");
    assert_eq!(v.target.attack().drm(), 5);
    assert_eq!(v.thrower.as_ref().unwrap().attack().drm(), 5);
    let c = thrown("cavalry = true");
    assert_eq!(c.target.attack().drm(), 5);
}

#[test]
fn a23_62_afph_plus_1_to_both_unless_opportunity_fire() {
    let d = thrown("afph = true");
    assert_eq!(d.target.attack().drm(), 5);
    assert_eq!(d.thrower.as_ref().unwrap().attack().drm(), 5);
    let o = thrown("afph = true\nopportunity_fire = true");
    assert_eq!(o.target.attack().drm(), 4);
    let cx = thrown("cx = true");
    assert_eq!(cx.target.attack().drm(), 5);
    assert_eq!(cx.thrower.as_ref().unwrap().attack().drm(), 5);
}

#[test]
fn a23_1_a_thrown_dc_takes_a_negative_tem_where_no_hexside_is_given() {
    // A23.1: the defender's (and the thrower's) TEM applies. TEM -1 in
    // both Locations, no hexside TEM: target +2 -1 = +1, thrower's
    // Location +3 -1 = +2 (before: a hexside TEM of 0 was taken as the
    // better TEM, +2 and +3).
    let d = dc(
        "[dc]\nkind = \"thrown\"\nelite = true\n[dc.target]\ntem = -1\n[dc.thrower]\ntem = -1\n",
    );
    assert_eq!(d.target.attack().drm(), 1);
    assert_eq!(d.thrower.as_ref().unwrap().attack().drm(), 2);
}

#[test]
fn a23_1_hexside_tem_counts_for_a_thrown_dc_only() {
    let mut toml = "[dc]\nkind = \"thrown\"\n[dc.target]\ntem = 1\nhexside_tem = 2\n".to_string();
    assert_eq!(dc(&toml).target.attack().drm(), 2 + 2);
    toml = toml.replace("tem = 1\n", "tem = 3\n");
    assert_eq!(dc(&toml).target.attack().drm(), 3 + 2);
}

#[test]
fn a23_4_a_thrown_dc_detonates_whatever_the_second_dr() {
    // Target DR 3+3, thrower's DR 6+6: the DC has already detonated.
    let d = thrown("");
    let end = d.run(&mut FixedDice::new(&[3, 3, 6, 6]));
    assert_eq!(end.detonation, Some(Detonation::Detonated));
    assert_eq!(end.rolls[1].map(|(_, f)| f), Some(12 + 4));
    assert_eq!(end.thrower.results[0], Some(IftResult::NoEffect));
    // Removed by the first DR: nothing is attacked.
    let end = d.run(&mut FixedDice::new(&[6, 6]));
    assert_eq!(end.detonation, Some(Detonation::Removed));
    assert_eq!(end.thrower.results[0], None);
}

#[test]
fn a23_6_from_two_levels_up_the_thrower_is_not_attacked() {
    let d = dc("[dc]\nkind = \"thrown\"\nfrom_two_levels_up = true\n");
    assert!(d.thrower.is_none());
    let odds = DcOdds::exact(&d);
    assert!(odds.thrower.is_none());
    assert!(odds.rows(&d).iter().all(|r| r.location != "thrower"));
}

// ----- A23.7, A23.71: Set DC ---------------------------------------------------

fn set(extra: &str, target: &str) -> Dc {
    dc(&format!(
        "[dc]\nkind = \"set\"\n{extra}\n[dc.target]\n{target}"
    ))
}

#[test]
fn a23_71_set_dc_36_column_minus_3_no_tem() {
    let d = set("elite = true", "");
    assert_eq!(attack_of(d.target.attack()), ("36".into(), 36, -3));
    let c = set("elite = true", "concealed = true");
    assert_eq!(attack_of(c.target.attack()), ("18".into(), 16, -3));
}

#[test]
fn a23_7_set_dc_malfunctions_on_12_plus_1_per_enemy_infantry_unit() {
    let p = |extra: &str| DcOdds::exact(&set(extra, "")).p_removed();
    assert_eq!(p("elite = true"), Prob::new(1, 36));
    assert_eq!(p("elite = true\nenemy_infantry = 2"), Prob::new(6, 36));
    // By default, the target's non-vehicle units count.
    let squads = "[[dc.target.units]]\nkind = \"squad\"\nmorale = 7\n".repeat(3);
    assert_eq!(
        DcOdds::exact(&set("elite = true", &squads)).p_removed(),
        Prob::new(10, 36)
    );
}

// ----- properties ----------------------------------------------------------------

/// A random valid DC scenario: kind, options, TEM, up to three units.
fn scenario() -> impl Strategy<Value = String> {
    (
        0..3usize,
        any::<[bool; 5]>(),
        0..5i64,
        proptest::collection::vec((0..3usize, 6..9i64), 0..3),
    )
        .prop_map(
            |(kind, [captured, elite, cx, afph, concealed], tem, units)| {
                let kind = ["placed", "thrown", "set"][kind];
                let mut s =
                    format!("[dc]\nkind = \"{kind}\"\ncaptured = {captured}\nelite = {elite}\n");
                if kind != "set" {
                    s += &format!("cx = {cx}\n");
                }
                if kind == "thrown" {
                    s += &format!("afph = {afph}\n");
                }
                s += &format!("[dc.target]\nconcealed = {concealed}\n");
                if kind != "set" {
                    s += &format!("tem = {tem}\n");
                }
                for (k, morale) in units {
                    let k = ["squad", "half-squad", "leader"][k];
                    // The broken side's morale, which a Leader Loss MC can need
                    // (A10.2): one more than the Good Order side here.
                    s += &format!(
                        "[[dc.target.units]]\nkind = \"{k}\"\nmorale = {morale}\nbroken_morale = {}\n",
                        morale + 1
                    );
                }
                s
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn probabilities_sum_to_one(text in scenario()) {
        let d = dc(&text);
        let odds = DcOdds::exact(&d);
        prop_assert_eq!(odds.dist.total(), Prob::one());
        prop_assert_eq!(odds.p_detonates() + odds.p_removed(), Prob::one());
        let ift: Prob = odds.ift(false).iter().map(|(_, p)| p.clone()).sum();
        prop_assert_eq!(ift, Prob::one());
        for u in &odds.target.units {
            let s: Prob = u.outcomes.iter().map(|(_, p)| p.clone()).sum();
            prop_assert_eq!(s, Prob::one());
        }
        if let Some(t) = &odds.thrower {
            let ift: Prob = odds.ift(true).iter().map(|(_, p)| p.clone()).sum();
            prop_assert_eq!(ift, Prob::one());
            prop_assert!(t.units.is_empty());
        }
    }

    #[test]
    fn higher_tem_never_raises_p_kia(text in scenario()) {
        prop_assume!(!text.contains("\"set\""));
        let base = dc(&text);
        let tem = base.input.target.tem;
        let higher = dc(&text.replace(&format!("tem = {tem}\n"), &format!("tem = {}\n", tem + 1)));
        let kia = |d: &Dc| DcOdds::exact(d).ift(false).prob(|r| matches!(r, Some(IftResult::Kia(_))));
        prop_assert!(kia(&higher) <= kia(&base));
        // One unit alone: its odds of being eliminated or out of action
        // never rise either.
        if base.input.target.units.len() == 1 {
            let (b, h) = (DcOdds::exact(&base), DcOdds::exact(&higher));
            let (b, h) = (&b.target.units[0], &h.target.units[0]);
            prop_assert!(h.p_out_of_action <= b.p_out_of_action);
            prop_assert!(h.outcomes[4].1 <= b.outcomes[4].1);
        }
    }
}

#[test]
fn rows_sum_to_one_per_figure_family() {
    let d = dc(include_str!("../../examples/dc/thrown-afph.toml"));
    let rows = DcOdds::exact(&d).rows(&d);
    let ift = [
        "1KIA",
        "K/4",
        "4MC",
        "3MC",
        "2MC",
        "1MC",
        "NMC",
        "PTC",
        "no effect",
        "not attacked",
    ];
    for location in ["target", "thrower"] {
        let s: Prob = rows
            .iter()
            .filter(|r| r.location == location && ift.contains(&r.quantity.as_str()))
            .map(|r| prob(&r.exact))
            .sum();
        assert_eq!(s, Prob::one(), "{location}");
    }
}
