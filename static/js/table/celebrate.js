// A win, played out before the result card opens: the cards fly home (motion.js), then
// leave the foundations one after another and bounce down the screen, on a layer over the
// table (hidden from screen readers); then the card. All within about three seconds; any
// key or tap ends it at once (motion.js lands every flight) and opens the card. A player who
// asks for reduced motion sees none of it: the card opens at once.
import { $, $$, board } from "./board.js";
import { land, still } from "./motion.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const CODES = "A23456789TJQK";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SVG = "http://www.w3.org/2000/svg";

function cardOf(code, sheet) {
  const card = document.createElement("span");
  card.className = `card up ${"HD".includes(code[1]) ? "red" : "black"}`;
  const rank = document.createElement("b");
  rank.textContent = RANKS[CODES.indexOf(code[0])];
  const suit = document.createElement("i");
  suit.textContent = SUITS[code[1]];
  const face = document.createElementNS(SVG, "svg");
  face.setAttribute("class", "face");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${sheet}#${code}`);
  face.appendChild(use);
  card.append(rank, suit, face);
  return card;
}

// A thrown card's path, as keyframes a STEP_MS apart: gravity, and a bounce that loses a
// quarter each time, until it leaves the screen at one side or its time is up (it fades).
const STEP_MS = 20;
const STEPS = 60; // at most 1.2 s in the air
function path(x, y, w, h) {
  const floor = innerHeight - h;
  let vx = (Math.random() < 0.5 ? -1 : 1) * (4 + Math.random() * 6);
  let vy = -Math.random() * 8;
  const frames = [];
  for (let i = 0; i < STEPS && x > -w && x < innerWidth; i++) {
    frames.push({ transform: `translate(${x}px, ${y}px)` });
    vy += 1;
    x += vx;
    y += vy;
    if (y > floor) {
      y = floor;
      vy *= -0.75;
    }
  }
  frames.push({ transform: `translate(${x}px, ${y}px)`, opacity: 0 });
  return frames;
}

const ended = (flights) =>
  Promise.allSettled(flights.map((flight) => flight.finished)).then(() => undefined);

// The foundations' cards thrown out, kings first, all gone within about two seconds.
// Resolves when the last has landed (or a key or tap ended them).
export function cascade() {
  const b = board();
  const sheet = $(".foundation .face use", b)?.getAttribute("href")?.split("#")[0];
  if (still() || !sheet) return Promise.resolve();
  const layer = document.createElement("div");
  layer.className = "cascade";
  layer.setAttribute("aria-hidden", "true");
  const piles = $$(".foundation", b).map((pile) => ({
    rect: pile.getBoundingClientRect(),
    suit: $("[data-card]", pile)?.dataset.card[1],
  }));
  layer.style.setProperty("--card-w", `${piles[0].rect.width}px`);
  document.body.appendChild(layer);
  const count = CODES.length * piles.filter((p) => p.suit).length;
  const spacing = Math.min(90, 800 / Math.max(count, 1));
  const flights = [];
  for (let r = CODES.length - 1; r >= 0; r--) {
    piles.forEach(({ rect, suit }) => {
      if (!suit) return;
      const card = cardOf(CODES[r] + suit, sheet);
      card.style.zIndex = String(60 - flights.length); // the kings leave first, from the top
      layer.appendChild(card);
      const frames = path(rect.left, rect.top, rect.width, rect.height);
      const delay = flights.length * spacing;
      const timing = { duration: (frames.length - 1) * STEP_MS, delay, fill: "backwards" };
      flights.push(card.animate(frames, timing));
    });
  }
  return ended(flights).then(() => layer.remove());
}

let playing = false; // a win being played out
let skipped = false; // and a key or tap ended it

// Play the win out: `flights` (the cards flying home) land, then the cascade. Resolves when
// it is over, at once for a player who asks for reduced motion.
export async function playOut(flights) {
  if (still()) return;
  playing = true;
  skipped = false;
  await ended(flights);
  if (!skipped) await cascade();
  playing = false;
}

// The key or tap that ends a win's play-out only ends it: the key does nothing else, and
// the tap's click lands on nothing (the card opens under the finger as it lifts).
let eatClick = false;
function skip(event) {
  eatClick = playing && event.type === "pointerdown";
  if (!playing) return;
  skipped = true;
  land();
  if (event.type === "keydown") {
    event.preventDefault();
    event.stopPropagation();
  }
}
["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, skip, true));
document.addEventListener(
  "click",
  (event) => {
    if (!eatClick) return;
    eatClick = false;
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);
