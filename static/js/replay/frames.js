// A replay's steps shown in place: the server renders each step's frame (its step links,
// the move and the table, `X-Replay-Frame: 1`), the page swaps it in, the cards that moved
// glide from where they were (not for a player who asks for reduced motion), the address
// follows (a reload stays on the step) and the move is said aloud.
const frames = new Map(); // step → the frame's HTML, as a promise
let queue = Promise.resolve(); // one step shown at a time, in the order asked

export const frame = () => document.getElementById("replay-frame");
export const at = () => Number(frame().dataset.step);
export const last = () => Number(frame().dataset.last);
// Where the solver's line takes over, on a line's replay (0 on a game's own).
export const lineStart = () =>
  Number(document.querySelector("[data-replay]")?.dataset.lineStart || 0);

const address = (step) => {
  const url = new URL(window.location.href);
  url.searchParams.set("step", step);
  return url;
};

function fetchFrame(step) {
  if (!frames.has(step)) {
    const html = fetch(address(step), {
      headers: { "X-Replay-Frame": "1" },
      credentials: "same-origin",
    }).then((response) => {
      if (!response.ok) throw new Error(`step ${step}: ${response.status}`);
      return response.text();
    });
    html.catch(() => frames.delete(step)); // asked again next time
    frames.set(step, html);
  }
  return frames.get(step);
}

export function prefetch(step) {
  if (step >= 0 && step <= last()) fetchFrame(step).catch(() => {});
}

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function measure(root) {
  return new Map(
    [...root.querySelectorAll("[data-card]")].map((c) => [c.dataset.card, c.getBoundingClientRect()]),
  );
}

function glide(root, before, duration) {
  if (reduced() || duration < 40) return;
  root.querySelectorAll("[data-card]").forEach((card) => {
    const was = before.get(card.dataset.card);
    if (!was) return;
    const now = card.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (!dx && !dy) return;
    card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
      duration,
      easing: "ease-out",
    });
  });
}

export function say(text) {
  const region = document.getElementById("replay-announcer");
  if (region) region.textContent = text;
}

const spoken = (root) => {
  const action = root.querySelector(".replay-action")?.textContent.trim() || "";
  const counter = root.querySelector("[data-testid=replay-counter]")?.textContent.trim() || "";
  return `${action}. ${counter}`;
};

async function swapTo(step, glideFor) {
  const html = await fetchFrame(step);
  const next = new DOMParser().parseFromString(html, "text/html").getElementById("replay-frame");
  const old = frame();
  if (!old) return;
  if (!next) {
    window.location.assign(address(step)); // the page has changed (a line to wait for): show it
    return;
  }
  // Focus stays on the control it was on (or the player's button, if that one is gone).
  const focused = old.contains(document.activeElement) ? document.activeElement.dataset.testid : "";
  const before = measure(old);
  const player = old.querySelector(".replay-player"); // kept, with its state, in the new row
  if (player) next.querySelector(".replay-nav")?.prepend(player);
  old.replaceWith(next);
  glide(next, before, glideFor);
  if (focused) {
    const same = next.querySelector(`a[data-testid="${focused}"]`);
    (same || document.querySelector("[data-play]"))?.focus();
  }
  window.history.replaceState(null, "", address(step));
  say(spoken(next));
}

// Show `step` (a number, or a function of the step shown when its turn comes), clamped to
// the replay's ends. Resolves once it is shown.
export function go(step, glideFor = 160) {
  queue = queue
    .then(() => {
      const wanted = typeof step === "function" ? step(at()) : step;
      const target = Math.min(Math.max(wanted, 0), last());
      if (target !== at()) return swapTo(target, glideFor);
      return undefined;
    })
    .catch(() => {
      window.location.assign(address(typeof step === "number" ? step : at())); // the plain page
    });
  return queue;
}
