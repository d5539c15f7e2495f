/// The page's script, in two parts: drawing §9's records, and the controls.
///
/// Drawing follows animc's rasterizer and SVG writer (`AnimRender`): each node's shape
/// path under its matrix, the non-zero rule, tint multiplied into fill and stroke,
/// Core Animation's miter joins with limit 10 and butt caps, opacity fading fill and
/// stroke as one group, and `strokeStart…strokeEnd` as one dash per subpath measured on
/// the outline. The page keeps no semantics of its own: what it draws is what it is sent.
enum PreviewScript {
  static let drawing = #"""
    'use strict';
    const params = new URLSearchParams(location.search);
    const token = params.get('token') || '';
    const fragment = parseFragment(location.hash);
    const embed = params.has('embed') || fragment.embed === true;
    if (embed) document.body.classList.add('embed');
    const canvas = document.getElementById('stage');
    const ctx = canvas.getContext('2d');
    const measurePath = document.getElementById('measure-path');
    // `shapes` and `names` are the binary frames' tables, by slot (`BinaryFrame`).
    const state = { header: null, shapes: [], names: [], frame: null, preview: {}, drawn: -1, diagnostics: '',
      received: 0, drawnCount: 0, fps: 0 };
    window.animcPreview = state;
    let layer = null;
    const colors = new Map();

