use super::*;

#[test]
fn additional_pushers() {
    let p = |crews, half_squads, squads, smc| {
        Pushers {
            crews,
            half_squads,
            squads,
            smc,
        }
        .drm()
    };
    assert_eq!(p(1, 0, 0, 0), 0);
    assert_eq!(p(0, 0, 1, 0), -1, "a lone squad");
    assert_eq!(p(1, 0, 1, 0), -2, "an additional squad");
    assert_eq!(p(0, 0, 2, 0), -3);
    assert_eq!(p(1, 0, 3, 0), -4, "at most -4");
    assert_eq!(p(1, 0, 0, 4), 0, "four SMC are no crew");
    assert_eq!(p(1, 0, 0, 5), -1);
}
