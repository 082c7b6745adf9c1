#!/usr/bin/env bash
# tools/dev.sh: set up, build and run Kripkeviz on Debian 12, from a fresh
# machine. Installs what is missing (apt-get, as root or through sudo).
#
#   tools/dev.sh run [GAME]   build and open the window on GAME (default hexa)
#   tools/dev.sh cli ARGS…    build and run kripkeviz-cli ARGS…
#   tools/dev.sh test         build and run every test (unit, CLI, data, display)
#   tools/dev.sh bench        build and print the benchmark figures
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${KV_BUILD_DIR:-$top/_build}

packages=(
  gcc meson ninja-build pkg-config gettext
  libglib2.0-dev libjson-glib-dev libgraphviz-dev graphviz libcairo2-dev
  libgtk-4-dev libadwaita-1-dev libbdd-dev
  xvfb xauth fonts-dejavu-core fonts-cantarell
  desktop-file-utils appstream libxml2-utils poppler-utils groff-base
  locales parallel hyperfine zsh
  yelp yelp-tools itstool
)

install_missing () {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The export tests run again under nl_NL.UTF-8, whose decimal point is a comma.
generate_dutch_locale () {
  locale -a 2>/dev/null | grep -qix 'nl_NL.utf-\?8' && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo sed -i 's/^# *\(nl_NL.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -q '^nl_NL.UTF-8 UTF-8' /etc/locale.gen || echo 'nl_NL.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen
}

build () {
  install_missing
  generate_dutch_locale
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" "$top"
  fi
  meson compile -C "$build"
}

# The window reads its settings schema from the build tree until installed.
export GSETTINGS_SCHEMA_DIR=$build/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}

command=${1:-run}
shift || true
case "$command" in
  run)
    build
    if [ -x "$build/src/gui/kripkeviz" ]; then
      # F1 opens the help's pages from the source tree (installed, Yelp
      # finds them by their id).
      KRIPKEVIZ_HELP_DIR=${KRIPKEVIZ_HELP_DIR:-$top/help/C} exec "$build/src/gui/kripkeviz" "${1:-hexa}"
    else
      exec "$build/src/cli/kripkeviz-cli" run "${1:-hexa}"
    fi
    ;;
  cli)
    build
    exec "$build/src/cli/kripkeviz-cli" "$@"
    ;;
  test)
    build
    meson test -C "$build" --print-errorlogs
    ;;
  bench)
    build
    meson test -C "$build" --benchmark --suite bench --verbose
    ;;
  *)
    sed -n '2,9p' "$0" >&2
    exit 2
    ;;
esac
