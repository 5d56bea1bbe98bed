// Enhancements only: every page works without this file.
"use strict";
document.documentElement.classList.add("js");

function wholeNumber(text) {
  const value = String(text || "").trim();
  return /^-?\d+$/.test(value) ? parseInt(value, 10) : null;
}

// The rule pieces below are the Python rules' (checked by tests/browser/test_scripts_match_rules.py).

// Hearts' counts as the rules take them (referee/games/hearts/form.py): one player left blank
// takes what nobody else took; otherwise a blank stays null.
function effectiveCounts(typed, total) {
  const left = total - typed.reduce((acc, value) => acc + (value || 0), 0);
  const blanks = typed.filter((value) => value === null).length;
  return typed.map((value) => (value === null && blanks === 1 && left >= 0 ? left : value));
}

// Hearts' moon (referee/games/hearts/rules.py): the seat that took the queen shot it by taking
// every heart; null if nobody did.
function moonShooter(counts, queenSeat, total) {
  return queenSeat !== null && counts[queenSeat] === total ? queenSeat : null;
}

window.refereeApp = { wholeNumber, effectiveCounts, moonShooter };

function refreshCounts(fieldset) {
  const total = parseInt(fieldset.dataset.total, 10);
  const inputs = [...fieldset.querySelectorAll("[data-count]")];
  const typed = inputs.map((input) => wholeNumber(input.value));
  const left = total - typed.reduce((acc, value) => acc + (value || 0), 0);
  const counter = fieldset.querySelector("[data-left-count]");
  if (counter) counter.textContent = String(left);
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

function applyAdjust(form, command) {
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
      const fieldset = form.querySelector("[data-total]");
      if (fieldset) refreshCounts(fieldset);
    });
    showMode(form);
    form.querySelectorAll("[data-total]").forEach(refreshCounts);
  });
});
