extension PreviewScript {
  /// Reading `BinaryFrame`s and drawing their records. The common record (a 2-D shape
  /// filled with a colour, nothing in the trailer) is drawn straight from the typed
  /// arrays, without an object per record; every other record is made into the object a
  /// dump's node is and drawn by `drawStyledNode`. `frame.nodes` makes all the objects on
  /// demand, for tests and tools.
  static let frames = #"""
    const hasFromBase64 = typeof Uint8Array.fromBase64 === 'function';
    function bytesOf(text) {
      if (hasFromBase64) return Uint8Array.fromBase64(text);
      const raw = atob(text), out = new Uint8Array(raw.length);
      for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
      return out;
    }

    // Null for bytes that are not a whole frame of this layout.
    function decodeFrame(text) {
      let bytes;
      try { bytes = bytesOf(text); } catch (e) { return null; }
      if (bytes.byteLength < 24) return null;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const count = view.getUint32(4, true), trailer = view.getUint32(16, true);
      const end = 24 + 64 * count;
      if (view.getUint32(20, true) !== 64 || end + trailer > bytes.byteLength) return null;
      const extras = new Map();
      if (trailer > 0) {
        try {
          const list = JSON.parse(new TextDecoder().decode(bytes.subarray(end, end + trailer)));
          for (const e of list) extras.set(e.i, e);
        } catch (e) { return null; }
      }
      const f = {
        frame: view.getUint32(0, true), time: view.getFloat64(8, true), count: count, extras: extras,
        u8: bytes, f32: new Float32Array(bytes.buffer, bytes.byteOffset, end / 4),
        u32: new Uint32Array(bytes.buffer, bytes.byteOffset, end / 4),
        i32: new Int32Array(bytes.buffer, bytes.byteOffset, end / 4),
        names: state.names, shapes: state.shapes, list: null,
      };
      Object.defineProperty(f, 'nodes', { get() { return f.list || (f.list = allNodes(f)); } });
      return f;
    }

    function allNodes(f) {
      const out = [];
      for (let i = 0; i < f.count; i++) out.push(nodeAt(f, i));
      return out;
    }

    function hexOf(word) {
      // The word holds R G B A in its bytes, R lowest (little-endian).
      const v = ((word & 255) << 24 | (word >>> 8 & 255) << 16 | (word >>> 16 & 255) << 8 | word >>> 24) >>> 0;
      return '#' + v.toString(16).toUpperCase().padStart(8, '0');
    }

    // Record i as a dump's node object (§9), its shape also by slot.
    function nodeAt(f, i) {
      const w = 6 + 16 * i, b = 24 + 64 * i, flags = f.u8[b + 60], kind = f.u8[b + 61];
      const name = f.names[f.u32[w + 10]] ?? '', index = f.u32[w + 11];
      let id = name;
      if (kind === 1 || kind === 2) {
        id = name + (kind === 1 ? '#' + index : '[' + index + ']');
      } else if (kind === 3 || kind === 4) {
        const slash = name.indexOf('/'), mark = kind === 3 ? '#' + index : '[' + index + ']';
        id = slash < 0 ? name + mark : name.slice(0, slash) + mark + name.slice(slash);
      }
      const slot = f.u32[w + 8], shape = f.shapes[slot];
      const n = { id: id, slot: slot, matrix: Array.from(f.f32.subarray(w, w + 6)), opacity: f.f32[w + 6],
        fill: hexOf(f.u32[w + 12]) };
      if (slot !== 0xFFFFFFFF && shape) n.shape = shape.id;
      const parent = f.i32[w + 9];
      if (parent >= 0) { n.parentIndex = parent; n.parent = nodeIdAt(f, parent); }
      if (flags & 1) { n.stroke = hexOf(f.u32[w + 13]); n.lineWidth = f.f32[w + 7]; }
      if (flags & 2) n.backFacing = true;
      if (flags & 4) n.blend = 'additive';
      if (flags & 16) n.tint = hexOf(f.u32[w + 14]);
      if (flags & 8) {
        const e = f.extras.get(i) || {};
        for (const key of Object.keys(e)) if (key !== 'i') n[key] = e[key];
      }
      return n;
    }

    function nodeIdAt(f, i) { return f.list ? f.list[i].id : nodeAt(f, i).id; }

