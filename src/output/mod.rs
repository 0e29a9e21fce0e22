//! What the program shows a player, from the engines' results: text and
//! JSON reports, tables, charts and printable sheets.

pub mod chart;
pub mod index;
pub mod report;
pub mod sheet;
pub mod table;
