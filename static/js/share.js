// The share box's copy button (templates/daily/share.html): copies the link without leaving
// the page. Without JavaScript the button stays hidden and the link is there to select.
(() => {
  "use strict";

  function show(root) {
    for (const button of root.querySelectorAll("[data-copy]")) button.hidden = false;
  }

  async function copy(button) {
    const box = button.closest(".share-box");
    const input = box.querySelector("[data-copy-source]");
    const status = box.querySelector("[data-copy-status]");
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = "Link copied";
    } catch (_) {
      input.focus();
      input.select();
      status.textContent = "Press Ctrl+C (or ⌘C) to copy the selected link";
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy]");
    if (button) copy(button);
  });
  // The result card arrives in an htmx swap of the board.
  document.addEventListener("htmx:afterSettle", () => show(document));
  show(document);
})();
