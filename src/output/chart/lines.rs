//! Line chart: one line per series over a numeric x axis, each with its
//! own marker (hit chance against DRM per range band; "at least N" curves;
//! a mortar comparison by Player Turn).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{Chart, INKS, axis_top, caption_font, label_font, legend, msg, percent_axis};

/// One line.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// Its points `(x, y)`, left to right; y is a probability in 0..=1.
    pub points: Vec<(f64, f64)>,
}

/// Lines of probabilities (y in 0..=1, shown as %). The y axis runs from 0
/// to a round value just above the highest point (100% once past 75%).
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    /// The title drawn above the chart.
    pub caption: String,
    /// The x axis title.
    pub x_title: String,
    /// The y axis title.
    pub y_title: String,
    /// The lines, each with its own marker, in legend order.
    pub series: Vec<Series>,
    /// Label x ticks as signed DRMs ("+2").
    pub signed_x: bool,
}

impl Chart for LineChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(msg)?;
        let xs = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let (x0, x1) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (x0, x1) = if x0 > x1 {
            (0.0, 1.0)
        } else {
            (x0, x1.max(x0 + 1.0))
        };
        let y_max = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .fold(0.0_f64, f64::max);
        // Several lines need a legend: leave it room above a low curve.
        let headroom = if self.series.len() > 1 { 1.3 } else { 1.0 };
        let top = axis_top(y_max * headroom);
        let width = root.dim_in_pixel().0;
        let mut chart = ChartBuilder::on(root)
            .caption(&self.caption, caption_font(&self.caption, width))
            .margin(16)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d(x0 - 0.25..x1 + 0.25, 0.0..top)
            .map_err(msg)?;
        let signed = self.signed_x;
        let x_fmt = move |x: &f64| {
            let r = x.round();
            if (x - r).abs() > 1e-6 {
                String::new()
            } else if signed && r > 0.0 {
                format!("+{r}")
            } else {
                format!("{r}")
            }
        };
        chart
            .configure_mesh()
            .x_desc(&self.x_title)
            .y_desc(&self.y_title)
            .axis_desc_style(label_font())
            .label_style(label_font())
            .x_labels(((x1 - x0) as usize + 1).min(30))
            .x_label_formatter(&x_fmt)
            .y_labels(11)
            .y_label_formatter(&percent_axis(top))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(msg)?;
        for (i, s) in self.series.iter().enumerate() {
            let ink = INKS[i % INKS.len()];
            let style = ShapeStyle::from(&ink).stroke_width(2);
            let points = s.points.clone();
            chart
                .draw_series(LineSeries::new(points.clone(), style))
                .map_err(msg)?
                .label(&s.name)
                .legend(move |(x, y)| {
                    EmptyElement::at((x + 12, y))
                        + PathElement::new(vec![(-12, 0), (12, 0)], style)
                        + marker(i, ink)
                });
            chart
                .draw_series(
                    points
                        .into_iter()
                        .map(move |p| EmptyElement::at(p) + marker(i, ink)),
                )
                .map_err(msg)?;
        }
        if self.series.len() > 1 {
            let position = self.legend_corner((x0, x1), top);
            legend(&mut chart, position)?;
        }
        Ok(())
    }
}

impl LineChart {
    /// The corner for the legend where the fewest points are: the legend
    /// takes about a quarter of the width and 7% of the height per line.
    fn legend_corner(&self, (x0, x1): (f64, f64), top: f64) -> SeriesLabelPosition {
        let (w, h) = (0.3, 0.07 * self.series.len() as f64 + 0.05);
        let corners = [
            (SeriesLabelPosition::UpperRight, true, true),
            (SeriesLabelPosition::LowerRight, true, false),
            (SeriesLabelPosition::UpperLeft, false, true),
            (SeriesLabelPosition::LowerLeft, false, false),
        ];
        let crowd = |right: bool, upper: bool| {
            self.series
                .iter()
                .flat_map(|s| &s.points)
                .filter(|p| {
                    let fx = (p.0 - x0) / (x1 - x0).max(1e-9);
                    let fy = p.1 / top;
                    (if right { fx >= 1.0 - w } else { fx <= w })
                        && (if upper { fy >= 1.0 - h } else { fy <= h })
                })
                .count()
        };
        corners
            .into_iter()
            .min_by_key(|(_, right, upper)| crowd(*right, *upper))
            .map_or(SeriesLabelPosition::UpperRight, |c| c.0)
    }
}

/// The marker of series `i`: circle, triangle, square, cross, in turn.
fn marker<DB: DrawingBackend>(i: usize, ink: RGBColor) -> DynElement<'static, DB, (i32, i32)> {
    let filled = ShapeStyle::from(&ink).filled();
    let open = ShapeStyle::from(&ink).stroke_width(2);
    match i % 4 {
        0 => Circle::new((0, 0), 5, filled).into_dyn(),
        1 => TriangleMarker::new((0, 0), 6, filled).into_dyn(),
        2 => Rectangle::new([(-5, -5), (5, 5)], open).into_dyn(),
        _ => Cross::new((0, 0), 5, open).into_dyn(),
    }
}
