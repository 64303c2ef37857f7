// Play/Pause and the speed, and the keys: ← and → step back and on, Home and End go to the
// ends, Space plays or pauses. A step asked for by hand pauses the play. The controls are
// in the page, hidden until this module shows them.
import { at, frame, go, last, lineStart, prefetch } from "./frames.js";

const STEP_MS = 1000; // one move a second at 1×
const SPEED_KEY = "replay-speed";

// The speed chosen last, on every replay (where the browser keeps local storage).
function remember(speed) {
  try {
    const kept = window.localStorage.getItem(SPEED_KEY);
    if ([...speed.options].some((option) => option.value === kept)) speed.value = kept;
    speed.addEventListener("change", () => window.localStorage.setItem(SPEED_KEY, speed.value));
  } catch {
    // no storage (a private window that refuses it): the speed is the page's own
  }
}

export function setUpPlayer() {
  const player = document.querySelector(".replay-player");
  const button = player.querySelector("[data-play]");
  const speed = player.querySelector("[data-speed]");
  let playing = false;
  let timer = null;
  const interval = () => STEP_MS / Number(speed.value || 1);

  const pause = () => {
    playing = false;
    clearTimeout(timer);
    button.textContent = "Play";
  };
  const tick = () => {
    if (!playing) return;
    if (at() >= last()) {
      pause();
      return;
    }
    prefetch(at() + 2);
    go((now) => now + 1, Math.min(200, interval() * 0.6)).then(() => {
      if (playing) timer = setTimeout(tick, interval());
    });
  };
  const play = () => {
    playing = true;
    button.textContent = "Pause";
    // From the end, play again from where the solver takes over (a game's replay: the deal).
    const again = at() >= last();
    (again ? go(at() > lineStart() ? lineStart() : 0, 0) : Promise.resolve()).then(() => {
      prefetch(at() + 1);
      if (playing) timer = setTimeout(tick, Math.min(interval(), 400));
    });
  };
  const toggle = () => (playing ? pause() : play());

  button.addEventListener("click", toggle);
  remember(speed);
  frame().querySelector(".replay-nav")?.prepend(player); // one row with the steps' links
  player.hidden = false;

  document.addEventListener("click", (event) => {
    const link = event.target.closest(".replay-nav a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    pause();
    go(Number(new URL(link.href).searchParams.get("step")));
  });

  const keys = {
    ArrowLeft: (now) => now - 1,
    ArrowRight: (now) => now + 1,
    Home: () => 0,
    End: () => last(),
  };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.key === " ") {
      if (event.target.closest("button")) return; // the button's own Space
      event.preventDefault();
      toggle();
      return;
    }
    const step = keys[event.key];
    if (!step || !frame()) return;
    event.preventDefault();
    pause();
    go(step);
  });
}
