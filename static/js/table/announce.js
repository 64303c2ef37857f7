// What the page says: the polite live region (#announcer, outside the board, so a swap never
// replaces it) and a refusal shown on the board as an alert.

let sayTimer = 0;

export function say(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  // Emptied first, so the same words twice (two draws from the stock) are read twice.
  region.textContent = "";
  clearTimeout(sayTimer);
  sayTimer = setTimeout(() => (region.textContent = text), 60);
}

export function showAlert(text) {
  const box = document.querySelector("#board .messages");
  if (!box) return;
  box.innerHTML = "";
  const p = document.createElement("p");
  p.className = "alert";
  p.setAttribute("role", "alert");
  p.textContent = text.slice(0, 300);
  box.appendChild(p);
}
