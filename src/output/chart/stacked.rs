//! Stacked horizontal bars: one bar per unit, split into the shares of its
//! outcomes (no effect, pinned, broken, Casualty Reduced, eliminated...).
//! Segments are greys from light (harmless) to black (eliminated), each
//! with its percentage: inside when it fits, else just above or below the
//! bar (alternating, so neighbours do not collide), with a tick to it.

use plotters::coord::Shift;
use plotters::prelude::*;

use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    Chart, GREYS, caption_font, label_font, msg, percent_axis, share_label, svg_text, value_font,
    whole_tick,
};

/// Horizontal bars of shares that add up to 1, one bar per unit.
#[derive(Clone, Debug, PartialEq)]
pub struct StackedBars {
    /// The title drawn above the chart.
    pub caption: String,
    /// The x axis title (the axis of shares, shown as %).
    pub x_title: String,
    /// Bar names, top to bottom.
    pub bars: Vec<String>,
    /// Segment names, left to right, and each bar's share of it.
    pub segments: Vec<(String, Vec<f64>)>,
}

impl Chart for StackedBars {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        root.fill(&WHITE).map_err(msg)?;
        let (main, legend) = root.split_vertically(root.dim_in_pixel().1 - 60);
        let n = self.bars.len().max(1);
        let width = root.dim_in_pixel().0;
        let mut chart = ChartBuilder::on(&main)
            .caption(&self.caption, caption_font(&self.caption, width))
            .margin(16)
            .margin_right(36)
            .x_label_area_size(50)
            .y_label_area_size(150)
            .build_cartesian_2d(0.0..1.0, -0.5..n as f64 - 0.5)
            .map_err(msg)?;
        let names = self.bars.clone();
        let y_fmt = move |y: &f64| {
            // Top to bottom: the first bar at the top.
            whole_tick(*y)
                .and_then(|r| names.get((n as f64 - 1.0 - r) as usize).cloned())
                .unwrap_or_default()
        };
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(&self.x_title)
            .axis_desc_style(label_font())
            .label_style(label_font())
            .x_labels(11)
            .x_label_formatter(&percent_axis(1.0))
            .y_labels(n * 2 + 1)
            .y_label_formatter(&y_fmt)
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(msg)?;
        let shade = |k: usize| {
            GREYS[(k * (GREYS.len() - 1)) / self.segments.len().max(2).saturating_sub(1).max(1)]
        };
        let plot_width = f64::from(chart.plotting_area().dim_in_pixel().0);
        for b in 0..self.bars.len() {
            let y = (n - 1 - b) as f64;
            let mut x = 0.0;
            let mut above = true;
            for (k, (_, shares)) in self.segments.iter().enumerate() {
                let w = shares.get(b).copied().unwrap_or(0.0);
                if w <= 0.0 {
                    continue;
                }
                let color = shade(k);
                chart
                    .draw_series([
                        Rectangle::new([(x, y - 0.32), (x + w, y + 0.32)], color.filled()),
                        Rectangle::new([(x, y - 0.32), (x + w, y + 0.32)], BLACK.stroke_width(1)),
                    ])
                    .map_err(msg)?;
                let text = share_label(w);
                let (font, size) = value_font();
                let fits = f64::from(svg_text::text_width(
                    &text,
                    f64::from(size),
                    FontStyle::Normal,
                )) + 8.0
                    <= w * plot_width;
                let middle = x + w / 2.0;
                if fits {
                    let dark = k * 2 >= self.segments.len();
                    let ink = if dark { WHITE } else { BLACK };
                    let style = TextStyle::from((font, size))
                        .color(&ink)
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    chart
                        .draw_series([Text::new(text, (middle, y), style)])
                        .map_err(msg)?;
                } else {
                    // Outside: above or below the bar, a tick from its edge.
                    let (edge, tick, v_pos) = if above {
                        (y + 0.32, -6, VPos::Bottom)
                    } else {
                        (y - 0.32, 6, VPos::Top)
                    };
                    let style = TextStyle::from((font, size)).pos(Pos::new(HPos::Center, v_pos));
                    chart
                        .draw_series([EmptyElement::at((middle, edge))
                            + PathElement::new(vec![(0, 0), (0, tick)], BLACK.stroke_width(1))
                            + Text::new(text, (0, tick), style)])
                        .map_err(msg)?;
                    above = !above;
                }
                x += w;
            }
        }
        // Legend: a row of swatches under the chart.
        let step = (legend.dim_in_pixel().0 as i32 - 40) / self.segments.len().max(1) as i32;
        for (k, (name, _)) in self.segments.iter().enumerate() {
            let x = 20 + k as i32 * step;
            legend
                .draw(&Rectangle::new([(x, 18), (x + 22, 38)], shade(k).filled()))
                .map_err(msg)?;
            legend
                .draw(&Rectangle::new(
                    [(x, 18), (x + 22, 38)],
                    BLACK.stroke_width(1),
                ))
                .map_err(msg)?;
            legend
                .draw(&Text::new(name.clone(), (x + 28, 20), label_font()))
                .map_err(msg)?;
        }
        Ok(())
    }
}
