//! What an endpoint answers: the command's `--format json` document, and
//! what the server adds to it (charts, a fallback's note) under one last
//! key, `serve`.

use anyhow::Result;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use mortar_odds::output::chart::{Chart, SIZE, render_svg};

/// A document, and what the server adds to it.
pub(super) struct Doc {
    /// The command's `--format json` document.
    pub json: String,
    /// Charts asked for, by name, as SVG text.
    pub charts: Vec<(&'static str, String)>,
    /// Why Monte Carlo answered in place of the exact engine.
    pub fallback: Option<String>,
}

impl Doc {
    pub(super) fn new(json: String) -> Doc {
        Doc {
            json,
            charts: Vec::new(),
            fallback: None,
        }
    }

    /// Adds `chart` as SVG under `name` when `wanted`.
    pub(super) fn chart(
        mut self,
        wanted: bool,
        name: &'static str,
        chart: Option<&impl Chart>,
    ) -> Result<Doc> {
        if let (true, Some(chart)) = (wanted, chart) {
            self.charts.push((name, render_svg(chart, SIZE)?));
        }
        Ok(self)
    }
}

impl IntoResponse for Doc {
    /// The document as the command line prints it; when the server adds
    /// anything, one last key `serve` holds it, so the keys before it keep
    /// their order.
    fn into_response(self) -> Response {
        let mut body = self.json;
        if !self.charts.is_empty() || self.fallback.is_some() {
            let mut serve = serde_json::Map::new();
            if let Some(why) = &self.fallback {
                serve.insert("fallback".into(), why.clone().into());
            }
            if !self.charts.is_empty() {
                let charts = self
                    .charts
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v.into()));
                serve.insert("charts".into(), serde_json::Map::from_iter(charts).into());
            }
            // The pretty document ends in its closing brace: reopen it.
            let trimmed = body.trim_end();
            let open = trimmed
                .strip_suffix('}')
                .unwrap_or(trimmed)
                .trim_end()
                .len();
            body.truncate(open);
            let serve = serde_json::Value::Object(serve).to_string();
            body.push_str(&format!(",\n  \"serve\": {serve}\n}}\n"));
        }
        let mut response = ([(header::CONTENT_TYPE, "application/json")], body).into_response();
        if let Some(why) = self.fallback
            && let Ok(value) = why.parse()
        {
            response
                .headers_mut()
                .insert("x-mortar-odds-fallback", value);
        }
        response
    }
}
