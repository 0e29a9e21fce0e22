//! `mortar-odds mortars`: the mortar catalog as a table.

use anyhow::Result;

use super::scenario::{CatalogArgs, load_catalog};
use mortar_odds::output::report::text_table;

pub(super) fn run(args: &CatalogArgs) -> Result<String> {
    let catalog = load_catalog(args)?;
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
