// The stack in the player's hand: picked up by a tap, a drag or Enter, shown lifted with
// its targets glowing (the piles the server sent with the card, data-targets), grown or
// shrunk by the selection bar's plus and minus, put down again. Nothing here moves a card:
// actions.js sends the move.
import { $, $$, board, CARD, pileOf, stackFrom, targetsOf } from "./board.js";
import { say } from "./announce.js";

let held = null; // the face-up card element at the bottom of the lifted stack

export const picked = () => held;

const placeName = (pile) =>
  pile.startsWith("t") ? `column ${pile.slice(1)}` : `foundation ${pile.slice(1)}`;

const carrying = (more) => (more ? ` and ${more} card${more > 1 ? "s" : ""} on it` : "");

// "Picked up 9 of spades and 4 cards on it. It can go to column 5."
function wordsFor(card) {
  const targets = targetsOf(card);
  const homes = targets.filter((t) => t.startsWith("f"));
  const places = targets.filter((t) => t.startsWith("t")).map(placeName);
  if (homes.length > 1) places.push("a foundation");
  else if (homes.length) places.push(placeName(homes[0]));
  const where = places.length
    ? `It can go to ${places.length > 1 ? `${places.slice(0, -1).join(", ")} or ${places.at(-1)}` : places[0]}.`
    : "Nothing takes it right now.";
  const more = stackFrom(card).length - 1;
  return `Picked up ${card.getAttribute("aria-label")}${carrying(more)}. ${where}`;
}

// `quietly`: the same stack taken up again on a new board (pickAgain), not said twice.
export function pick(card, quietly = false) {
  clearSelection();
  $$("#board .messages .alert").forEach((a) => a.remove()); // an old refusal, now moot
  held = card;
  stackFrom(card).forEach((c) => c.classList.add("lifted"));
  card.setAttribute("aria-describedby", "picked-note");
  targetsOf(card).forEach((name) => {
    const pile = $(`[data-pile="${name}"]`, board());
    if (!pile) return;
    pile.classList.add("lit");
    // What a keyboard player lands on in that pile hears that the stack can go there.
    const top = $$(CARD, pile).at(-1) || pile;
    top.setAttribute("aria-describedby", "target-note");
  });
  showBar();
  if (!quietly) say(wordsFor(card));
}

// The stack picked up while an answer was on its way stays in hand on the new board: the
// same card, by its code, if it can still be picked up there (else it is put down).
export function pickAgain(code) {
  clearSelection();
  const card = code && board() && $(`${CARD}[data-card="${code}"]`, board());
  if (card && !$("dialog.result", board())) pick(card, true);
}

export function clearSelection(spoken = false) {
  if (spoken && held) say("Put down.");
  held = null;
  $$("#board [aria-describedby=picked-note], #board [aria-describedby=target-note]").forEach(
    (el) => el.removeAttribute("aria-describedby"),
  );
  $$(".lifted").forEach((c) => c.classList.remove("lifted"));
  $$(".pile.lit").forEach((p) => p.classList.remove("lit"));
  const bar = $("#selection-bar");
  if (bar) bar.hidden = true;
}

// The bar under the table: what is in the hand, with one card more (+) or less (−).
function showBar() {
  const bar = $("#selection-bar");
  if (!bar || !held) return;
  const more = stackFrom(held).length - 1;
  $(".selection-text", bar).textContent = held.getAttribute("aria-label") + carrying(more);
  const pile = pileOf(held);
  const column = pile.classList.contains("column") ? $$(".card.up", pile) : [held];
  const index = column.indexOf(held);
  $(".more", bar).disabled = index <= 0;
  $(".less", bar).disabled = index >= column.length - 1;
  bar.hidden = false;
}

// One card more (step 1: the card under the stack joins it) or less (step -1).
export function shift(step) {
  if (!held) return;
  const column = $$(".card.up", pileOf(held));
  const next = column[column.indexOf(held) - step];
  if (next) pick(next);
}
