// The daily deal's countdown (templates/daily/countdown.html): the server writes "5 h 5 min
// left"; this ticks it every second as "5:04:59 left" until midnight UTC, when today's deals
// change and the page says so. role="timer" keeps screen readers from reading each tick.

function words(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n) => String(n).padStart(2, "0");
  return `${h}:${pad(m)}:${pad(s)} left`;
}

function tick(timers) {
  const now = Date.now();
  for (const [element, ends] of timers) {
    const left = ends - now;
    element.textContent = left > 0 ? words(left) : "New deals are out: reload the page";
  }
}

const timers = [...document.querySelectorAll("[data-countdown]")]
  .map((element) => [element, Date.parse(element.dataset.countdown)])
  .filter(([, ends]) => !Number.isNaN(ends));
if (timers.length) {
  tick(timers);
  setInterval(() => tick(timers), 1000);
}
