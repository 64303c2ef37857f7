// The keyboard: Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z and Ctrl+Y redo, from anywhere on the page;
// u (undo) and h (hint) only while the focus is on the table (WCAG 2.1.4: a nav link's "u"
// is nobody's undo); the arrows walk the piles and their cards; Enter or Space picks up and
// puts down; Escape puts down, or closes the menu.
import { $, board, CARD, focusables, pileOf } from "./board.js";
import { clearSelection, pick, picked } from "./selection.js";
import { act, move, moveTo } from "./actions.js";
import { closeMenu, openMenu } from "./menu.js";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// Left and right: the top card of the pile before or after (round the ends); up and down:
// the card under or over in the same pile. From outside the table: column one's top card.
function moveFocus(dx, dy) {
  const piles = focusables();
  const active = document.activeElement;
  let p = piles.findIndex(({ pile }) => pile.contains(active));
  if (p < 0) return piles[piles.length - 7]?.items.at(-1).focus();
  if (dx) {
    p = (p + dx + piles.length) % piles.length;
    return piles[p].items.at(-1).focus();
  }
  const items = piles[p].items;
  const i = Math.max(0, Math.min(items.length - 1, items.indexOf(active) + dy));
  items[i].focus();
}

// From anywhere in the menu (its checkbox too): close it, back to its button.
function escapeMenu() {
  const menu = openMenu();
  const inside = menu.contains(document.activeElement);
  closeMenu();
  if (inside) $("summary", menu).focus();
}

// Enter or Space on the table: the stock turns, a pile takes the stack in hand, a card is
// picked up (or put down again).
function press(event, el) {
  const pile = pileOf(el);
  if (!pile || el.closest(".tools, .status, .result, .menu")) return;
  event.preventDefault();
  if (el.classList.contains("stock-button")) return move(el.value);
  if (picked() && pile !== pileOf(picked())) return moveTo(pile);
  if (el.matches(CARD)) return el === picked() ? clearSelection(true) : pick(el);
}

// Ctrl or ⌘ with a letter: the action it stands for.
const SHORTCUTS = { z: (event) => (event.shiftKey ? "redo" : "undo"), y: () => "redo" };

document.addEventListener("keydown", (event) => {
  const b = board();
  if (!b) return;
  const key = event.key;
  if (key === "Escape" && openMenu()) return escapeMenu();
  if (event.target.matches("input:not([type=checkbox]), select, textarea")) return;
  if (event.ctrlKey || event.metaKey) {
    const name = SHORTCUTS[key.toLowerCase()]?.(event);
    if (name) {
      event.preventDefault();
      act(name);
    }
    return;
  }
  if (event.altKey) return;
  const active = document.activeElement;
  const onTable = b.contains(active) && !active.closest(".menu, dialog");
  if (key === "u" && onTable) return act("undo");
  if (key === "h" && onTable) return act("hint");
  if (key === "Escape") return clearSelection(Boolean(picked()));
  // Arrows work from inside the table, and from nowhere (after a swap or on arrival).
  if (ARROWS[key] && (!active || active === document.body || b.contains(active))) {
    event.preventDefault();
    closeMenu();
    return moveFocus(...ARROWS[key]);
  }
  if ((key === "Enter" || key === " ") && b.contains(active)) press(event, active);
});
