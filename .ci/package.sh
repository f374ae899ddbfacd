#!/usr/bin/env bash
# The Debian package, built from the tests' optimised binary, installed on this machine, its
# service started and asked for a page, then removed. Run by .ci/run after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${ARBITER_PACKAGE_PROFILE:-test-release}
bin_dir=target/$profile
if [ "$profile" = dev ]; then bin_dir=target/debug; fi
if ! cargo deb --version >/dev/null 2>&1; then
    cargo install --debug cargo-deb --locked --version 3.8.0
fi
cargo deb -p arbiter --profile "$profile" --no-build -o target/debian/
deb=$(ls -t target/debian/arbiter_*.deb | head -n 1)
echo "package: $deb ($(du -h "$deb" | cut -f1))"

# The plain archive: the binary, the README and the licences.
version=$(dpkg-deb -f "$deb" Version)
archive="target/arbiter-$version-$(uname -m)-linux"
rm -rf "$archive" && mkdir -p "$archive"
cp "$bin_dir/arbiter" README.md LICENSE-MIT LICENSE-APACHE "$archive/"
if [ -d target/guide ]; then cp -r target/guide "$archive/guide"; else echo "archive: no target/guide (build it with .ci/guide.py first): the archive has no guide"; fi
tar -czf "$archive.tar.gz" -C target "$(basename "$archive")"
echo "archive: $archive.tar.gz ($(du -h "$archive.tar.gz" | cut -f1))"

fail() { echo "package check: $*" >&2; exit 1; }

if dpkg -s arbiter >/dev/null 2>&1; then dpkg --purge arbiter; fi
if command -v apt-get >/dev/null; then apt-get install -y "./$deb"; else dpkg -i "$deb"; fi

[ -x /usr/bin/arbiter ] || fail "no /usr/bin/arbiter"
unit=/lib/systemd/system/arbiter.service
[ -f "$unit" ] || unit=/usr/lib/systemd/system/arbiter.service
[ -f "$unit" ] || fail "no systemd unit"
getent passwd arbiter >/dev/null || fail "no arbiter user"
[ "$(stat -c %U /var/lib/arbiter)" = arbiter ] || fail "/var/lib/arbiter is not the arbiter user's"
[ -f /etc/default/arbiter ] || fail "no /etc/default/arbiter"
if command -v systemd-analyze >/dev/null; then systemd-analyze verify "$unit" || fail "systemd-analyze refuses the unit"; fi

log=$(mktemp)
if [ -d /run/systemd/system ]; then
    # A machine booted with systemd: the package started the service.
    systemctl restart arbiter
    started=systemd
else
    # No systemd running (a container): start the unit's own command as its own user.
    exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
    user=$(sed -n 's/^User=//p' "$unit")
    # shellcheck disable=SC1091
    . /etc/default/arbiter
    cmd=${exec_start//\$ARBITER_OPTIONS/$ARBITER_OPTIONS}
    runuser -u "$user" -- sh -c "cd /var/lib/arbiter && exec $cmd" >"$log" 2>&1 &
    pid=$!
    started="its ExecStart as user $user (no systemd running here)"
fi

ok=
for _ in $(seq 1 60); do
    if curl -fsS -o /dev/null http://127.0.0.1:8080/login; then ok=1; break; fi
    sleep 0.5
done
if [ -n "${pid:-}" ]; then
    grep -q 'setup?token=' "$log" || { cat "$log"; fail "no setup link printed"; }
    kill -TERM "$pid"; wait "$pid" || true
else
    journalctl -u arbiter --no-pager | grep -q 'setup?token=' || fail "no setup link in the journal"
    systemctl stop arbiter
fi
[ -n "$ok" ] || { cat "$log"; fail "the service did not answer on 127.0.0.1:8080"; }
[ -f /var/lib/arbiter/arbiter.db ] || fail "no database in /var/lib/arbiter"
[ "$(stat -c %U /var/lib/arbiter/arbiter.db)" = arbiter ] || fail "the database is not the arbiter user's"
echo "package check: started by $started, GET /login answered on 127.0.0.1:8080"

dpkg --purge arbiter
[ ! -e /usr/bin/arbiter ] || fail "/usr/bin/arbiter left behind"
[ -f /var/lib/arbiter/arbiter.db ] || fail "the purge deleted the database"
rm -rf /var/lib/arbiter
echo "package check: removed; the database was kept by the purge, as documented"
