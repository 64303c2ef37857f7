// Dragging: a press on a card that moves 8 px picks its stack up and carries it (a copy, the
// ghost, while the place it came from stays empty) under the pointer; letting go over another
// pile moves the stack there, anywhere else puts it back (it flies back to its place). The
// ghost stays where it was let go until the server's board comes: the cards glide from there
// to where they land, or back home if the move was refused (motion.js). It is placed through
// its style properties (CSSOM, which the CSP allows), never through a style attribute.
import { $, $$, board, CARD, pileOf, stackFrom } from "./board.js";
import { clearSelection, pick, picked } from "./selection.js";
import { moveTo } from "./actions.js";
import { land, still } from "./motion.js";

let drag = null;
let justDropped = false; // the click the browser sends after the drop is not a tap

// The card in hand, on the board as it is now: a board that came during the drag holds
// the same card under its code (the stack the player took is the one they saw).
const live = (card) =>
  card.isConnected ? card : $(`#board ${CARD}[data-card="${card.dataset.card}"]`);

function lift() {
  drag.card = live(drag.card);
  if (!drag.card) return false;
  pick(drag.card);
  const stack = stackFrom(drag.card);
  const rect = drag.card.getBoundingClientRect();
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  stack.forEach((c) => ghost.appendChild(c.cloneNode(true)));
  ghost.style.setProperty("--card-w", `${rect.width}px`);
  ghost.style.left = `${rect.left}px`;
  ghost.style.top = `${rect.top}px`;
  document.body.appendChild(ghost);
  document.body.classList.add("dragging");
  stack.forEach((c) => c.classList.add("dragging-source"));
  drag.ghost = ghost;
  return true;
}

// The ghost gone and the place it came from shown again.
function dropGhost() {
  $$(".drag-ghost").forEach((g) => g.remove());
  $$(".dragging-source").forEach((c) => c.classList.remove("dragging-source"));
  document.body.classList.remove("dragging");
}

function endDrag() {
  if (drag && drag.ghost) dropGhost();
  drag = null;
}

// Let go where nothing takes the stack: it flies back to its place, then is put down.
function snapBack(ghost) {
  if (still()) return dropGhost();
  const flight = ghost.animate([{ transform: ghost.style.transform }, { transform: "none" }], {
    duration: 180,
    easing: "ease-out",
    fill: "forwards",
  });
  flight.onfinish = flight.oncancel = dropGhost;
}

document.addEventListener("pointerdown", (event) => {
  const card = event.target.closest(`#board ${CARD}`);
  if (!card || event.button !== 0 || $(".result", board())) return;
  drag = { card, x: event.clientX, y: event.clientY, ghost: null };
});

document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < 8) return;
    if (!lift()) {
      drag = null; // the card is gone from the table: nothing to carry
      return;
    }
  }
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
});

document.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const { ghost } = drag;
  drag = null;
  if (!ghost) return; // a press without a move: the click that follows is a tap
  justDropped = true;
  setTimeout(() => (justDropped = false), 0);
  land(); // the cards of a board that came meanwhile stop gliding over the pile let go on
  const pile = pileOf(document.elementFromPoint(event.clientX, event.clientY));
  const sent = pile && picked() && pile !== pileOf(picked()) && moveTo(pile);
  if (!sent) {
    clearSelection();
    snapBack(ghost);
  }
});

document.addEventListener("pointercancel", endDrag);
// The server's answer is on the table (the cards glide from the ghost), or none came. A
// stack still being carried stays in hand: its place on the new board stays empty.
["htmx:afterSwap", "htmx:responseError", "htmx:sendError"].forEach((type) =>
  document.addEventListener(type, () => {
    if (!drag) return dropGhost();
    const card = drag.ghost && live(drag.card);
    if (card) stackFrom(card).forEach((c) => c.classList.add("dragging-source"));
  }),
);

document.addEventListener(
  "click",
  (event) => {
    if (!justDropped) return;
    event.preventDefault(); // a card is a link: the drop must not follow it
    event.stopPropagation();
  },
  true,
);

// A card is a link, and a link would start the browser's own drag (which cancels ours).
document.addEventListener("dragstart", (event) => {
  if (event.target.closest && event.target.closest("#board")) event.preventDefault();
});
