//! `mortar-odds worth [SCENARIO] [flags]`: what each modifier is worth in
//! one shot of a scenario (the work itself is `analysis::worth`).

use anyhow::Result;
use clap::Args;
use toml::Table;

use super::output::{Rendered, ReportOutput};
use super::scenario::ScenarioArgs;
use mortar_odds::analysis::worth;
use mortar_odds::input::flags;

#[derive(Args, Debug)]
pub(super) struct WorthArgs {
    #[command(flatten)]
    scenario: ScenarioArgs,
    #[command(flatten)]
    output: ReportOutput,
}

pub(super) fn run(args: &WorthArgs) -> Result<String> {
    let (catalog, source) = args.scenario.source(flags::Command::Worth, Table::new())?;
    let worth = worth::run(&catalog, &source)?;
    let name = args.scenario.name();
    args.output.emit(
        Rendered {
            text: &|| worth.to_text(),
            json: &|| worth.to_json(),
            rows: &|| worth.rows(&name),
        },
        &worth.chart(),
        "worth",
    )
}
