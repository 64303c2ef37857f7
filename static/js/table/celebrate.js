// A win: the cards leave the foundations one after another and bounce down the screen, on a
// layer over the table (hidden from screen readers, under the result card). Any tap or key
// ends it (motion.js finishes every flight); a player who asks for reduced motion sees none.
import { $, $$, board } from "./board.js";
import { still } from "./motion.js";

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

// A thrown card's path, as keyframes: gravity, and a bounce that loses a quarter each time,
// until it leaves the screen at one side.
function path(x, y, w, h) {
  const floor = innerHeight - h;
  let vx = (Math.random() < 0.5 ? -1 : 1) * (3 + Math.random() * 5);
  let vy = -Math.random() * 6;
  const frames = [];
  for (let i = 0; i < 240 && x > -w && x < innerWidth; i++) {
    if (i % 2 === 0) frames.push({ transform: `translate(${x}px, ${y}px)` });
    vy += 0.6;
    x += vx;
    y += vy;
    if (y > floor) {
      y = floor;
      vy *= -0.75;
    }
  }
  return frames;
}

export function cascade() {
  const b = board();
  const sheet = $(".foundation .face use", b)?.getAttribute("href")?.split("#")[0];
  if (still() || !sheet) return;
  const layer = document.createElement("div");
  layer.className = "cascade";
  layer.setAttribute("aria-hidden", "true");
  const piles = $$(".foundation", b).map((pile) => ({
    rect: pile.getBoundingClientRect(),
    suit: $("[data-card]", pile)?.dataset.card[1],
  }));
  layer.style.setProperty("--card-w", `${piles[0].rect.width}px`);
  document.body.appendChild(layer);
  const flights = [];
  for (let r = CODES.length - 1; r >= 0; r--) {
    piles.forEach(({ rect, suit }) => {
      if (!suit) return;
      const card = cardOf(CODES[r] + suit, sheet);
      card.style.zIndex = String(60 - flights.length); // the kings leave first, from the top
      layer.appendChild(card);
      const frames = path(rect.left, rect.top, rect.width, rect.height);
      const delay = flights.length * 90;
      const timing = { duration: frames.length * 33, delay, fill: "backwards" };
      const flight = card.animate(frames, timing);
      flights.push(flight.finished.then(() => card.remove(), () => card.remove()));
    });
  }
  Promise.all(flights).then(() => layer.remove());
}

// Only a win just played: the answer to a POST that brought the result card.
document.addEventListener("htmx:afterSwap", (event) => {
  const b = board();
  const { target, requestConfig } = event.detail;
  const answered = target?.id === "board" && requestConfig?.verb === "post";
  if (b && answered && $("dialog.result.won", b)) cascade();
});
