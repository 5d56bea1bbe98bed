// Hearts' round form: the moon. Enhancements only: without this file the one-tap moon goes through the
// server (HeartsRoundForm.command) and the moon choice is always shown. The counts are the shared count
// picker's (static/form.js), which tells this script the counts as the rules take them ("referee:counts").
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

  // The shooter's choice (the others score 26, or the shooter −26) is asked only after a moon.
  document.addEventListener("referee:counts", (event) => {
    const choice = event.target.form.querySelector("[data-moon-choice]");
    if (choice) choice.hidden = moonShooter(event.detail.counts, queenSeat(event.target.form), event.detail.total) === null;
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
