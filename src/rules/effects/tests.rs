//! The effects of a hit worked by hand: IFT columns of a hit and a Critical
//! Hit (C3.33, C3.71), marsh, Air Burst, TEM reversed, an AFV (C1.55).

use super::*;

fn mortar(cal: u16) -> Mortar {
    Mortar::with_caliber("test", cal)
}

#[test]
fn area_fp_columns_of_the_spec() {
    let t = Target::default();
    let col = |m: &Mortar| normal_attack(m, &t, true).unwrap().column.fp();
    assert_eq!(col(&mortar(50)), 2); // 6 -> 3 -> the 2 column
    assert_eq!(col(&mortar(60)), 4);
    assert_eq!(col(&mortar(76)), 6);
    assert_eq!(col(&mortar(81)), 8);
    assert_eq!(col(&mortar(82)), 8);
    assert_eq!(col(&mortar(107)), 8);
    assert_eq!(col(&mortar(120)), 12);
    let mut m2 = mortar(107);
    m2.area_fp = Some(12);
    assert_eq!(col(&m2), 12);
}

#[test]
fn critical_hit_columns() {
    let t = Target::default();
    let ch = |cal| critical_attack(&mortar(cal), &t, true).unwrap();
    assert_eq!(ch(50).column.fp(), 12);
    assert_eq!(ch(81).column.fp(), 30);
    let heavy = ch(120);
    assert_eq!(heavy.column.fp(), 36);
    assert_eq!(heavy.drm(), -1); // 48 FP: one whole 8 over 36
    assert_eq!(ch(107).drm(), 0); // 40 FP: 4 over, no whole 8
}

#[test]
fn c3_332_afv_with_all_af_4_or_less() {
    // A 76mm hit on the Area Target Type: the 6 FP column at -1.
    let armor = Armor {
        all_af_at_most_4: true,
        ..Armor::default()
    };
    let a = afv_attack(&mortar(76), &Target::default(), &armor, false).unwrap();
    assert_eq!((a.column.fp(), a.drm()), (6, -1));
    // Behind a hedge (+1 TEM, not HD): net 0.
    let hedge = Target {
        tem: 1,
        ..Target::default()
    };
    assert_eq!(
        afv_attack(&mortar(76), &hedge, &armor, false)
            .unwrap()
            .drm(),
        0
    );
    // A Critical Hit takes no TEM.
    assert_eq!(
        afv_attack(&mortar(76), &hedge, &armor, true).unwrap().drm(),
        -1
    );
}

#[test]
fn marsh_halves_again() {
    let t = Target {
        marsh: true,
        ..Target::default()
    };
    let a = normal_attack(&mortar(81), &t, true).unwrap();
    assert_eq!(a.fp, 16); // 4 FP in quarters
    assert_eq!(a.column.fp(), 4);
}

#[test]
fn air_burst_replaces_woods_tem() {
    let woods = Target {
        woods: true,
        ..Target::default()
    };
    assert_eq!(normal_attack(&mortar(81), &woods, true).unwrap().drm(), -1);
    assert_eq!(normal_attack(&mortar(81), &woods, false).unwrap().drm(), 1);
    let foxhole = Target {
        woods: true,
        tem: 2,
        ..Target::default()
    };
    assert_eq!(normal_attack(&mortar(81), &foxhole, true).unwrap().drm(), 1);
    assert_eq!(
        critical_attack(&mortar(81), &foxhole, true).unwrap().drm(),
        -3
    );
}

#[test]
fn critical_hit_reverses_positive_tem_only() {
    let building = Target {
        tem: 3,
        ..Target::default()
    };
    assert_eq!(
        critical_attack(&mortar(81), &building, true).unwrap().drm(),
        -3
    );
    let negative = Target {
        tem: -1,
        ..Target::default()
    };
    assert_eq!(
        critical_attack(&mortar(81), &negative, true).unwrap().drm(),
        -1
    );
}

#[test]
fn heavy_payload_by_caliber_saturates() {
    // C.7: -1 per whole 50mm over 200mm; a caliber past any weapon's does
    // not wrap around to a positive DRM.
    assert_eq!(caliber_payload_drm(249), 0);
    assert_eq!(caliber_payload_drm(999), -15);
    assert_eq!(caliber_payload_drm(u16::MAX), -127);
}
