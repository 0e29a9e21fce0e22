//! What a request to the API holds: the scenario (the TOML file's shape, in
//! JSON) and the run options of the command line (`mortars`, `engine`,
//! `trials`, `seed`, `max_states`), read and checked here into what the
//! command modules take.

use anyhow::{Result, bail};
use serde::Deserialize;
use serde_json::Value;
use toml::Table;

use mortar_odds::engine::{self, Engine};
use mortar_odds::input::source::ScenarioSource;

/// The name a request's scenario goes by in error messages.
pub(super) const SCENARIO_NAME: &str = "scenario";

/// The engines a request's `engine` names, in the order messages list them.
const ENGINES: [(&str, Engine); 4] = [
    ("exact", Engine::Exact),
    ("mc", Engine::MonteCarlo),
    ("both", Engine::Both),
    ("auto", Engine::Auto),
];

/// Every engine: what `/api/plan` takes.
pub(super) const ANY_ENGINE: &[Engine] = &[
    Engine::Exact,
    Engine::MonteCarlo,
    Engine::Both,
    Engine::Auto,
];

/// Every field of a request body, whichever endpoint takes it.
pub(super) const FIELDS: [&str; 8] = [
    "scenario",
    "mortars",
    "engine",
    "trials",
    "seed",
    "max_states",
    "plan",
    "charts",
];

/// One request body.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Request {
    /// The scenario, as a scenario file holds it (`[mortar]` is
    /// `"mortar": {...}`, `[[target.units]]` a list of objects).
    #[serde(default)]
    scenario: Option<Value>,
    /// compare: the mortars, as `mortar-odds compare` takes them.
    #[serde(default)]
    pub mortars: Vec<String>,
    /// plan, push: "exact", "mc", "both" (the default) or "auto" (exact
    /// when it fits, else Monte Carlo).
    pub engine: Option<String>,
    /// Monte Carlo trials.
    pub trials: Option<u64>,
    /// Monte Carlo seed.
    pub seed: Option<u64>,
    /// The exact plan engine's largest chain (at most the server's).
    pub max_states: Option<u64>,
    /// worth: over the scenario's whole fire plan (exact engine), as
    /// `worth --plan`; else one shot.
    #[serde(default)]
    pub plan: bool,
    /// Add the command's charts, as SVG text, under `serve.charts`.
    #[serde(default)]
    pub charts: bool,
}

/// What the server allows a request, from `serve`'s flags.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    /// The exact engine's largest chain.
    pub max_states: usize,
    /// The most Monte Carlo trials of one request.
    pub max_trials: u64,
}

