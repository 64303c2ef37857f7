// The table's hands: tap, drag or keys pick a stack up and put it down. The page never
// decides a move: it lights the targets the server sent with each card (data-targets) and
// POSTs the move; the server validates it and answers with the new board.
(() => {
  "use strict";
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
  const board = () => document.getElementById("board");
  // A card that may be picked up (a covered draw-3 waste card is shown but not playable).
  const CARD = ".card.up[data-card]:not(.covered)";
  let picked = null; // the face-up card element at the bottom of the lifted stack
  let lastTap = { card: null, at: 0 };
  let suppressClick = false;

  // -- talking to the server ------------------------------------------------------------------
  function send(values) {
    const form = $("#play");
    if (!form || board().dataset.busy) return;
    board().dataset.busy = "1";
    values.ply = form.elements.ply.value;
    values.csrfmiddlewaretoken = form.elements.csrfmiddlewaretoken.value;
    clearSelection();
    htmx.ajax("POST", form.getAttribute("action"), { target: "#board", swap: "outerHTML", values });
  }
  const move = (text) => send({ action: "move", move: text });

  document.addEventListener("htmx:responseError", (event) => {
    delete board().dataset.busy;
    showAlert(event.detail.xhr.responseText || "Something went wrong; the table is unchanged.");
  });
  document.addEventListener("htmx:sendError", () => {
    delete board().dataset.busy;
    showAlert("No connection to the table. Nothing was moved; try again.");
  });

  // -- the live region: outside the board, so a swap never replaces it ----------------------
  let sayTimer = 0;
  function say(text) {
    const region = document.getElementById("announcer");
    if (!region || !text) return;
    // Emptied first, so the same words twice (two draws from the stock) are read twice.
    region.textContent = "";
    clearTimeout(sayTimer);
    sayTimer = setTimeout(() => (region.textContent = text), 60);
  }
  const placeName = (pile) =>
    pile.startsWith("t") ? `column ${pile.slice(1)}` : `foundation ${pile.slice(1)}`;
  function wordsFor(card) {
    const name = card.getAttribute("aria-label");
    const more = stackFrom(card).length - 1;
    const targets = (card.dataset.targets || "").split(" ").filter(Boolean);
    const homes = targets.filter((t) => t.startsWith("f"));
    const places = targets.filter((t) => t.startsWith("t")).map(placeName);
    if (homes.length > 1) places.push("a foundation");
    else if (homes.length) places.push(placeName(homes[0]));
    const carried = more ? ` and ${more} card${more > 1 ? "s" : ""} on it` : "";
    const where = places.length
      ? `It can go to ${places.length > 1 ? `${places.slice(0, -1).join(", ")} or ${places.at(-1)}` : places[0]}.`
      : "Nothing takes it right now.";
    return `Picked up ${name}${carried}. ${where}`;
  }

  function showAlert(text) {
    const box = $(".messages");
    if (!box) return;
    box.innerHTML = "";
    const p = document.createElement("p");
    p.className = "alert";
    p.setAttribute("role", "alert");
    p.textContent = text.slice(0, 300);
    box.appendChild(p);
  }

  // -- picking up and putting down -------------------------------------------------------------
  const pileOf = (el) => el && el.closest("[data-pile]");
  const stackFrom = (card) => {
    const pile = pileOf(card);
    if (!pile || !pile.classList.contains("column")) return [card];
    const cards = $$(".card.up", pile);
    return cards.slice(cards.indexOf(card));
  };

  function pick(card) {
    clearSelection();
    $$("#board .messages .alert").forEach((a) => a.remove()); // an old refusal, now moot
    picked = card;
    stackFrom(card).forEach((c) => c.classList.add("lifted"));
    const targets = (card.dataset.targets || "").split(" ").filter(Boolean);
    card.setAttribute("aria-describedby", "picked-note");
    targets.forEach((name) => {
      const pile = $(`[data-pile="${name}"]`, board());
      if (!pile) return;
      pile.classList.add("lit");
      // What a keyboard player lands on in that pile hears that the stack can go there.
      const top = $$(CARD, pile).at(-1) || pile;
      top.setAttribute("aria-describedby", "target-note");
    });
    showBar();
    say(wordsFor(card));
  }

  function clearSelection(spoken = false) {
    if (spoken && picked) say("Put down.");
    picked = null;
    $$("#board [aria-describedby=picked-note], #board [aria-describedby=target-note]").forEach(
      (el) => el.removeAttribute("aria-describedby"),
    );
    $$(".lifted").forEach((c) => c.classList.remove("lifted"));
    $$(".pile.lit").forEach((p) => p.classList.remove("lit"));
    const bar = $("#selection-bar");
    if (bar) bar.hidden = true;
  }

  function dropOn(pile) {
    if (!picked || !pile) return;
    const name = pile.dataset.pile;
    if (name === "stock" || name === "waste" || pileOf(picked) === pile) return clearSelection();
    move(`${picked.dataset.card}-${name}`);
  }

  function showBar() {
    const bar = $("#selection-bar");
    if (!bar || !picked) return;
    const stack = stackFrom(picked);
    const label = picked.getAttribute("aria-label");
    const more = stack.length - 1;
    $(".selection-text", bar).textContent =
      more ? `${label} and ${more} card${more > 1 ? "s" : ""} on it` : label;
    const pile = pileOf(picked);
    const column = pile.classList.contains("column") ? $$(".card.up", pile) : [picked];
    const index = column.indexOf(picked);
    $(".more", bar).disabled = index <= 0;
    $(".less", bar).disabled = index >= column.length - 1;
    bar.hidden = false;
  }

  function shift(step) {
    if (!picked) return;
    const pile = pileOf(picked);
    const column = $$(".card.up", pile);
    const next = column[column.indexOf(picked) - step];
    if (next) pick(next);
  }

  // The menu is a <details>: it also closes on Escape and on a tap anywhere outside it.
  function tableInert(inert) {
    const b = board();
    const play = b && $("#play", b);
    if (!play) return;
    const behind = [...$$(":scope > :not(.top)", play), $(".foundations", b), $("#verdict", b)];
    behind.filter(Boolean).forEach((el) => (el.inert = inert));
  }
  const closeMenu = () => {
    const open = $$("#board details.menu[open]");
    open.forEach((d) => d.removeAttribute("open"));
    if (open.length) tableInert(false); // at once, not at the (later) toggle event
  };
  document.addEventListener("click", (event) => {
    if (!event.target.closest("details.menu")) closeMenu();
    const bar = event.target.closest("#selection-bar button");
    if (bar) {
      if (bar.classList.contains("more")) shift(1);
      else if (bar.classList.contains("less")) shift(-1);
      else clearSelection(true);
      return;
    }
    if (!board() || !board().contains(event.target)) return;
    const confirmLink = event.target.closest("a[data-confirm]");
    if (confirmLink && !window.confirm(confirmLink.dataset.confirm)) event.preventDefault();
    const share = event.target.closest("[data-share]");
    if (share) return shareGame(event, share.dataset.share);
    if (event.target.closest(".result, .menu, .tools, .status button")) return;
    const stock = event.target.closest(".stock-button");
    if (stock) {
      event.preventDefault();
      return move(stock.value);
    }
    const card = event.target.closest(CARD);
    const pile = pileOf(event.target);
    if (!card && !pile) return;
    event.preventDefault();
    if (suppressClick) return;
    if (card && doubleTapped(card)) return;
    if (picked && card === picked) return clearSelection(true);
    if (picked && pile && pile !== pileOf(picked)) return dropOn(pile);
    if (card) return pick(card);
  });

  function doubleTapped(card) {
    // The second of two quick taps on one card, the first of which picked it up. (Not any
    // two taps on one code: tap ♣3, tap a column, tap ♣3 again is a move and a pick-up.)
    const now = Date.now();
    const twice = picked === card && lastTap.card === card && now - lastTap.at < 350;
    lastTap = { card, at: now };
    if (!twice) return false;
    lastTap = { card: null, at: 0 };
    const home = (card.dataset.targets || "").split(" ").find((t) => t.startsWith("f"));
    if (!home || pileOf(card).classList.contains("foundation")) return false;
    move(`${card.dataset.card}-f`);
    return true;
  }

  async function shareGame(event, url) {
    event.preventDefault();
    try {
      if (navigator.share) await navigator.share({ title: document.title, url });
      else {
        await navigator.clipboard.writeText(url);
        event.target.textContent = "Link copied";
      }
    } catch (_) {
      /* the player closed the share sheet */
    }
  }

  // -- dragging --------------------------------------------------------------------------------
  let drag = null;
  document.addEventListener("pointerdown", (event) => {
    const card = event.target.closest(`#board ${CARD}`);
    if (!card || event.button !== 0 || $(".result", board())) return;
    drag = { card, x: event.clientX, y: event.clientY, ghost: null, pointer: event.pointerId };
  });
  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.ghost) {
      if (Math.hypot(dx, dy) < 8) return;
      pick(drag.card);
      const stack = stackFrom(drag.card);
      const rect = drag.card.getBoundingClientRect();
      const ghost = document.createElement("div");
      ghost.className = "drag-ghost";
      stack.forEach((c) => ghost.appendChild(c.cloneNode(true)));
      ghost.style.setProperty("--card-w", `${rect.width}px`);
      ghost.style.left = `${rect.left}px`;
      ghost.style.top = `${rect.top}px`;
      document.body.appendChild(ghost);
      stack.forEach((c) => c.classList.add("dragging-source"));
      drag.ghost = ghost;
      drag.origin = rect;
    }
    drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
  });
  document.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const { ghost } = drag;
    drag = null;
    if (!ghost) return;
    ghost.remove();
    $$(".dragging-source").forEach((c) => c.classList.remove("dragging-source"));
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const pile = pileOf(under);
    if (pile && picked && pile !== pileOf(picked)) dropOn(pile);
    else clearSelection();
  });
  // A card is a link, and a link would start the browser's own drag (which cancels ours).
  document.addEventListener("dragstart", (event) => {
    if (event.target.closest && event.target.closest("#board")) event.preventDefault();
  });
  document.addEventListener("pointercancel", () => {
    if (drag && drag.ghost) drag.ghost.remove();
    $$(".dragging-source").forEach((c) => c.classList.remove("dragging-source"));
    drag = null;
  });

  // -- keys ------------------------------------------------------------------------------------
  const action = (name) => {
    const button = $(`#play button[name=action][value=${name}]`);
    if (button && !button.disabled) send({ action: name });
  };
  function focusables() {
    // Every pile in reading order, each with its face-up cards (or the pile itself when empty).
    return $$("[data-pile]", board()).map((pile) => {
      const cards = $$(CARD, pile);
      if (!cards.length && !pile.hasAttribute("tabindex")) pile.tabIndex = -1;
      return { pile, items: cards.length ? cards : [pile.querySelector(".stock-button") || pile] };
    });
  }
  function moveFocus(dx, dy) {
    const piles = focusables();
    const active = document.activeElement;
    let p = piles.findIndex(({ pile }) => pile.contains(active));
    if (p < 0) return piles[piles.length - 7]?.items.at(-1).focus();
    if (dx) {
      p = (p + dx + piles.length) % piles.length;
      return piles[p].items.at(-1).focus();
    }
    const items = piles[p].items;
    const i = Math.max(0, Math.min(items.length - 1, items.indexOf(active) + dy));
    items[i].focus();
  }
  const openMenu = () => $("#board details.menu[open]");
  document.addEventListener("keydown", (event) => {
    if (!board()) return;
    const key = event.key;
    if (key === "Escape" && openMenu()) {
      // From anywhere in the menu (its checkbox too): close it, back to its button.
      const menu = openMenu();
      const inside = menu.contains(document.activeElement);
      closeMenu();
      if (inside) $("summary", menu).focus();
      return;
    }
    if (event.target.matches("input:not([type=checkbox]), select, textarea")) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && key.toLowerCase() === "z") {
      event.preventDefault();
      return action(event.shiftKey ? "redo" : "undo");
    }
    if (mod && key.toLowerCase() === "y") {
      event.preventDefault();
      return action("redo");
    }
    if (mod || event.altKey) return;
    // Single keys only while the focus is on the table (WCAG 2.1.4): a nav link's "u" is
    // nobody's undo.
    const active = document.activeElement;
    const onTable = board().contains(active) && !active.closest(".menu, dialog");
    if (key === "u" && onTable) return action("undo");
    if (key === "h" && onTable) return action("hint");
    if (key === "Escape") return clearSelection(Boolean(picked));
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    // Arrows work from inside the table, and from nowhere (after a swap or on arrival).
    if (arrows[key] && (!active || active === document.body || board().contains(active))) {
      event.preventDefault();
      closeMenu();
      return moveFocus(...arrows[key]);
    }
    if ((key === "Enter" || key === " ") && board().contains(document.activeElement)) {
      const el = document.activeElement;
      const pile = pileOf(el);
      if (!pile || el.closest(".tools, .status, .result, .menu")) return;
      event.preventDefault();
      if (el.classList.contains("stock-button")) return move(el.value);
      if (picked && pile !== pileOf(picked)) return dropOn(pile);
      if (el.matches(CARD)) return el === picked ? clearSelection(true) : pick(el);
    }
  });

  // -- motion: cards glide from where they were (FLIP), a finish flies home card by card ---------
  // Only swaps of the board itself count: the dead-end banner polls and swaps on its own.
  const boardSwap = (event) => event.detail.target && event.detail.target.id === "board";
  let before = new Map();
  let focused = null; // what had the keyboard focus in the old board, to give it back after
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (!boardSwap(event)) return;
    before = new Map($$("#board [data-card]").map((c) => [c.dataset.card, c.getBoundingClientRect()]));
    const active = document.activeElement;
    focused = null;
    if (active && active !== document.body && board().contains(active)) {
      const pile = pileOf(active);
      focused = { card: active.dataset.card, pile: pile && pile.dataset.pile, action: active.value };
    }
  });
  // Where the focus goes when the button pressed is gone or greyed out after its action:
  // the last Undo → Redo; Restart, a jump back or a banner's Undo → Undo (which brings the
  // game back); anything else → Undo, Redo or Hint, whichever can be pressed.
  const FOCUS_NEXT = { undo: ["redo", "hint"], restart: ["undo"], jump: ["undo"] };
  const shown = (el) => el && !el.disabled && (!el.checkVisibility || el.checkVisibility());
  function restoreFocus(b) {
    // The swap replaced the focused element: a keyboard player goes on from the same card
    // (wherever it is now), else from the same pile, else the same button, else the
    // nearest meaningful control. Never the page's <body>.
    if (!focused) return;
    const { card, pile, action: value } = focused;
    focused = null;
    const button = (name) => $(`.tools button[value="${name}"], .status button[value="${name}"]`, b);
    const candidates = [
      card && $(`${CARD}[data-card="${card}"]`, b),
      pile && focusables().find((p) => p.pile.dataset.pile === pile)?.items.at(-1),
      value && $(`button[value="${value}"]`, b),
      ...(FOCUS_NEXT[value] || []).map(button),
      ...["undo", "redo", "hint"].map(button),
    ];
    const target = candidates.find(shown);
    if (target) target.focus({ preventScroll: !value });
  }

  // The result and the resign question are modal: the rest of the page is inert behind them
  // and the focus starts inside (on the element marked autofocus).
  function openDialogs(root) {
    $$("dialog[open]", root).forEach((dialog) => {
      if (dialog.matches(":modal")) return;
      dialog.close();
      dialog.showModal();
      if (!dialog.classList.contains("confirm")) {
        // The game is over: the dialog stays until the player leaves by one of its links.
        dialog.addEventListener("cancel", (event) => event.preventDefault());
        return;
      }
      dialog.addEventListener("close", () => {
        if (dialog.open) return; // the close() above, reported late: it is open again
        dialog.remove();
        $("#board details.menu summary")?.focus();
      });
    });
  }
  document.addEventListener("click", (event) => {
    const dismiss = event.target.closest("dialog [data-dismiss]");
    if (!dismiss) return;
    event.preventDefault();
    dismiss.closest("dialog").close();
  });

  // The dead-end banner arrives by itself (it polls): bring it into view once per position,
  // or it may sit below the fold.
  let bannerShownAt = null;
  function showBanner() {
    const banner = $("#board [data-testid=dead-end]");
    const ply = board()?.dataset.ply;
    if (!banner || bannerShownAt === ply) return;
    bannerShownAt = ply;
    banner.scrollIntoView({ block: "nearest" });
  }
  document.addEventListener("htmx:afterSwap", (event) => {
    const b = board();
    if (b) showBanner();
    if (!b || !boardSwap(event)) return;
    delete b.dataset.busy;
    clearSelection(); // a stack picked up on the old board is gone with it
    if ($("dialog[open]", b)) {
      focused = null;
      openDialogs(b);
    } else restoreFocus(b);
    // The server's words for what was done; else a note such as "the table had changed".
    // (A refusal is the board's own role=alert, read out once by itself.)
    say(b.dataset.say || $(".messages .note", b)?.textContent.trim());
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const finishing = Number(b.dataset.finished || 0);
    const home = $$(".foundation [data-card]", b);
    $$("[data-card]", b).forEach((card) => {
      const was = before.get(card.dataset.card);
      if (!was || reduce) return;
      const now = card.getBoundingClientRect();
      const dx = was.left - now.left;
      const dy = was.top - now.top;
      if (!dx && !dy) return;
      const delay = finishing ? Math.min(home.indexOf(card), 40) * 25 : 0;
      card.animate(
        [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: finishing ? 320 : 160, delay, easing: "ease-out", fill: "backwards" },
      );
    });
    const alert = $("[role=alert]", b);
    if (alert) alert.focus?.();
  });
  // Any key or tap skips what is still flying. (Not the endless glows: finish() throws on
  // an infinite animation, which stopped the skip at the first lit pile.)
  const skipFlights = () =>
    document.getAnimations?.().forEach((a) => {
      if (a.effect && a.effect.getComputedTiming().endTime !== Infinity) a.finish();
    });
  ["pointerdown", "keydown"].forEach((type) => document.addEventListener(type, skipFlights, true));

  // -- the clock and the preferences switch ----------------------------------------------------
  setInterval(() => {
    const clock = $("#board .clock[data-running]");
    if (!clock) return;
    const seconds = Number(clock.dataset.seconds) + 1;
    clock.dataset.seconds = seconds;
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = String(seconds % 60).padStart(2, "0");
    clock.textContent = h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }, 1000);
  document.addEventListener("change", (event) => {
    if (event.target.matches("input[name=winnable][form=prefs]")) event.target.form.submit();
  });
  // An open menu never covers the card the focus is on: while it is open the table under it
  // is inert (a tap there closes the menu), and focus leaving the menu closes it.
  document.addEventListener(
    "toggle",
    (event) => {
      const menu = event.target;
      if (menu.matches && menu.matches("#board details.menu")) tableInert(menu.open);
    },
    true,
  );

  document.addEventListener("focusin", (event) => {
    const menu = openMenu();
    if (menu && !menu.contains(event.target)) closeMenu();
  });
  document.documentElement.classList.add("js");
  if (board()) {
    openDialogs(document);
    showBanner();
  }
})();
