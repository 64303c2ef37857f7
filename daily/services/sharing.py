"""What a player shares: a line of text and a link whose page previews the score (Open Graph
tags: the result image, play.preview). The link carries the score signed by the site, so
nobody can make it claim a score that no game made; it names no game row."""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.http import HttpRequest
from django.urls import reverse

from games.engine.modes import Mode
from games.models import Game, Variant

SALT = "daily.challenge"


@dataclass(frozen=True)
class Challenge:
    variant: str
    number: int
    draw: int | None
    scoring: str
    moves: int
    par: int | None
    seconds: int | None = None  # the game's time; links made before it was carried have none
    grade: str = ""  # the deal's grade when the game was won (games.models.Grade), or ""

    @property
    def deal_name(self) -> str:
        mode = f" (draw {self.draw})" if self.draw else ""
        return f"{self.variant.title()} #{self.number}{mode}"

    @property
    def text(self) -> str:
        par = f", par {self.par}" if self.par else ""
        return f"{self.deal_name} in {self.moves} moves{par}: can you beat it?"

    @property
    def query(self) -> str:
        return Mode(self.variant, self.draw, self.scoring).query


def challenge_for(
    game: Game, par: int | None, seconds: int | None = None, grade: str = ""
) -> Challenge:
    return Challenge(
        game.variant, game.number, game.draw, game.scoring, game.moves or 0, par, seconds, grade
    )


def token(challenge: Challenge) -> str:
    fields = [challenge.variant, challenge.number, challenge.draw, challenge.scoring,
              challenge.moves, challenge.par, challenge.seconds, challenge.grade]  # fmt: skip
    return signing.dumps(fields, salt=SALT, compress=True)


def from_token(text: str) -> Challenge | None:
    """The challenge a link carries, or None if the link was not made by this site."""
    try:
        fields = signing.loads(text, salt=SALT)
        # Six fields in the links made before the time and the grade were carried.
        return Challenge(*fields) if len(fields) in (6, 8) else None
    except (signing.BadSignature, ValueError, TypeError):
        return None


def link_preview(
    request: HttpRequest,
    title: str,
    description: str,
    variant: str = "",
    number: int = 0,
    path: str = "",
    result: str = "",
) -> dict[str, str]:
    """What a link preview shows of a page (templates/daily/og.html): its title, description
    and address (`path`, else the request's), and for a deal its image, the deal as dealt
    (play.preview), or with `result` (a challenge's token) the result's image instead."""
    tags = {"title": title, "description": description}
    tags["url"] = request.build_absolute_uri(path or request.path)
    if result:
        tags["image"] = request.build_absolute_uri(reverse("result_preview", args=[result]))
        tags["image_alt"] = f"{title}: the result, in moves and time beside par"
    elif variant and number:
        image = reverse("preview", args=[variant, number])
        tags["image"] = request.build_absolute_uri(image)
        tags["image_alt"] = f"{Variant(variant).label} #{number} as it is dealt: its face-up cards"
    return tags
