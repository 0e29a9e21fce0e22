//! Shell completions and the man page, made from the command line's own
//! definition, so they always match it.

use anyhow::Result;
use anyhow::anyhow;
use clap::Args;
use clap_complete::Shell;

use super::command;

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
    clap_complete::generate(args.shell, &mut command(), "mortar-odds", &mut out);
    Ok(String::from_utf8(out)?)
}

/// `mortar-odds man [COMMAND]`.
#[derive(Args, Debug)]
pub(super) struct ManArgs {
    /// A command whose own page to print, with every flag (`mortar-odds-plan(1)`); left out, the program's page.
    command: Option<String>,
}

/// The man page, in roff: the program's (`mortar-odds man >
/// mortar-odds.1`), or a command's with its flags (`mortar-odds man plan >
/// mortar-odds-plan.1`), as the program's page names them.
pub(super) fn man(args: &ManArgs) -> Result<String> {
    let mut cli = command();
    cli.build();
    let page = match &args.command {
        None => cli,
        Some(name) => cli.find_subcommand(name).cloned().ok_or_else(|| {
            let mut names: Vec<&str> = cli
                .get_subcommands()
                .map(|c| c.get_name())
                .filter(|n| *n != "help")
                .collect();
            names.sort_unstable();
            anyhow!(
                "COMMAND: no command `{name}`; the commands are {}",
                names.join(", ")
            )
        })?,
    };
    let mut out = Vec::new();
    let source = format!("mortar-odds {}", env!("CARGO_PKG_VERSION"));
    clap_mangen::Man::new(page)
        .source(source)
        .render(&mut out)?;
    Ok(String::from_utf8(out)?)
}
