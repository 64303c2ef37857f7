"""Usernames compared by how they look: the skeleton of a name, after Unicode TR39, is the same
for two names a reader cannot tell apart, so a look-alike of a taken name is refused at
sign-up: "АDMIN" with a Cyrillic А beside "Admin", "aIice" (a capital I) or "ɑlice" (Latin
alpha) beside "alice".

The confusable characters come from Unicode's own list (confusables.txt, as the maintained
`confusable-homoglyphs` package ships it). That list pairs each character with the one it looks
like; here every character is sent to one member of its group of look-alikes (a plain ASCII
letter where the group has one), so look-alikes of look-alikes meet too. Pairs that stand for
more than one character ("rn" for "m") are left out: a name is compared letter by letter.

Case is irrelevant for taken names, yet a capital I looks like a small l only as typed. So a
name has two looks, and a new name is refused when either meets the same look of another:
- as typed: NFKC (fullwidth and styled letters made plain), then each character to its
  group's: "aIice" is "alice";
- in capitals: NFKC, upper-cased, then each character to its group's: "АDMIN" (Cyrillic А)
  and "Admin" are both "ADMlN". Capitals, not small letters, because the Cyrillic and Greek
  capitals are the ones that look Latin (small м is not an m).
Digits take part like letters: "0" looks like "O", and "1" like "l".
"""

from __future__ import annotations

import hashlib
import unicodedata

from confusable_homoglyphs.confusables import confusables_data

# Bidirectional marks the list writes around right-to-left characters; not part of the look.
_MARKS = str.maketrans("", "", "\u200e\u200f")


def _groups() -> dict[int, str]:
    """Each confusable character's code point and the one character its group is written as."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while (up := parent.get(char, char)) != char:
            parent[char] = parent.get(up, up)
            char = up
        return char

    for char, look_alikes in confusables_data.items():
        for entry in look_alikes:
            other = entry["c"].translate(_MARKS)
            if len(char) == 1 and len(other) == 1:
                parent[root(char)] = root(other)
    members: dict[str, list[str]] = {}
    for char in parent:
        members.setdefault(root(char), []).append(char)
    table = {}
    for group in members.values():
        name = min(group, key=lambda c: (not c.isascii(), not c.islower(), c))
        table.update({ord(char): name for char in group if char != name})
    return table


_TABLE = _groups()


def skeleton(name: str) -> str:
    """The name as it looks as typed: "aIice" (a capital I) is "alice"."""
    return _look(unicodedata.normalize("NFKC", name))


def capitals_skeleton(name: str) -> str:
    """The name as it looks in capitals: equal for names that differ only by case and by
    characters that cannot be told apart by eye."""
    return _look(unicodedata.normalize("NFKC", name).upper())


def _look(text: str) -> str:
    return unicodedata.normalize("NFC", text.translate(_TABLE))


def skeleton_key(name: str) -> str:
    """The look in capitals as the database keeps it: a digest, a fixed size whatever NFKC
    makes of the name."""
    return _digest(capitals_skeleton(name))


def typed_key(name: str) -> str:
    """The look as typed, as the database keeps it."""
    return _digest(skeleton(name))


def _digest(look: str) -> str:
    return hashlib.sha256(look.encode()).hexdigest()
