// The table's looks in its menu: card back, felt and sounds. A choice shows at once (the
// page's classes) and is saved in the background (the preferences form, sent as HTMX would:
// the answer is empty); without JavaScript the menu's Save button posts the same form.
import { $ } from "./board.js";

const CHOICES = ["back", "felt", "sound"];

function show(name, value) {
  const body = document.body;
  const old = [...body.classList].filter((c) => c.startsWith(`${name}-`));
  body.classList.remove(...old);
  body.classList.add(`${name}-${value}`);
}

document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.form?.id !== "prefs" || !CHOICES.includes(input.name)) return;
  show(input.name, input.type === "checkbox" ? (input.checked ? "on" : "off") : input.value);
  const form = $("#prefs");
  const headers = { "HX-Request": "true" };
  fetch(form.action, { method: "POST", body: new FormData(form), headers });
});
