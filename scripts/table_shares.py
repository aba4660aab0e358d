#!/usr/bin/env python3
"""The shares of won, drawn and lost positions by number of pieces, from `fetaix tablebase stats`.

    fetaix tablebase stats [RULES] | python3 scripts/table_shares.py

Reads the stats' lines ("1m0k-0m1k W to move: 480 positions, won 10.2% drawn 30.6% lost 59.2%; longest
win 1 ...") and prints, for each number of pieces, the positions and the shares won, drawn and lost for
the side to move, and the longest win with its position. Only one material of each mirrored pair is
stored (docs/endgames.md); its mirror has the same shares, so a material that is not its own mirror
counts twice. The stats give each share to 0.1%, so the sums are good to about 0.05%.
"""

import re
import sys

LINE = re.compile(
    r"^(\d)m(\d)k-(\d)m(\d)k ([WB]) to move: (\d+) positions, won ([\d.]+)% drawn ([\d.]+)% lost ([\d.]+)%;"
    r" longest win (\d+)(?: ([^\s;]+))?")


def main() -> int:
    totals: dict[int, list[float]] = {}
    longest: dict[int, tuple[int, str]] = {}
    for line in sys.stdin:
        m = LINE.match(line)
        if not m:
            continue
        wm, wk, bm, bk = (int(m.group(i)) for i in range(1, 5))
        pieces = wm + wk + bm + bk
        weight = 1 if (wm, wk) == (bm, bk) else 2
        n = int(m.group(6)) * weight
        won, drawn, lost = (float(m.group(i)) for i in (7, 8, 9))
        t = totals.setdefault(pieces, [0.0, 0.0, 0.0, 0.0])
        t[0] += n
        t[1] += n * won / 100
        t[2] += n * drawn / 100
        t[3] += n * lost / 100
        win = int(m.group(10))
        if win > longest.get(pieces, (-1, ""))[0]:
            longest[pieces] = (win, m.group(11) or "")
    if not totals:
        print("table_shares: no stats lines on the input (run fetaix tablebase stats first)", file=sys.stderr)
        return 1
    print("| pieces | positions | won | drawn | lost | longest win (plies) |")
    print("| ---: | ---: | ---: | ---: | ---: | --- |")
    for pieces in sorted(totals):
        n, won, drawn, lost = totals[pieces]
        plies, where = longest[pieces]
        print(f"| {pieces} | {int(n):,} | {100 * won / n:.1f}% | {100 * drawn / n:.1f}% | {100 * lost / n:.1f}% |"
              f" {plies} (`{where}`) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
