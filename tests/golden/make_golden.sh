#!/bin/sh
# Make the golden saves of one game with the code of one checkout:
#   tests/golden/make_golden.sh CHECKOUT GAME PLAYERS SEED PLIES LEVEL
# writes tests/golden/GAME-vN-finished.json (every seat a bot, played to the
# end by `bot --all`) and tests/golden/GAME-vN-in-progress.json (seat 1 a
# person, the others bots, PLIES moves played by `bot`), N being the rules
# version of that checkout. CHECKOUT is a worktree of the commit that made
# version N (`git worktree add DIR COMMIT`); only its CLI is used, so the
# files are what that version of the program wrote. LEVEL: the bots' level.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$1" && pwd); game=$2; players=$3; seed=$4; plies=$5; level=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { (cd "$checkout" && PYTHONPATH="$checkout" python -m tui.cli "$@" >/dev/null); }
bots=""
seat=1
while [ "$seat" -le "$players" ]; do
    bots="$bots --bot $seat=$level"
    seat=$((seat + 1))
done
run new "$game" -o "$tmp/finished.json" -n "$players" --seed "$seed" $bots
run bot --all "$tmp/finished.json"
run new "$game" -o "$tmp/in-progress.json" -n "$players" --seed "$seed" $(echo "$bots" | sed 's/--bot 1=[a-z]* //')
i=0
while [ "$i" -lt "$plies" ]; do
    run bot "$tmp/in-progress.json"
    i=$((i + 1))
done
version=$(python -c "import json,sys; print(json.load(open(sys.argv[1]))['ruleset_version'])" "$tmp/finished.json")
cp "$tmp/finished.json" "$here/$game-v$version-finished.json"
cp "$tmp/in-progress.json" "$here/$game-v$version-in-progress.json"
echo "$here/$game-v$version-finished.json $here/$game-v$version-in-progress.json"
