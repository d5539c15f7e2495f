"""Independent checks of animc's Lottie export (§13), run by Tests/animcTests/LottieExportTests.swift.

usage:
  lottie_check.py schema FILE.json...        validate against lottie-specs' schema (Draft 2020-12)
  lottie_check.py psnr ARGBDIR PNGDIR W H N...  rlottie's raw frames against animc's PNGs
  lottie_check.py run ARGBDIR PNGDIR W H TOL N X0 Y0 X1 Y1  coverage along a pixel run, both within TOL
  lottie_check.py seams ARGBDIR PNGDIR W H INSET LIMIT N...  inside the shapes, INSET pixels from any
                                              pixel of the background, no channel differs by more than LIMIT
  lottie_check.py tgs FILE.tgs                python-lottie's Telegram sticker validator
  lottie_check.py values FILE.json DUMP.jsonl every frame within §13's tolerances, and
                                              python-lottie's get_value agreeing with the evaluator
  lottie_check.py economy FILE.json DUMP.jsonl removing any one keyframe breaks a tolerance

The evaluator below is written from the Lottie format's definition (keyframes held
before the first and after the last, cubic-Bezier easing from `o`/`i` solved for x),
not from animc's code. Prints one line per failure and exits 1 when any.
"""
import json
import math
import os
import sys

TOL_POINT = 0.05
TOL_OPACITY = 0.001
TOL_COLOR = 1 / 255
TOL_WIDTH = 0.01
TOL_TRIM = 0.001
SLACK = 1e-6  # the JSON's six decimals
# animc keeps its arcs' cubics within 0.0005 pt of the circle, so its Lottie outline's
# own points may take the rest of the 0.05 pt: economy is judged on that.
TOL_POINT_ECONOMY = 0.0495


def bezier_progress(x1, y1, x2, y2, u):
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    if x1 == y1 and x2 == y2:
        return u

    def bx(s):
        return 3 * x1 * s * (1 - s) ** 2 + 3 * x2 * s * s * (1 - s) + s ** 3

    def by(s):
        return 3 * y1 * s * (1 - s) ** 2 + 3 * y2 * s * s * (1 - s) + s ** 3

    lo, hi = 0.0, 1.0
    for _ in range(60):  # bisection: x(s) is monotonic for x1, x2 in 0..1
        mid = (lo + hi) / 2
        if bx(mid) < u:
            lo = mid
        else:
            hi = mid
    return by((lo + hi) / 2)


def first(v):
    return v[0] if isinstance(v, list) else v


def value(prop, t):
    """A property's value at frame t, as a list."""
    k = prop["k"]
    if prop.get("a", 0) == 0:
        return list(k) if isinstance(k, list) else [k]
    keys = k
    if t <= keys[0]["t"]:
        return list(keys[0]["s"])
    if t >= keys[-1]["t"]:
        return list(keys[-1]["s"])
    for a, b in zip(keys, keys[1:]):
        if a["t"] <= t <= b["t"]:
            if a.get("h", 0) == 1:
                return list(a["s"])
            span = b["t"] - a["t"]
            u = (t - a["t"]) / span if span > 0 else 1
            p = bezier_progress(first(a["o"]["x"]), first(a["o"]["y"]), first(a["i"]["x"]), first(a["i"]["y"]), u)
            return [s + (e - s) * p for s, e in zip(a["s"], b["s"])]
    raise AssertionError("unreachable")


def layer_matrix(ks, t):
    p = value(ks["p"], t)
    r = math.radians(value(ks["r"], t)[0])
    s = value(ks["s"], t)
    a = value(ks["a"], t)
    sx, sy = s[0] / 100, s[1] / 100
    c, n = math.cos(r), math.sin(r)
    m = [c * sx, n * sx, -n * sy, c * sy]
    return m + [p[0] - (m[0] * a[0] + m[2] * a[1]), p[1] - (m[1] * a[0] + m[3] * a[1])]


def compose(p, c):
    """The matrix of applying c, then p (both [a, b, c, d, tx, ty])."""
    return [
        p[0] * c[0] + p[2] * c[1], p[1] * c[0] + p[3] * c[1],
        p[0] * c[2] + p[2] * c[3], p[1] * c[2] + p[3] * c[3],
        p[0] * c[4] + p[2] * c[5] + p[4], p[1] * c[4] + p[3] * c[5] + p[5],
    ]


