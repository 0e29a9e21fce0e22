//! Charts: each chart kind is one drawing function, generic over plotters'
//! `DrawingBackend`, rendered once to PNG bytes and once to an SVG string.
//!
//! Text is drawn with the DejaVu Sans font bundled in the binary (the
//! `dejavu` crate), registered before the first chart, so no system font is
//! needed. SVG files name the family ("sans-serif"): the viewer's font is
//! used there. Every chart keeps its meaning in black and white: lines carry
//! distinct markers, bars are shades of grey with labelled legends.
//!
//! Chart data are plain numbers prepared by the report layer; nothing here
//! knows the rules.

mod bars;
mod lines;
mod stacked;

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

/// The chart as an SVG document.
pub fn render_svg<C: Chart>(chart: &C, size: (u32, u32)) -> crate::Result<String> {
    fonts();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        chart.draw(&root).map_err(chart_error)?;
        root.present().map_err(|e| chart_error(e.to_string()))?;
    }
    Ok(svg)
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

/// Greys for bars and stacked segments, light to dark: distinct in print.
pub(crate) const GREYS: [RGBColor; 7] = [
    RGBColor(235, 235, 235),
    RGBColor(200, 200, 200),
    RGBColor(160, 160, 160),
    RGBColor(115, 115, 115),
    RGBColor(70, 70, 70),
    RGBColor(30, 30, 30),
    RGBColor(0, 0, 0),
];

/// Line colours: dark enough to print as distinct greys, told apart in
/// black and white by their markers.
pub(crate) const INKS: [RGBColor; 6] = [
    RGBColor(0, 0, 0),
    RGBColor(31, 90, 160),
    RGBColor(190, 60, 30),
    RGBColor(40, 130, 60),
    RGBColor(120, 60, 150),
    RGBColor(120, 120, 120),
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

/// Caption and axis fonts.
pub(crate) fn caption_font() -> (&'static str, u32, FontStyle) {
    ("sans-serif", 24, FontStyle::Bold)
}

pub(crate) fn label_font() -> (&'static str, u32) {
    ("sans-serif", 16)
}

/// A percentage axis label: "25%".
pub(crate) fn percent_label(v: &f64) -> String {
    format!("{:.0}%", v * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines() -> LineChart {
        LineChart {
            caption: "P(hit) by DRM".into(),
            x_title: "net To Hit DRM".into(),
            y_title: "P(hit)".into(),
            series: vec![
                Series {
                    name: "0-6 hexes".into(),
                    points: vec![(-2.0, 0.9), (0.0, 0.6), (2.0, 0.3)],
                },
                Series {
                    name: "7-12 hexes".into(),
                    points: vec![(-2.0, 0.7), (0.0, 0.4), (2.0, 0.1)],
                },
            ],
            signed_x: true,
        }
    }

    #[test]
    fn png_has_the_stated_size() {
        let png = render_png(&lines(), SIZE).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // IHDR: width and height, big-endian, at bytes 16..24.
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), SIZE);
    }

    #[test]
    fn svg_has_the_stated_size_and_the_caption() {
        let svg = render_svg(&lines(), SIZE).unwrap();
        assert!(
            svg.contains(r#"width="960" height="600""#),
            "{}",
            &svg[..200]
        );
        assert!(svg.contains("P(hit) by DRM"));
        assert!(svg.contains("7-12 hexes"));
    }

    #[test]
    fn bars_and_stacks_render() {
        let bars = BarChart {
            caption: "hits".into(),
            x_title: "hits".into(),
            y_title: "P".into(),
            categories: vec!["0".into(), "1".into(), "2+".into()],
            values: vec![0.5, 0.3, 0.2],
            estimates: Some(vec![
                (0.49, 0.48, 0.5),
                (0.31, 0.3, 0.32),
                (0.2, 0.19, 0.21),
            ]),
            legend: ("exact".into(), "Monte Carlo".into()),
            points: false,
        };
        assert!(render_png(&bars, SIZE).unwrap().len() > 1000);
        let stack = StackedBars {
            caption: "outcomes".into(),
            x_title: "share".into(),
            bars: vec!["4-6-7".into(), "8-1 leader".into()],
            segments: vec![
                ("no effect".into(), vec![0.5, 0.7]),
                ("broken".into(), vec![0.5, 0.3]),
            ],
        };
        assert!(render_svg(&stack, SIZE).unwrap().contains("8-1 leader"));
    }
}
