#!/bin/sh
# Starts Kanju as a USI engine, for shogi GUIs that run an engine file without arguments
# (README: "USI engine (GUIs)"). Runs the kanju binary in this script's directory, or, in a
# source checkout, build/kanju.
here=$(dirname "$(readlink -f "$0")")
for kanju in "$here/kanju" "$here/../build/kanju"; do
  [ -x "$kanju" ] && exec "$kanju" usi "$@"
done
echo "kanju-usi.sh: no kanju binary in $here or $here/../build" >&2
exit 1
