// The Belote and Coinche deal form, enhancements only (the form works without this file): one way of
// entering the card play shown at a time, the belote fields the trumps allow (one at a suit, four at tout
// atout, none at sans atout), and the card points of the tricks counted as their cards are tapped (as
// referee/games/belote/cards.py pile_points).
"use strict";
(function () {
  const TRUMP = { J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3, 8: 0, 7: 0 };
  const PLAIN = { J: 2, 9: 0, A: 11, T: 10, K: 4, Q: 3, 8: 0, 7: 0 };
  const CARD_POINTS = 162;
  const LAST_TRICK = 10;

  const form = document.querySelector("[data-belote-play]");
  if (!form) return;
  const root = form.closest("form") || document;

  function checked(name) {
    const input = root.querySelector(`input[name="${name}"]:checked`);
    return input ? input.value : "";
  }

  function pilePoints(cards, trump, lastTrick) {
    const sum = cards.reduce((total, card) => total + (card[1] === trump ? TRUMP : PLAIN)[card[0]], 0);
    return sum + (lastTrick ? LAST_TRICK : 0);
  }

  function showWay() {
    const way = checked("way") || "points";
    for (const part of form.querySelectorAll("[data-way]")) part.hidden = part.dataset.way !== `way:${way}`;
  }

  // A hidden set of belote fields is disabled too, so that it posts nothing.
  function showBelote() {
    const trump = checked("trump");
    const at = trump === "TA" ? "TA" : trump === "SA" ? "none" : "suit";
    for (const part of root.querySelectorAll("[data-belote-at]")) {
      part.hidden = part.dataset.beloteAt !== at;
      for (const select of part.querySelectorAll("select")) select.disabled = part.hidden;
    }
    root.querySelector(".belote-belote").hidden = at === "none";
  }

  const shown = form.querySelector("[data-pile-points]");
  const words = JSON.parse(shown.dataset.words);

  function count() {
    const trump = checked("trump");
    const cards = [...form.querySelectorAll('input[name="cards"]:checked')].map((input) => input.value);
    if (!"SHDC".includes(trump) || !trump) {
      shown.textContent = "";
      return;
    }
    const points = pilePoints(cards, trump, checked("last_trick") === (checked("pile") || "takers"));
    const tricks = Math.floor(cards.length / 4);
    shown.textContent = words[String(tricks)].replace("{points}", points).replace("{other}", CARD_POINTS - points);
  }

  root.addEventListener("change", (event) => {
    if (event.target.name === "way") showWay();
    if (event.target.name === "trump") showBelote();
    count();
  });
  showWay();
  showBelote();
  count();
  window.belotePilePoints = pilePoints; // tests/browser/test_scripts_match_rules.py
})();
