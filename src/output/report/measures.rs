//! The one naming scheme of figures in JSON documents and tables
//! (docs/json.md): a probability's key starts with `p_`, an expectation's
//! with `expected_`; a count is `n`; an outcome is its snake_case id
//! (`no_effect`, `casualty_reduced`); an IFT result is `ift_` (a hit) or
//! `critical_ift_` (a Critical Hit) and the result as the IFT writes it
//! (`ift_1MC`, `ift_K/2`, `ift_no_effect`). A table's `measure` is the
//! JSON key that holds the figure.

use serde::Serialize;

use super::plan::FigureJson;
use crate::engine::dc::DcRow;

/// An IFT result as a measure: `ift_1MC`, `critical_ift_no_effect`.
pub(crate) fn ift_measure(attack: &str, result: &str) -> String {
    format!("{attack}_{}", result.replace(' ', "_"))
}

/// A DC row's figure as a measure, and its count for "at least N":
/// `p_detonates`, `ift_2MC`, `broken`, `p_out_of_action`, `p_cleared`,
/// `at_least_out_of_action` (n = N).
pub(crate) fn dc_measure(row: &DcRow) -> (String, Option<usize>) {
    let q = row.quantity.as_str();
    if row.location == "dc" {
        return (format!("p_{q}"), None);
    }
    if row.unit_index.is_some() {
        let measure = if q == "out_of_action" {
            "p_out_of_action".to_string()
        } else {
            q.to_string()
        };
        return (measure, None);
    }
    if let Some(n) = q
        .strip_suffix("+_out_of_action")
        .and_then(|n| n.parse().ok())
    {
        return ("at_least_out_of_action".into(), Some(n));
    }
    match q {
        "cleared" | "all_eliminated" => (format!("p_{q}"), None),
        result => (ift_measure("ift", result), None),
    }
}

/// One figure of a DC in its JSON `rows`: exact (`exact`, `value`) or
/// Monte Carlo (`mc`, `ci95`, `std_error`).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct DcRowJson {
    /// `dc` (the charge itself), `target` or `thrower` (a Location).
    pub(crate) location: &'static str,
    /// The unit's name; empty for a figure of the DC or of a Location.
    pub(crate) unit: String,
    /// The unit's place in its Location's list.
    pub(crate) unit_index: Option<usize>,
    pub(crate) measure: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) n: Option<usize>,
    /// `exact` and `value`, or `mc` and `ci95`.
    #[serde(flatten)]
    pub(crate) figure: FigureJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) std_error: Option<f64>,
}

impl From<&DcRow> for DcRowJson {
    fn from(r: &DcRow) -> Self {
        let (measure, n) = dc_measure(r);
        let exact = r.ci95.is_none();
        DcRowJson {
            location: r.location,
            unit: r.unit.clone(),
            unit_index: r.unit_index,
            measure,
            n,
            figure: FigureJson {
                exact: exact.then(|| r.exact.clone()),
                value: exact.then_some(r.p),
                mc: (!exact).then_some(r.p),
                ci95: r.ci95,
                ..FigureJson::default()
            },
            std_error: r.std_error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(location: &'static str, unit_index: Option<usize>, quantity: &str) -> DcRow {
        DcRow {
            engine: "exact",
            location,
            unit: String::new(),
            unit_index,
            quantity: quantity.into(),
            exact: "1/2".into(),
            p: 0.5,
            ci95: None,
            std_error: None,
        }
    }

    #[test]
    fn dc_rows_take_the_names_of_the_shot_and_plan_figures() {
        let m = |l, u, q| dc_measure(&row(l, u, q));
        assert_eq!(m("dc", None, "detonates"), ("p_detonates".into(), None));
        assert_eq!(m("target", None, "1MC"), ("ift_1MC".into(), None));
        assert_eq!(
            m("target", None, "no effect"),
            ("ift_no_effect".into(), None)
        );
        assert_eq!(
            m("thrower", None, "not attacked"),
            ("ift_not_attacked".into(), None)
        );
        assert_eq!(m("target", Some(0), "broken"), ("broken".into(), None));
        assert_eq!(
            m("target", Some(0), "out_of_action"),
            ("p_out_of_action".into(), None)
        );
        assert_eq!(m("target", None, "cleared"), ("p_cleared".into(), None));
        assert_eq!(
            m("target", None, "2+_out_of_action"),
            ("at_least_out_of_action".into(), Some(2))
        );
    }
}
