// Sharing, on the table and on the daily page: the result card's Share button (the
// system's share sheet where there is one, else the clipboard), which carries the result's
// words (`data-share-text`) and its link, whose page previews the result as an image; and
// the share box's Copy button (templates/daily/share.html). Without JavaScript the Share
// button is a plain link to the result's page, the Copy button stays hidden and the link is
// there to select.

const COPIED = "Link copied";

// True when the text is on the clipboard.
async function toClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    return false; // no clipboard here, or the page may not write to it
  }
}

async function share(link) {
  const url = link.dataset.share;
  const text = link.dataset.shareText || "";
  if (!navigator.share) {
    if (await toClipboard(text ? `${text} ${url}` : url)) link.textContent = COPIED;
    return;
  }
  try {
    await navigator.share({ title: document.title, text, url });
  } catch (_) {
    /* the player closed the share sheet */
  }
}

async function copy(button) {
  const box = button.closest(".share-box");
  const input = box.querySelector("[data-copy-source]");
  const status = box.querySelector("[data-copy-status]");
  if (await toClipboard(input.value)) {
    status.textContent = COPIED;
    return;
  }
  input.focus();
  input.select();
  status.textContent = "Press Ctrl+C (or ⌘C) to copy the selected link";
}

const show = (root) => root.querySelectorAll("[data-copy]").forEach((b) => (b.hidden = false));

document.addEventListener("click", (event) => {
  const link = event.target.closest("[data-share]");
  const button = event.target.closest("[data-copy]");
  if (link) {
    event.preventDefault();
    share(link);
  } else if (button) copy(button);
});
// The result card arrives in an htmx swap of the board.
document.addEventListener("htmx:afterSettle", () => show(document));
show(document);
