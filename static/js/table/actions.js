// Every action goes to the server through send(), one at a time: a move (tap, drag, key or
// double tap), a turn of the stock, and every button of the table (Undo, Redo, Hint, Finish,
// Restart, Resign, the dead-end banner's Undo and Jump back). While one is on its way, a
// button's action is dropped, never sent beside it: the server would refuse it as stale
// anyway (it is asked against the ply the page shows), and the page would flash a note for
// nothing. A move made meanwhile is the player's next move, made by hand on the cards they
// saw: it waits, by the card's identity (`9D-t6` names the card), and goes once the answer
// is on the table, unless that answer refused the move before it.
// The buttons stay plain form posts, so the page works without JavaScript; here their
// submit is taken over and sent the same way as the rest.
import { $, board, pileOf } from "./board.js";
import { showAlert } from "./announce.js";
import { clearSelection, picked } from "./selection.js";

let inFlight = false;
const waiting = []; // moves made while one was on its way, oldest first

// POST the fields (with the board's ply and CSRF token) to the game's action address and
// swap the board for the answer: the whole board, or (X-Board: changes) for a move, undo,
// redo, jump back or restart that leaves the game going, only the parts of it that changed,
// each swapped in place by its id (swap.js). False when nothing was sent: no board, or one
// on its way.
export function send(fields) {
  const b = board();
  const form = b && $("#play", b);
  if (!form || inFlight) return false;
  inFlight = true;
  b.dataset.busy = "1"; // for the eye and the tests: a request is on its way
  clearSelection();
  const values = {
    ply: form.elements.ply.value,
    csrfmiddlewaretoken: form.elements.csrfmiddlewaretoken.value,
    ...fields,
  };
  const done = () => {
    inFlight = false;
    const now = board();
    if (now) delete now.dataset.busy; // the old board's flag, when the answer swapped nothing
    // A refusal (or a finished game) ends what was planned on top of the refused move.
    if (!now || $("[role=alert], dialog.result", now)) waiting.length = 0;
    // Next, once this request has ended for good (its loadend comes after the swap).
    if (waiting.length)
      setTimeout(() => {
        const next = waiting.shift();
        if (next && !send({ action: "move", move: next })) waiting.unshift(next); // after that one
      }, 0);
  };
  // htmx.ajax settles after the swap, or after a failure (reported by the listeners below).
  const headers = { "X-Board": "changes" };
  const swap = { target: "#board", swap: "outerHTML", values, headers };
  htmx.ajax("POST", b.dataset.action, swap).then(done, done);
  return true;
}

// A move: sent now, or, while an action is on its way, as soon as its answer is in.
// True either way (the stack in hand is on its way).
export function move(text) {
  if (!inFlight) return send({ action: "move", move: text });
  clearSelection();
  waiting.push(text);
  return true;
}

// A button's action by its name (a key's Undo, Redo or Hint): only when the button is there
// and can be pressed.
export function act(name) {
  const button = $(`#play button[name=action][value=${name}]`);
  if (button && !button.disabled) send({ action: name });
}

// Put the picked-up stack on a pile: a move, unless it is the pile it came from or one
// that takes no card from the table (then it is just put down).
// True when the move was sent.
export function moveTo(pile) {
  const card = picked();
  if (!card || !pile) return false;
  const name = pile.dataset.pile;
  if (name === "stock" || name === "waste" || pileOf(card) === pile) {
    clearSelection();
    return false;
  }
  return move(`${card.dataset.card}-${name}`);
}

// The forms that post to the game's action address (not the preferences form, which is a
// page of its own): their submit goes through send().
document.addEventListener("submit", (event) => {
  const form = event.target;
  const b = board();
  if (!b || !b.contains(form) || form.getAttribute("action") !== b.dataset.action) return;
  event.preventDefault();
  send(Object.fromEntries(new FormData(form, event.submitter)));
});

// An answer that is no board (or none at all) ends the moves planned on the one before.
// Requests of other parts of the page (a race's strip) are theirs to fail.
const ours = (event) => !event.detail.elt?.closest("[data-testid=race-strip]");
document.addEventListener("htmx:responseError", (event) => {
  if (!ours(event)) return;
  waiting.length = 0;
  showAlert(event.detail.xhr.responseText || "Something went wrong; the table is unchanged.");
});
document.addEventListener("htmx:sendError", (event) => {
  if (!ours(event)) return;
  waiting.length = 0;
  showAlert("No connection to the table. Nothing was moved; try again.");
});
