//! The Infantry Fire Table (IFT) as data: the results grid and the Vehicle
//! line live in `ift_table.txt`, in a format of our own, parsed once. The
//! caliber-to-HE-FP header of the IFT is [`HE_FP_BY_CALIBER`].

use std::cmp::{Ordering, Reverse};
use std::fmt;
use std::sync::OnceLock;

use serde::{Serialize, Serializer};

/// The FP of each IFT column, left to right.
pub const COLUMNS: [u8; 11] = [1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36];

/// IFT header: a weapon of at least this caliber (mm) has at least this HE FP.
pub const HE_FP_BY_CALIBER: [(u16, u8); 11] = [
    (20, 1),
    (30, 2),
    (37, 4),
    (50, 6),
    (60, 8),
    (70, 12),
    (80, 16),
    (100, 20),
    (120, 24),
    (150, 30),
    (200, 36),
];

/// Full HE FP of a caliber, or `None` below 20mm (no HE FP on the IFT).
pub fn he_fp(caliber_mm: u16) -> Option<u8> {
    HE_FP_BY_CALIBER
        .iter()
        .rev()
        .find(|(cal, _)| caliber_mm >= *cal)
        .map(|(_, fp)| *fp)
}

/// An IFT column, by index into [`COLUMNS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(usize);

impl Column {
    /// The rightmost column whose FP is ≤ `fp`; `None` below 1 FP.
    /// `fp` is given in quarter FP so that halved FP stays exact.
    pub fn for_quarter_fp(quarter_fp: u32) -> Option<Column> {
        COLUMNS
            .iter()
            .rposition(|c| u32::from(*c) * 4 <= quarter_fp)
            .map(Column)
    }

    /// The column headed by exactly this FP.
    pub fn of_fp(fp: u8) -> Option<Column> {
        COLUMNS.iter().position(|c| *c == fp).map(Column)
    }

    /// The FP heading this column, 1 to 36.
    pub fn fp(self) -> u8 {
        COLUMNS[self.0]
    }

    /// The position of this column in [`COLUMNS`], 0 (1 FP) to 10 (36 FP).
    pub fn index(self) -> usize {
        self.0
    }

    /// The Kill number of the IFT Vehicle line in this column.
    pub fn vehicle_kill_number(self) -> u8 {
        table().vehicle[self.0]
    }

    /// The IFT result for a Final DR.
    pub fn result(self, final_dr: i16) -> IftResult {
        let row = final_dr.clamp(0, 15) as usize;
        table().rows[row][self.0]
    }

    /// The lowest Final DR that gives a K/# result here, if any (used for
    /// indirect fire vs AFV, C7.7).
    pub fn lowest_k_dr(self) -> Option<i16> {
        (0..=15).find(|dr| matches!(self.result(*dr), IftResult::K(_)))
    }
}

impl Serialize for Column {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.fp())
    }
}

/// One cell of the IFT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IftResult {
    /// # units eliminated.
    Kia(u8),
    /// One unit Casualty Reduced, the others take a #MC.
    K(u8),
    /// Morale Check at +#.
    Mc(u8),
    /// Normal Morale Check.
    Nmc,
    /// Pin Task Check.
    Ptc,
    /// A blank cell: the attack has no effect.
    NoEffect,
}

impl IftResult {
    /// Sort key, most severe first: 7KIA ... 1KIA, K/4 ... K/1, 4MC ... 1MC,
    /// NMC, PTC, no effect.
    fn severity_key(self) -> (u8, Reverse<u8>) {
        match self {
            IftResult::Kia(n) => (0, Reverse(n)),
            IftResult::K(n) => (1, Reverse(n)),
            IftResult::Mc(n) => (2, Reverse(n)),
            IftResult::Nmc => (3, Reverse(0)),
            IftResult::Ptc => (4, Reverse(0)),
            IftResult::NoEffect => (5, Reverse(0)),
        }
    }

    fn parse(cell: &str) -> Option<IftResult> {
        if cell == "-" {
            return Some(IftResult::NoEffect);
        }
        if cell == "NMC" {
            return Some(IftResult::Nmc);
        }
        if cell == "PTC" {
            return Some(IftResult::Ptc);
        }
        if let Some(n) = cell.strip_prefix("K/") {
            return n.parse().ok().map(IftResult::K);
        }
        if let Some(n) = cell.strip_suffix("KIA") {
            return n.parse().ok().map(IftResult::Kia);
        }
        if let Some(n) = cell.strip_suffix("MC") {
            return n.parse().ok().map(IftResult::Mc);
        }
        None
    }
}

