// The round forms' widgets (templates/widgets.html): count pickers, steppers and chips, the ± beside a signed
// number. Enhancements only: without this file each press posts the form and the server does the same. Loaded
// by the pages that show them (a game's styles.html names it beside counts.css; the new game's form for its signs).
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
    form.addEventListener("change", () => {
      const fieldset = form.querySelector("[data-total]");
      if (fieldset) refreshCounts(fieldset);
    });
    form.querySelectorAll("[data-total]").forEach(refreshCounts);
  });
});
