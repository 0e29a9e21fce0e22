//! Shell completions and the man page, made from the command line's own
//! definition, so they always match it.

use anyhow::Result;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::Cli;

/// `mortar-odds completions SHELL`.
#[derive(Args, Debug)]
pub(super) struct CompletionsArgs {
    /// The shell to complete for.
    shell: Shell,
}

/// The completion script for the shell: save it where the shell reads
/// completions (see the README).
pub(super) fn completions(args: &CompletionsArgs) -> Result<String> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "mortar-odds", &mut out);
    Ok(String::from_utf8(out)?)
}

/// The man page, in roff (`mortar-odds man > mortar-odds.1`).
pub(super) fn man() -> Result<String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    Ok(String::from_utf8(out)?)
}