impl Ord for IftResult {
    fn cmp(&self, other: &Self) -> Ordering {
        self.severity_key().cmp(&other.severity_key())
    }
}

impl PartialOrd for IftResult {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for IftResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IftResult::Kia(n) => write!(f, "{n}KIA"),
            IftResult::K(n) => write!(f, "K/{n}"),
            IftResult::Mc(n) => write!(f, "{n}MC"),
            IftResult::Nmc => f.write_str("NMC"),
            IftResult::Ptc => f.write_str("PTC"),
            IftResult::NoEffect => f.write_str("no effect"),
        }
    }
}

impl Serialize for IftResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Debug)]
struct Table {
    rows: [[IftResult; 11]; 16],
    vehicle: [u8; 11],
}

const SOURCE: &str = include_str!("ift_table.txt");

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(SOURCE).unwrap_or_else(|e| panic!("ift_table.txt: {e}")))
}

fn parse(source: &str) -> Result<Table, String> {
    let mut rows = [[IftResult::NoEffect; 11]; 16];
    let mut vehicle = [0u8; 11];
    let mut seen_rows = 0usize;
    let mut seen_vehicle = false;
    for (n, line) in source.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cells = line.split_whitespace();
        let head = cells.next().unwrap_or_default();
        let cells: Vec<&str> = cells.collect();
        if cells.len() != 11 {
            return Err(format!(
                "line {}: {} cells, expected 11",
                n + 1,
                cells.len()
            ));
        }
        if head == "vehicle" {
            for (slot, cell) in vehicle.iter_mut().zip(&cells) {
                *slot = cell
                    .parse()
                    .map_err(|_| format!("line {}: bad Kill number {cell}", n + 1))?;
            }
            seen_vehicle = true;
            continue;
        }
        let dr: usize = match head {
            "<=0" => 0,
            ">=15" => 15,
            h => h
                .parse()
                .map_err(|_| format!("line {}: bad row {h}", n + 1))?,
        };
        if dr != seen_rows {
            return Err(format!("line {}: row {dr} out of order", n + 1));
        }
        for (slot, cell) in rows[dr].iter_mut().zip(&cells) {
            *slot =
                IftResult::parse(cell).ok_or_else(|| format!("line {}: bad cell {cell}", n + 1))?;
        }
        seen_rows += 1;
    }
    if seen_rows != 16 || !seen_vehicle {
        return Err(format!("{seen_rows} rows and vehicle line {seen_vehicle}"));
    }
    Ok(Table { rows, vehicle })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_parses() {
        assert!(parse(SOURCE).is_ok());
    }

    #[test]
    fn parse_rejects_a_bad_cell() {
        let bad = SOURCE.replacen("1KIA", "1KXA", 1);
        assert!(parse(&bad).unwrap_err().contains("bad cell"));
    }

    #[test]
    fn columns_for_fp() {
        let col = |fp: u32| Column::for_quarter_fp(fp * 4).map(Column::fp);
        assert_eq!(col(3), Some(2));
        assert_eq!(col(4), Some(4));
        assert_eq!(col(32), Some(30));
        assert_eq!(col(48), Some(36));
        assert_eq!(Column::for_quarter_fp(30).map(Column::fp), Some(6)); // 7.5 FP
        assert_eq!(Column::for_quarter_fp(3), None);
    }

    #[test]
    fn he_fp_from_caliber() {
        assert_eq!(he_fp(19), None);
        assert_eq!(he_fp(40), Some(4));
        assert_eq!(he_fp(50), Some(6));
        assert_eq!(he_fp(60), Some(8));
        assert_eq!(he_fp(76), Some(12));
        assert_eq!(he_fp(81), Some(16));
        assert_eq!(he_fp(107), Some(20));
        assert_eq!(he_fp(120), Some(24));
        assert_eq!(he_fp(210), Some(36));
    }

    #[test]
    fn lowest_k() {
        assert_eq!(Column::of_fp(8).unwrap().lowest_k_dr(), Some(3));
        assert_eq!(Column::of_fp(1).unwrap().lowest_k_dr(), Some(1));
    }

    #[test]
    fn severity_order() {
        let mut v = [
            IftResult::NoEffect,
            IftResult::Mc(1),
            IftResult::Kia(1),
            IftResult::K(2),
            IftResult::Kia(3),
            IftResult::Ptc,
        ];
        v.sort();
        let s: Vec<String> = v.iter().map(|r| r.to_string()).collect();
        assert_eq!(s, ["3KIA", "1KIA", "K/2", "1MC", "PTC", "no effect"]);
    }
}
