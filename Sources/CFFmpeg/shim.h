#ifndef FLOATAPP_CFFMPEG_SHIM_H
#define FLOATAPP_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavdevice/avdevice.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/samplefmt.h>
#include <libavutil/time.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* Macros Swift cannot import, re-exported as functions. */

static inline int floatapp_AVERROR(int e) { return AVERROR(e); }
static inline int floatapp_AVERROR_EOF(void) { return AVERROR_EOF; }
static inline int floatapp_AVERROR_EAGAIN(void) { return AVERROR(EAGAIN); }
static inline int floatapp_AVERROR_EXIT(void) { return AVERROR_EXIT; }
static inline int floatapp_AVERROR_PROTOCOL_NOT_FOUND(void) { return AVERROR_PROTOCOL_NOT_FOUND; }
static inline int floatapp_AVERROR_INVALIDDATA(void) { return AVERROR_INVALIDDATA; }
static inline int64_t floatapp_AV_NOPTS_VALUE(void) { return AV_NOPTS_VALUE; }
static inline int floatapp_AV_TIME_BASE(void) { return AV_TIME_BASE; }
static inline AVRational floatapp_AV_TIME_BASE_Q(void) { return AV_TIME_BASE_Q; }

/** The FFmpeg message for an error code, written into buf. */
static inline const char *floatapp_av_err2str(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
    return buf;
}

/** A default stereo channel layout (AV_CHANNEL_LAYOUT_STEREO). */
static inline AVChannelLayout floatapp_channel_layout_stereo(void) {
    AVChannelLayout l = AV_CHANNEL_LAYOUT_STEREO; return l;
}
static inline AVChannelLayout floatapp_channel_layout_mono(void) {
    AVChannelLayout l = AV_CHANNEL_LAYOUT_MONO; return l;
}

#endif
