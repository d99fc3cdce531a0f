#ifndef FLOATAPP_CSDL_SHIM_H
#define FLOATAPP_CSDL_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <X11/Xutil.h>
/* malloc_trim: the app hands memory freed by closed rooms back to the system. */
#include <malloc.h>

/* Macros Swift cannot import, re-exported as functions. */

static inline int floatapp_SDL_WINDOWPOS_CENTERED(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline int floatapp_SDL_WINDOWPOS_UNDEFINED(void) { return (int)SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 floatapp_SDL_BUTTON_LMASK(void) { return SDL_BUTTON_LMASK; }
static inline Uint32 floatapp_SDL_BUTTON_RMASK(void) { return SDL_BUTTON_RMASK; }
static inline Uint32 floatapp_SDL_BUTTON_MMASK(void) { return SDL_BUTTON_MMASK; }
static inline SDL_version floatapp_SDL_compiled_version(void) {
    SDL_version v; SDL_VERSION(&v); return v;
}
static inline SDL_AudioFormat floatapp_AUDIO_F32SYS(void) { return AUDIO_F32SYS; }
static inline SDL_AudioFormat floatapp_AUDIO_S16SYS(void) { return AUDIO_S16SYS; }
static inline Uint32 floatapp_SDL_PIXELFORMAT_IYUV(void) { return SDL_PIXELFORMAT_IYUV; }
static inline Uint32 floatapp_SDL_PIXELFORMAT_ARGB8888(void) { return SDL_PIXELFORMAT_ARGB8888; }

#endif
