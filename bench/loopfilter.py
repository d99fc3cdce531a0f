#!/usr/bin/env python3
"""Picture cost of skipping the H.264 loop filter at small output sizes: each clip decoded with
`-skip_loop_filter MODE` and at full quality, both area-scaled to the output size, compared
frame by frame (PSNR and SSIM of the luma, mean and worst frame) by the ffmpeg tool. The skip
drifts until the next key frame (pictures are predicted from unfiltered references), so the
worst frame is the one just before a key frame. Not part of `make bench`; about a minute."""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calls import media_file as call_media  # noqa: E402
from instructions import clip as playback_clip  # noqa: E402
from playback import OUT, cached_media  # noqa: E402

MODES = ("noref", "bidir", "nokey", "all")
DIVISORS = (2, 3, 4, 6)


def detailed_clip():
    """1080p30 fractal zoom, fine detail everywhere, at a live stream's 3 Mb/s and a 4 s GOP:
    a harder case for the skip than the test pattern."""
    return cached_media("loopfilter-mandelbrot-1080p30-6s.mp4", [
        "-f", "lavfi", "-i", "mandelbrot=size=1920x1080:rate=30", "-t", "6",
        "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p",
        "-g", "120", "-b:v", "3M", "-maxrate", "4M", "-bufsize", "6M"])


def size_of(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=width,height", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout
    w, h = out.split()[0].split(",")[:2]
    return int(w), int(h)


def compare(path, mode, width, height, tmp):
    """(PSNR-Y of the mean squared error, of the worst frame, mean SSIM-Y, worst SSIM-Y) of the
    skipped decode against the full one. Pictures are paired by their number: MPEG-TS
    timestamps would pair neighbours."""
    psnr_log, ssim_log = os.path.join(tmp, "psnr.log"), os.path.join(tmp, "ssim.log")
    scale = "setpts=N/FRAME_RATE/TB,scale=%d:%d:flags=area" % (width, height)
    graph = ("[0:v]%s,split[r1][r2];[1:v]%s[d];[d][r1]psnr=stats_file=%s[x];[x][r2]ssim=stats_file=%s"
             % (scale, scale, psnr_log, ssim_log))
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-threads", "1", "-i", path,
                    "-threads", "1", "-skip_loop_filter", mode, "-i", path, "-lavfi", graph, "-f", "null", "-"],
                   check=True)
    with open(psnr_log) as f:
        mse = [float(m) for m in re.findall(r"mse_y:(\S+)", f.read())]
    with open(ssim_log) as f:
        ssim = [float(m) for m in re.findall(r"Y:([\d.]+)", f.read())]
    return psnr(sum(mse) / len(mse)), psnr(max(mse)), sum(ssim) / len(ssim), min(ssim)


def psnr(mse):
    return 10 * math.log10(255 ** 2 / mse) if mse > 0 else math.inf


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--divisors", default=",".join(map(str, DIVISORS)),
                    help="output sizes as fractions of the source per side (1: the source's size)")
    args = ap.parse_args()
    clips = [("1080p testsrc2, 8 Mb/s, GOP 2 s (playback)", playback_clip(4)),
             ("1080p mandelbrot, 3 Mb/s, GOP 4 s", detailed_clip()),
             ("640x360 testsrc2, 1 Mb/s, GOP 1 s, no B (calls)", call_media())]
    lines = ["| clip | skip_loop_filter | output | fraction per side | PSNR-Y dB (mean error) | worst frame dB | SSIM-Y mean | worst frame |",
             "|---|---|---|---:|---:|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as tmp:
        for title, path in clips:
            width, height = size_of(path)
            for mode in args.modes.split(","):
                for d in map(int, args.divisors.split(",")):
                    w, h = (width // d) & ~1, (height // d) & ~1
                    mean, worst, smean, sworst = compare(path, mode, w, h, tmp)
                    lines.append("| %s | %s | %dx%d | 1/%d | %.1f | %.1f | %.4f | %.4f |"
                                 % (title, mode, w, h, d, mean, worst, smean, sworst))
                    print(lines[-1], flush=True)
    with open(os.path.join(OUT, "loopfilter.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
