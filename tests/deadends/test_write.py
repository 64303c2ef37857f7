"""proofs.write, the one statement every verdict row with a move goes through: whatever a
writer believed was stored when it decided to write (another writer may have come first),
the row in the database only ever improves (proofs.improves): an undecided row takes any
proof, a win a shorter line, and a proven loss or an equal or shorter win stays."""

from __future__ import annotations

import pytest

from solver.deadends.models import PositionVerdict
from solver.deadends.proofs import write
from solver.search.verdict import Verdict

pytestmark = pytest.mark.django_db

KEY = "k" * 64
STORED = [None, (Verdict.UNKNOWN, 0), (Verdict.LOSS, 0), (Verdict.WIN, 5), (Verdict.WIN, 9)]
WRITTEN = [
    (Verdict.LOSS, 0),
    (Verdict.UNKNOWN, 0),
    (Verdict.WIN, 3),
    (Verdict.WIN, 5),
    (Verdict.WIN, 7),
]
# The (stored, written) pairs where the write lands, spelled out: no row or an undecided one
# takes anything; a 9-move win takes any shorter win, a 5-move win only the 3-move one; a
# loss takes nothing, and nothing but a shorter win replaces a win.
LANDS = (
    {(None, w) for w in WRITTEN}
    | {((Verdict.UNKNOWN, 0), w) for w in WRITTEN}
    | {((Verdict.WIN, 5), (Verdict.WIN, 3))}
    | {((Verdict.WIN, 9), (Verdict.WIN, n)) for n in (3, 5, 7)}
)


@pytest.mark.parametrize("stored", STORED)
@pytest.mark.parametrize("written", WRITTEN)
def test_a_row_only_ever_improves(stored, written):
    if stored is not None:
        PositionVerdict.objects.create(key=KEY, verdict=stored[0], length=stored[1], nodes=1)
    verdict, length = written
    write(KEY, verdict, "AS-f" if verdict == Verdict.WIN else "", length, nodes=42)
    row = PositionVerdict.objects.get(key=KEY)
    if (stored, written) in LANDS:
        assert (row.verdict, row.length, row.nodes) == (verdict, length, 42)
    else:
        assert (row.verdict, row.length, row.nodes) == (*stored, 1)
    assert PositionVerdict.objects.count() == 1
