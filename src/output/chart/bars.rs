//! Bar chart: one bar per category (the distribution of hits in a plan,
//! the worth of each modifier), with optional Monte Carlo estimates drawn
//! as points with their 95% interval over the exact bars. Every bar has its
//! value written on it.

use plotters::coord::Shift;
use plotters::prelude::*;

use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    Chart, GREYS, caption_font, label_font, legend, msg, percent_axis, share_label, value_font,
    whole_tick,
};

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

impl BarChart {
    /// A bar's value as written on it: "+18.2 pts", "33%", "2.9%".
    fn value_text(&self, v: f64) -> String {
        if self.points {
            let p = v * 100.0;
            if p.abs() < 0.05 {
                "0 pts".into()
            } else {
                format!("{p:+.1} pts")
            }
        } else {
            share_label(v)
        }
    }
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
        // Room above (and below) the bars for their values.
        let pad = ((hi - lo) * 0.1).max(0.005);
        let (y0, y1) = (if lo < 0.0 { lo - pad } else { 0.0 }, hi + pad);
        let width = root.dim_in_pixel().0;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.caption, caption_font(&self.caption, width))
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
        let span = y1 - y0;
        let percent = percent_axis(span);
        let y_fmt = move |v: &f64| {
            let decimals = usize::from(span < 0.1);
            if points && (v * 100.0).abs() < 0.5 * 0.1f64.powi(decimals as i32) {
                "0 pts".to_string()
            } else if points {
                format!("{:+.*} pts", decimals, v * 100.0)
            } else {
                percent(v)
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
        // Each bar's value, above it (below a negative one), clear of its
        // Monte Carlo interval.
        let tops: Vec<f64> = self
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let ci = self.estimates.as_ref().and_then(|e| e.get(i));
                match ci {
                    Some((_, lo, hi)) if *v >= 0.0 => v.max(*hi),
                    Some((_, lo, _)) => v.min(*lo),
                    None => *v,
                }
            })
            .collect();
        chart
            .draw_series(
                self.values
                    .iter()
                    .zip(&tops)
                    .enumerate()
                    .map(|(i, (v, top))| {
                        let (text, dy, v_pos) = if *v >= 0.0 {
                            (self.value_text(*v), -4, VPos::Bottom)
                        } else {
                            (self.value_text(*v), 4, VPos::Top)
                        };
                        let style =
                            TextStyle::from(value_font()).pos(Pos::new(HPos::Center, v_pos));
                        EmptyElement::at((i as f64, *top)) + Text::new(text, (0, dy), style)
                    }),
            )
            .map_err(msg)?;
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    }
}
