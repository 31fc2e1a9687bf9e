#!/usr/bin/env bash
# Installs what flowbot needs on a fresh Debian/Ubuntu machine: the virtual
# screen and window tools (for `flowbot demo` and the GUI tests), then the
# package itself with its test tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"

apt_packages=(xvfb xdotool x11-utils)
# Debian's own Python has tkinter (the practice board) in a package of its own.
if ! python3 -c 'import tkinter' 2>/dev/null \
    && python3 -c 'import sys; sys.exit(sys.base_prefix != "/usr")'; then
    apt_packages+=(python3-tk)
fi
missing=()
for pkg in "${apt_packages[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ((${#missing[@]})); then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

# CI asks for Chromium (FLOWBOT_TEST_BROWSER=1) to load `flowbot check --html`'s page
# in a real browser: about 40 s and 350 MB, which a user need not pay. Without it
# that test is skipped.
if [ "${FLOWBOT_TEST_BROWSER:-}" = 1 ] && ! command -v chromium >/dev/null; then
    { $sudo apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium; } \
        || echo "setup.sh: could not install chromium; the browser test will be skipped" >&2
fi

python3 -c 'import tkinter' 2>/dev/null || {
    echo "setup.sh: this Python has no tkinter (the practice board needs it); install python3-tk" >&2
}
# Debian's own Python refuses pip installs outside a virtualenv (PEP 668).
if ! python3 -c 'import pathlib, sys, sysconfig
managed = pathlib.Path(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED").exists()
sys.exit(managed and sys.prefix == sys.base_prefix)'; then
    echo "setup.sh: $(command -v python3) is the system's Python, which refuses pip installs;" \
        "make a virtualenv first: python3 -m venv .venv && . .venv/bin/activate" >&2
    exit 1
fi
python3 -m pip install -q --disable-pip-version-check -e '.[dev]'