    // "rgba(…)" by a record's fill bytes; null for a colour that paints nothing. Keyed by
    // alpha, then by R G B as one small integer: a whole word's value can exceed V8's
    // small integers and would make a number object per lookup.
    const alphaStyles = [];
    let styleCount = 0;
    function styleOf(u8, at) {
      const alpha = u8[at + 3], rgb = u8[at] | u8[at + 1] << 8 | u8[at + 2] << 16;
      let byRGB = alphaStyles[alpha];
      if (byRGB === undefined) byRGB = alphaStyles[alpha] = new Map();
      let out = byRGB.get(rgb);
      if (out === undefined) {
        const hex = '#' + ((rgb & 255) << 16 | (rgb >>> 8 & 255) << 8 | rgb >>> 16).toString(16).padStart(6, '0') +
          alpha.toString(16).padStart(2, '0');
        out = paint(hex.toUpperCase(), null);
        if (++styleCount > 4096) { alphaStyles.length = 0; styleCount = 0; }
        byRGB.set(rgb, out);
      }
      return out;
    }

    // Paint order is record order. A tree's opacity multiplies down from the parent's
    // record, always an earlier one (§14). The context's fill style, alpha and blend are
    // set only when they change from the record before.
    //
    // Batches: consecutive records that fill a convex shape (`isConvex`) opaquely with
    // one colour, under a matrix that keeps orientation, with normal blending, are one
    // path and one fill. Opaque paint over opaque paint of the same colour is that colour,
    // so the union paints what the records one by one paint (to anti-aliasing where
    // edges meet); translucent or additive records are drawn one by one, since overlaps
    // count there.
    let faded = new Float32Array(0);
    function drawRecords(f, sx, sy) {
      const n = f.count, f32 = f.f32, u32 = f.u32, i32 = f.i32, u8 = f.u8, shapes = f.shapes;
      if (faded.length < n) faded = new Float32Array(Math.max(n, 2 * faded.length));
      let style = null, additive = false, alpha = 1;
      let batch = null, batchStyle = null, fills = 0;
      function flush() {
        if (!batch) return;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        if (alpha !== 1) { ctx.globalAlpha = 1; alpha = 1; }
        if (style !== batchStyle) { ctx.fillStyle = batchStyle; style = batchStyle; }
        if (additive) { ctx.globalCompositeOperation = 'source-over'; additive = false; }
        ctx.fill(batch, 'nonzero');
        fills++;
        batch = null;
      }
      for (let i = 0; i < n; i++) {
        const w = 6 + 16 * i, flags = u8[24 + 64 * i + 60];
        const own = f32[w + 6], p = i32[w + 9];
        const o = (own > 0 ? (own < 1 ? own : 1) : 0) * (p >= 0 && p < i ? faded[p] : 1);
        faded[i] = o;
        const shape = shapes[u32[w + 8]];
        if (flags & 2 || !shape) continue;
        // Drawn by `drawStyledNode`: a stroke, a trailer's parts, a tint, a picture.
        if ((flags & 25) !== 0 || shape.image) {
          flush();
          drawStyledNode(nodeAt(f, i), sx, sy, o);
          fills++;
          style = null; additive = false; alpha = -1;
          ctx.globalCompositeOperation = 'source-over';
          continue;
        }
        if (!(o > 0)) continue;
        const a = f32[w], b = f32[w + 1], c = f32[w + 2], d = f32[w + 3], tx = f32[w + 4], ty = f32[w + 5];
        if (!Number.isFinite(a + b + c + d + tx + ty)) continue;
        const fill = styleOf(u8, 24 + 64 * i + 48);
        if (!fill) continue;
        const add = (flags & 4) !== 0;
        if (shape.convex && !add && o === 1 && u8[24 + 64 * i + 51] === 255 && a * d - b * c > 0) {
          if (batch && batchStyle !== fill) flush();
          if (!batch) { batch = new Path2D(); batchStyle = fill; }
          batch.addPath(shape.path, { a: sx * a, b: sy * b, c: sx * c, d: sy * d, e: sx * tx, f: sy * ty });
          continue;
        }
        flush();
        ctx.setTransform(sx * a, sy * b, sx * c, sy * d, sx * tx, sy * ty);
        if (alpha !== o) { ctx.globalAlpha = o; alpha = o; }
        if (style !== fill) { ctx.fillStyle = fill; style = fill; }
        if (additive !== add) { ctx.globalCompositeOperation = add ? 'lighter' : 'source-over'; additive = add; }
        ctx.fill(shape.path, 'nonzero');
        fills++;
      }
      flush();
      // The draw calls of the last frame drawn (a test hook: batches are one).
      state.fills = fills;
    }

    """#
}
