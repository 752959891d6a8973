#!/bin/sh
# Makes the simulator's test clips (run once; the outputs are committed). Needs Debian's ffmpeg
# (apt-get install ffmpeg) with libvpx and drawtext. Each clip: 320x180, 15 fps, 6 s, VP9 in WebM,
# no audio, a test pattern with its name and a running clock drawn on it. Total well under 1 MB.
set -eu
cd "$(dirname "$0")"
clip() { # name source label
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$2=size=320x180:rate=15:duration=6" \
    -vf "drawtext=text='$3':fontsize=20:fontcolor=white:box=1:boxcolor=black@0.6:x=8:y=8,drawtext=text='%{pts\:hms}':fontsize=16:fontcolor=yellow:box=1:boxcolor=black@0.6:x=8:y=h-28" \
    -c:v libvpx-vp9 -b:v 90k -deadline good -cpu-used 4 -row-mt 1 -an "$1.webm"
}
clip live-1 testsrc 'LIVE 1'
clip live-2 smptebars 'LIVE 2'
clip live-3 testsrc2 'LIVE 3'
clip highlight-1 rgbtestsrc 'HIGHLIGHT 1'
clip highlight-2 smptehdbars 'HIGHLIGHT 2'
du -ch ./*.webm
