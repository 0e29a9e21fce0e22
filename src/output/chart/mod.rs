//! Charts: each chart kind is one drawing function, generic over plotters'
//! `DrawingBackend`, rendered once to PNG bytes and once to an SVG string.
//!
//! Text is drawn with the DejaVu Sans font bundled in the binary (the
//! `dejavu` crate), registered before the first chart, so no system font is
//! needed. In SVG files the labels are that font's glyph outlines, laid out
//! as in the PNG (`svg_text`), so an SVG looks like its PNG on a machine
//! without DejaVu; each label keeps its words as an `aria-label`. Every chart keeps its meaning in black and white: lines carry
//! distinct markers, bars are shades of grey with labelled legends.
//!
//! Chart data are plain numbers prepared by the report layer; nothing here
//! knows the rules.

mod bars;
pub mod buckets;
mod lines;
mod stacked;
mod svg_text;

use std::cell::RefCell;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::{FontStyle, register_font};

pub use bars::BarChart;
pub use lines::{LineChart, Series};
pub use stacked::StackedBars;

use crate::error::Error;

/// Chart size in pixels (PNG) and in SVG user units.
pub const SIZE: (u32, u32) = (960, 600);

/// A chart that can draw itself on any backend.
pub trait Chart {
    /// Draws the whole chart on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// Registers the bundled font once.
fn fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Registration only fails on malformed font bytes, which the dejavu
        // crate does not ship; drawing would then report FontUnavailable.
        let _ = register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
    });
}

fn chart_error(e: String) -> Error {
    Error::invalid("chart", e)
}

/// The chart as an SVG document, its text drawn as glyph outlines.
pub fn render_svg<C: Chart>(chart: &C, size: (u32, u32)) -> crate::Result<String> {
    fonts();
    let mut svg = String::new();
    let labels = RefCell::new(svg_text::Labels::default());
    {
        let inner = SVGBackend::with_string(&mut svg, size);
        let root = svg_text::PathText::new(inner, &labels).into_drawing_area();
        chart.draw(&root).map_err(chart_error)?;
        root.present().map_err(|e| chart_error(e.to_string()))?;
    }
    Ok(svg_text::finish(&svg, labels.into_inner()))
}

/// The chart as PNG bytes.
pub fn render_png<C: Chart>(chart: &C, size: (u32, u32)) -> crate::Result<Vec<u8>> {
    fonts();
    let (w, h) = size;
    let mut pixels = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
        chart.draw(&root).map_err(chart_error)?;
        root.present().map_err(|e| chart_error(e.to_string()))?;
    }
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &pixels,
        w,
        h,
        image::ColorType::Rgb8,
    )
    .map_err(|e| chart_error(e.to_string()))?;
    Ok(png)
}

/// The whole number a category axis tick stands on (bar `r`), or `None`
/// between bars and below the first.
pub(crate) fn whole_tick(x: f64) -> Option<f64> {
    let r = x.round();
    let off = (x - r).abs() > 1e-6 || r < 0.0;
    (!off).then_some(r)
}

/// Maps any drawing error to a message.
pub(crate) fn msg<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

/// The grey of `level` (0 black, 255 white): the same level on the three
/// channels.
const fn grey(level: u8) -> RGBColor {
    RGBColor(level, level, level)
}

/// Greys for bars and stacked segments, light to dark: distinct in print.
pub(crate) const GREYS: [RGBColor; 7] = [
    grey(235),
    grey(200),
    grey(160),
    grey(115),
    grey(70),
    grey(30),
    grey(0),
];

/// Line colours: dark enough to print as distinct greys, told apart in
/// black and white by their markers.
pub(crate) const INKS: [RGBColor; 6] = [
    RGBColor(0, 0, 0),
    RGBColor(31, 90, 160),
    RGBColor(190, 60, 30),
    RGBColor(40, 130, 60),
    RGBColor(120, 60, 150),
    grey(120),
];

/// The legend box of a chart, at `position`.
pub(crate) fn legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    position: SeriesLabelPosition,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .label_font(label_font())
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .position(position)
        .draw()
        .map_err(msg)
}

/// The caption font for `text` on a chart `width` pixels wide: bold 24,
/// smaller (down to 14) when the caption would not fit.
pub(crate) fn caption_font(text: &str, width: u32) -> (&'static str, u32, FontStyle) {
    let room = width.saturating_sub(40) as f32;
    let size = (14..=24)
        .rev()
        .find(|&size| svg_text::text_width(text, f64::from(size), FontStyle::Bold) <= room)
        .unwrap_or(14);
    ("sans-serif", size, FontStyle::Bold)
}

pub(crate) fn label_font() -> (&'static str, u32) {
    ("sans-serif", 16)
}

/// The font of the values written on bars and segments.
pub(crate) fn value_font() -> (&'static str, u32) {
    ("sans-serif", 14)
}

/// The top of a probability axis for data up to `max`: a round value a
/// little above it (so a 2.8% curve fills the chart, not 3% of it), and
/// 100% once the data pass 75%.
pub(crate) fn axis_top(max: f64) -> f64 {
    if max >= 0.75 {
        return 1.0;
    }
    let want = (max * 1.08).max(1e-4);
    let decade = 10f64.powf(want.log10().floor());
    [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .iter()
        .map(|m| m * decade)
        .find(|top| *top >= want * (1.0 - 1e-9))
        .unwrap_or(1.0)
        .min(1.0)
}

/// A percentage axis label for an axis spanning `span` (as a share):
/// "25%", or "2.5%" when the span is under 10%, "0.25%" under 1%.
pub(crate) fn percent_axis(span: f64) -> impl Fn(&f64) -> String {
    let decimals = if span < 0.01 {
        2
    } else if span < 0.1 {
        1
    } else {
        0
    };
    move |v: &f64| format!("{:.*}%", decimals, v * 100.0)
}

/// A probability written on a bar or segment: "33%", "2.9%", "<0.1%".
pub(crate) fn share_label(v: f64) -> String {
    if v <= 0.0 {
        "0%".into()
    } else if v < 0.001 {
        "<0.1%".into()
    } else if v < 0.1 {
        format!("{:.1}%", v * 100.0)
    } else {
        format!("{:.0}%", v * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_tops_a_little_above_the_data() {
        // P(CH) of 1/36: 2.78% * 1.08 = 3.0%, a round value already.
        assert!((axis_top(1.0 / 36.0) - 0.03).abs() < 1e-12);
        assert!((axis_top(0.33) - 0.4).abs() < 1e-12);
        assert!((axis_top(0.0046) - 0.005).abs() < 1e-12);
        assert_eq!(axis_top(0.75), 1.0);
        assert_eq!(axis_top(0.97), 1.0);
        assert!(axis_top(0.0) > 0.0, "an all-zero chart still has an axis");
    }

    #[test]
    fn shares_are_written_with_the_digits_they_need() {
        assert_eq!(share_label(0.329), "33%");
        assert_eq!(share_label(0.0293), "2.9%");
        assert_eq!(share_label(0.0004), "<0.1%");
        assert_eq!(share_label(0.0), "0%");
        assert_eq!(percent_axis(0.04)(&0.025), "2.5%");
        assert_eq!(percent_axis(1.0)(&0.25), "25%");
    }
}
