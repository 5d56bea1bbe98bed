// The round forms' shared widgets: count pickers, steppers, chips, modes, choices that do not apply.
// Enhancements only: the forms work without this file. A game's own script adds its rules (Hearts' moon).
"use strict";

function wholeNumber(text) {
  const value = String(text || "").trim();
  return /^-?\d+$/.test(value) ? parseInt(value, 10) : null;
}

// The count picker's rule, as referee/games/counts.py effective_counts has it (checked by
// tests/browser/test_scripts_match_rules.py): once the counts add up to the total, every blank has
// none; before that one blank gets what is left; else null.
function effectiveCounts(typed, total) {
  const left = total - typed.reduce((acc, value) => acc + (value || 0), 0);
  const blanks = typed.filter((value) => value === null).length;
  const fill = left === 0 || (blanks === 1 && left > 0);
  return typed.map((value) => (value === null && fill ? left : value));
}

window.refereeApp = { ...window.refereeApp, wholeNumber, effectiveCounts };

// A count picker (<fieldset data-total>, templates/widgets.html): the count left, each blank's
// placeholder, the chip pressed; then it tells the page the counts as the rules will take them
// ("referee:counts", for a game's own script).
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
  fieldset.dispatchEvent(new CustomEvent("referee:counts", { bubbles: true, detail: { counts: effective, total } }));
}
// A number or a short sum (12+11-3) and its sign, as referee/games/fields.py has them: the ± beside a
// signed field (templates/widgets.html sign_button) flips it, for phones whose numeric keypad has no minus.
const shortSum = /^[+-]?[0-9]{1,9}(?:[+-][0-9]{1,9}){0,19}$/;
const sumTerms = /[+-]?[0-9]+/g;

function cleanedSum(text) {
  return String(text || "").replace(/[\u2212\u2013]/g, "-").replace(/[ \t]+/g, "");
}

function flipSign(text) {
  const value = cleanedSum(text);
  if (value === "") return "-";
  if (value === "-") return "";
  if (!shortSum.test(value)) return text;
  const terms = value.match(sumTerms).map((term) => (term[0] === "-" ? term.slice(1) : "-" + term.replace(/^\+/, "")));
  return terms.map((term, index) => (index === 0 || term[0] === "-" ? term : "+" + term)).join("");
}

window.refereeApp = { ...window.refereeApp, shortSum, sumTerms, cleanedSum, flipSign };

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-sign]");
  const input = button && document.getElementById(button.dataset.sign);
  if (!input) return;
  event.preventDefault();
  input.value = flipSign(input.value);
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  input.dispatchEvent(new Event("input", { bubbles: true })); // a running total adds it up anew
});

// A stepper or chip press ("field:+1", "field:=4"), as referee/games/fields.py adjust does without
// JavaScript; any other command (a game's own) is left to the game's script or the server.
function applyAdjust(form, command) {
  const cut = command.lastIndexOf(":");
  const input = form.elements.namedItem(command.slice(0, cut));
  if (!(input instanceof HTMLInputElement)) return false;
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

// A choice that does not apply while another has a value (<fieldset data-off-when="name=value">, the
// game's template saying which: Queenie sells nothing once the dealer switched): its options other
// than "nobody" are disabled meanwhile; without JavaScript the server refuses.
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
