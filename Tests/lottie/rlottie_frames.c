/* Test helper: loads a Lottie file with rlottie's C API and writes frames as raw
 * premultiplied ARGB32 (native-endian uint32 per pixel).
 * usage: rlottie_frames FILE.json OUTDIR WIDTH HEIGHT FRAME... ; prints "frames fps". */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: %s FILE OUTDIR W H FRAME...\n", argv[0]); return 2; }
  Lottie_Animation *anim = lottie_animation_from_file(argv[1]);
  if (!anim) { fprintf(stderr, "rlottie could not load %s\n", argv[1]); return 1; }
  size_t w = (size_t)atol(argv[3]), h = (size_t)atol(argv[4]);
  printf("%zu %g\n", lottie_animation_get_totalframe(anim), lottie_animation_get_framerate(anim));
  uint32_t *buffer = calloc(w * h, sizeof(uint32_t));
  for (int i = 5; i < argc; i++) {
    size_t frame = (size_t)atol(argv[i]);
    for (size_t k = 0; k < w * h; k++) buffer[k] = 0;
    lottie_animation_render(anim, frame, buffer, w, h, w * 4);
    char path[4096];
    snprintf(path, sizeof path, "%s/%zu.argb", argv[2], frame);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buffer, 4, w * h, f) != w * h) { fprintf(stderr, "cannot write %s\n", path); return 1; }
    fclose(f);
  }
  free(buffer);
  lottie_animation_destroy(anim);
  return 0;
}