impl Request {
    /// Reads a request body to `endpoint`, which takes `fields` only: a
    /// JSON object (an empty body is `{}`). A field the endpoint does not
    /// take is refused: left in, it would be ignored without a word (an
    /// `engine` sent to `/api/shot`).
    pub(super) fn parse(body: &[u8], endpoint: &str, fields: &[&str]) -> Result<Request> {
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Request::default());
        }
        let mut value: Value =
            serde_json::from_slice(body).map_err(|e| anyhow::anyhow!("request: not JSON: {e}"))?;
        if let Some(path) = super::json_keys::first_twice(body) {
            bail!("request.{path}: given twice; give each key once");
        }
        // A field set to null is a field left out, as in the scenario.
        if let Value::Object(map) = &mut value {
            map.retain(|_, v| !v.is_null());
        }
        let Value::Object(map) = &value else {
            bail!("request: give a JSON object, e.g. {{\"scenario\": {{...}}}}");
        };
        // Each key's type first, so that a wrong one is named with its fix
        // (the reader's own message names neither).
        for (key, v) in map {
            if FIELDS.contains(&key.as_str()) && !fields.contains(&key.as_str()) {
                bail!(
                    "request.{key}: {endpoint} does not take it; leave it out (its fields: {})",
                    fields.join(", ")
                );
            }
            let (fits, what) = match key.as_str() {
                // Checked when read, as a scenario file's tables.
                "scenario" => (true, ""),
                "mortars" => (
                    v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
                    "a list of texts, as compare's MORTAR arguments",
                ),
                // Which engines the endpoint takes is said when read.
                "engine" => (
                    v.is_string() || v.is_null(),
                    "a text naming the engine, such as \"exact\"",
                ),
                "trials" | "max_states" => (v.is_u64() || v.is_null(), "a whole number, 1 or more"),
                "seed" => (v.is_u64() || v.is_null(), "a whole number, 0 or more"),
                "plan" | "charts" => (v.is_boolean(), "true or false"),
                _ => bail!(
                    "request: unknown field `{key}`; {endpoint} takes {}",
                    fields.join(", ")
                ),
            };
            if !fits {
                bail!("request.{key}: {v} is not {what}");
            }
        }
        serde_json::from_value(value).map_err(|e| anyhow::anyhow!("request: {e}"))
    }

    /// The scenario as the command modules read it: the JSON turned into
    /// TOML text, read as a file named `scenario` would be.
    pub(super) fn source(&self) -> Result<ScenarioSource> {
        let table: Table = match &self.scenario {
            None => Table::new(),
            Some(value @ Value::Object(_)) => {
                fits_toml(value, SCENARIO_NAME)?;
                let value = self.scenario.clone().unwrap_or_default();
                serde_json::from_value(strip_nulls(value)).map_err(|e| {
                    let e = e.to_string();
                    if e.contains("value was too large") {
                        anyhow::anyhow!(
                            "{SCENARIO_NAME}: a number past 64 bits is too large for any value"
                        )
                    } else {
                        anyhow::anyhow!("{SCENARIO_NAME}: {e}")
                    }
                })?
            }
            Some(_) => bail!("{SCENARIO_NAME}: must be a JSON object, as a scenario file's tables"),
        };
        Ok(ScenarioSource::from_json(SCENARIO_NAME, &table)?)
    }

    /// The engine settings of a plan or push: the command line's defaults
    /// for what the request leaves out, within the server's bounds.
    pub(super) fn settings(
        &self,
        bounds: Bounds,
        default_trials: u64,
        takes: &[Engine],
    ) -> Result<engine::Settings> {
        let name = self.engine.as_deref().unwrap_or("both");
        let Some(&(_, engine)) = ENGINES
            .iter()
            .find(|(n, e)| *n == name && takes.contains(e))
        else {
            let names: Vec<&str> = ENGINES
                .iter()
                .filter(|(_, e)| takes.contains(e))
                .map(|(n, _)| *n)
                .collect();
            let list = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => names.join(""),
            };
            bail!("engine: `{name}`: use {list}");
        };
        let trials = self.trials.unwrap_or(default_trials.min(bounds.max_trials));
        if !(1..=bounds.max_trials).contains(&trials) {
            bail!(
                "trials: {trials} is out of range; this server runs 1 to {} Monte Carlo trials a request",
                bounds.max_trials
            );
        }
        if engine == Engine::MonteCarlo && self.max_states.is_some() {
            bail!(
                "max_states: it bounds the exact engine's chain, and engine mc builds none; leave it out or use both"
            );
        }
        let max_states = match self.max_states {
            None => bounds.max_states,
            Some(n) if n >= 1 && n <= bounds.max_states as u64 => n as usize,
            Some(n) => bail!(
                "max_states: {n} is out of range; this server allows 1 to {}",
                bounds.max_states
            ),
        };
        Ok(engine::Settings {
            engine,
            max_states,
            trials,
            seed: self.seed.unwrap_or(engine::DEFAULT_SEED),
            ..engine::Settings::default()
        })
    }
}

/// Refuses what JSON holds and a scenario file cannot, naming where: a
/// null in a list (a null key is a key left out, a null item is not), and
/// a whole number past 64 bits (JSON reads it as a float, which the
/// scenario's reader would call a float where a whole number goes).
fn fits_toml(value: &Value, at: &str) -> Result<()> {
    match value {
        Value::Object(map) => map
            .iter()
            .try_for_each(|(k, v)| fits_toml(v, &format!("{at}.{k}"))),
        Value::Array(list) => list.iter().enumerate().try_for_each(|(i, v)| {
            let at = format!("{at}[{i}]");
            if v.is_null() {
                bail!("{at}: null in a list; leave the item out");
            }
            fits_toml(v, &at)
        }),
        Value::Number(n)
            if n.is_f64()
                && n.as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f.abs() >= 2f64.powi(63)) =>
        {
            bail!("{at}: a number past 64 bits is too large for any value")
        }
        _ => Ok(()),
    }
}

