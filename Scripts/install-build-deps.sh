#!/bin/sh
# Installs what posttim-report builds against, only when it is missing:
# Debian's libicu-dev (the system ICU 72, the date engine), libexpat1-dev
# (the XML plist reader's tokenizer) and pkg-config.
# A fresh Debian container has empty package lists, so `apt-get update`
# runs first, but only when something must be installed: on a prepared
# machine this script costs nothing. Uses sudo when not run as root.
set -e
missing=""
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
pkg-config --exists icu-i18n 2>/dev/null || missing="$missing libicu-dev"
pkg-config --exists expat 2>/dev/null || missing="$missing libexpat1-dev"
[ -z "$missing" ] && exit 0
as_root=""
[ "$(id -u)" -eq 0 ] || as_root=sudo
echo "install-build-deps: installing$missing" >&2
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
# shellcheck disable=SC2086  # the package names are meant to split
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
