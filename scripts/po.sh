#!/usr/bin/env bash
# FloatApp's translations (gettext domain "floatapp", SPEC X5), kept in po/.
# Usage: scripts/po.sh update           rewrite po/floatapp.pot from the sources, merge it into each po/LANG.po
#        scripts/po.sh check            the template has every string the sources pass to tr()/trn() and no
#                                       other; each catalog translates all of them and compiles (msgfmt --check)
#        scripts/po.sh compile DIR      compile each catalog to DIR/LANG/LC_MESSAGES/floatapp.mo
#        scripts/po.sh desktop FILE     write the desktop entry with every catalog's Name[LANG]=... lines
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
po="$root/po"
cd "$root"

# The template as xgettext reads it from the sources: Swift's string literals parse as C's.
extract() {
  local out=$1 log
  log=$(mktemp)
  find Sources -name '*.swift' | LC_ALL=C sort |
    xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 \
      --add-comments=TRANSLATORS: --add-location=file --package-name=FloatApp \
      --msgid-bugs-address= -o "$out" -f - 2>"$log"
  # A Swift multi-line literal confuses the C lexer; that is harmless in a file without tr().
  local file
  while IFS=: read -r file _; do
    if [ -f "$file" ] && grep -q 'tr(\|trn(' "$file"; then
      echo "po.sh: xgettext could not read $file:" >&2
      cat "$log" >&2
      rm -f "$log"
      return 1
    fi
  done < <(grep '^Sources/' "$log" || true)
  rm -f "$log"
  # The desktop entry's Name, GenericName, Comment and Keywords, which menus and launchers show.
  xgettext --language=Desktop --from-code=UTF-8 --add-location=file --join-existing -o "$out" assets/org.floatapp.FloatApp.desktop
}

# The shipped languages: po/LINGUAS, which msgfmt --desktop reads too.
languages() { grep -v '^#' "$po/LINGUAS"; }

case "${1:-}" in
  update)
    extract "$po/floatapp.pot"
    for lang in $(languages); do
      msgmerge --quiet --update --backup=none --no-fuzzy-matching "$po/$lang.po" "$po/floatapp.pot"
    done
    ;;
  check)
    fresh=$(mktemp)
    trap 'rm -f "$fresh"' EXIT
    extract "$fresh"
    msgcmp --use-untranslated "$po/floatapp.pot" "$fresh" ||
      { echo "po.sh: the sources have strings po/floatapp.pot lacks: run scripts/po.sh update" >&2; exit 1; }
    msgcmp --use-untranslated "$fresh" "$po/floatapp.pot" ||
      { echo "po.sh: po/floatapp.pot has strings the sources no longer use: run scripts/po.sh update" >&2; exit 1; }
    for f in "$po"/*.po; do
      languages | grep -qx "$(basename "$f" .po)" || { echo "po.sh: $f is not listed in po/LINGUAS" >&2; exit 1; }
    done
    for lang in $(languages); do
      msgfmt --check --output-file=/dev/null "$po/$lang.po"
      msgcmp "$po/$lang.po" "$po/floatapp.pot" ||
        { echo "po.sh: po/$lang.po does not translate every string of the template" >&2; exit 1; }
    done
    echo "po.sh: the template has every string; $(languages | wc -l) catalogs complete and compile"
    ;;
  compile)
    dir=${2:?usage: scripts/po.sh compile DIR}
    for lang in $(languages); do
      mkdir -p "$dir/$lang/LC_MESSAGES"
      msgfmt --check --output-file="$dir/$lang/LC_MESSAGES/floatapp.mo" "$po/$lang.po"
    done
    ;;
  desktop)
    out=${2:?usage: scripts/po.sh desktop FILE}
    mkdir -p "$(dirname "$out")"
    msgfmt --desktop --template=assets/org.floatapp.FloatApp.desktop -d "$po" -o "$out"
    ;;
  *)
    echo "usage: scripts/po.sh update|check|compile DIR|desktop FILE" >&2
    exit 2
    ;;
esac
