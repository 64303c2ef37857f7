// The result and the resign question are modal: the rest of the page is inert behind them
// and the focus starts inside (on the element marked autofocus). The server sends them as
// <dialog open>; here they are reopened as modals.
import { $, $$ } from "./board.js";

export function openDialogs(root) {
  $$("dialog[open]", root).forEach((dialog) => {
    if (dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
    if (!dialog.classList.contains("confirm")) {
      // The game is over: the dialog stays until the player leaves by one of its links.
      dialog.addEventListener("cancel", (event) => event.preventDefault());
      return;
    }
    dialog.addEventListener("close", () => {
      if (dialog.open) return; // the close() above, reported late: it is open again
      dialog.remove();
      $("#board details.menu summary")?.focus();
    });
  });
}

// The resign question's "Keep playing" (a link back to the game without JavaScript).
export function dismiss(event, link) {
  event.preventDefault();
  link.closest("dialog").close();
}