/// JSON's `null` has no TOML form: a key set to null is a key left out.
fn strip_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, strip_nulls(v)))
                .collect(),
        ),
        Value::Array(list) => Value::Array(list.into_iter().map(strip_nulls).collect()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `body` as an endpoint that takes every field would.
    fn any(body: &[u8]) -> Result<Request> {
        Request::parse(body, "/api/any", &FIELDS)
    }

    #[test]
    fn a_scenario_in_json_reads_as_its_toml_file() {
        let request = any(
            br#"{"scenario": {"ammo": "HE", "target": {"range": 5, "tem": null,
                "units": [{"kind": "squad", "morale": 7}]}}}"#,
        )
        .unwrap();
        let source = request.source().unwrap();
        let table: Table = toml::from_str(&source.text).unwrap();
        assert_eq!(table["ammo"].as_str(), Some("HE"));
        assert_eq!(table["target"]["range"].as_integer(), Some(5));
        assert!(table["target"].get("tem").is_none());
        assert_eq!(table["target"]["units"][0]["morale"].as_integer(), Some(7));
    }

    #[test]
    fn bad_requests_are_named() {
        let err = Request::parse(b"{\"scenaro\": {}}", "/api/shot", &["scenario", "charts"]);
        assert_eq!(
            err.unwrap_err().to_string(),
            "request: unknown field `scenaro`; /api/shot takes scenario, charts"
        );
        let err = any(br#"{"trials": -1}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "request.trials: -1 is not a whole number, 1 or more"
        );
        let err = any(br#"{"seed": 1.5}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "request.seed: 1.5 is not a whole number, 0 or more"
        );
        // Not a list of every engine: an endpoint takes some of them.
        let err = any(br#"{"engine": 5}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "request.engine: 5 is not a text naming the engine, such as \"exact\""
        );
        let err = any(b"[]").unwrap_err();
        assert!(
            err.to_string().starts_with("request: give a JSON object"),
            "{err}"
        );
        let big = any(br#"{"scenario": {"target": {"range": 18446744073709551615}}}"#);
        let err = big.unwrap().source().unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
        let request = any(br#"{"scenario": {"target": {"units": [null]}}}"#).unwrap();
        let err = request.source().unwrap_err();
        assert_eq!(
            err.to_string(),
            "scenario.target.units[0]: null in a list; leave the item out"
        );
        let request = any(br#"{"scenario": {"target": {"tem": 99999999999999999999999}}}"#);
        let err = request.unwrap().source().unwrap_err();
        assert_eq!(
            err.to_string(),
            "scenario.target.tem: a number past 64 bits is too large for any value"
        );
        let null = any(br#"{"plan": null, "charts": null, "engine": null}"#).unwrap();
        assert!(!null.plan && !null.charts && null.engine.is_none());
        let request = any(br#"{"scenario": [1]}"#).unwrap();
        let err = request.source().unwrap_err();
        assert!(err.to_string().contains("must be a JSON object"), "{err}");
        let bounds = Bounds {
            max_states: 10,
            max_trials: 100,
        };
        let over = any(br#"{"trials": 101}"#).unwrap();
        let err = over.settings(bounds, 50, ANY_ENGINE).unwrap_err();
        assert!(
            err.to_string().starts_with("trials: 101 is out of range"),
            "{err}"
        );
        let states = any(br#"{"max_states": 11}"#).unwrap();
        assert!(states.settings(bounds, 50, ANY_ENGINE).is_err());
        let fine = any(b"").unwrap().settings(bounds, 500, ANY_ENGINE).unwrap();
        assert_eq!((fine.trials, fine.max_states), (100, 10));
    }

    #[test]
    fn a_field_the_endpoint_does_not_take_is_refused() {
        let shot = ["scenario", "charts"];
        let err = Request::parse(br#"{"scenario": {}, "engine": 5}"#, "/api/shot", &shot);
        assert_eq!(
            err.unwrap_err().to_string(),
            "request.engine: /api/shot does not take it; leave it out (its fields: scenario, charts)"
        );
        let request = Request::parse(br#"{"charts": true, "scenario": {}}"#, "/api/shot", &shot);
        assert!(request.is_ok());
    }
}
