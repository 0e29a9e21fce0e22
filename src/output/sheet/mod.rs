//! Printable odds sheets: one page a player keeps beside the board.
//!
//! `analysis::sheet` works out every figure exactly through the rules and
//! the plan engine (what each figure means is in its module doc and on the
//! sheet's legend); [`page`] turns those figures into formatted tables and notes,
//! once; [`render_svg`] and [`render_html`] draw that page for A4 or
//! Letter. Pure: no files, no terminal (the CLI writes the results).

pub mod page;
pub mod render_html;
pub mod render_svg;

pub use crate::analysis::sheet::{Sheet, SheetParams};
pub use page::Paper;

/// The sheet as (SVG, HTML) for one paper size.
pub fn render(sheet: &Sheet, paper: Paper) -> (String, String) {
    let page = page::page(sheet);
    (
        render_svg::render(&page, paper),
        render_html::render(&page, paper),
    )
}
