// Tarot deal form, enhancements only (the form works without this file): one way of entering shown at a
// time (a played or a passed deal; the points counted or the attack's cards), and the points and bouts of
// the cards ticked counted as they are ticked (referee/games/tarot/deck.py counts alike).
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

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  function showWays(form) {
    const chosen = {};
    form.querySelectorAll("input[data-way-switch]:checked").forEach((input) => {
      chosen[input.name] = input.value;
    });
    form.querySelectorAll("[data-way]").forEach((section) => {
      const ways = section.dataset.way.split(" ").map((way) => way.split(":"));
      section.hidden = !ways.some(([name, value]) => !(name in chosen) || chosen[name] === value);
    });
  }

  function showCount(form, output) {
    const codes = Array.from(form.querySelectorAll("input[name=cards]:checked"), (input) => input.value);
    const { half, bouts } = counted(codes);
    const points = half % 2 ? fill(output.dataset.half, { whole: (half - 1) / 2 }) : String(half / 2);
    const boutWords = JSON.parse(output.dataset.bouts)[bouts];
    const needed = NEEDED[bouts];
    output.textContent = fill(output.dataset.words, { count: codes.length, points, bouts: boutWords, needed });
  }

  // The pure rule piece, for the browser tests that hold it to the rules.
  window.refereeTarot = { counted };

  document.addEventListener("DOMContentLoaded", () => {
    const output = document.querySelector("[data-pile-count]");
    if (!output) return;
    const form = output.closest("form");
    form.addEventListener("change", (event) => {
      if (event.target.matches("[data-way-switch]")) showWays(form);
      if (event.target.matches("input[name=cards]")) showCount(form, output);
    });
    showWays(form);
  });
})();
