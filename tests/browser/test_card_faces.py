"""The cards as Chromium draws them: on a fanned draw-3 waste each card shows its index (rank
over suit) in the strip the next card leaves, clear of its own pips and figure, for every one
of the 52 faces, at a desktop's width and a phone's; and every card back is one even pattern,
nothing in its middle."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageStat
from playwright.sync_api import expect

from games.engine.cards import DECK

from .conftest import DESKTOP, PHONE
from .test_klondike_table import NUMBER, stock_deal

pytestmark = pytest.mark.browser

# In the page: the sheet's symbols put into the document, and the waste's cards drawn with a
# copy of a face's shapes in place of their <use>, so each shape has a box to measure. Then,
# for every face in turn, on every waste card: the boxes of its index (<b>, <i>), of the
# face's shapes (the turned lower index left out) and the left edge of the card above it.
MEASURE = """async (faces) => {
  const waste = [...document.querySelectorAll('#board [data-pile=waste] .card')];
  const address = waste[0].querySelector('use').getAttribute('href').split('#')[0];
  const sheet = new DOMParser().parseFromString(await (await fetch(address)).text(),
                                                'image/svg+xml').documentElement;
  sheet.setAttribute('style', 'position:absolute;width:0;height:0');
  document.body.append(document.importNode(sheet, true));
  const box = (el) => { const r = el.getBoundingClientRect();
                        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  const found = [];
  for (const [code, rank, suit] of faces) {
    const symbol = document.getElementById(code);
    waste.forEach((card, place) => {
      card.querySelector('b').textContent = rank;
      card.querySelector('i').textContent = suit;
      const face = card.querySelector('svg.face');
      face.setAttribute('viewBox', symbol.getAttribute('viewBox'));
      face.replaceChildren(...[...symbol.children].map((c) => c.cloneNode(true)));
      const shapes = [...face.children].filter((c) => !c.classList.contains('ix'))
        .flatMap((c) => c.tagName === 'g' ? [...c.children] : [c]).map(box)
        .filter((b) => b.right > b.left && b.bottom > b.top);
      const next = waste[place + 1];
      found.push({ code, place, rank: box(card.querySelector('b')),
                   suit: box(card.querySelector('i')), shapes,
                   strip: next ? next.getBoundingClientRect().left : null });
    });
  }
  return found;
}"""


def overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


def test_a_waste_cards_index_is_clear_of_its_pips_and_inside_its_strip(open_tab):
    """At a desktop's width, then a phone's: the one tab resized and reloaded (the measure
    rewrites the waste's cards)."""
    stock_deal(draw=3)
    tab = open_tab(f"/klondike/{NUMBER}/?draw=3", viewport=DESKTOP)
    tab.tap_pile("stock")
    # The three cards come in with the answer, the waste's fan3 class when htmx settles it
    # a moment later: measured in between, they lie on top of each other.
    tab.settle()
    faces = [(card.code, card.label[1:], card.label[:1]) for card in DECK]
    clashes, hidden = [], []
    for name, viewport in {"desktop": DESKTOP, "phone": PHONE}.items():
        if viewport != DESKTOP:
            tab.page.set_viewport_size(viewport)
            tab.page.reload()
        tab.page.wait_for_function(
            "([w, h]) => innerWidth === w && innerHeight === h",
            arg=[viewport["width"], viewport["height"]],
        )
        expect(tab.pile("waste").locator(".card")).to_have_count(3)
        measured = tab.page.evaluate(MEASURE, faces)
        assert len(measured) == 52 * 3, name
        clashes += [
            f"{m['code']} (waste card {m['place'] + 1}, {name}): its {part} on a shape of the face"
            for m in measured
            for part in ("rank", "suit")
            if any(overlap(m[part], shape) for shape in m["shapes"])
        ]
        hidden += [
            f"{m['code']} (waste card {m['place'] + 1}, {name}): its {part} runs under"
            " the next card"
            for m in measured
            if m["strip"] is not None
            for part in ("rank", "suit")
            if m[part]["right"] > m["strip"] + 0.5
        ]
    assert not clashes, clashes[:8]
    assert not hidden, hidden[:8]


def brightness(image: Image.Image, left: int, top: int, size: int) -> float:
    return ImageStat.Stat(image.crop((left, top, left + size, top + size)).convert("L")).mean[0]


def test_a_card_back_is_as_even_in_its_middle_as_near_its_corner(open_tab):
    """A back with a faint disc in its middle reads as a smudge on the card: the middle of a
    back is no brighter or darker than a patch of the same size near its corner. Each back
    in turn on the one page."""
    stock_deal(draw=3)
    tab = open_tab(f"/klondike/{NUMBER}/?draw=3")
    card = tab.pile("stock").locator(".card.down")
    for back in ("blue", "red", "night"):
        tab.page.evaluate(
            "(back) => { document.body.className = document.body.className"
            ".replace(/back-\\w+/, 'back-' + back); }",
            back,
        )
        assert tab.page.evaluate("(back) => document.body.classList.contains('back-' + back)", back)
        image = Image.open(io.BytesIO(card.screenshot(animations="disabled")))
        width, height = image.size
        size = 28  # four periods of the night back's dots, a few of the stripes
        middle = brightness(image, (width - size) // 2, (height - size) // 2, size)
        corner = brightness(image, 8, 8, size)
        assert abs(middle - corner) < 6, f"{back}: middle {middle:.1f}, corner {corner:.1f}"
