#!/usr/bin/env bash
# Installs what flowbot needs on a fresh Debian/Ubuntu machine: the virtual
# screen and window tools (for `flowbot demo` and the GUI tests), then the
# package itself with its test tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"

apt_packages=(xvfb xdotool x11-utils)
missing=()
for pkg in "${apt_packages[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

python3 -c 'import tkinter' 2>/dev/null || {
    echo "setup.sh: this Python has no tkinter (the practice board needs it); install python3-tk" >&2
}
python3 -m pip install -q --disable-pip-version-check -e '.[dev]'