def world_matrix(layer, by_index, t):
    """A layer's transform, its parents' applied after it (Lottie parenting)."""
    m = layer_matrix(layer["ks"], t)
    seen = set()
    while "parent" in layer and layer["parent"] not in seen:
        seen.add(layer["parent"])
        layer = by_index[layer["parent"]]
        m = compose(layer_matrix(layer["ks"], t), m)
    return m


def apply(m, q):
    return (m[0] * q[0] + m[2] * q[1] + m[4], m[1] * q[0] + m[3] * q[1] + m[5])


def hex_color(text):
    return [int(text[i:i + 2], 16) / 255 for i in (1, 3, 5, 7)]


def items(layer, ty):
    found = []
    for group in layer["shapes"]:
        for item in group["it"]:
            if item["ty"] == ty:
                found.append(item)
    return found


def outline_points(layer):
    pts = []
    for sh in items(layer, "sh"):
        k = sh["ks"]["k"]
        for v, i, o in zip(k["v"], k["i"], k["o"]):
            pts += [v, (v[0] + i[0], v[1] + i[1]), (v[0] + o[0], v[1] + o[1])]
    return pts


def load_dump(path):
    frames = []
    for line in open(path):
        rec = json.loads(line)
        if rec["type"] == "frame":
            frames.append(rec)
    return frames


def layer_errors(layer, frames, limit=1, point_tolerance=TOL_POINT, by_index=None):
    """Failures of one layer against the dump (at most `limit`); `by_index` holds the
    document's layers by `ind`, for parents."""
    errors = []
    pts = outline_points(layer)
    fills = items(layer, "fl")
    strokes = items(layer, "st")
    trims = items(layer, "tm")
    for n in range(layer["ip"], layer["op"]):
        node = next((x for x in frames[n]["nodes"] if x["id"] == layer["nm"]), None)
        if node is None:
            errors.append(f"{layer['nm']}: not in the dump at frame {n}")
            break
        m = world_matrix(layer, by_index or {}, n)
        d = node["matrix"]
        worst = max((math.dist(apply(m, q), apply(d, q)) for q in pts), default=0)
        tint = hex_color(node["tint"]) if "tint" in node else [1, 1, 1, 1]

        def tinted(c):
            return [min(max(a * b, 0), 1) for a, b in zip(hex_color(c), tint)]

        checks = [("points", worst, point_tolerance)]
        checks.append(("opacity", abs(value(layer["ks"]["o"], n)[0] / 100 - node["opacity"]), TOL_OPACITY))
        for paint, key in ((fills, "fill"), (strokes, "stroke")):
            if paint and key in node:
                want = tinted(node[key])
                got = value(paint[0]["c"], n)[:3] + [value(paint[0]["o"], n)[0] / 100]
                checks.append((key, max(abs(a - b) for a, b in zip(got, want)), TOL_COLOR))
        if strokes and "lineWidth" in node:
            checks.append(("lineWidth", abs(value(strokes[0]["w"], n)[0] - node["lineWidth"]), TOL_WIDTH))
        if trims:
            checks.append(("strokeStart", abs(value(trims[0]["s"], n)[0] / 100 - node["strokeStart"]), TOL_TRIM))
            checks.append(("strokeEnd", abs(value(trims[0]["e"], n)[0] / 100 - node["strokeEnd"]), TOL_TRIM))
        for name, err, tol in checks:
            if err > tol + SLACK:
                errors.append(f"{layer['nm']} frame {n}: {name} off by {err:.6g} (tolerance {tol:.6g})")
        if len(errors) >= limit:
            break
    return errors


def animated(layer):
    """(label, property) for every keyframed property of a layer."""
    props = [(f"ks.{k}", v) for k, v in layer["ks"].items()]
    for group in layer.get("shapes", []):
        for item in group["it"]:
            for k, v in item.items():
                if isinstance(v, dict) and "a" in v and "k" in v:
                    props.append((f"{group['nm']}.{item['ty']}.{k}", v))
    return [(label, p) for label, p in props if p.get("a") == 1]


