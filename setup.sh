#!/usr/bin/env bash
# Installs what Kanju needs on Debian 12 (only the missing packages) and builds it, Release, into
# build/. Safe to run again: it then just rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake ninja-build g++ libcli11-dev catch2 libbenchmark-dev librsvg2-bin fonts-ipafont-mincho
          libopenmpi-dev openmpi-bin)
build_dir="${KANJU_BUILD_DIR:-build}"

missing=()
for p in "${packages[@]}"; do
  # "install ok installed": a removed package can leave dpkg -s succeeding on its config files.
  [[ "$(dpkg -s "$p" 2>/dev/null)" == *"Status: install ok installed"* ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup.sh: installing ${missing[*]}"
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || { echo "setup.sh: run as root to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# An existing build directory keeps the generator it was made with.
generator=()
[[ -f "$build_dir/CMakeCache.txt" ]] || generator=(-G Ninja)
cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release
cmake --build "$build_dir"
