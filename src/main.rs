//! The `mortar-odds` binary: parse, run, print; errors once, exit code 2
//! (a command-line error as clap words it, with its tips and usage; any
//! other error in one line). Stopped by a signal, it removes its
//! temporary files and exits with 128 plus the signal's number.

use std::io::Write;
use std::process::ExitCode;

use clap::error::ErrorKind;

mod cli;

fn main() -> ExitCode {
    // Ctrl-C, SIGTERM, SIGHUP: this run's temporary files are removed,
    // exit code 130, 143, 129.
    cli::install_signal_handler();
    let cli = match cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            return match e.print().and_then(|()| std::io::stdout().flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("mortar-odds: standard output: {e}");
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            };
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
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                // A reader that stopped early (`| head`) wants no more.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("mortar-odds: standard output: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Err(e) => {
            eprintln!("mortar-odds: {}", one_line(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}

/// The longest error line printed, in characters: a message quotes what
/// the player gave, and a pasted file must not flood the terminal.
const MAX_ERROR_CHARS: usize = 2000;

/// An error message as one printable line: line breaks, tabs and other
/// control characters in the text the player gave are shown escaped
/// (`\n`, `\u{1b}`), and a message past [`MAX_ERROR_CHARS`] is cut with a
/// note of how much was left out.
fn one_line(message: &str) -> String {
    let total = message.chars().count();
    let kept: String = message.chars().take(MAX_ERROR_CHARS).collect();
    let mut out = mortar_odds::error::shown(&kept);
    if total > MAX_ERROR_CHARS {
        out.push_str(&format!("… ({} more characters)", total - MAX_ERROR_CHARS));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_one_printable_line() {
        assert_eq!(one_line("bad `a\nb`"), "bad `a\\nb`");
        assert_eq!(one_line("x\u{1b}[31m\u{0}"), "x\\u{1b}[31m\\u{0}");
        assert_eq!(one_line("tab\there"), "tab\\there");
        let long = "k".repeat(MAX_ERROR_CHARS + 5);
        let line = one_line(&long);
        assert!(line.ends_with("… (5 more characters)"), "{line}");
        assert_eq!(line.chars().filter(|&c| c == 'k').count(), MAX_ERROR_CHARS);
        assert_eq!(one_line("plain"), "plain");
    }
}
