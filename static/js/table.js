// The table's hands: tap, drag or keys pick a stack up and put it down. The page never
// decides a move: it lights the targets the server sent with each card (data-targets) and
// POSTs the move; the server validates it and answers with the new board. Each topic is a
// module of its own (static/js/table/) that sets up its own listeners when imported. All are
// named here, the ones the others import too, so the browser asks for them all at once.
import { board } from "./table/board.js";
import "./table/announce.js";
import "./table/selection.js";
import "./table/actions.js";
import "./table/clicks.js";
import "./table/drag.js";
import "./table/keys.js";
import "./table/menu.js";
import "./table/motion.js";
import "./table/celebrate.js";
import "./table/sound.js";
import "./table/looks.js";
import "./table/clock.js";
import { openDialogs } from "./table/dialogs.js";
import { showBanner } from "./table/swap.js";
import "./share.js";

document.documentElement.classList.add("js");
if (board()) {
  openDialogs(document);
  showBanner();
}
