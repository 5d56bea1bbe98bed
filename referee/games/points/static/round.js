// Points (referee/games/points/form.py): the running total of a round (the ± buttons are static/widgets.js's).
// Enhancements only.
"use strict";
(function () {
  const { shortSum, sumTerms, cleanedSum, flipSign } = window.refereeApp;

  // A number or a short sum, added up exactly as parse_sum in form.py.
  function parseSum(text) {
    const value = cleanedSum(text);
    if (!shortSum.test(value)) return null;
    return value.match(sumTerms).reduce((total, term) => total + parseInt(term, 10), 0);
  }

  function refresh(fieldset) {
    const shown = fieldset.querySelector("[data-points-sum]");
    if (!shown) return;
    const fields = [...fieldset.querySelectorAll("[data-points-field]")];
    shown.textContent = String(fields.reduce((total, input) => total + (parseSum(input.value) || 0), 0));
  }

  window.refereePoints = { parseSum: parseSum, flipSign: flipSign };

  document.querySelectorAll("fieldset[data-points]").forEach((fieldset) => {
    fieldset.addEventListener("input", () => refresh(fieldset));
    refresh(fieldset);
  });
})();
