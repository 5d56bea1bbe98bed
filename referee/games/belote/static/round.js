// The Belote and Coinche deal form, enhancements only (the form works without this file): the belote fields
// the trumps allow (one at a suit, four at tout atout, none at sans atout), and the card points of the tricks
// whose cards are ticked in the card picker (static/cards.js), counted as referee/games/belote/cards.py
// pile_points. Which way of entering the play shows is static/form.js's.
"use strict";
(function () {
  const TRUMP = { J: 20, 9: 14, A: 11, T: 10, K: 4, Q: 3, 8: 0, 7: 0 };
  const PLAIN = { J: 2, 9: 0, A: 11, T: 10, K: 4, Q: 3, 8: 0, 7: 0 };
  const CARD_POINTS = 162;
  const LAST_TRICK = 10;

  function pilePoints(cards, trump, lastTrick) {
    const sum = cards.reduce((total, card) => total + (card[1] === trump ? TRUMP : PLAIN)[card[0]], 0);
    return sum + (lastTrick ? LAST_TRICK : 0);
  }

  window.belotePilePoints = pilePoints; // tests/browser/test_belote_scripts.py

  const play = document.querySelector("[data-belote-play]");
  if (!play) return;
  const root = play.closest("form");

  function checked(name) {
    const input = root.querySelector(`input[name="${name}"]:checked`);
    return input ? input.value : "";
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

  root.addEventListener("change", (event) => {
    if (event.target.name === "trump") showBelote();
  });
  showBelote();

  const line = play.querySelector("[data-pile-points]");
  const words = JSON.parse(line.dataset.words);
  const { fill, ticked, counting } = window.refereeCards;
  counting(line, () => {
    const trump = checked("trump");
    if (!trump || !"SHDC".includes(trump)) return "";
    const cards = ticked(play, "cards");
    const points = pilePoints(cards, trump, checked("last_trick") === (checked("pile") || "takers"));
    return fill(words[String(Math.floor(cards.length / 4))], { points, other: CARD_POINTS - points });
  });
})();
