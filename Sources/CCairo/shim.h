#ifndef GRIDEDIT_CCAIRO_SHIM_H
#define GRIDEDIT_CCAIRO_SHIM_H
// Cairo with its PDF, SVG and FreeType back ends, and FreeType itself: gridedit loads its font
// files explicitly (never through fontconfig) so the same puzzle always gives the same bytes.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

// FreeType's flag tests are function-like macros, which Swift cannot import.
static inline int gridedit_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline int gridedit_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
#endif
