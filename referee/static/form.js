// Every round form: one way of entering shown at a time, and saving the round. Enhancements only: the forms
// work without this file. The widgets (count pickers, steppers, signs) are static/widgets.js, the card picker
// static/cards.js, choices that do not apply static/off.js, a game's rules its own script (Hearts' moon).
"use strict";

// One way of entering shown at a time: the radios marked data-way-switch choose, each section says the
// ways it belongs to (data-way="name:value", several separated by spaces); a section shows when one of its
// ways is chosen, or when its switch is not on the page. Without JavaScript every way on the page shows.
function showWays(form) {
  const chosen = {};
  form.querySelectorAll("input[data-way-switch]:checked").forEach((input) => {
    chosen[input.name] = input.value;
  });
  form.querySelectorAll("[data-way]").forEach((section) => {
    const ways = section.dataset.way.split(" ").map((way) => way.split(":"));
    section.hidden = !ways.some(([name, value]) => !(name in chosen) || chosen[name] === value);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form").forEach((form) => {
    form.addEventListener("change", (event) => {
      if (event.target.matches("[data-way-switch]")) showWays(form);
    });
    showWays(form);
  });
});

// Saving a round: kept on the phone first, then sent in the background (static/app.js refereeQueue);
// the page moves on with the server's answer. When the connection fails, or another phone recorded
// that round, static/offline.js takes over and shows it: nothing typed in is lost. Each round kept
// has its own id (the server stores it once, whatever the resends); saved again while the earlier
// version still waits here, it takes that one's place and names its ids (the server corrects the
// round if it received one of them).
document.addEventListener("submit", async (event) => {
  const form = event.target;
  const queue = window.refereeQueue;
  if (!queue || !queue.game || !form.matches("form[data-queue]") || event.submitter?.name !== "save") return;
  event.preventDefault();
  if (form.dataset.sending) return; // a second tap while the first is on its way
  form.dataset.sending = "1";
  const entry = {
    id: queue.newId(),
    game: queue.game,
    state: "waiting",
    next: form.dataset.nextRound !== undefined,
    number: Number(form.elements.namedItem("number").value),
    label: document.querySelector("main h1").textContent.trim(),
    action: event.submitter.formAction,
    page: window.location.pathname,
    token: queue.token,
    replaces: [],
  };
  // The same round kept here already (a second or third tap, from this page or the same form kept for
  // offline): this one takes its place, where it was in the order, so each round waits here once.
  const same = (other) => other.game === entry.game && other.number === entry.number && other.next === entry.next;
  const earlier = queue.here().filter(same);
  entry.replaces = earlier.flatMap((other) => [...(other.replaces || []), other.id]);
  const body = new URLSearchParams(new FormData(form, event.submitter));
  body.set("submission", entry.id);
  entry.replaces.forEach((id) => body.append("replaces", id));
  entry.body = body.toString();
  const before = queue.here().length; // rounds still waiting go first, in order
  const entries = queue.read();
  const place = entries.findIndex(same);
  const kept = place < 0 ? [...entries, entry] : [...entries.slice(0, place), entry, ...entries.slice(place).filter((other) => !same(other))];
  if (!queue.write(kept)) {
    form.submit(); // no room on the phone: as without JavaScript
    return;
  }
  const answer = before ? null : await queue.send(entry);
  if (answer && answer.outcome === "stored") {
    queue.drop(entry.id);
    window.location.assign(answer.table);
  } else if (answer && answer.outcome === "refused") {
    queue.drop(entry.id);
    form.submit(); // the server's page says what to fix, with the fields as they were
  } else {
    if (answer) queue.change(entry.id, { state: answer.outcome, answer });
    delete form.dataset.sending;
    queue.show(entry);
  }
});
