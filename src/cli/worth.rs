//! `mortar-odds worth [SCENARIO] [flags]`: what each modifier is worth in
//! one shot of a scenario (the work itself is `analysis::worth`).

use anyhow::Result;
use clap::Args;
use toml::Table;

use super::output::{Rendered, ReportOutput};
use super::{ScenarioArgs, scenario_name};
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
    let file = args.scenario.scenario.as_ref();
    let (catalog, source) =
        args.scenario
            .flags
            .source(file, flags::Command::Worth, Table::new())?;
    let worth = worth::run(&catalog, &source)?;
    let name = scenario_name(file);
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
