// Rounds kept on this phone until the server has them: shown, and sent again in order when the connection
// returns, every little while, or on "Send now". Loaded by static/app.js only when this game has rounds
// waiting here, or on a round form kept for offline (the storage and the send are app.js's refereeQueue;
// a save is static/form.js's). Each round carries its own id, which the server keeps: a resend of a round
// it received is answered with what became of it (stored, since undone, since replaced) and never stored
// twice; another phone's round under that number is shown beside this phone's until the scorer taps a
// choice (referee/views/background.py).
"use strict";

(() => {
  const RETRY_MS = 15000;
  const SOON_MS = 2000; // just after the connection returns, the way to the server may take a moment
  const queue = window.refereeQueue;
  // Its words in the page's language come in its file, before it (referee/views/offline.py); the game's with the page.
  const words = { ...window.refereeQueueWords, ...document.querySelector("[data-queue-words]").dataset };
  // Its own styles (static/offline.css: the panel of rounds kept here, instructions that wait), not every page's.
  const styles = document.createElement("link");
  styles.rel = "stylesheet";
  styles.href = words.styles;
  document.head.append(styles);
  const form = document.querySelector("form[data-queue]");
  const say = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  // The next round of this game as the last page from the server said (static/app.js keeps it).
  const knownNext = () => {
    try {
      return Number(JSON.parse(localStorage.getItem("referee.next") || "{}")[queue.game]) || 0;
    } catch (error) {
      return 0;
    }
  };
  const lastWaiting = () => Math.max(0, ...queue.here().filter((entry) => entry.next).map((entry) => entry.number));

  // This game's waiting rounds, in order, until one is not taken (no connection, a conflict, a refusal):
  // the rounds after it wait for it. Resolves to how many the server took.
  let sending = null;
  function flush() {
    sending = sending || (async () => {
      let stored = 0;
      for (const entry of queue.here()) {
        if (entry.state !== "waiting") break;
        const answer = await queue.send(entry);
        if (answer === null) break;
        if (answer.outcome === "stored") {
          queue.drop(entry.id);
          stored += 1;
          continue;
        }
        queue.change(entry.id, { state: answer.outcome, answer });
        break;
      }
      return stored;
    })().finally(() => { sending = null; });
    return sending;
  }

  function element(tag, text, className) {
    const made = document.createElement(tag);
    if (text !== undefined) made.textContent = text;
    if (className) made.className = className;
    return made;
  }

  function button(text, className, onTap) {
    const made = element("button", text, className);
    made.type = "button";
    made.addEventListener("click", onTap);
    return made;
  }

  function afterChoice() {
    if (form) window.location.assign(words.tableUrl);
    else settle();
  }

  function line(entry) {
    const item = element("li");
    if (entry.state === "conflict") {
      item.innerHTML = entry.answer.html; // made by our server's template, its text escaped there
      item.querySelector("[data-queue-action=keep]")?.addEventListener("click", () => {
        queue.drop(entry.id);
        afterChoice();
      });
      item.querySelector("[data-queue-action=mine]")?.addEventListener("click", () => {
        const body = new URLSearchParams(entry.body);
        body.set("version", String(entry.answer.version));
        queue.change(entry.id, { state: "waiting", next: false, action: entry.answer.correct, body: body.toString(), answer: null });
        settle();
      });
    } else if (entry.state === "refused") {
      item.append(element("p", say(words.refused, { round: entry.label })));
      const reasons = element("ul");
      entry.answer.messages.forEach((message) => reasons.append(element("li", message)));
      item.append(
        reasons,
        button(words.open, "button primary", () => reopen(entry)),
        button(words.discard, "button", () => {
          queue.drop(entry.id);
          afterChoice();
        }),
      );
    } else {
      item.textContent = say(words.waiting, { round: entry.label });
    }
    return item;
  }

  // The round this form just saved, kept here: said so while it waits, until the next one is begun.
  let keptId = null;
  const keptWaiting = () => queue.here().find((entry) => entry.id === keptId && entry.state === "waiting");

  // The table page's "what to do next" is for the round after those the server has: while rounds wait here it
  // is out of date (the dealer, the pass, the stakes depend on them), so it is greyed and said to wait for the
  // connection. (The rules are not run on the phone: guessed instructions could send a pass the wrong way.)
  function markStale() {
    const panel = document.querySelector("[data-next-panel]");
    if (!panel) return;
    const due = lastWaiting() + 1;
    const stale = Number(panel.dataset.nextPanel) < due;
    panel.classList.toggle("stale", stale);
    panel.setAttribute("aria-disabled", String(stale));
    let note = document.querySelector("[data-stale-note]");
    if (!stale) {
      note?.remove();
      return;
    }
    if (!note) {
      note = element("p", undefined, "stale-note");
      note.dataset.staleNote = "";
      panel.before(note);
    }
    note.textContent = say(words.stale, { round: say(words.title, { number: due }) });
  }

  // The panel of this game's rounds still on this phone, under the page's heading.
  function paint() {
    markStale();
    const entries = queue.here();
    let box = document.querySelector("[data-queue-panel]");
    if (!entries.length) {
      box?.remove();
      return;
    }
    // The table page's "Enter hand 5" while hand 5 waits here: it opens the form of hand 6.
    document.querySelectorAll("a[data-next-round]").forEach((link) => {
      const number = Number(link.dataset.nextRound);
      if (lastWaiting() < number) return;
      link.textContent = link.textContent.replace(new RegExp(`\\b${number}\\b`), String(lastWaiting() + 1));
      link.dataset.nextRound = String(lastWaiting() + 1);
    });
    if (!box) {
      box = element("section", undefined, "queue");
      box.dataset.queuePanel = "";
      box.setAttribute("aria-live", "polite");
      document.querySelector("main h1")?.after(box);
    }
    box.replaceChildren(element("h2", say(words.heading, { count: entries.length })));
    const kept = keptWaiting();
    if (kept) box.append(element("p", say(words.kept, { round: kept.label })));
    const list = element("ul");
    entries.forEach((entry) => list.append(line(entry)));
    box.append(list);
    if (entries[0].state === "waiting") box.append(button(words.send, "button primary", () => settle()));
    if (kept && form && !form.hidden && form.dataset.ahead !== undefined) {
      box.append(button(say(words.next, { number: lastWaiting() + 1 }), "button", nextRound));
    }
  }

  async function settle() {
    const stored = await flush();
    if (stored && form && keptId && !queue.here().length) {
      window.location.assign(words.tableUrl); // the round this form holds is in the game now
      return;
    }
    // A table page shows the new scores; a form that waited for those rounds is made again by the server.
    if (stored && (!form || form.hidden)) {
      window.location.reload();
      return;
    }
    paint();
  }

  // ---- the round form ----

  // The form as made for round `number` (its number, heading, button and title say so).
  function renumber(number) {
    const field = form.elements.namedItem("number");
    const old = new RegExp(`\\b${field.value}\\b`);
    document.querySelectorAll("[data-numbered]").forEach((node) => {
      node.textContent = node.textContent.replace(old, String(number));
    });
    document.title = document.title.replace(old, String(number));
    field.value = String(number);
  }

  // Without a connection, the next round of a game whose form does not depend on the one before.
  function nextRound() {
    keptId = null;
    form.reset();
    renumber(lastWaiting() + 1);
    form.dispatchEvent(new Event("change", { bubbles: true }));
    paint();
    window.scrollTo(0, 0);
  }

  // "Open it to fix it": its own form, here or on its page.
  function reopen(entry) {
    if (form && entry.page === window.location.pathname) {
      restore(entry);
      paint();
      window.scrollTo(0, 0);
    } else {
      window.location.assign(`${entry.page}#restore-${entry.id}`);
    }
  }

  // A round the server refused, opened again to be fixed: its fields as the scorer left them.
  function restore(entry) {
    const values = new URLSearchParams(entry.body);
    const skip = new Set(["csrf_token", "number", "version", "save", "submission", "replaces"]);
    [...new Set(values.keys())].filter((name) => !skip.has(name)).forEach((name) => {
      const wanted = values.getAll(name);
      form.querySelectorAll(`[name="${CSS.escape(name)}"]`).forEach((input) => {
        if (input.type === "radio" || input.type === "checkbox") input.checked = wanted.includes(input.value);
        else input.value = wanted[0];
      });
    });
    queue.drop(entry.id);
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function prepareForm() {
    const restoring = queue.read().find((entry) => `#restore-${entry.id}` === window.location.hash);
    if (restoring) {
      restore(restoring);
      window.history.replaceState(null, "", window.location.pathname);
    }
    if (form.dataset.nextRound === undefined) return; // a correction
    const number = Number(form.elements.namedItem("number").value);
    // A page kept from before (offline), or opened while rounds wait here: it is for the round after them.
    const fresh = !document.documentElement.dataset.savedAt;
    const due = Math.max(number, lastWaiting() + 1, fresh ? 0 : knownNext());
    if (due <= number) return;
    renumber(due);
    if (form.dataset.ahead === undefined) {
      form.hidden = true;
      const later = element("p", say(words.later, { round: say(words.title, { number: due }) }), "flash warning");
      document.querySelector("main h1")?.after(later);
      // The phone is online but this page is still the kept one: the server did not answer yet.
      if (!fresh && navigator.onLine) setTimeout(() => window.location.reload(), SOON_MS);
    }
  }

  // A round form.js could not have stored: kept here, shown with what became of it.
  function show(entry) {
    if (entry) {
      keptId = entry.id;
      window.scrollTo(0, 0);
    }
    settle();
  }

  window.refereeOffline = { show };
  // Loaded for a round this form just saved: the form still holds it (the next one is a tap away).
  if (form && !queue.shown) prepareForm();
  show(queue.shown);
  window.addEventListener("online", async () => {
    await settle();
    if (form && form.hidden) window.location.reload(); // the form of the next round can be made again
    else if (queue.here().some((entry) => entry.state === "waiting")) setTimeout(settle, SOON_MS);
  });
  setInterval(() => {
    if (queue.here().some((entry) => entry.state === "waiting")) settle();
  }, RETRY_MS);
})();
