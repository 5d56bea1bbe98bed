// Tarot deal form, enhancements only (the form works without this file): the points and bouts of the
// attack's cards ticked in the card picker (static/cards.js), counted as referee/games/tarot/deck.py counts
// them. Which way of entering shows is static/form.js's.
"use strict";
(function () {
  const BOUTS = new Set(["1T", "21T", "EX"]);
  const COURTS = { K: 9, Q: 7, N: 5, J: 3 }; // half points; a bout 9, any other card 1
  const NEEDED = [56, 51, 41, 36]; // the points the attack needs, by its bouts

  function halfPoints(code) {
    if (BOUTS.has(code)) return 9;
    if (/^[0-9]+T$/.test(code)) return 1;
    return COURTS[code[0]] || 1;
  }

  // The points (in half points) and bouts of a pile of card codes.
  function counted(codes) {
    return {
      half: codes.reduce((sum, code) => sum + halfPoints(code), 0),
      bouts: codes.filter((code) => BOUTS.has(code)).length,
    };
  }

  // The pure rule piece, for the browser tests that hold it to the rules.
  window.refereeTarot = { counted };

  document.addEventListener("DOMContentLoaded", () => {
    const line = document.querySelector("[data-pile-count]");
    if (!line) return;
    const { fill, ticked, counting } = window.refereeCards;
    counting(line, () => {
      const codes = ticked(line.closest("form"), "cards");
      const { half, bouts } = counted(codes);
      const points = half % 2 ? fill(line.dataset.half, { whole: (half - 1) / 2 }) : String(half / 2);
      const boutWords = JSON.parse(line.dataset.bouts)[bouts];
      return fill(line.dataset.words, { count: codes.length, points, bouts: boutWords, needed: NEEDED[bouts] });
    });
  });
})();
