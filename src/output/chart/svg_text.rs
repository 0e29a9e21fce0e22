//! SVG text drawn as glyph outlines, so an SVG chart looks like its PNG on
//! any machine, with or without the DejaVu fonts.
//!
//! plotters' SVG backend writes each label as a `<text>` element naming
//! only the font family; the viewer then picks its own font, size metrics
//! and baseline. [`PathText`] wraps that backend: for every label it lays
//! the glyphs out exactly as plotters' bitmap backend does (same font
//! bytes, same advances and kerning, same rounding, same anchor and
//! rotation), and [`finish`] swaps each `<text>` element, in order, for a
//! group of `<use>` references to glyph outlines defined once in `<defs>`.
//! The group keeps the label as its `aria-label`, so the words stay
//! readable by screen readers, search and tests.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Write;
use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve, ScaleFont};
use plotters::prelude::SVGBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontStyle, FontTransform,
};

/// The face charts draw `style` in: 0 regular, 1 bold (as registered for
/// the bitmap backend in `chart::fonts`).
fn face_index(style: FontStyle) -> usize {
    usize::from(matches!(style, FontStyle::Bold))
}

/// Face 0 (regular) or 1 (bold) of the bundled DejaVu Sans; `None` only if
/// the font bytes were malformed, and then labels stay `<text>`.
fn face(index: usize) -> Option<&'static FontRef<'static>> {
    static FACES: OnceLock<Option<[FontRef<'static>; 2]>> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        Some([
            FontRef::try_from_slice(dejavu::sans::regular()).ok()?,
            FontRef::try_from_slice(dejavu::sans::bold()).ok()?,
        ])
    });
    faces.as_ref().and_then(|f| f.get(index))
}

/// What the labels of one chart need: the markup replacing each `<text>`
/// element, in drawing order, and the glyphs to define.
#[derive(Default)]
pub(crate) struct Labels {
    groups: Vec<Option<String>>,
    glyphs: BTreeSet<(usize, u16)>,
}

/// plotters' SVG backend, with every label also laid out as glyph outlines.
pub(crate) struct PathText<'a> {
    inner: SVGBackend<'a>,
    labels: &'a RefCell<Labels>,
}

impl<'a> PathText<'a> {
    pub(crate) fn new(inner: SVGBackend<'a>, labels: &'a RefCell<Labels>) -> Self {
        PathText { inner, labels }
    }
}

/// A number for SVG: at most three decimals, no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The advances and kerning of `text` summed, in pixels at `size`, as
/// plotters' `estimate_layout` sums them.
fn advance(font: &FontRef<'static>, size: f64, text: &str) -> f32 {
    let scaled = font.as_scaled(size as f32);
    let mut width = 0f32;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        width += scaled.h_advance(id);
        if let Some(p) = prev {
            width += scaled.kern(p, id);
        }
        prev = Some(id);
    }
    width
}

/// The width in pixels of `text` in the chart font at `size` and `style`
/// (0 if the font could not be read).
pub(crate) fn text_width(text: &str, size: f64, style: FontStyle) -> f32 {
    face(face_index(style)).map_or(0.0, |font| advance(font, size, text))
}

/// Lays `text` out as plotters' bitmap backend draws it (see
/// `plotters::style::font::ab_glyph` and `DrawingBackend::draw_text`) and
/// returns its `<g>` of glyph references.
fn label_group<S: BackendTextStyle>(
    text: &str,
    style: &S,
    pos: BackendCoord,
    glyphs: &mut BTreeSet<(usize, u16)>,
) -> Option<String> {
    let size = style.size() as f32;
    let index = face_index(style.style());
    let font = face(index)?;
    let scaled = font.as_scaled(size);
    // The layout box, as plotters' `estimate_layout`: the height is size/1.24.
    let width = advance(font, style.size(), text) as i32;
    let height = (style.size() / 1.24) as i32;
    let dx = match style.anchor().h_pos {
        HPos::Left => 0,
        HPos::Right => -width,
        HPos::Center => -width / 2,
    };
    let dy = match style.anchor().v_pos {
        VPos::Top => 0,
        VPos::Center => -height / 2,
        VPos::Bottom => -height,
    };
    // The rotation as a matrix: (x, y) -> (a x + c y, b x + d y), and the
    // pixel it lands on: the bitmap backend rotates whole pixels, so a
    // pixel's far edge, not its near one, ends up on the anchor.
    let (a, b, c, d, nudge) = match style.transform() {
        FontTransform::None => (1.0, 0.0, 0.0, 1.0, (0.0, 0.0)),
        FontTransform::Rotate90 => (0.0, 1.0, -1.0, 0.0, (1.0, 0.0)),
        FontTransform::Rotate180 => (-1.0, 0.0, 0.0, -1.0, (1.0, 1.0)),
        FontTransform::Rotate270 => (0.0, -1.0, 1.0, 0.0, (0.0, 1.0)),
    };
    let (h, v) = (scaled.h_scale_factor(), scaled.v_scale_factor());
    let color = style.color();
    let mut out = format!(
        r#"<g aria-label="{}" fill="rgb({},{},{})" opacity="{}">"#,
        escape(text),
        color.rgb.0,
        color.rgb.1,
        color.rgb.2,
        num(color.alpha as f32)
    );
    let mut x_shift = 0f32;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = scaled.glyph_id(ch);
        if let Some(p) = prev {
            x_shift += scaled.kern(p, id);
        }
        prev = Some(id);
        if let Some(outline) = font.outline(id) {
            // The bitmap backend puts the left of the glyph's pixel box at
            // the pen (truncated) and its baseline size/2 below the
            // label's top, rounded as there.
            let min_x = (outline.bounds.min.x * h).floor();
            let min_y = (outline.bounds.min.y * -v).floor();
            let tx = (x_shift as i32) as f32 - min_x + (dx as f32);
            let ty = ((size / 2.0 + min_y) as i32) as f32 - min_y + (dy as f32);
            // Font units (y up) -> label pixels -> rotated -> canvas.
            let (sx, sy) = (h, -v);
            let e = a * tx + c * ty + pos.0 as f32 + nudge.0;
            let f = b * tx + d * ty + pos.1 as f32 + nudge.1;
            glyphs.insert((index, id.0));
            let _ = write!(
                out,
                r##"<use href="#g{index}-{}" transform="matrix({} {} {} {} {} {})"/>"##,
                id.0,
                num(a * sx),
                num(b * sx),
                num(c * sy),
                num(d * sy),
                num(e),
                num(f)
            );
        }
        x_shift += scaled.h_advance(id);
    }
    out.push_str("</g>");
    Some(out)
}

