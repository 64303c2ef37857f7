// Reading the board: the elements the other modules look for, and how cards sit in piles.
// The board (#board) is replaced by every answer of the server, so nothing here is kept:
// each function looks again.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
export const board = () => document.getElementById("board");

// A card that may be picked up (a covered draw-3 waste card is shown but not playable).
export const CARD = ".card.up[data-card]:not(.covered)";

export const pileOf = (el) => el && el.closest("[data-pile]");

// The piles a card can go to, as the server sent them with it ("t5 f1").
export const targetsOf = (card) => (card.dataset.targets || "").split(" ").filter(Boolean);

// The face-up cards of a column from the column's card upwards (the stack it carries).
export function stackFrom(card) {
  const pile = pileOf(card);
  if (!pile || !pile.classList.contains("column")) return [card];
  const cards = $$(".card.up", pile);
  return cards.slice(cards.indexOf(card));
}

// Every pile in reading order, each with the elements the keyboard stops at: its face-up
// cards, else its stock button, else the (empty) pile itself.
export function focusables() {
  return $$("[data-pile]", board()).map((pile) => {
    const cards = $$(CARD, pile);
    if (!cards.length && !pile.hasAttribute("tabindex")) pile.tabIndex = -1;
    return { pile, items: cards.length ? cards : [pile.querySelector(".stock-button") || pile] };
  });
}