    function parseFragment(hash) {
      const out = {};
      for (const part of hash.replace(/^#/, '').split('&')) {
        if (!part) continue;
        const i = part.indexOf('=');
        const key = decodeURIComponent(i < 0 ? part : part.slice(0, i));
        out[key] = i < 0 ? true : decodeURIComponent(part.slice(i + 1));
      }
      return out;
    }

    function clamp01(v) { return v > 0 ? (v < 1 ? v : 1) : 0; }

    // "#RRGGBBAA" as straight-alpha channels in 0…1.
    function channels(hex) {
      const v = parseInt(hex.slice(1), 16);
      return [(v >>> 24 & 255) / 255, (v >>> 16 & 255) / 255, (v >>> 8 & 255) / 255, (v & 255) / 255];
    }

    function css(c) {
      return 'rgba(' + Math.round(c[0] * 255) + ',' + Math.round(c[1] * 255) + ',' + Math.round(c[2] * 255) +
        ',' + c[3] + ')';
    }

    // A colour with a replicator copy's tint multiplied in; null when it paints nothing.
    function paint(hex, tint) {
      if (typeof hex !== 'string') return null;
      const key = tint ? hex + tint : hex;
      let out = colors.get(key);
      if (out === undefined) {
        const c = channels(hex);
        if (tint) {
          const t = channels(tint);
          for (let i = 0; i < 4; i++) c[i] = clamp01(c[i] * t[i]);
        }
        out = c[3] > 0 ? css(c) : null;
        if (colors.size > 4096) colors.clear();
        colors.set(key, out);
      }
      return out;
    }

    // A §12.2 gradient object as a canvas gradient in the shape's box (the context's
    // transform is the node's matrix when it paints), the tint multiplied into each stop.
    // A radial one is the circle of radius `r` (see `fillGradient` for ellipses).
    function gradientStyle(g, o, tint, r) {
      const out = o.type === 'linear'
        ? g.createLinearGradient(o.start[0], o.start[1], o.end[0], o.end[1])
        : g.createRadialGradient(o.center[0], o.center[1], 0, o.center[0], o.center[1], r > 0 ? r : 0);
      const t = tint ? channels(tint) : [1, 1, 1, 1];
      for (const [offset, hex] of o.stops) {
        const c = channels(hex);
        for (let i = 0; i < 4; i++) c[i] = clamp01(c[i] * t[i]);
        out.addColorStop(clamp01(offset), css(c));
      }
      return out;
    }

    // A gradient fill. Canvas radial gradients are circles: an ellipse of radii (rx, ry)
    // is the circle of radius rx under a vertical scale k = ry / rx about the centre,
    // with the outline drawn through the inverse scale so that it stays where it is.
    function fillGradient(g, shape, o, tint) {
      const radial = o.type === 'radial' && o.radius[0] > 0 && o.radius[1] > 0;
      const k = radial ? o.radius[1] / o.radius[0] : 1;
      if (k === 1) {
        g.fillStyle = gradientStyle(g, o, tint, radial ? o.radius[0] : 0);
        g.fill(shape.path, 'nonzero');
        return;
      }
      const cy = o.center[1];
      const path = new Path2D();
      path.addPath(shape.path, new DOMMatrix([1, 0, 0, 1 / k, 0, cy - cy / k]));
      g.save();
      g.transform(1, 0, 0, k, 0, cy - cy * k);
      g.fillStyle = gradientStyle(g, o, tint, o.radius[0]);
      g.fill(path, 'nonzero');
      g.restore();
    }

    function makeShape(r) {
      return { id: r.id, path: new Path2D(r.path || ''), d: r.path || '', width: r.width, height: r.height,
        subpaths: null, image: r.image, convex: isConvex(r.path || '') };
    }

    // Whether an outline is one convex subpath turning clockwise on screen (y down): a
    // circle as animc writes it (two arcs, sweep 1), or a polygon whose every turn is to
    // the right and whose turns add up to one revolution. Inside such an outline the
    // winding number is +1, outside 0: any number of them under matrices that keep
    // orientation fill their union under the non-zero rule (`drawRecords` batches them).
    function isConvex(d) {
      const t = d.trim().split(/[\s,]+/);
      if (t[0] !== 'M' || t[t.length - 1] !== 'Z') return false;
      if (t.length === 20 && t[3] === 'A' && t[11] === 'A') {
        return t[4] === t[5] && t[12] === t[13] && t[4] === t[12] && t[8] === '1' && t[16] === '1' &&
          t[6] === '0' && t[7] === '0' && t[14] === '0' && t[15] === '0';
      }
      const p = [[+t[1], +t[2]]];
      for (let i = 3; i < t.length - 1; i += 3) {
        if (t[i] !== 'L') return false;
        p.push([+t[i + 1], +t[i + 2]]);
      }
      if (p.length < 3 || !p.flat().every(Number.isFinite)) return false;
      let turning = 0;
      for (let i = 0; i < p.length; i++) {
        const a = p[i], b = p[(i + 1) % p.length], c = p[(i + 2) % p.length];
        const ux = b[0] - a[0], uy = b[1] - a[1], vx = c[0] - b[0], vy = c[1] - b[1];
        const cross = ux * vy - uy * vx;
        if (cross < 0) return false;
        turning += Math.atan2(cross, ux * vx + uy * vy);
      }
      return Math.abs(turning - 2 * Math.PI) < 1e-6;
    }

    // Pictures (§12.3) arrive as records of their own; a frame is counted as drawn only
    // once every picture has loaded, and each load draws again.
    const images = new Map();
    let loadingImages = 0;
    function addImage(r) {
      const img = new Image();
      loadingImages++;
      const done = () => { loadingImages--; scheduleDraw(); };
      img.onload = done;
      img.onerror = done;
      img.src = r.url + '?token=' + encodeURIComponent(token);
      images.set(r.name, img);
    }


    // A 3-D node (§12.1): each subpath sampled along its length, every point (x, y, 0, 1)
    // through matrix3d (column-major) and divided by W; points behind the eye are left
    // out. An approximation for the preview: animc's own pictures clip exactly.
    function projectedPath(shape, q) {
      const out = new Path2D();
      for (const sub of subpathsOf(shape)) {
        measurePath.setAttribute('d', sub.d);
        const steps = Math.min(400, Math.max(8, Math.ceil(sub.length / 2)));
        let started = false;
        for (let i = 0; i <= steps; i++) {
          let p;
          try { p = measurePath.getPointAtLength(sub.length * i / steps); } catch (e) { continue; }
          const w = q[3] * p.x + q[7] * p.y + q[15];
          if (!(w > 1e-6)) continue;
          const x = (q[0] * p.x + q[4] * p.y + q[12]) / w, y = (q[1] * p.x + q[5] * p.y + q[13]) / w;
          if (started) out.lineTo(x, y); else { out.moveTo(x, y); started = true; }
        }
        if (started) out.closePath();
      }
      return out;
    }

    function drawProjectedNode(n, shape, sx, sy, opacity) {
      const q = n.matrix3d;
      if (!q.every(Number.isFinite)) return;
      const first = (o) => (o && o.stops && o.stops.length ? o.stops[o.stops.length - 1][1] : null);
      const fill = typeof n.fill === 'object' ? paint(first(n.fill), n.tint) : paint(n.fill, n.tint);
      let stroke = typeof n.stroke === 'object' ? paint(first(n.stroke), n.tint) : n.stroke ? paint(n.stroke, n.tint) : null;
      if (!(n.lineWidth > 0 && isFinite(n.lineWidth))) stroke = null;
      const path = projectedPath(shape, q);
      ctx.setTransform(sx, 0, 0, sy, 0, 0);
      ctx.globalAlpha = opacity;
      if (fill) { ctx.fillStyle = fill; ctx.fill(path, 'nonzero'); }
      if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = n.lineWidth; ctx.stroke(path); }
    }

