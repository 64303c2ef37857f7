// The line's page while the solver looks for the line: it asks again every 1.5 s, and
// shows the line once it is there. After two minutes it stops and offers the plain link.
const EVERY_MS = 1500;
const TRIES = 80;

export function waitForLine() {
  const waiting = document.querySelector("[data-line-wait]");
  if (!waiting) return;
  let tries = 0;
  const again = async () => {
    tries += 1;
    try {
      const response = await fetch(window.location.href, { credentials: "same-origin" });
      const html = await response.text();
      if (response.ok && !html.includes("data-line-wait")) {
        window.location.reload();
        return;
      }
    } catch {
      // the network hiccuped: ask again
    }
    if (tries < TRIES) setTimeout(again, EVERY_MS);
    else document.querySelectorAll(".no-js-only").forEach((each) => each.classList.remove("no-js-only"));
  };
  setTimeout(again, EVERY_MS);
}
