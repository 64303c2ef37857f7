// Dragging: a press on a card that moves 8 px picks its stack up and carries a copy of it
// (the ghost) under the pointer; letting go over another pile moves the stack there, anywhere
// else puts it down. The ghost is placed through its style properties (CSSOM, which the CSP
// allows), never through a style attribute.
import { $, $$, board, CARD, pileOf, stackFrom } from "./board.js";
import { clearSelection, pick, picked } from "./selection.js";
import { moveTo } from "./actions.js";

let drag = null;
let justDropped = false; // the click the browser sends after the drop is not a tap

function lift() {
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
  stack.forEach((c) => c.classList.add("dragging-source"));
  drag.ghost = ghost;
}

function endDrag() {
  if (drag && drag.ghost) drag.ghost.remove();
  $$(".dragging-source").forEach((c) => c.classList.remove("dragging-source"));
  drag = null;
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
    lift();
  }
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
});

document.addEventListener("pointerup", (event) => {
  if (!drag) return;
  const dragged = Boolean(drag.ghost);
  endDrag();
  if (!dragged) return; // a press without a move: the click that follows is a tap
  justDropped = true;
  setTimeout(() => (justDropped = false), 0);
  const pile = pileOf(document.elementFromPoint(event.clientX, event.clientY));
  if (pile && picked() && pile !== pileOf(picked())) moveTo(pile);
  else clearSelection();
});

document.addEventListener("pointercancel", endDrag);

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
