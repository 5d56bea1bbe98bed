// Points (referee/games/points/form.py): the ± buttons and the running total of a round.
// Enhancements only: without this file the ± buttons go through the server.
"use strict";
(function () {
  // A number or a short sum of ASCII digits and + / - signs, exactly as parse_sum in form.py.
  const SUM = /^[+-]?[0-9]{1,9}(?:[+-][0-9]{1,9}){0,19}$/;
  const TERM = /[+-]?[0-9]+/g;

  function cleaned(text) {
    return String(text || "").replace(/[\u2212\u2013]/g, "-").replace(/[ \t]+/g, "");
  }

  function parseSum(text) {
    const value = cleaned(text);
    if (!SUM.test(value)) return null;
    return value.match(TERM).reduce((total, term) => total + parseInt(term, 10), 0);
  }

  function flipSign(text) {
    const value = cleaned(text);
    if (value === "") return "-";
    if (value === "-") return "";
    if (!SUM.test(value)) return text;
    const terms = value.match(TERM).map((term) => (term[0] === "-" ? term.slice(1) : "-" + term.replace(/^\+/, "")));
    return terms.map((term, index) => (index === 0 || term[0] === "-" ? term : "+" + term)).join("");
  }

  function refresh(fieldset) {
    const shown = fieldset.querySelector("[data-points-sum]");
    if (!shown) return;
    const fields = [...fieldset.querySelectorAll("[data-points-field]")];
    shown.textContent = String(fields.reduce((total, input) => total + (parseSum(input.value) || 0), 0));
  }

  window.refereePoints = { parseSum: parseSum, flipSign: flipSign };

  document.querySelectorAll("fieldset[data-points]").forEach((fieldset) => {
    fieldset.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-sign]");
      if (!button) return;
      const input = fieldset.querySelector("#" + button.dataset.sign);
      if (!input) return;
      event.preventDefault();
      input.value = flipSign(input.value);
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
      refresh(fieldset);
    });
    fieldset.addEventListener("input", () => refresh(fieldset));
    refresh(fieldset);
  });
})();