/// One glyph's outline in font units, as an SVG path.
fn glyph_path(index: usize, id: u16) -> String {
    let mut d = String::new();
    let mut at = None;
    let p = |q: ab_glyph::Point| format!("{} {}", num(q.x), num(q.y));
    let outline = face(index).and_then(|f| f.outline(GlyphId(id)));
    for curve in outline.map_or(Vec::new(), |o| o.curves) {
        let (start, end) = match curve {
            OutlineCurve::Line(a, b) => (a, b),
            OutlineCurve::Quad(a, _, b) => (a, b),
            OutlineCurve::Cubic(a, _, _, b) => (a, b),
        };
        if at != Some(start) {
            if at.is_some() {
                d.push('Z');
            }
            let _ = write!(d, "M{}", p(start));
        }
        let _ = match curve {
            OutlineCurve::Line(_, b) => write!(d, "L{}", p(b)),
            OutlineCurve::Quad(_, c, b) => write!(d, "Q{} {}", p(c), p(b)),
            OutlineCurve::Cubic(_, c1, c2, b) => write!(d, "C{} {} {}", p(c1), p(c2), p(b)),
        };
        at = Some(end);
    }
    if at.is_some() {
        d.push('Z');
    }
    format!(r#"<path id="g{index}-{id}" d="{d}"/>"#)
}

/// The finished SVG: each `<text>` element plotters wrote, in order,
/// replaced by its glyph group, and the glyphs defined after `<svg ...>`.
pub(crate) fn finish(svg: &str, labels: Labels) -> String {
    let mut out = String::with_capacity(svg.len() * 2);
    let mut rest = svg;
    let mut groups = labels.groups.into_iter();
    while let Some(start) = rest.find("<text") {
        let Some(len) = rest[start..].find("</text>") else {
            break;
        };
        let end = start + len + "</text>".len();
        out.push_str(&rest[..start]);
        match groups.next().flatten() {
            Some(group) => out.push_str(&group),
            None => out.push_str(&rest[start..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    let defs: String = labels
        .glyphs
        .iter()
        .map(|&(index, id)| glyph_path(index, id))
        .collect();
    match out.find("<svg").and_then(|s| out[s..].find('>').map(|e| s + e + 1)) {
        // Straight edges drawn crisp, as in the PNG (plotters puts 1px
        // lines on whole pixels, which a browser would blur over two).
        Some(at) => out.insert_str(
            at,
            &format!("\n<style>line,polyline,polygon,rect{{shape-rendering:crispEdges}}</style><defs>{defs}</defs>"),
        ),
        None => out.push_str(&defs),
    }
    out
}

impl DrawingBackend for PathText<'_> {
    type ErrorType = <SVGBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        if style.color().alpha == 0.0 {
            return Ok(());
        }
        {
            let mut labels = self.labels.borrow_mut();
            let group = label_group(text, style, pos, &mut labels.glyphs);
            labels.groups.push(group);
        }
        // The `<text>` element marks the label's place in drawing order;
        // `finish` replaces it.
        self.inner.draw_text(text, style, pos)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (iw, ih): (u32, u32),
        src: &[u8],
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.blit_bitmap(pos, (iw, ih), src)
    }
}
