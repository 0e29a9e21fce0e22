//! Bar chart: one bar per category (the distribution of hits in a plan,
//! the worth of each modifier), with optional Monte Carlo estimates drawn
//! as points with their 95% interval over the exact bars.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Chart, GREYS, caption_font, label_font, legend, msg, whole_tick};

/// Bars of probabilities (or of changes in probability, which may be
/// negative).
#[derive(Clone, Debug, PartialEq)]
pub struct BarChart {
    /// The title drawn above the chart.
    pub caption: String,
    /// The x axis title.
    pub x_title: String,
    /// The y axis title.
    pub y_title: String,
    /// One label per bar, left to right.
    pub categories: Vec<String>,
    /// Bar heights: probabilities in 0..=1 or changes in -1..=1.
    pub values: Vec<f64>,
    /// Monte Carlo estimate and 95% interval per category, if any.
    pub estimates: Option<Vec<(f64, f64, f64)>>,
    /// Name of the bars and of the estimates in the legend.
    pub legend: (String, String),
    /// Values are percentage points (axis labelled "+5 pts") rather than %.
    pub points: bool,
}

impl Chart for BarChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(msg)?;
        let n = self.categories.len().max(1);
        let mut all = self.values.clone();
        if let Some(est) = &self.estimates {
            all.extend(est.iter().flat_map(|e| [e.1, e.2]));
        }
        let lo = all.iter().copied().fold(0.0_f64, f64::min);
        let hi = all.iter().copied().fold(0.0_f64, f64::max);
        let pad = ((hi - lo) * 0.08).max(0.01);
        let (y0, y1) = (if lo < 0.0 { lo - pad } else { 0.0 }, hi + pad);
        let mut chart = ChartBuilder::on(root)
            .caption(&self.caption, caption_font())
            .margin(16)
            .x_label_area_size(if self.categories.iter().any(|c| c.len() > 6) {
                90
            } else {
                50
            })
            .y_label_area_size(80)
            .build_cartesian_2d(-0.5..n as f64 - 0.5, y0..y1)
            .map_err(msg)?;
        let names = self.categories.clone();
        let x_fmt = move |x: &f64| {
            whole_tick(*x)
                .and_then(|r| names.get(r as usize).cloned())
                .unwrap_or_default()
        };
        let points = self.points;
        let y_fmt = move |v: &f64| {
            if points && (v * 100.0).abs() < 0.5 {
                "0 pts".to_string()
            } else if points {
                format!("{:+.0} pts", v * 100.0)
            } else {
                format!("{:.0}%", v * 100.0)
            }
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(&self.x_title)
            .y_desc(&self.y_title)
            .axis_desc_style(label_font())
            .label_style(label_font())
            .x_labels(n.min(40) * 2 + 1)
            .x_label_formatter(&x_fmt)
            .y_labels(11)
            .y_label_formatter(&y_fmt)
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(msg)?;
        let fill = ShapeStyle::from(&GREYS[2]).filled();
        chart
            .draw_series(self.values.iter().enumerate().map(|(i, v)| {
                let x = i as f64;
                Rectangle::new([(x - 0.35, 0.0), (x + 0.35, *v)], fill)
            }))
            .map_err(msg)?
            .label(&self.legend.0)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], fill));
        chart
            .draw_series(self.values.iter().enumerate().map(|(i, v)| {
                let x = i as f64;
                Rectangle::new([(x - 0.35, 0.0), (x + 0.35, *v)], BLACK.stroke_width(1))
            }))
            .map_err(msg)?;
        if let Some(est) = &self.estimates {
            let ink = ShapeStyle::from(&BLACK).stroke_width(2);
            chart
                .draw_series(est.iter().enumerate().map(|(i, (v, lo, hi))| {
                    ErrorBar::new_vertical(i as f64, *lo, *v, *hi, ink, 10)
                }))
                .map_err(msg)?;
            chart
                .draw_series(
                    est.iter()
                        .enumerate()
                        .map(|(i, (v, _, _))| Circle::new((i as f64, *v), 4, BLACK.filled())),
                )
                .map_err(msg)?
                .label(&self.legend.1)
                .legend(|(x, y)| Circle::new((x + 8, y), 4, BLACK.filled()));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}