    // opacity: the node's own times its ancestors' (§14), each clamped to 0…1.
    function drawNode(n, sx, sy, opacity) {
      const shape = state.shapes[n.slot];
      if (!shape || n.backFacing) return;
      const m = n.matrix;
      if (!(opacity > 0) || !m || !m.every(Number.isFinite)) return;
      if (n.matrix3d && shape.image) return drawProjectedImage(n, shape, sx, sy, opacity);
      if (n.matrix3d) return drawProjectedNode(n, shape, sx, sy, opacity);
      if (shape.image) return drawImageNode(n, shape, sx, sy, opacity);
      const fill = typeof n.fill === 'object' ? n.fill : paint(n.fill, n.tint);
      let stroke = typeof n.stroke === 'object' ? n.stroke : n.stroke ? paint(n.stroke, n.tint) : null;
      if (!(n.lineWidth > 0 && isFinite(n.lineWidth))) stroke = null;
      if (!fill && !stroke) return;
      // Fill and stroke fade as one group: drawn opaque on a layer, then faded together.
      const group = opacity < 1 && fill && stroke;
      let g = ctx;
      if (group) {
        if (!layer || layer.width !== canvas.width || layer.height !== canvas.height) {
          layer = document.createElement('canvas');
          layer.width = canvas.width;
          layer.height = canvas.height;
        }
        g = layer.getContext('2d');
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.clearRect(0, 0, layer.width, layer.height);
      }
      g.setTransform(sx, 0, 0, sy, 0, 0);
      g.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
      g.globalAlpha = group ? 1 : opacity;
      if (fill && typeof fill === 'object') {
        fillGradient(g, shape, fill, n.tint);
      } else if (fill) {
        g.fillStyle = fill;
        g.fill(shape.path, 'nonzero');
      }
      if (stroke) {
        // A radial stroke's ellipse is drawn as the circle of the same area (a scaled
        // context would scale the line's width too).
        g.strokeStyle = typeof stroke === 'object'
          ? gradientStyle(g, stroke, n.tint, Math.sqrt(Math.max(0, stroke.radius ? stroke.radius[0] * stroke.radius[1] : 0)))
          : stroke;
        g.lineWidth = n.lineWidth;
        g.lineJoin = 'miter';
        g.lineCap = 'butt';
        g.miterLimit = 10;
        const trimmed = n.strokeStart !== undefined && !(n.strokeStart <= 0 && n.strokeEnd >= 1);
        if (trimmed) strokeTrimmed(g, shape, n.strokeStart, n.strokeEnd); else g.stroke(shape.path);
      }
      if (group) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = opacity;
        ctx.drawImage(layer, 0, 0);
      }
    }

    // §15, for the node's own shape: `blend .additive` adds its light ('lighter'), and
    // `blur R` convolves it with a Gaussian of R scene points, in canvas pixels.
    function drawStyledNode(n, sx, sy, opacity) {
      const additive = n.blend === 'additive', blurred = n.blur > 0 && isFinite(n.blur);
      if (!additive && !blurred) return drawNode(n, sx, sy, opacity);
      ctx.save();
      if (additive) ctx.globalCompositeOperation = 'lighter';
      if (blurred) ctx.filter = 'blur(' + n.blur * Math.sqrt(sx * sy) + 'px)';
      drawNode(n, sx, sy, opacity);
      ctx.restore();
    }

    function draw() {
      takeFrame();
      const h = state.header, f = state.frame;
      if (!h || !f) return;
      const sx = canvas.width / h.width, sy = canvas.height / h.height;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
      ctx.globalCompositeOperation = 'source-over';
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      const bg = paint(h.background, null);
      if (bg) {
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      }
      const started = performance.now();
      drawRecords(f, sx, sy);
      state.drawMs = performance.now() - started;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.globalAlpha = 1;
      ctx.globalCompositeOperation = 'source-over';
      if (loadingImages > 0) return;
      state.drawn = f.frame;
      state.drawnCount++;
      countDraw();
      document.body.dataset.frame = String(f.frame);
      keepFragment();
    }

    // The draw rate, measured by the page: draws over the last second or so, from the
    // times of the last `drawTimes.length` draws (a test hook, and the status bar's).
    const drawTimes = new Float64Array(32);
    let drawTimesSeen = 0;
    function countDraw() {
      const now = performance.now(), k = drawTimes.length;
      drawTimes[drawTimesSeen % k] = now;
      drawTimesSeen++;
      const n = Math.min(drawTimesSeen, k);
      const first = drawTimes[(drawTimesSeen - n) % k];
      state.fps = n > 1 && now > first ? (n - 1) * 1000 / (now - first) : 0;
    }

    // Fits the canvas to the window (the scene's size when embedded), keeping the aspect
    // ratio, with a backing store of device pixels so that it is sharp.
    function layout() {
      const h = state.header;
      if (!h) return;
      const dpr = window.devicePixelRatio || 1;
      let w = h.width, ht = h.height;
      if (!embed) {
        const area = document.getElementById('stage-area').getBoundingClientRect();
        const k = Math.min(area.width / h.width, area.height / h.height);
        if (k > 0 && isFinite(k)) { w = h.width * k; ht = h.height * k; }
      }
      canvas.style.width = w + 'px';
      canvas.style.height = ht + 'px';
      canvas.width = Math.max(1, Math.round(w * dpr));
      canvas.height = Math.max(1, Math.round(ht * dpr));
      draw();
    }
    window.addEventListener('resize', layout);

    let drawPending = false;
    function scheduleDraw() {
      if (drawPending) return;
      drawPending = true;
      requestAnimationFrame(() => { drawPending = false; draw(); });
    }

    function receive(r) {
      switch (r.type) {
        case 'header':
          state.header = r; state.shapes = []; state.names = []; pendingFrame = null; layout(); drawing(); break;
        case 'shape': state.shapes[r.slot] = makeShape(r); break;
        case 'name': state.names[r.slot] = r.name; break;
        case 'stream': streamId = r.id; break;
        case 'image': addImage(r); break;
        case 'preview': state.preview = r; showStatus(); break;
        case 'diagnostics': showDiagnostics(r.text); break;
      }
    }

    const events = new EventSource('/events?token=' + encodeURIComponent(token));
    events.onmessage = (e) => {
      for (const line of e.data.split('\n')) {
        if (!line) continue;
        let r;
        try { r = JSON.parse(line); } catch (err) { continue; }
        receive(r);
      }
      scheduleDraw();
    };
    // A frame is decoded when drawn: one that a newer frame replaces first never is.
    let pendingFrame = null;
    events.addEventListener('frame-bin', (e) => {
      pendingFrame = e.data;
      state.received++;
      scheduleDraw();
    });
    function takeFrame() {
      if (pendingFrame === null) return;
      const f = decodeFrame(pendingFrame);
      pendingFrame = null;
      if (f) state.frame = f;
      drawing();
    }

    // Pacing (`EventStream`): the server sends the next frame once told that this one is
    // being drawn, so it travels while this one draws. One word in flight at a time.
    let streamId = null, saying = false, sayAgain = false;
    function drawing() {
      if (streamId === null) return;
      if (saying) { sayAgain = true; return; }
      saying = true;
      fetch('/control?token=' + encodeURIComponent(token) + '&cmd=drawn&stream=' + streamId, { method: 'POST' })
        .catch(() => {})
        .then(() => {
          saying = false;
          if (sayAgain) { sayAgain = false; drawing(); }
        });
    }

    """#
}
