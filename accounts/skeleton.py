"""Usernames compared by how they look: the skeleton of a name, in the manner of Unicode
TR39, is the same for two names a reader cannot tell apart, so a look-alike of a taken name
("АDMIN" with a Cyrillic А beside "Admin") is refused at sign-up.

skeleton = the confusables map applied to the casefolded NFKC form. NFKC folds compatibility
forms (fullwidth `Ａ`, ligatures, styled letters) into plain ones; casefolding makes case
irrelevant, as it already is for taken names; the map sends each Cyrillic and Greek letter
that looks like a Latin one, in either case, to that Latin letter (Cyrillic `н` to `h`,
since `Н` looks like `H`), and a few Latin look-alikes (dotless ı) to the plain letter.
Digits and punctuation are left alone: `bob1` and `bobl` stay two names.
"""

from __future__ import annotations

import hashlib
import unicodedata

# Casefolded letters on the left; the Latin letter they (or their capitals) look like.
LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "ԁ": "d", "е": "e", "ё": "ë", "һ": "h", "н": "h", "і": "i", "ї": "ï",
    "ј": "j", "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t",
    "у": "y", "ү": "y", "х": "x", "ԝ": "w", "с": "c", "ѵ": "v", "ԍ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin look-alikes of plain letters
    "ı": "i", "ɩ": "i", "ȷ": "j", "ɡ": "g", "ʏ": "y",
}  # fmt: skip
_TABLE = str.maketrans(LOOK_ALIKES)


def skeleton(name: str) -> str:
    """The name as it looks: equal for names that cannot be told apart by eye."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFC", folded.translate(_TABLE))


def skeleton_key(name: str) -> str:
    """The skeleton's digest, what the database keeps (a fixed size, whatever NFKC makes)."""
    return hashlib.sha256(skeleton(name).encode()).hexdigest()
