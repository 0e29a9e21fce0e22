//! `mortar-odds mortars`: the mortar catalog as a table, or as JSON.

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::scenario::{CatalogArgs, load_catalog};
use mortar_odds::input::catalog::Catalog;
use mortar_odds::output::report::{pretty_json, text_table};
use mortar_odds::rules::mortar::Mortar;

/// `mortar-odds mortars`.
#[derive(Args, Debug)]
pub(super) struct MortarsArgs {
    #[command(flatten)]
    catalog: CatalogArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: ListFormat,
}

/// How the catalog is printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ListFormat {
    /// A text table.
    Table,
    /// Every value of every mortar, `null` where the catalog does not know it.
    Json,
}

/// The catalog as JSON.
#[derive(Serialize)]
struct CatalogJson<'a> {
    mortars: Vec<&'a Mortar>,
}

pub(super) fn run(args: &MortarsArgs) -> Result<String> {
    let catalog = load_catalog(&args.catalog)?;
    if let ListFormat::Json = args.format {
        return Ok(catalog_json(&catalog));
    }
    let opt = |v: Option<u8>| v.map_or("?".to_string(), |v| v.to_string());
    let rows: Vec<Vec<String>> = catalog
        .iter()
        .map(|m| {
            vec![
                m.name.clone(),
                format!("{}mm", m.caliber_mm),
                if m.support_weapon { "SW" } else { "Gun" }.to_string(),
                opt(m.rof),
                opt(m.breakdown),
                m.range.map_or("?".to_string(), |r| r.to_string()),
                m.title.clone(),
            ]
        })
        .collect();
    let mut out = text_table(
        &["name", "caliber", "kind", "ROF", "B#", "range", "title"],
        &rows,
    );
    out.push_str("\n? = not in the catalog: give it with --rof, --breakdown, --range-limits.\n");
    Ok(out)
}

/// The catalog as `mortars --format json` prints it (`mortars` and `serve`
/// share it).
pub(super) fn catalog_json(catalog: &Catalog) -> String {
    pretty_json(&CatalogJson {
        mortars: catalog.iter().collect(),
    })
}
