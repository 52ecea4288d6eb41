#!/usr/bin/env bash
# Redraw the README's pictures from the snapshot tests' SVGs (the screens
# as the tests see them): run the snapshot tests first (with
# --snapshot-update where a screen changed), then this. Needs rsvg-convert
# (Debian's librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../.."
snap=tests/tui/__snapshots__
pic() {  # pic NAME SVG
    # xml:space="preserve": rsvg-convert otherwise drops the spaces that open a
    # run of text, and a table's columns run together ('Bot 23' for Bot 2, 3 ★)
    sed 's/<svg /<svg xml:space="preserve" /' "$2" | rsvg-convert --zoom 1 -o "docs/pictures/$1.png"
    echo "docs/pictures/$1.png"
}
for size in 80x24 120x40; do
    suffix=$([ "$size" = 80x24 ] && echo "" || echo "-$size")
    pic "grid-square$suffix" "tests/tui/grid_square/__snapshots__/test_gs_pictures/test_grid_square_screen[place-$size].svg"
    pic "squire$suffix" "tests/tui/squire/__snapshots__/test_squire_pictures/test_british_isles[main-keys0-$size].svg"
    pic "square-masons$suffix" "tests/tui/square_masons/__snapshots__/test_masons_pictures/test_masons_screen[draft-$size].svg"
    pic "square-and-compass$suffix" "tests/tui/square_and_compass/__snapshots__/test_sc_view/TestPictures.test_market[$size].svg"
done
pic architects "tests/tui/architects/__snapshots__/test_arch_view/test_snapshot_turn[size0].svg"
pic architects-120x40 "tests/tui/architects/__snapshots__/test_arch_view/test_snapshot_turn[size1].svg"
pic review docs/pictures/review.svg
