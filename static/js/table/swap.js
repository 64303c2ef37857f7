// What follows a new board from the server: a stack picked up meanwhile stays in hand (the
// same card on the new board); the keyboard focus goes back where it was (or to the nearest meaningful control); a
// result or the resign question opens as a modal; the server's words for what was done are
// read out; the cards glide (a win plays out first, then its result opens). The dead-end banner, which polls and swaps on its own, is
// brought into view once per position.
import { $, $$, board, CARD, focusables, pileOf } from "./board.js";
import { say } from "./announce.js";
import { pickAgain, picked } from "./selection.js";
import { openDialogs } from "./dialogs.js";
import { glide, measure, still } from "./motion.js";
import { playOut } from "./celebrate.js";
import { closeMenu } from "./menu.js";

// Only swaps of the board itself count here, not the banner's.
const boardSwap = (event) => event.detail.target && event.detail.target.id === "board";
// An answer of changes (actions.js): the board stays and its parts were swapped in place by
// their ids, each part with an htmx:afterSwap of its own; the board's comes first, once all
// are in. A whole board is a new element.
const changesOnly = (event) => event.detail.target === board();

// What the whole board would carry that a partial answer leaves as it was: the ply (the
// form's field is the one swapped), the menu closed (as a new board has it, and the table
// no longer inert under it), no hint lit (an answer of changes never carries one).
function settleChanges(b) {
  b.dataset.ply = $("#board-ply", b).value;
  closeMenu();
  $$(".hinted", b).forEach((el) => el.classList.remove("hinted"));
}

let before = new Map(); // where the cards were
let inHand = null; // the code of the card picked up on the old board, if any
let focused = null; // what had the keyboard focus in the old board

// Where the focus goes when the button pressed is gone or greyed out after its action:
// the last Undo → Redo; Restart, a jump back or a banner's Undo → Undo (which brings the
// game back); anything else → Undo, Redo or Hint, whichever can be pressed.
const FOCUS_NEXT = { undo: ["redo", "hint"], restart: ["undo"], jump: ["undo"] };
const shown = (el) => el && !el.disabled && (!el.checkVisibility || el.checkVisibility());

function rememberFocus() {
  const active = document.activeElement;
  focused = null;
  if (active && active !== document.body && board().contains(active)) {
    const pile = pileOf(active);
    focused = { card: active.dataset.card, pile: pile && pile.dataset.pile, action: active.value };
  }
}

// The swap replaced the focused element: a keyboard player goes on from the same card
// (wherever it is now), else from the same pile, else the same button, else the nearest
// meaningful control. Never the page's <body>.
function restoreFocus(b) {
  if (!focused) return;
  const { card, pile, action } = focused;
  focused = null;
  const button = (name) => $(`.tools button[value="${name}"], .status button[value="${name}"]`, b);
  const candidates = [
    card && $(`${CARD}[data-card="${card}"]`, b),
    pile && focusables().find((p) => p.pile.dataset.pile === pile)?.items.at(-1),
    action && $(`button[value="${action}"]`, b),
    ...(FOCUS_NEXT[action] || []).map(button),
    ...["undo", "redo", "hint"].map(button),
  ];
  const target = candidates.find(shown);
  if (target) target.focus({ preventScroll: !action });
}

let bannerShownAt = null;
export function showBanner() {
  const banner = $("#board [data-testid=dead-end]");
  const ply = board()?.dataset.ply;
  if (!banner || bannerShownAt === ply) return;
  bannerShownAt = ply;
  banner.scrollIntoView({ block: "nearest" });
}

document.addEventListener("htmx:beforeSwap", (event) => {
  if (!boardSwap(event)) return;
  before = measure();
  inHand = picked()?.dataset.card;
  rememberFocus();
});

document.addEventListener("htmx:afterSwap", (event) => {
  const b = board();
  const answer = b && boardSwap(event) && event.target === b;
  if (answer && changesOnly(event)) settleChanges(b);
  if (b) showBanner();
  if (!answer) return;
  pickAgain(inHand);
  inHand = null;
  // A win just played is played out before its result card opens (celebrate.js): the
  // card is held closed meanwhile, out of the way of the cards (a tap or a key opens it).
  // With reduced motion nothing plays: the card opens with the board.
  const won =
    !still() && event.detail.requestConfig?.verb === "post" && $("dialog.result.won[open]", b);
  const held = won ? $$("dialog[open]", b) : [];
  held.forEach((dialog) => dialog.close());
  if ($("dialog[open]", b)) {
    focused = null;
    openDialogs(b);
  } else if (!held.length) restoreFocus(b);
  // The server's words for what was done; else a note such as "the table had changed".
  // (A refusal is the board's own role=alert, read out once by itself.)
  say($(".messages", b)?.dataset.say || $(".messages .note", b)?.textContent.trim());
  const flights = glide(b, before);
  $("[role=alert]", b)?.focus?.();
  if (held.length)
    playOut(flights).then(() => {
      if (!b.isConnected) return; // another board came meanwhile
      held.forEach((dialog) => dialog.setAttribute("open", ""));
      openDialogs(b);
    });
});
