/* Benchmark helper (animc-bench png): renders frames FIRST..LAST of a Lottie file with
 * rlottie's C API and writes each as a PNG with zlib (level 6, default strategy), rows
 * filtered per row by libpng's heuristic (the filter with the smallest sum of absolute
 * byte values), into OUTDIR/NNNNN.png. Prints the wall seconds spent rendering, encoding
 * and writing, and the total bytes written (the benchmark times the whole process).
 * usage: rlottie_png FILE.json OUTDIR WIDTH HEIGHT FIRST LAST
 * build: cc -O2 rlottie_png.c -lrlottie -lz -o rlottie_png */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void put32(unsigned char *p, uint32_t v) {
  p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static int chunk(FILE *f, const char *type, const unsigned char *data, uint32_t n) {
  unsigned char head[8];
  put32(head, n);
  memcpy(head + 4, type, 4);
  uLong crc = crc32(0, head + 4, 4);
  if (n) crc = crc32(crc, data, n);
  unsigned char tail[4];
  put32(tail, (uint32_t)crc);
  return fwrite(head, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) && fwrite(tail, 1, 4, f) == 4;
}

static int paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

int main(int argc, char **argv) {
  if (argc < 7) { fprintf(stderr, "usage: %s FILE OUTDIR W H FIRST LAST\n", argv[0]); return 2; }
  Lottie_Animation *anim = lottie_animation_from_file(argv[1]);
  if (!anim) { fprintf(stderr, "rlottie could not load %s\n", argv[1]); return 1; }
  size_t w = (size_t)atol(argv[3]), h = (size_t)atol(argv[4]);
  long first = atol(argv[5]), last = atol(argv[6]);
  size_t stride = w * 4;
  uint32_t *argb = calloc(w * h, 4);
  unsigned char *rgba = malloc(stride * h), *filtered = malloc((stride + 1) * h);
  unsigned char *cand = malloc(stride * 5), *zero = calloc(stride, 1);
  uLong bound = compressBound((stride + 1) * h);
  unsigned char *z = malloc(bound);
  long total = 0;
  double start = now();
  for (long frame = first; frame <= last; frame++) {
    memset(argb, 0, w * h * 4);
    lottie_animation_render(anim, (size_t)frame, argb, w, h, stride);
    for (size_t k = 0; k < w * h; k++) {  /* premultiplied ARGB32 to straight RGBA */
      uint32_t p = argb[k];
      unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
      if (a && a < 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
      unsigned char *o = rgba + 4 * k;
      o[0] = r > 255 ? 255 : r; o[1] = g > 255 ? 255 : g; o[2] = b > 255 ? 255 : b; o[3] = a;
    }
    for (size_t y = 0; y < h; y++) {
      const unsigned char *row = rgba + y * stride;
      const unsigned char *up = y ? row - stride : zero;
      unsigned char *c0 = cand, *c1 = cand + stride, *c2 = cand + 2 * stride, *c3 = cand + 3 * stride,
                    *c4 = cand + 4 * stride;
      for (size_t i = 0; i < stride; i++) {
        int x = row[i], a = i >= 4 ? row[i - 4] : 0, b = up[i], cc = i >= 4 ? up[i - 4] : 0;
        c0[i] = (unsigned char)x;
        c1[i] = (unsigned char)(x - a);
        c2[i] = (unsigned char)(x - b);
        c3[i] = (unsigned char)(x - ((a + b) >> 1));
        c4[i] = (unsigned char)(x - paeth(a, b, cc));
      }
      long best = -1;
      int bestType = 0;
      for (int t = 0; t < 5; t++) {
        const signed char *c = (const signed char *)(cand + t * stride);
        long sum = 0;
        for (size_t i = 0; i < stride; i++) sum += c[i] < 0 ? -c[i] : c[i];
        if (best < 0 || sum < best) { best = sum; bestType = t; }
      }
      filtered[y * (stride + 1)] = (unsigned char)bestType;
      memcpy(filtered + y * (stride + 1) + 1, cand + bestType * stride, stride);
    }
    uLongf zn = bound;
    if (compress2(z, &zn, filtered, (stride + 1) * h, 6) != Z_OK) { fprintf(stderr, "zlib failed\n"); return 1; }
    char path[4096];
    snprintf(path, sizeof path, "%s/%05ld.png", argv[2], frame);
    FILE *f = fopen(path, "wb");
    unsigned char ihdr[13];
    put32(ihdr, (uint32_t)w); put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (!f || fwrite(sig, 1, 8, f) != 8 || !chunk(f, "IHDR", ihdr, 13) || !chunk(f, "IDAT", z, (uint32_t)zn) ||
        !chunk(f, "IEND", NULL, 0)) { fprintf(stderr, "cannot write %s\n", path); return 1; }
    total += 8 + 25 + 12 + (long)zn + 12;
    fclose(f);
  }
  printf("%.6f %ld\n", now() - start, total);
  free(argb); free(rgba); free(filtered); free(cand); free(zero); free(z);
  lottie_animation_destroy(anim);
  return 0;
}
