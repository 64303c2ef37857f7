// The table's menu, a <details>: it closes on Escape (keys.js), on a tap anywhere outside it
// (clicks.js) and when the focus leaves it. While it is open the table under it is inert, so
// it never covers the card the focus is on. Its Winnable switch saves at once.
import { $, $$, board } from "./board.js";

export const openMenu = () => $("#board details.menu[open]");

function tableInert(inert) {
  const b = board();
  const play = b && $("#play", b);
  if (!play) return;
  const behind = [...$$(":scope > :not(.top)", play), $(".foundations", b), $("#verdict", b)];
  behind.filter(Boolean).forEach((el) => (el.inert = inert));
}

export function closeMenu() {
  const open = $$("#board details.menu[open]");
  open.forEach((d) => d.removeAttribute("open"));
  if (open.length) tableInert(false); // at once, not at the (later) toggle event
}

document.addEventListener(
  "toggle",
  (event) => {
    const menu = event.target;
    if (menu.matches && menu.matches("#board details.menu")) tableInert(menu.open);
  },
  true,
);

document.addEventListener("focusin", (event) => {
  const menu = openMenu();
  if (menu && !menu.contains(event.target)) closeMenu();
});

document.addEventListener("change", (event) => {
  if (event.target.matches("input[name=winnable][form=prefs]")) event.target.form.submit();
});
