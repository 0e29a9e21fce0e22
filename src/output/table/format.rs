//! The four table formats. Each encodes a DataFrame to bytes; nothing here
//! writes files.

use std::io::Cursor;

use polars::prelude::{
    AnyValue, CsvWriter, DataFrame, JsonFormat, JsonWriter, ParquetReader, ParquetWriter,
    SerReader, SerWriter,
};

use super::polars_error;
use crate::error::Error;

/// A table format, as named on the command line (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Comma-separated values with a header line (`.csv`).
    Csv,
    /// Apache Parquet, columnar and typed (`.parquet`).
    Parquet,
    /// A JSON array of row objects (`.json`).
    Json,
    /// A GitHub Markdown table: nulls blank, floats to 6 decimals (`.md`).
    Markdown,
}

impl Format {
    /// Every format, in the order `report` writes them.
    pub const ALL: [Format; 4] = [Format::Csv, Format::Parquet, Format::Json, Format::Markdown];

    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Parquet => "parquet",
            Format::Json => "json",
            Format::Markdown => "md",
        }
    }

    /// The format named `name` ("csv", "parquet", "json", "markdown" or "md").
    pub fn parse(name: &str) -> crate::Result<Format> {
        match name {
            "csv" => Ok(Format::Csv),
            "parquet" => Ok(Format::Parquet),
            "json" => Ok(Format::Json),
            "markdown" | "md" => Ok(Format::Markdown),
            other => Err(Error::invalid(
                "format",
                format!("unknown table format `{other}`; use csv, parquet, json or markdown"),
            )),
        }
    }
}

/// The table in `format`.
pub fn encode(df: &mut DataFrame, format: Format) -> crate::Result<Vec<u8>> {
    let mut buf = Vec::new();
    match format {
        Format::Csv => CsvWriter::new(&mut buf).finish(df).map_err(polars_error)?,
        Format::Parquet => {
            ParquetWriter::new(&mut buf)
                .finish(df)
                .map_err(polars_error)?;
        }
        Format::Json => {
            JsonWriter::new(&mut buf)
                .with_json_format(JsonFormat::Json)
                .finish(df)
                .map_err(polars_error)?;
            buf.push(b'\n');
        }
        Format::Markdown => buf = markdown(df)?.into_bytes(),
    }
    Ok(buf)
}

/// A Parquet file read back into a DataFrame.
pub fn decode_parquet(bytes: &[u8]) -> crate::Result<DataFrame> {
    ParquetReader::new(Cursor::new(bytes.to_vec()))
        .finish()
        .map_err(polars_error)
}

/// A Markdown (GitHub) table: nulls blank, floats to 6 decimals.
fn markdown(df: &DataFrame) -> crate::Result<String> {
    let columns = df.columns();
    let mut out = String::from("|");
    for c in columns {
        out.push_str(&format!(" {} |", c.name()));
    }
    out.push_str("\n|");
    out.push_str(&"---|".repeat(columns.len()));
    out.push('\n');
    for i in 0..df.height() {
        out.push('|');
        for c in columns {
            let cell = c.get(i).map_err(polars_error)?;
            out.push_str(&format!(" {} |", markdown_cell(&cell).replace('|', "\\|")));
        }
        out.push('\n');
    }
    Ok(out)
}

fn markdown_cell(v: &AnyValue) -> String {
    match v {
        AnyValue::Null => String::new(),
        AnyValue::String(s) => s.to_string(),
        AnyValue::StringOwned(s) => s.to_string(),
        AnyValue::Float64(f) => float_cell(*f),
        AnyValue::Float32(f) => float_cell(f64::from(*f)),
        other => other.to_string(),
    }
}

fn float_cell(f: f64) -> String {
    let s = format!("{f:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_in_markdown_are_trimmed() {
        assert_eq!(float_cell(0.5), "0.5");
        assert_eq!(float_cell(7.0 / 12.0), "0.583333");
        assert_eq!(float_cell(1.0), "1");
        assert_eq!(float_cell(-0.0000001), "0");
    }

    #[test]
    fn unknown_format_names_the_field() {
        let e = Format::parse("xlsx").unwrap_err().to_string();
        assert!(e.starts_with("format: unknown table format `xlsx`"), "{e}");
    }
}
