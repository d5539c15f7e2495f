extension PreviewScript {
  /// Strokes trimmed by `strokeStart`/`strokeEnd`: each subpath measured once per shape,
  /// and the trimmed part drawn with a dash.
  static let trim = #"""
    // Subpaths with their lengths, for trimmed strokes (measured once per shape).
    function subpathsOf(shape) {
      if (shape.subpaths) return shape.subpaths;
      shape.subpaths = shape.d.split(/(?=M)/).filter((d) => d.trim()).map((d) => {
        measurePath.setAttribute('d', d);
        let length = 0;
        try { length = measurePath.getTotalLength(); } catch (e) { length = 0; }
        return { path: new Path2D(d), d: d, length: length };
      });
      return shape.subpaths;
    }

    function strokeTrimmed(g, shape, start, end) {
      const s = clamp01(start), e = clamp01(end);
      if (!(s < e)) return;
      const subs = subpathsOf(shape);
      const total = subs.reduce((sum, p) => sum + p.length, 0);
      if (!(total > 0) || !isFinite(total)) return;
      let offset = 0;
      for (const sub of subs) {
        const a = Math.max(s * total, offset), b = Math.min(e * total, offset + sub.length);
        if (b > a && sub.length > 0) {
          if (a <= offset && b >= offset + sub.length) {
            g.setLineDash([]);
          } else {
            g.setLineDash([b - a, Math.ceil(2 * sub.length + 1)]);
            g.lineDashOffset = offset - a;
          }
          g.stroke(sub.path);
        }
        offset += sub.length;
      }
      g.setLineDash([]);
      g.lineDashOffset = 0;
    }
    """#
}
