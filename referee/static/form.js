// The round forms: counts, steppers, one-tap moon, modes. Enhancements only: the forms work without this file.
"use strict";

function wholeNumber(text) {
  const value = String(text || "").trim();
  return /^-?\d+$/.test(value) ? parseInt(value, 10) : null;
}

// The rule pieces below are the Python rules' (checked by tests/browser/test_scripts_match_rules.py).

// Hearts' counts as the rules take them (referee/games/hearts/form.py effective_counts): once the
// counts add up, every blank took none; before that one blank takes what is left; else null.
function effectiveCounts(typed, total) {
  const left = total - typed.reduce((acc, value) => acc + (value || 0), 0);
  const blanks = typed.filter((value) => value === null).length;
  const fill = left === 0 || (blanks === 1 && left > 0);
  return typed.map((value) => (value === null && fill ? left : value));
}

// Hearts' moon (referee/games/hearts/rules.py): the seat that took the queen shot it by taking
// every heart; null if nobody did.
function moonShooter(counts, queenSeat, total) {
  return queenSeat !== null && counts[queenSeat] === total ? queenSeat : null;
}

window.refereeApp = { ...window.refereeApp, wholeNumber, effectiveCounts, moonShooter };

function refreshCounts(fieldset) {
  const total = parseInt(fieldset.dataset.total, 10);
  const inputs = [...fieldset.querySelectorAll("[data-count]")];
  const typed = inputs.map((input) => wholeNumber(input.value));
  const left = total - typed.reduce((acc, value) => acc + (value || 0), 0);
  const counter = fieldset.querySelector("[data-left-count]");
  if (counter) counter.textContent = left < 0 ? `\u2212${-left}` : String(left);
  const effective = effectiveCounts(typed, total);
  inputs.forEach((input, index) => {
    input.placeholder = typed[index] === null && effective[index] !== null ? String(effective[index]) : "";
  });
  inputs.forEach((input, index) => {
    const row = input.closest("[data-player-row]");
    row.querySelectorAll("[data-set]").forEach((chip) => {
      chip.setAttribute("aria-pressed", String(typed[index] !== null && parseInt(chip.dataset.set, 10) === typed[index]));
    });
  });
  refreshMoon(fieldset.form, effective, total);
}

function refreshMoon(form, counts, total) {
  const choice = form.querySelector("[data-moon-choice]");
  if (!choice) return;
  const queen = form.querySelector("input[name=queen]:checked");
  choice.hidden = moonShooter(counts, queen ? wholeNumber(queen.value) : null, total) === null;
}

// Hearts' one-tap moon (HeartsRoundForm.command): that seat took all the hearts and the queen.
function applyMoon(form, seat) {
  const fieldset = form.querySelector("[data-total]");
  if (!fieldset) return false;
  const total = parseInt(fieldset.dataset.total, 10);
  fieldset.querySelectorAll("[data-count]").forEach((input, index) => { input.value = String(index === seat ? total : 0); });
  const queen = form.querySelector(`input[name=queen][value="${seat}"]`);
  if (queen) queen.checked = true;
  refreshCounts(fieldset);
  return true;
}

function applyAdjust(form, command) {
  if (command.startsWith("moon:")) return applyMoon(form, parseInt(command.slice(5), 10));
  const cut = command.lastIndexOf(":");
  const input = form.elements.namedItem(command.slice(0, cut));
  if (!input) return false;
  const change = command.slice(cut + 1);
  const current = wholeNumber(input.value) || 0;
  let wanted = change.startsWith("=") ? parseInt(change.slice(1), 10) : current + parseInt(change, 10);
  const fieldset = input.closest("[data-total]");
  const high = fieldset ? parseInt(fieldset.dataset.total, 10) : 999;
  wanted = Math.max(0, Math.min(high, wanted));
  input.value = String(wanted);
  if (fieldset) refreshCounts(fieldset);
  return true;
}

// A choice that does not apply after another (Queenie: nothing is sold once the dealer switched):
// its options other than "nobody" are disabled meanwhile; without JavaScript the server refuses.
function refreshOff(form) {
  form.querySelectorAll("[data-off-when]").forEach((fieldset) => {
    const [name, value] = fieldset.dataset.offWhen.split("=");
    const chosen = form.querySelector(`input[name="${name}"]:checked`);
    const off = chosen !== null && chosen.value === value;
    fieldset.querySelectorAll("input[type=radio]").forEach((input) => {
      if (input.value === "") {
        if (off) input.checked = true;
        return;
      }
      input.disabled = off;
      if (off) input.checked = false;
    });
    fieldset.classList.toggle("off", off);
  });
}

function showMode(form) {
  const chosen = form.querySelector("input[data-mode-switch]:checked");
  if (!chosen) return;
  form.querySelectorAll("[data-mode]").forEach((section) => { section.hidden = section.dataset.mode !== chosen.value; });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form").forEach((form) => {
    form.addEventListener("click", (event) => {
      const button = event.target.closest("button[name=adjust]");
      if (button && applyAdjust(form, button.value)) event.preventDefault();
    });
    form.addEventListener("input", (event) => {
      const fieldset = event.target.closest("[data-total]");
      if (fieldset) refreshCounts(fieldset);
    });
    form.addEventListener("change", (event) => {
      if (event.target.matches("[data-mode-switch]")) showMode(form);
      refreshOff(form);
      const fieldset = form.querySelector("[data-total]");
      if (fieldset) refreshCounts(fieldset);
    });
    showMode(form);
    refreshOff(form);
    form.querySelectorAll("[data-total]").forEach(refreshCounts);
  });
});

// Saving a round: kept on the phone first, then sent in the background (static/app.js refereeQueue);
// the page moves on with the server's answer. When the connection fails, or another phone recorded
// that round, static/offline.js takes over and shows it: nothing typed in is lost.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  const queue = window.refereeQueue;
  if (!queue || !queue.game || !form.matches("form[data-queue]") || event.submitter?.name !== "save") return;
  event.preventDefault();
  if (form.dataset.sending) return; // a second tap while the first is on its way
  form.dataset.sending = "1";
  const entry = {
    id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
    game: queue.game,
    state: "waiting",
    next: form.dataset.nextRound !== undefined,
    number: Number(form.elements.namedItem("number").value),
    label: document.querySelector("main h1").textContent.trim(),
    action: event.submitter.formAction,
    page: window.location.pathname,
    body: new URLSearchParams(new FormData(form, event.submitter)).toString(),
  };
  const before = queue.here().length; // rounds still waiting go first, in order
  if (!queue.write([...queue.read(), entry])) {
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