def second_opinion(layer, limit=3):
    """Where python-lottie's `get_value` (PyPI `lottie`) disagrees with `value` above on
    any animatable property of a layer at any of its frames. Position keyframes carrying
    `to`/`ti` are left out: python-lottie mis-evaluates those (animc emits none)."""
    from lottie.objects.properties import ColorValue, MultiDimensional, Value

    props = [(f"ks.{k}", v) for k, v in layer["ks"].items() if isinstance(v, dict) and "k" in v]
    for group in layer["shapes"]:
        for item in group["it"]:
            for k, v in item.items():
                if isinstance(v, dict) and "a" in v and "k" in v and not (item["ty"] == "sh" and k == "ks"):
                    props.append((f"{group['nm']}.{item['ty']}.{k}", v))
    errors = []
    for label, prop in props:
        keys = prop["k"] if prop.get("a") == 1 else []
        if any("to" in key or "ti" in key for key in keys):
            continue
        scalar = len(keys[0]["s"]) == 1 if keys else not isinstance(prop["k"], list)
        values = [v for key in keys for v in key["s"]] or value(prop, 0)
        span = max(values) - min(values)
        if label.endswith(".c"):
            theirs = ColorValue.load(prop)
        elif scalar:
            theirs = Value.load(prop)
        else:
            theirs = MultiDimensional.load(prop)
        for n in range(layer["ip"], layer["op"]):
            got = theirs.get_value(n)
            got = getattr(got, "components", got)  # an NVector for points and colours
            got = list(got) if isinstance(got, (list, tuple)) else [got]
            want = value(prop, n)
            worst = max(abs(a - b) for a, b in zip(got, want))
            # python-lottie solves every easing curve numerically, linear ones too: a
            # hundred-thousandth of the property's range is its precision, not a disagreement.
            if worst > 1e-5 * max(1.0, span):
                errors.append(f"{layer['nm']} frame {n}: {label} is {got[:len(want)]} to python-lottie, {want} here")
                break
        if len(errors) >= limit:
            break
    return errors


def Image_open(path, w, h):
    """A PNG's RGBA pixels (Pillow), at w × h."""
    from PIL import Image

    png = Image.open(path).convert("RGBA")
    return (png.resize((w, h)) if png.size != (w, h) else png).load()


def near_background(png, w, h, inset):
    """Rows of flags: whether a pixel lies within `inset` pixels (each way) of one that
    has the background's colour, taken from the corner pixel. Prefix sums along rows,
    then along columns, keep it linear in the pixel count."""
    bg = png[0, 0]
    rows = []
    for y in range(h):
        sums = [0]
        for x in range(w):
            sums.append(sums[-1] + (png[x, y] == bg))
        rows.append([sums[min(w, x + inset + 1)] - sums[max(0, x - inset)] > 0 for x in range(w)])
    near = [[False] * w for _ in range(h)]
    for x in range(w):
        sums = [0]
        for y in range(h):
            sums.append(sums[-1] + rows[y][x])
        for y in range(h):
            near[y][x] = sums[min(h, y + inset + 1)] - sums[max(0, y - inset)] > 0
    return near


