// Motion: after a swap the cards glide from where they were (FLIP: measured before the
// swap, moved back there, let go); a finish flies home card by card. Nothing moves for a
// player who asks for reduced motion.
import { $$ } from "./board.js";

// Where each card is now, by its code: taken just before the board is swapped.
export const measure = () =>
  new Map($$("#board [data-card]").map((c) => [c.dataset.card, c.getBoundingClientRect()]));

export function glide(b, before) {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const finishing = Number(b.dataset.finished || 0);
  const home = $$(".foundation [data-card]", b);
  $$("[data-card]", b).forEach((card) => {
    const was = before.get(card.dataset.card);
    if (!was) return;
    const now = card.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (!dx && !dy) return;
    const delay = finishing ? Math.min(home.indexOf(card), 40) * 25 : 0;
    card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
      duration: finishing ? 320 : 160,
      delay,
      easing: "ease-out",
      fill: "backwards",
    });
  });
}

// Any key or tap skips what is still flying. (Not the endless glows: finish() throws on an
// infinite animation, which stopped the skip at the first lit pile.)
const skipFlights = () =>
  document.getAnimations?.().forEach((a) => {
    if (a.effect && a.effect.getComputedTiming().endTime !== Infinity) a.finish();
  });
["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, skipFlights, true));
