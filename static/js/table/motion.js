// Motion: after a swap the cards glide from where they were (FLIP: measured before the
// swap, moved back there, let go); a dragged stack glides from where it was let go (its
// ghost); Auto-finish and Finish fly the cards home one by one, lowest first. Nothing moves
// for a player who asks for reduced motion.
import { $$ } from "./board.js";

export const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// Where each card is now, by its code: taken just before the board is swapped. A card in a
// dragged stack is where the ghost shows it.
export function measure() {
  const rect = (c) => [c.dataset.card, c.getBoundingClientRect()];
  const cards = [...$$("#board [data-card]"), ...$$(".drag-ghost [data-card]")];
  return new Map(cards.map(rect));
}

const RANKS = "A23456789TJQK";
const rank = (card) => RANKS.indexOf(card.dataset.card[0]);

// The cards' flights, started; none for a player who asks for reduced motion.
export function glide(b, before) {
  if (still()) return [];
  const finishing = Number(b.dataset.finished || 0);
  const flights = [];
  $$("[data-card]", b).forEach((card) => {
    const was = before.get(card.dataset.card);
    if (!was) return;
    const now = card.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (dx || dy) flights.push({ card, dx, dy });
  });
  // A finish: the cards go home in the order they would be played, one after another, all
  // of them within a second (the win's celebration follows: celebrate.js).
  const homeward = finishing ? flights.filter((f) => f.card.closest(".foundation")) : [];
  homeward.sort((a, b) => rank(a.card) - rank(b.card));
  const step = homeward.length ? Math.min(90, 700 / homeward.length) : 0;
  return flights.map(({ card, dx, dy }) => {
    const order = homeward.findIndex((f) => f.card === card);
    const from = { transform: `translate(${dx}px, ${dy}px)`, zIndex: 3 };
    return card.animate([from, { transform: "none", zIndex: 3 }], {
      duration: finishing ? 300 : 170,
      delay: order > 0 ? order * step : 0,
      easing: "ease-out",
      fill: "backwards",
    });
  });
}

// Any key or tap skips what is still flying. (Not the endless glows: finish() throws on an
// infinite animation, which stopped the skip at the first lit pile.)
export const land = () =>
  document.getAnimations?.().forEach((a) => {
    if (a.effect && a.effect.getComputedTiming().endTime !== Infinity) a.finish();
  });
["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, land, true));
