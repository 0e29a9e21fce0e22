//! The `mortar-odds` binary: parse, run, print; errors once, exit code 2.

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
            // clap's first line names the flag; the rest is usage we skip.
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("invalid arguments");
            eprintln!("mortar-odds: {}", first.trim_start_matches("error: "));
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
