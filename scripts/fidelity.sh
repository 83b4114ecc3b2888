#!/bin/sh
# Conversion fidelity: runs the shared harness (../shared/tools/convert-fidelity) on every
# sample of ../shared/corpus/convert-samples with our three conversions (word/flow,
# word/layout, ppt/layout) next to LibreOffice's own PDF import (lo-docx, lo-pptx), so a
# later session can quote the same table. Needs the harness's Debian packages (its README).
#   scripts/fidelity.sh [OUT_DIR] [extra run_bench.py args, e.g. --only p2d-demo-text --montage]
# Results: OUT_DIR/results.md (default /tmp/docparse-fidelity).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
harness="$repo/../shared/tools/convert-fidelity"
out=${1:-/tmp/docparse-fidelity}
[ $# -gt 0 ] && shift
# A LibreOffice profile of this run's own: runs side by side would otherwise wait on one profile.
export CONVERT_BENCH_LO_PROFILE=${CONVERT_BENCH_LO_PROFILE:-$out/lo-profile}
cli="cd '$repo' && npx --no-install docparse convert"
export CONVERT_CMD_flow="$cli {in} --to word --mode flow --out {out}" CONVERT_EXT_flow=docx
export CONVERT_CMD_layout="$cli {in} --to word --mode layout --out {out}" CONVERT_EXT_layout=docx
export CONVERT_CMD_ppt="$cli {in} --to ppt --mode layout --out {out}" CONVERT_EXT_ppt=pptx
peers=${FIDELITY_PEERS:-cmd:flow,cmd:layout,cmd:ppt,lo-docx,lo-pptx}
exec /usr/bin/python3 "$harness/run_bench.py" --peers "$peers" --out "$out" "$@"
