#ifndef FLOATAPP_CPANGO_SHIM_H
#define FLOATAPP_CPANGO_SHIM_H

#include <pango/pangocairo.h>
#include <cairo.h>
#include <glib.h>

/* Macros Swift cannot import, re-exported as functions. */

static inline int floatapp_PANGO_SCALE(void) { return PANGO_SCALE; }
static inline int floatapp_glyph_is_unknown(PangoGlyph glyph) { return (glyph & PANGO_GLYPH_UNKNOWN_FLAG) != 0; }
static inline int floatapp_item_is_ellipsis(const PangoItem *item) {
    return (item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0;
}

#endif