def descends(layer, ancestor, by_index):
    """Whether `ancestor` (a layer index) is on `layer`'s parenting chain."""
    seen = set()
    while "parent" in layer and layer["parent"] not in seen:
        if layer["parent"] == ancestor:
            return True
        seen.add(layer["parent"])
        layer = by_index.get(layer["parent"], {})
    return False


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    failures = []
    if cmd == "schema":
        import jsonschema
        import lottie_specs

        path = os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")
        validator = jsonschema.Draft202012Validator(json.load(open(path)))
        for f in args:
            for e in validator.iter_errors(json.load(open(f))):
                failures.append(f"{f}: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
    elif cmd == "psnr":
        from PIL import Image

        raw, pngs, w, h = args[0], args[1], int(args[2]), int(args[3])
        for n in args[4:]:
            data = open(os.path.join(raw, f"{n}.argb"), "rb").read()
            png = Image.open(os.path.join(pngs, f"{n}.png")).convert("RGBA")
            png = png.resize((w, h)) if png.size != (w, h) else png
            px = png.load()
            se = 0.0
            for y in range(h):
                for x in range(w):
                    # Both over black: rlottie's premultiplied ARGB (little-endian BGRA),
                    # animc's straight RGBA times its alpha.
                    i = 4 * (y * w + x)
                    b1, g1, r1 = data[i], data[i + 1], data[i + 2]
                    r2, g2, b2, a2 = px[x, y]
                    for p1, p2 in ((r1, r2), (g1, g2), (b1, b2)):
                        d = p1 - p2 * a2 / 255
                        se += d * d
            mse = se / (3 * w * h)
            psnr = 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)
            print(f"frame {n}: PSNR {psnr:.2f} dB")
            if psnr < 30:
                failures.append(f"frame {n}: PSNR {psnr:.2f} dB < 30")
    elif cmd == "run":
        # The red channel summed along one straight run of pixels (a row or a column, ends
        # included) in rlottie's frame and animc's PNG: along a straight stretch of a
        # white trimmed stroke over black, the sum is where the stroke ends, in pixels.
        raw, pngs, w, h, tol, n = args[0], args[1], int(args[2]), int(args[3]), float(args[4]), args[5]
        x0, y0, x1, y1 = (int(a) for a in args[6:10])
        data = open(os.path.join(raw, f"{n}.argb"), "rb").read()
        png = Image_open(os.path.join(pngs, f"{n}.png"), w, h)
        pixels = [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
        theirs = sum(data[4 * (y * w + x) + 2] for x, y in pixels) / 255
        ours = sum(png[x, y][0] * png[x, y][3] / 255 for x, y in pixels) / 255
        print(f"frame {n}: run ({x0},{y0})-({x1},{y1}) covered {theirs:.3f} px in rlottie, {ours:.3f} px in animc")
        if abs(theirs - ours) > tol:
            failures.append(f"frame {n}: the stroke ends {theirs - ours:+.3f} px off along the run (tolerance {tol})")
    elif cmd == "seams":
        # Seams between strips of a baked gradient (a 3-D node's, §13) show as lines of
        # background or of doubled colour inside the shape; its own outline's
        # antialiasing differs between any two rasterizers, so pixels within INSET of
        # the background (animc's corner pixel) are not judged.
        raw, pngs, w, h, inset, limit = args[0], args[1], int(args[2]), int(args[3]), int(args[4]), int(args[5])
        for n in args[6:]:
            data = open(os.path.join(raw, f"{n}.argb"), "rb").read()
            png = Image_open(os.path.join(pngs, f"{n}.png"), w, h)
            near = near_background(png, w, h, inset)
            worst, where = 0, None
            for y in range(h):
                for x in range(w):
                    if near[y][x]:
                        continue
                    i = 4 * (y * w + x)
                    theirs = (data[i + 2], data[i + 1], data[i])
                    d = max(abs(a - b) for a, b in zip(theirs, png[x, y][:3]))
                    if d > worst:
                        worst, where = d, (x, y)
            print(f"frame {n}: inside the shapes, channels differ by at most {worst} at {where}")
            if worst > limit:
                failures.append(f"frame {n}: a channel differs by {worst} > {limit} at {where}: a seam")
    elif cmd == "tgs":
        from lottie.exporters.tgs_validator import TgsValidator, Severity
        from lottie.parsers.tgs import parse_tgs

        validator = TgsValidator(Severity.Note)
        validator(parse_tgs(args[0]))
        validator.check_file_size(args[0])
        for e in validator.errors:
            failures.append(str(e))
    elif cmd == "values":
        doc = json.load(open(args[0]))
        frames = load_dump(args[1])
        layers = [x for x in doc["layers"] if x["ty"] == 4]
        by_index = {x["ind"]: x for x in doc["layers"]}
        for layer in layers:
            failures += layer_errors(layer, frames, limit=3, by_index=by_index)
            failures += second_opinion(layer)
        count = sum(len(f["nodes"]) for f in frames)
        covered = sum(x["op"] - x["ip"] for x in layers)
        if count != covered:
            failures.append(f"the dump has {count} instance-frames, the layers cover {covered}")
        print(f"{len(layers)} layers, {covered} instance-frames checked")
    elif cmd == "economy":
        doc = json.load(open(args[0]))
        frames = load_dump(args[1])
        tried = 0
        by_index = {x["ind"]: x for x in doc["layers"]}
        for layer in (x for x in doc["layers"] if x["ty"] in (3, 4)):
            # A layer's keyframes are judged on its own outline (a shape layer) and on the
            # shape layers below it in the parenting chain, which its transform moves too
            # (§14: a null layer is judged on those alone).
            judged = [layer] if layer["ty"] == 4 else []
            judged += [x for x in doc["layers"] if x["ty"] == 4 and descends(x, layer["ind"], by_index)]
            for label, prop in animated(layer):
                keys = prop["k"]
                for i in range(len(keys)):
                    prop["k"] = keys[:i] + keys[i + 1:]
                    if len(prop["k"]) == 1:
                        prop["k"][0] = dict(prop["k"][0])
                    tried += 1
                    if not any(
                        layer_errors(x, frames, point_tolerance=TOL_POINT_ECONOMY, by_index=by_index) for x in judged
                    ):
                        failures.append(f"{layer['nm']}: {label} keyframe {i} (t={keys[i]['t']}) is not needed")
                prop["k"] = keys
        print(f"{tried} keyframes removed one at a time")
    for f in failures[:40]:
        print(f)
    print(f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
