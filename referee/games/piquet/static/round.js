// Piquet deal form, enhancements only (the form works without this file): the card picker (static/cards.js)
// one hand at a time, with the combinations and verdicts shown live; the announcements' rows as they fill;
// the running play points. Which way of entering shows is static/form.js's.
"use strict";
(function () {
  const { fill, ticked } = window.refereeCards;
  const RANKS = "AKQJT987";
  const SUITS = "SHDC";
  const SET_RANKS = "AKQJT";
  const VALUES = { A: 11, K: 10, Q: 10, J: 10, T: 10, 9: 9, 8: 8, 7: 7 };
  const HAND = 12;
  const TRICKS = 12;
  const ROLES = ["elder", "younger"];

  function other(role) {
    return role === "elder" ? "younger" : "elder";
  }

  // --- Combinations of one hand (as referee/games/piquet/combinations.py) -----
  // tests/browser/test_scripts_match_rules.py checks them against the Python rules.

  function findPoint(cards) {
    let best = null;
    for (const suit of SUITS) {
      const ranks = cards.filter((card) => card[1] === suit).map((card) => card[0]);
      if (!ranks.length) continue;
      const candidate = { cards: ranks.length, value: ranks.reduce((sum, rank) => sum + VALUES[rank], 0) };
      if (!best || candidate.cards > best.cards || (candidate.cards === best.cards && candidate.value > best.value)) {
        best = candidate;
      }
    }
    return best;
  }

  function findSequences(cards) {
    const runs = [];
    for (const suit of SUITS) {
      let length = 0;
      let top = "";
      for (const rank of RANKS + " ") {
        if (cards.includes(rank + suit)) {
          if (!length) top = rank;
          length += 1;
          continue;
        }
        if (length >= 3) runs.push({ length, top });
        length = 0;
      }
    }
    return runs.sort((a, b) => b.length - a.length || RANKS.indexOf(a.top) - RANKS.indexOf(b.top));
  }

  function findSets(cards) {
    const groups = [];
    for (const rank of SET_RANKS) {
      const count = cards.filter((card) => card[0] === rank).length;
      if (count >= 3) groups.push({ rank, count });
    }
    return groups.sort((a, b) => b.count - a.count || RANKS.indexOf(a.rank) - RANKS.indexOf(b.rank));
  }

  // --- The announcements' rows ------------------------------------------------

  function showRows(form) {
    // Announcement rows: the filled ones and the first empty one.
    form.querySelectorAll("[data-rows]").forEach((rows) => {
      let previousFilled = true;
      rows.querySelectorAll("[data-row]").forEach((row) => {
        const select = row.querySelector("select");
        row.hidden = !previousFilled && !select.value;
        previousFilled = Boolean(select.value);
      });
    });
  }

  // --- The card picker --------------------------------------------------------

  function setupPicker(form, picker, words) {
    const toggle = picker.querySelector("[data-hand-toggle]");
    const verdictLine = picker.querySelector("[data-verdict]");
    let filling = "elder";
    let asked = "";
    let answer = null;
    toggle.hidden = false;
    picker.classList.add("one-hand");

    const boxes = (role) => [...picker.querySelectorAll(`input[name="${role}-cards"]`)];
    const held = (role) => ticked(picker, `${role}-cards`);
    // A combination's name, as the announcements' options give it ("5A": quint to the ace).
    const named = (kind, key) => form.querySelector(`[name$="-${kind}-0"] option[value="${key}"]`).textContent;
    const blanche = (role) => {
      const box = form.querySelector(`[data-blanche="${role}"]`);
      return Boolean(box && box.checked);
    };

    function verdictWord(found, role) {
      if (found === role) return words.good;
      if (found === "equal") return words.equal;
      return words.not_good;
    }

    function showCombos(role, cards, known) {
      const list = picker.querySelector(`[data-combos="${role}"]`);
      const items = [];
      const suffix = (item) => (known ? ` — ${verdictWord(known.verdicts[item], role)}` : "");
      if (known && known[role].blanche) items.push(`${words.blanche} — ${words.good}`);
      const point = findPoint(cards);
      if (point) items.push(fill(words.point, point) + suffix("point"));
      for (const run of findSequences(cards)) items.push(named("seq", run.length + run.top) + suffix("sequences"));
      for (const group of findSets(cards)) items.push(named("set", group.count + group.rank) + suffix("sets"));
      if (known && known.repique === role) items.push(words.repique);
      const score = known ? fill(words.score, { points: known[role].score }) : null;
      if (score) items.push(score);
      list.replaceChildren(
        ...items.map((text) => {
          const item = document.createElement("li");
          item.textContent = text;
          if (text === words.repique) item.className = "repique";
          if (text === score) item.className = "score";
          return item;
        }),
      );
    }

    function askReferee(hands) {
      const body = JSON.stringify({
        elder: hands.elder.join(" "),
        younger: hands.younger.join(" "),
        blanche: { elder: blanche("elder"), younger: blanche("younger") },
      });
      if (body === asked) return;
      asked = body;
      answer = null;
      fetch(picker.dataset.referee, { method: "POST", headers: { "Content-Type": "application/json" }, body })
        .then((response) => response.json().then((data) => ({ ok: response.ok, data })))
        .then(({ ok, data }) => {
          if (body !== asked) return;
          if (ok) {
            answer = data;
            verdictLine.textContent = "";
          } else {
            verdictLine.textContent = (data.errors || []).map((error) => error.message).join(" ");
          }
          refresh(false);
        })
        .catch(() => {
          asked = "";
        });
    }

    function refresh(auto) {
      const hands = { elder: held("elder"), younger: held("younger") };
      if (auto && filling === "elder" && hands.elder.length === HAND && hands.younger.length < HAND) {
        filling = "younger";
      }
      const complete = hands.elder.length === HAND && hands.younger.length === HAND;
      if (complete) askReferee(hands);
      else {
        asked = "";
        answer = null;
        verdictLine.textContent = "";
      }
      for (const role of ROLES) {
        const taken = hands[other(role)];
        picker.querySelector(`[data-hand="${role}"]`).hidden = role !== filling;
        const button = toggle.querySelector(`[data-fill="${role}"]`);
        button.setAttribute("aria-pressed", String(role === filling));
        const count = `${hands[role].length}/${HAND}`;
        picker.querySelectorAll(`[data-count-of="${role}"], [data-count="${role}"]`).forEach((output) => {
          output.textContent = count;
          output.classList.toggle("full", hands[role].length === HAND);
        });
        for (const box of boxes(role)) {
          const elsewhere = taken.includes(box.value);
          box.closest("label").classList.toggle("taken", elsewhere);
          box.disabled = !box.checked && (elsewhere || hands[role].length >= HAND);
        }
        showCombos(role, hands[role], complete ? answer : null);
      }
    }

    toggle.addEventListener("click", (event) => {
      const button = event.target.closest("[data-fill]");
      if (!button) return;
      filling = button.dataset.fill;
      refresh(false);
    });
    picker.addEventListener("change", () => refresh(true));
    form.querySelectorAll("[data-blanche]").forEach((box) => box.addEventListener("change", () => refresh(false)));
    refresh(false);
  }

  // --- Running play points from the trick winners -------------------------------

  // Play points and tricks so far from the trick winners ("E"/"Y" each, a string or an array), as
  // referee/games/piquet/play.py: elder leads the first trick and the winner leads the next; a lead
  // scores 1, a capture 1, and the last trick 1 more once all twelve are played.
  function playPoints(winners) {
    const points = { E: 0, Y: 0 };
    const tricks = { E: 0, Y: 0 };
    let leader = "E";
    for (const winner of winners) {
      points[leader] += 1;
      if (winner !== leader) points[winner] += 1;
      leader = winner;
      tricks[leader] += 1;
    }
    if (winners.length === TRICKS) points[leader] += 1;
    return { points, tricks };
  }

  function setupTricks(form, fieldset, words) {
    const output = fieldset.querySelector("[data-play-running]");
    function refresh() {
      const winners = [];
      for (let trick = 1; trick <= TRICKS; trick += 1) {
        const chosen = form.querySelector(`input[name="trick-${trick}"]:checked`);
        if (!chosen) break;
        winners.push(chosen.value);
      }
      const { points, tricks } = playPoints(winners);
      output.textContent = `${fill(words.play, { elder: points.E, younger: points.Y })} · ${fill(words.tricks, {
        elder: tricks.E,
        younger: tricks.Y,
      })}`;
    }
    fieldset.addEventListener("change", refresh);
    refresh();
  }

  // The pure rule pieces, for tests/browser/test_scripts_match_rules.py.
  window.refereePiquet = { findPoint, findSequences, findSets, playPoints };

  document.addEventListener("DOMContentLoaded", () => {
    const picker = document.querySelector("[data-picker]");
    if (!picker) return;
    const form = picker.closest("form");
    const words = JSON.parse(picker.dataset.words);
    form.addEventListener("change", (event) => {
      if (event.target.matches("[data-row] select")) showRows(form);
    });
    showRows(form);
    setupPicker(form, picker, words);
    const tricks = form.querySelector("[data-tricks]");
    if (tricks) setupTricks(form, tricks, words);
  });
})();
