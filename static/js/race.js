// A race's strip on the game page (templates/races/strip.html). Its rows come live through
// the race's stream (htmx's SSE extension swaps each "strip" event in); the poll on the same
// rows is the fallback: skipped while the stream is open, running again as soon as it
// breaks. A stream that (re)opens lets one poll through, for what it missed while closed.

const strip = document.querySelector("[data-testid=race-strip]");
let catchUp = false;

if (strip) {
  strip.addEventListener("htmx:sseOpen", () => {
    strip.dataset.live = "";
    catchUp = true;
  });
  ["htmx:sseError", "htmx:sseClose"].forEach((type) =>
    strip.addEventListener(type, () => delete strip.dataset.live),
  );
  strip.addEventListener("htmx:beforeRequest", (event) => {
    if (!("live" in strip.dataset)) return;
    if (catchUp) catchUp = false;
    else event.preventDefault();
  });
}
