#!/usr/bin/env bash
# CI: the Debian package, as a Debian user meets it. Builds it with
# dpkg-buildpackage (its own SwiftPM folder, debian/swiftpm-build: .build is
# not touched), checks it with lintian (no error, no warning but the ones
# debian/ explains), copies the built binary with `make install` and a PATH
# without Swift (as `sudo make install` would), installs the .deb with apt,
# runs the installed program in an empty environment, finds its man page and
# completions where man, bash, zsh and fish look, and removes it.
# Needs root (apt-get), dpkg-dev, debhelper, lintian, man-db, zsh, fish.
# The packages land in .artifacts/deb/ (git-ignored; kept as CI artifacts).
#   .ci/debian-package.sh build   dpkg-buildpackage and lintian only: it shares
#                                 no file with `swift test`, so .ci/run runs it
#                                 beside the tests
#   .ci/debian-package.sh check   the rest, on the package `build` made
#   .ci/debian-package.sh         both
set -euo pipefail
phase=${1:-all}
cd "$(dirname "$0")/.."
fail() { echo "ci debian: $*" >&2; exit 1; }

version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg --print-architecture)
deb=.artifacts/deb/posttim-report_${version}_${arch}.deb

build_package() {
  echo "ci debian: dpkg-buildpackage -b -us -uc"
  log=$(mktemp)
  if ! dpkg-buildpackage -b -us -uc >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    fail "dpkg-buildpackage failed"
  fi
  rm -f "$log"
  mkdir -p .artifacts/deb
  mv ../posttim-report_"${version}"_"${arch}".{deb,buildinfo,changes} ../posttim-report-dbgsym_"${version}"_"${arch}".deb .artifacts/deb/

  echo "ci debian: lintian"
  lintian --fail-on error,warning .artifacts/deb/posttim-report_"${version}"_"${arch}".changes
}

check_package() {
  [[ -s $deb ]] || fail "no $deb: run '.ci/debian-package.sh build' first"
  # make install only copies: no Swift on PATH, and a clear error with no binary.
  echo "ci debian: make install with no swift on PATH"
  stage=$(mktemp -d)
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin make -s install BUILD_DIR=debian/swiftpm-build DESTDIR="$stage" PREFIX=/usr/local
  [[ -x $stage/usr/local/bin/posttim-report && -s $stage/usr/local/share/man/man1/posttim-report.1 ]] ||
    fail "make install did not install the binary and the man page"
  if message=$(env -i PATH=/usr/bin:/bin make -s install BUILD_DIR="$stage/none" DESTDIR="$stage" 2>&1); then
    fail "make install without a built binary succeeded"
  fi
  grep -q "no $stage/none/release/posttim-report: run 'make build' first" <<<"$message" || fail "make install without a binary said: $message"
  rm -rf "$stage"
  debian/rules clean >/dev/null

  echo "ci debian: apt-get install ./$deb"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >/dev/null
  [[ $(dpkg-query -W -f '${Version}' posttim-report) == "$version" ]] || fail "posttim-report $version not installed"

  examples=/usr/share/doc/posttim-report/examples
  agenda=$(env -i /usr/bin/posttim-report $examples/listeDesTaches.plist --locale fr_CA \
    --time-zone America/Toronto --now 2026-11-30T14:00:00Z)
  grep -q '^## Aujourd’hui — lundi 30 novembre 2026$' <<<"$agenda" ||
    fail "the installed binary, in an empty environment, did not print the agenda: $agenda"
  for example in crontab cron.conf systemd/posttim-report.service systemd/posttim-report.timer; do
    [[ -s $examples/$example ]] || fail "no $examples/$example"
  done
  grep -q ' /usr/bin/posttim-report ' $examples/crontab || fail "the packaged crontab does not name /usr/bin/posttim-report"

  [[ $(man -w posttim-report) == /usr/share/man/man1/posttim-report.1.gz ]] || fail "man -w posttim-report: $(man -w posttim-report)"
  man posttim-report | grep -q 'posttim-report' || fail "man posttim-report shows nothing"
  # Each shell, from the place it loads completions from by itself.
  bash_completion=/usr/share/bash-completion/completions/posttim-report
  words=$(bash -c "source $bash_completion
    COMP_WORDS=(posttim-report --form); COMP_CWORD=1
    \$(complete -p posttim-report | sed 's/.*-F \([^ ]*\) .*/\1/') posttim-report --form posttim-report
    echo \"\${COMPREPLY[*]}\"")
  [[ $words == --format ]] || fail "bash completion of --form: '$words'"
  zsh -fc 'print -l $fpath' | grep -qx /usr/share/zsh/vendor-completions || fail "zsh does not search /usr/share/zsh/vendor-completions"
  [[ -s /usr/share/zsh/vendor-completions/_posttim-report ]] || fail "no zsh completion"
  fish_words=$(fish -c 'complete -C "posttim-report --loc"' 2>&1 | cut -f1)
  [[ $fish_words == --locale ]] || fail "fish completion of --loc: '$fish_words'"

  echo "ci debian: apt-get remove -y posttim-report"
  DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq posttim-report >/dev/null
  [[ ! -e /usr/bin/posttim-report && ! -e $bash_completion ]] || fail "files left after apt-get remove"
  echo "ci debian: $deb built, lintian clean, installed, run, removed"
}

case "$phase" in
  build) build_package ;;
  check) check_package ;;
  all) build_package; check_package ;;
  *) fail "usage: .ci/debian-package.sh [build|check]" ;;
esac
