//! `mortar-odds worth [SCENARIO] [flags]`: what each modifier is worth in
//! one shot of a scenario, or over its whole fire plan with `--plan` (the
//! work itself is `analysis::worth`).

use anyhow::{Result, bail};
use clap::Args;

use super::output::{Rendered, ReportOutput};
use super::plan::PlanFlags;
use super::scenario::{ScenarioArgs, given};
use mortar_odds::analysis::worth::{self, Scope};
use mortar_odds::input::flags;

#[derive(Args, Debug)]
pub(super) struct WorthArgs {
    #[command(flatten)]
    scenario: ScenarioArgs,
    /// Measure each modifier over the scenario's whole [plan] (exact engine), not one shot.
    #[arg(long)]
    plan: bool,
    #[command(flatten)]
    plan_flags: PlanFlags,
    #[command(flatten)]
    output: ReportOutput,
}

pub(super) fn run(args: &WorthArgs) -> Result<String> {
    let plan_flags = given(&args.plan_flags)?;
    if !args.plan
        && let Some((name, _)) = plan_flags.iter().find(|(_, v)| v.as_bool() != Some(false))
    {
        bail!("--{name}: a fire plan's flag; add --plan to measure each modifier over the plan");
    }
    let (catalog, source) = args.scenario.source(flags::Command::Worth, plan_flags)?;
    let scope = if args.plan { Scope::Plan } else { Scope::Shot };
    let worth = worth::run_over(&catalog, &source, scope)?;
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
