// The replay's keys: ← and → step back and on, Home and End go to the ends. Each key follows
// the navigation link that carries it (data-key), so the page works the same without this file.
(() => {
  "use strict";
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    const link = document.querySelector(`.replay-nav a[data-key="${event.key}"]`);
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
