//! Result tables: every result the program gives (one shot, a fire plan,
//! unit outcomes, comparisons) as rows of one typed struct, turned into a
//! polars `DataFrame` and written as CSV, Parquet, JSON or Markdown.
//!
//! Rows are plain structs declared with `table_row!`, which also records
//! each column's name, type and meaning ([`Row::SCHEMA`]), so every format
//! shares one schema and the README's schema tables come from the code.
//! Encoding returns bytes; writing files is the CLI's business.

mod analyses;
mod format;
pub mod rows;

use polars::prelude::{DataFrame, PolarsError};

pub use format::{Format, decode_parquet, encode};
pub use rows::{OddsRow, WorthRow};

use crate::error::Error;

/// One column of a table: its name, Rust type and meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The column's name, as in the header and the file.
    pub name: &'static str,
    /// The Rust type of its values, as written in the row struct.
    pub ty: &'static str,
    /// What the column holds: the field's doc comment.
    pub doc: &'static str,
}

/// A row type of a table.
pub trait Row: Sized {
    /// The table's columns, in order.
    const SCHEMA: &'static [Field];
    /// The rows as a DataFrame whose columns follow [`Row::SCHEMA`].
    fn frame(rows: &[Self]) -> crate::Result<DataFrame>;
}

/// Declares a row struct and its [`Row`] implementation. Each field's doc
/// comment becomes the column's documented meaning.
#[macro_export]
macro_rules! table_row {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[doc = $doc:literal])* pub $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub struct $name {
            $( $(#[doc = $doc])* pub $field: $ty ),*
        }

        impl $crate::output::table::Row for $name {
            const SCHEMA: &'static [$crate::output::table::Field] = &[
                $( $crate::output::table::Field {
                    name: stringify!($field),
                    ty: stringify!($ty),
                    doc: concat!($($doc),*),
                } ),*
            ];

            fn frame(rows: &[Self]) -> $crate::Result<polars::prelude::DataFrame> {
                use polars::prelude::Column;
                let columns = vec![
                    $( Column::new(
                        stringify!($field).into(),
                        rows.iter().map(|r| r.$field.clone()).collect::<Vec<$ty>>(),
                    ) ),*
                ];
                polars::prelude::DataFrame::new(rows.len(), columns)
                    .map_err($crate::output::table::polars_error)
            }
        }
    };
}

/// A polars error as the library's error.
pub fn polars_error(e: PolarsError) -> Error {
    Error::invalid("table", e.to_string())
}

/// The schema of a row type as a Markdown table (column, type, meaning).
pub fn schema_markdown<R: Row>() -> String {
    let mut out = String::from("| column | type | meaning |\n|---|---|---|\n");
    for f in R::SCHEMA {
        let ty = f.ty.replace(' ', "");
        out.push_str(&format!("| `{}` | `{ty}` | {} |\n", f.name, f.doc.trim()));
    }
    out
}
