//! Tests of `unit_notation`.

use super::*;
use crate::input::dc::DcUnitSpec;
use crate::input::scenario::UnitSpec;
use serde::Deserialize;

fn target(text: &str) -> Table {
    parse_unit("--unit", text, UnitList::Target).unwrap()
}

fn error(text: &str) -> String {
    parse_unit("--unit", text, UnitList::Target)
        .unwrap_err()
        .to_string()
}

#[test]
fn a_squad_is_fp_range_morale() {
    let t = target("squad:4-6-7");
    assert_eq!(t["kind"].as_str(), Some("squad"));
    assert_eq!(t["name"].as_str(), Some("4-6-7"));
    assert_eq!(t["morale"].as_integer(), Some(7));
    assert!(t.get("leadership").is_none());
    assert_eq!(target("hs:2-3-7")["kind"].as_str(), Some("half-squad"));
    assert_eq!(target("half-squad:2-3-7")["morale"].as_integer(), Some(7));
    assert_eq!(target("crew:2-2-8")["morale"].as_integer(), Some(8));
    assert_eq!(target("hero:1-4-9")["morale"].as_integer(), Some(9));
    assert_eq!(target("squad:6-2-10")["morale"].as_integer(), Some(10));
}

#[test]
fn a_leader_is_morale_and_signed_leadership() {
    for (text, morale, leadership) in [
        ("leader:8-1", 8, -1),
        ("leader:9-2", 9, -2),
        ("leader:7-0", 7, 0),
        ("leader:10-3", 10, -3),
        ("leader:6+1", 6, 1),
        ("leader:7+0", 7, 0),
    ] {
        let t = target(text);
        assert_eq!(t["kind"].as_str(), Some("leader"), "{text}");
        assert_eq!(t["morale"].as_integer(), Some(morale), "{text}");
        assert_eq!(t["leadership"].as_integer(), Some(leadership), "{text}");
    }
}

#[test]
fn options_set_their_keys() {
    let t = target("squad:4-6-7,broken=6,concealed,tem=3,in-los=false,hindrance=-0");
    assert_eq!(t["broken_morale"].as_integer(), Some(6));
    assert!(t.get("broken").is_none());
    assert_eq!(t["concealed"].as_bool(), Some(true));
    assert_eq!(t["tem"].as_integer(), Some(3));
    assert_eq!(t["in_los"].as_bool(), Some(false));
    let t = target("squad:4-6-7,broken,broken=6,effects_drm=-1");
    assert_eq!(t["broken"].as_bool(), Some(true));
    assert_eq!(t["broken_morale"].as_integer(), Some(6));
    assert_eq!(t["effects_drm"].as_integer(), Some(-1));
    let t = target("afv:PzIIIG,all_af_at_most_4,size=-1");
    assert_eq!(t["kind"].as_str(), Some("afv"));
    assert_eq!(t["name"].as_str(), Some("PzIIIG"));
    assert!(t.get("morale").is_none(), "a vehicle has no morale");
    assert_eq!(t["all_af_at_most_4"].as_bool(), Some(true));
    assert_eq!(t["size"].as_integer(), Some(-1));
}

#[test]
fn bad_notation_and_options_name_the_unit() {
    let e = error("squad:4-6");
    assert!(
        e.starts_with("--unit squad:4-6: `4-6` is not FP-range-morale"),
        "{e}"
    );
    let e = error("leader:8-x");
    assert!(
        e.starts_with("--unit leader:8-x: `8-x` is not a leader's"),
        "{e}"
    );
    assert!(error("leader:8").contains("not a leader's"));
    assert!(error("leader:-1").contains("not a leader's"));
    assert!(error("squad:a-6-7").contains("not FP-range-morale"));
    let e = error("squad:4-6-7,nonsense");
    assert!(
        e.starts_with(
            "--unit squad:4-6-7,nonsense: `nonsense`: no such option; options are broken=N"
        ),
        "{e}"
    );
    assert!(e.contains("tem=N") && e.contains("concealed"), "{e}");
    assert!(error("squad:4-6-7,morale=8").contains("comes from the notation"));
    assert!(error("squad:4-6-7,tem").contains("give tem=VALUE, a whole number"));
    assert!(error("squad:4-6-7,concealed=maybe").contains("true or false"));
    assert!(error("squad:4-6-7,broken=x").contains("broken=N"));
    assert!(error("tank:4-6-7").contains("unknown unit kind `tank`"));
    assert!(error("4-6-7").contains("KIND:NOTATION"));
    assert!(error("afv:").contains("vehicle's name"));
    let e = parse_unit("--thrower-unit", "squad:4-6-7,woods", UnitList::Dc)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("--thrower-unit squad:4-6-7,woods: `woods`: no such option"),
        "{e}"
    );
}

/// The keys serde lists for a struct that refuses unknown fields.
fn fields_of<T: for<'de> Deserialize<'de>>() -> Vec<String> {
    let mut t = Table::new();
    t.insert("no_such_key".into(), Value::Boolean(true));
    let e = T::deserialize(Value::Table(t))
        .err()
        .expect("an unknown field")
        .to_string();
    let list = e
        .split("expected one of")
        .nth(1)
        .expect("serde lists the fields");
    list.split(',')
        .map(|k| k.trim().trim_matches('`').to_string())
        .collect()
}

/// Every option is a key of the unit's spec, and every key of the spec
/// is an option or set by the notation: none offered that the code
/// does not take, none of the code's left out.
#[test]
fn the_options_are_the_specs_keys() {
    for (list, fields) in [
        (UnitList::Target, fields_of::<UnitSpec>()),
        (UnitList::Dc, fields_of::<DcUnitSpec>()),
    ] {
        let mut ours: Vec<String> = list.option_keys().iter().map(|k| k.to_string()).collect();
        ours.extend(NOTATION_KEYS.iter().map(|k| k.to_string()));
        ours.push("broken".into());
        let mut theirs = fields.clone();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{list:?}");
        for (key, ty) in list.options() {
            let mut unit = Table::new();
            let value = match ty {
                Yes => Value::Boolean(true),
                Number => Value::Integer(1),
            };
            unit.insert((*key).into(), value);
            let ok = match list {
                UnitList::Target => UnitSpec::deserialize(Value::Table(unit)).is_ok(),
                UnitList::Dc => DcUnitSpec::deserialize(Value::Table(unit)).is_ok(),
            };
            assert!(ok, "{key} is not a {list:?} key of that type");
        }
    }
}
