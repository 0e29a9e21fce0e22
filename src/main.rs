//! The `mortar-odds` binary: parse, run, print; errors once, exit code 2
//! (a command-line error as clap words it, with its tips and usage; any
//! other error in one line).

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;

mod cli;

fn main() -> ExitCode {
    let cli = match cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap's own message in full: the flag, its valid values or the
            // nearest flag ("tip: ..."), and the usage; a bare
            // `mortar-odds` gets the help. Exit code 2 either way.
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    match cli::run(cli) {
        Ok(out) => {
            let _ = std::io::stdout().write_all(out.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mortar-odds: {e:#}");
            ExitCode::from(2)
        }
    }
}
