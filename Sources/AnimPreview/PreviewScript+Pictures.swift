extension PreviewScript {
  /// Drawing pictures (§12.3): in the plane with `drawImage`, and in 3-D (§12.1), which
  /// the canvas cannot draw under perspective, warped triangle by triangle. `drawNode`
  /// calls `drawImageNode` and `drawProjectedImage`.
  static let pictures = #"""
    // The picture over the box, `contentsRect` its part; opacity and the box as any node's.
    function drawImageNode(n, shape, sx, sy, opacity) {
      const img = images.get(shape.image);
      if (!img || !img.complete || !img.naturalWidth) return;
      const m = n.matrix, r = n.contentsRect || [0, 0, 1, 1];
      ctx.setTransform(sx, 0, 0, sy, 0, 0);
      ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
      ctx.globalAlpha = opacity;
      ctx.imageSmoothingEnabled = true;
      const iw = img.naturalWidth, ih = img.naturalHeight;
      ctx.drawImage(img, r[0] * iw, r[1] * ih, r[2] * iw, r[3] * ih, 0, 0, shape.width, shape.height);
    }

    // A picture in 3-D: the canvas has no perspective, so the box is cut into a grid of
    // cells, each cell into two triangles, and each triangle of the picture is drawn with
    // the affine map that takes it to its projected corners, clipped to them (widened by
    // half a pixel so that neighbours meet without a seam). A cell with a corner behind
    // the eye (W <= 0) is left out, as animc leaves those parts out.
    const warpCells = 16;
    function drawProjectedImage(n, shape, sx, sy, opacity) {
      const img = images.get(shape.image);
      if (!img || !img.complete || !img.naturalWidth) return;
      const q = n.matrix3d, r = n.contentsRect || [0, 0, 1, 1];
      if (!q.every(Number.isFinite)) return;
      const iw = img.naturalWidth, ih = img.naturalHeight;
      const u0 = r[0] * iw, v0 = r[1] * ih, uw = r[2] * iw, vh = r[3] * ih;
      const w = shape.width, h = shape.height;
      const project = (x, y) => {
        const W = q[3] * x + q[7] * y + q[15];
        if (!(W > 0)) return null;
        return [(q[0] * x + q[4] * y + q[12]) / W * sx, (q[1] * x + q[5] * y + q[13]) / W * sy];
      };
      ctx.globalAlpha = opacity;
      ctx.imageSmoothingEnabled = true;
      for (let j = 0; j < warpCells; j++) {
        for (let i = 0; i < warpCells; i++) {
          const xs = [i / warpCells, (i + 1) / warpCells], ys = [j / warpCells, (j + 1) / warpCells];
          const d = [], src = [];
          for (const [a, b] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
            d.push(project(xs[a] * w, ys[b] * h));
            src.push([u0 + xs[a] * uw, v0 + ys[b] * vh]);
          }
          if (d.some((p) => !p)) continue;
          warpTriangle(img, [src[0], src[1], src[2]], [d[0], d[1], d[2]]);
          warpTriangle(img, [src[3], src[2], src[1]], [d[3], d[2], d[1]]);
        }
      }
    }

    function warpTriangle(img, s, d) {
      const e1x = s[1][0] - s[0][0], e1y = s[1][1] - s[0][1], e2x = s[2][0] - s[0][0], e2y = s[2][1] - s[0][1];
      const f1x = d[1][0] - d[0][0], f1y = d[1][1] - d[0][1], f2x = d[2][0] - d[0][0], f2y = d[2][1] - d[0][1];
      const det = e1x * e2y - e2x * e1y;
      if (!det) return;
      const a = (f1x * e2y - f2x * e1y) / det, c = (f2x * e1x - f1x * e2x) / det;
      const b = (f1y * e2y - f2y * e1y) / det, dd = (f2y * e1x - f1y * e2x) / det;
      if (![a, b, c, dd].every(Number.isFinite)) return;
      const cx = (d[0][0] + d[1][0] + d[2][0]) / 3, cy = (d[0][1] + d[1][1] + d[2][1]) / 3;
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      d.forEach((p, k) => {
        const dx = p[0] - cx, dy = p[1] - cy, len = Math.hypot(dx, dy) || 1;
        const x = p[0] + dx / len * 0.5, y = p[1] + dy / len * 0.5;
        if (k === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      });
      ctx.closePath();
      ctx.clip();
      ctx.setTransform(a, b, c, dd, d[0][0] - a * s[0][0] - c * s[0][1], d[0][1] - b * s[0][0] - dd * s[0][1]);
      ctx.drawImage(img, 0, 0);
      ctx.restore();
    }
    """#
}
