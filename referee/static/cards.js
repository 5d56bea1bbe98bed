// The card picker (templates/picker.html), enhancements only: the forms work without this file. A game's
// own script counts the cards ticked by its rules (held to the Python rules by the browser tests); this
// gives it the cards ticked, fills in its words and shows its count as the cards are ticked.
"use strict";
window.refereeCards = {
  // A sentence of the page's language with its {holes} filled in ("{count} cards" with { count: 30 }).
  fill: (words, values) => words.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole)),
  // The codes of the cards of that name ticked ("cards", Piquet's "elder-cards"), in the page's order.
  ticked: (scope, name) => Array.from(scope.querySelectorAll(`input[name="${name}"]:checked`), (input) => input.value),
  // The line says text() at once, and again whenever a field of its form changes (a card, the trumps…).
  counting(line, text) {
    const show = () => {
      line.textContent = text();
    };
    line.closest("form").addEventListener("change", show);
    show();
  },
};
