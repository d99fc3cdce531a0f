#!/usr/bin/env bash
# Builds the Debian package floatapp_VERSION_ARCH.deb in the source tree's root: a stripped
# release binary with the Swift runtime linked in, everything scripts/install.sh installs
# under /usr, the docs Debian asks for, and Depends computed by dpkg-shlibdeps
# (packaging/README).
# Usage: scripts/deb.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
work=$root/.build/deb
stage=$work/src/debian/floatapp

echo "deb: release build with the Swift runtime linked in"
binary=$(SWIFT=$swift scripts/release-build.sh)

# The version is the one `floatapp --version` prints; the changelog's latest entry adds the
# Debian revision and must be for that version.
version=$("$binary" --version | awk '{print $2}')
deb_version=$(dpkg-parsechangelog -l packaging/changelog -S Version)
if [ "${deb_version%-*}" != "$version" ]; then
  echo "deb: floatapp --version prints $version, but the latest entry of packaging/changelog is" \
    "$deb_version: add an entry for $version-1" >&2
  exit 1
fi

rm -rf "$work"
mkdir -p "$stage/DEBIAN"
scripts/install.sh "$stage/usr" "$binary" >/dev/null
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/floatapp"

doc=$stage/usr/share/doc/floatapp
install -Dm644 packaging/copyright "$doc/copyright"
gzip -9n --stdout packaging/changelog >"$doc/changelog.Debian.gz"
chmod 644 "$doc/changelog.Debian.gz"
# The user guide, with the installed paths of the rooms files and without the screenshots,
# which the package does not carry.
sed -e 's|`assets/rooms\([-a-z]*\)\.json`|`/usr/share/floatapp/rooms\1.json`|g' -e '/^!\[/d' \
  docs/user-guide.md >"$doc/user-guide.md"
chmod 644 "$doc/user-guide.md"

# FloatApp opens libavdevice itself (dlopen) when a room first uses a device source, so
# dpkg-shlibdeps cannot see it: the dependency is the one the library's own package declares
# in its shlibs file for the soname the binary asks for.
major=$(awk '$2 == "LIBAVDEVICE_VERSION_MAJOR" { print $3; exit }' \
  "$(pkg-config --variable=includedir libavdevice)/libavdevice/version_major.h")
[ -n "$major" ] || { echo "deb: no LIBAVDEVICE_VERSION_MAJOR in libavdevice's headers" >&2; exit 1; }
soname=libavdevice.so.$major
# awk reads to the end: leaving early would stop ldconfig with SIGPIPE, which pipefail makes fatal.
library=$(ldconfig -p | awk -v s="$soname" '$1 == s && !found { print $NF; found = 1 }')
owner=$(dpkg-query -S "$(realpath "$library")" | cut -d: -f1)
devices=$(dpkg-query --control-show "$owner" shlibs |
  awk -v m="${soname##*.}" '$1 == "libavdevice" && $2 == m && !found { $1 = $2 = ""; sub(/^ +/, ""); print; found = 1 }')
[ -n "$devices" ] || { echo "deb: no shlibs line for $soname in $owner" >&2; exit 1; }

# dpkg-shlibdeps and dpkg-gencontrol read a source package's debian/ folder.
cp packaging/control packaging/changelog "$work/src/debian/"
(
  cd "$work/src"
  dpkg-shlibdeps -edebian/floatapp/usr/bin/floatapp
  dpkg-gencontrol -pfloatapp -Pdebian/floatapp "-Vfloatapp:Devices=$devices"
)
find "$stage" -type d -exec chmod 755 {} +
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

package=floatapp_${deb_version}_$(dpkg --print-architecture).deb
rm -f floatapp_*.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "deb: built $package: $(du -k "$package" | cut -f1) KiB, installed size" \
  "$(sed -n 's/^Installed-Size: //p' "$stage/DEBIAN/control") KiB"
