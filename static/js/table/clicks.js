// Taps and clicks, by what was tapped: the nearest of the elements below that holds the
// tap decides (a card before the pile it lies in, the stock's button before the stock).
// Anything else (the tool buttons, the menu, the result card's links) does what it does by
// itself: a form's submit goes through actions.js, a link is followed.
import { $, CARD, pileOf, targetsOf } from "./board.js";
import { clearSelection, pick, picked, shift } from "./selection.js";
import { move, moveTo } from "./actions.js";
import { closeMenu } from "./menu.js";
import { dismiss } from "./dialogs.js";

let lastTap = { card: null, at: 0 };

// What a press began on. A tap acts on what the player pressed, as they saw it: a card
// gliding under the finger has landed by the time the finger lifts (a press ends every
// glide, motion.js), and a board that came meanwhile holds the same card under its code.
let pressed = null;
document.addEventListener("pointerdown", (event) => (pressed = event.target), true);

function origin(event) {
  const down = pressed;
  pressed = null;
  if (!down || event.detail === 0) return event.target; // a click made with a key
  if (down.isConnected) return down;
  const code = down.closest?.("[data-card]")?.dataset.card;
  return (code && $(`#board [data-card="${code}"]`)) || event.target;
}

// The second of two quick taps on one card, the first of which picked it up, sends it to a
// foundation that takes it. (Not any two taps on one code: tap ♣3, tap a column, tap ♣3
// again is a move and a pick-up.)
function doubleTapped(card) {
  const now = Date.now();
  const twice = picked() === card && lastTap.card === card && now - lastTap.at < 350;
  lastTap = { card, at: now };
  if (!twice) return false;
  lastTap = { card: null, at: 0 };
  const home = targetsOf(card).find((t) => t.startsWith("f"));
  if (!home || pileOf(card).classList.contains("foundation")) return false;
  move(`${card.dataset.card}-f`);
  return true;
}

function tapCard(event, card) {
  event.preventDefault(); // a card is a link (?select=…) for the page without JavaScript
  if (doubleTapped(card)) return;
  if (card === picked()) return clearSelection(true);
  if (picked() && pileOf(card) !== pileOf(picked())) return moveTo(pileOf(card));
  pick(card);
}

function tapPile(event, pile) {
  event.preventDefault(); // its drop button (the page without JavaScript) is not pressed
  if (picked() && pile !== pileOf(picked())) moveTo(pile);
}

function turnStock(event, button) {
  event.preventDefault();
  move(button.value);
}

function confirmLink(event, link) {
  if (!window.confirm(link.dataset.confirm)) event.preventDefault();
}

const ON_TAP = {
  "#selection-bar .more": () => shift(1),
  "#selection-bar .less": () => shift(-1),
  "#selection-bar .cancel": () => clearSelection(true),
  "#board a[data-confirm]": confirmLink,
  "#board dialog [data-dismiss]": dismiss,
  "#board .stock-button": turnStock,
  [`#board ${CARD}`]: tapCard,
  "#board [data-pile]": tapPile,
};
const SELECTORS = Object.keys(ON_TAP);
const ANY = SELECTORS.join(", ");

document.addEventListener("click", (event) => {
  if (!event.target.closest("details.menu")) closeMenu();
  const tapped = origin(event).closest(ANY);
  if (!tapped) return;
  const selector = SELECTORS.find((s) => tapped.matches(s));
  ON_TAP[selector](event, tapped);
});
