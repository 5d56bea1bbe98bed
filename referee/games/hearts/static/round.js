// Hearts' round form: the moon. Enhancements only: without this file the one-tap moon goes through the
// server (HeartsRoundForm.command) and the moon choice is always shown. The counts are the shared count
// picker's (static/widgets.js), which tells this script the counts as the rules take them ("referee:counts").
"use strict";
(() => {
  // Hearts' moon (referee/games/hearts/rules.py, checked by tests/browser/test_scripts_match_rules.py):
  // the seat that took the queen shot it by taking every heart; null if nobody did.
  function moonShooter(counts, queenSeat, total) {
    return queenSeat !== null && counts[queenSeat] === total ? queenSeat : null;
  }

  window.refereeHearts = { moonShooter };

  function queenSeat(form) {
    const queen = form.querySelector("input[name=queen]:checked");
    return queen ? window.refereeApp.wholeNumber(queen.value) : null;
  }

  // The shooter's choice (the others score 26, or the shooter −26) is asked only after a moon, in the
  // shooter's row, where the moon was tapped; with paper points, after the points.
  const lastCounts = new WeakMap();

  function placeMoonChoice(form) {
    const choice = form.querySelector("[data-moon-choice]");
    const home = form.querySelector("[data-moon-home]");
    if (!choice || !home) return;
    const points = form.querySelector("input[name=mode][value=points]:checked");
    const known = lastCounts.get(form);
    const shooter = points || !known ? null : moonShooter(known.counts, queenSeat(form), known.total);
    const row = shooter === null ? null : form.querySelector(`#row-hearts-${shooter}`);
    const place = row || home;
    if (choice.parentElement !== place) place.append(choice);
    choice.hidden = !points && shooter === null;
  }

  document.addEventListener("referee:counts", (event) => {
    lastCounts.set(event.target.form, event.detail);
    placeMoonChoice(event.target.form);
  });
  document.addEventListener("change", (event) => {
    if (event.target.matches("input[name=mode], input[name=queen]") && event.target.form) placeMoonChoice(event.target.form);
  });

  // The one-tap moon (HeartsRoundForm.command): that seat took all the hearts and the queen, the others none.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-moon]");
    const fieldset = button && button.form.querySelector("[data-total]");
    if (!fieldset) return;
    event.preventDefault();
    const seat = Number(button.dataset.moon);
    fieldset.querySelectorAll("[data-count]").forEach((input, index) => {
      input.value = index === seat ? fieldset.dataset.total : "0";
    });
    const queen = button.form.querySelector(`input[name=queen][value="${seat}"]`);
    if (queen) queen.checked = true;
    fieldset.dispatchEvent(new Event("input", { bubbles: true })); // the picker shows the counts anew
  });
})();
