#!/usr/bin/env bash
# Times a run rendered in 4 slices at once by GNU parallel against the same run rendered
# in one process, and prints both, for the three ways a run is sliced:
# - a PNG folder (`--frames A..B -o DIR/`);
# - an APNG: PNG slices, then `--from DIR/` joins them (the join is timed on its own);
# - an MP4: segments (`--frames A..B -o SEG.mp4`), joined by ffmpeg's concat demuxer
#   without re-encoding.
# Each sliced result is also compared with the one render (bytes, or frame count).
#
#   swift build -c release --product animc
#   Tests/tools/time-slices.sh [SCENE] [SECONDS] [FPS]     # defaults: love-burst, 4 s, 30 fps
set -euo pipefail
cd "$(dirname "$0")/../.."
animc=${ANIMC:-.build/release/animc}
scene=${1:-examples/love-burst.anim}
seconds=${2:-4}
fps=${3:-30}
frames=$((seconds * fps))
quarter=$((frames / 4))
slices=("0..$((quarter - 1))" "$quarter..$((2 * quarter - 1))" "$((2 * quarter))..$((3 * quarter - 1))" "$((3 * quarter))..$((frames - 1))")
run=("$scene" --duration "${seconds}s" --fps "$fps" -q)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }

t=$(now); "$animc" render "${run[@]}" -o "$work/one/"; png_one=$(since "$t")
t=$(now); parallel -j 4 "$animc" render "${run[@]}" -o "$work/sliced/" --frames {} ::: "${slices[@]}"; png_sliced=$(since "$t")
diff -r "$work/one" "$work/sliced" >/dev/null || { echo "the sliced PNG folder differs from one render" >&2; exit 1; }

t=$(now); "$animc" render "${run[@]}" -o "$work/one.apng"; apng_one=$(since "$t")
t=$(now); "$animc" render "${run[@]}" -o "$work/joined.apng" --from "$work/sliced/"; apng_join=$(since "$t")
cmp -s "$work/one.apng" "$work/joined.apng" || { echo "the joined APNG differs from one render" >&2; exit 1; }

t=$(now); "$animc" render "${run[@]}" -o "$work/one.mp4"; mp4_one=$(since "$t")
t=$(now)
parallel -j 4 "$animc" render "${run[@]}" -o "$work/segment-{#}.mp4" --frames {} ::: "${slices[@]}"
printf "file 'segment-%d.mp4'\n" 1 2 3 4 >"$work/segments.txt"
ffmpeg -v error -f concat -safe 0 -i "$work/segments.txt" -c copy "$work/joined.mp4"
mp4_sliced=$(since "$t")
count=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$work/joined.mp4")
[ "$count" = "$frames" ] || { echo "the joined MP4 has $count frames, not $frames" >&2; exit 1; }

echo "$scene, $frames frames ($seconds s at $fps fps), $(nproc) cores; 4 slices run by parallel -j 4:"
printf '%-12s %10s %16s\n' output "one render" "4 slices"
printf '%-12s %9ss %15ss\n' "PNG folder" "$png_one" "$png_sliced"
printf '%-12s %9ss %15ss  (the PNG slices, then a %ss join)\n' APNG "$apng_one" \
  "$(awk -v a="$png_sliced" -v b="$apng_join" 'BEGIN { printf "%.2f", a + b }')" "$apng_join"
printf '%-12s %9ss %15ss  (segments and concat)\n' MP4 "$mp4_one" "$mp4_sliced"
