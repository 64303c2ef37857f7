// The game's clock in the status bar, ticking while the game runs (data-running). The server
// sends the seconds so far with every board; between answers the page counts on.
setInterval(() => {
  const clock = document.querySelector("#board .clock[data-running]");
  if (!clock) return;
  const seconds = Number(clock.dataset.seconds) + 1;
  clock.dataset.seconds = seconds;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  clock.textContent = h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}, 1000);
