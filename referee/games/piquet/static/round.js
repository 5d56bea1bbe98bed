// Piquet deal form, enhancements only (the form works without this file): the card picker (static/cards.js)
// one hand at a time, with the combinations and verdicts shown live; the announcements' rows as they fill;
// the running play points; the ways of entering not chosen, brought in when chosen. Which way of entering
// shows is static/form.js's.
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

  function setupPicker(form, picker, words, root, waysFile) {
    const toggle = picker.querySelector("[data-hand-toggle]");
    const verdictLine = picker.querySelector("[data-verdict]");
    let filling = "elder";
    let asked = "";
    let answer = null;
    toggle.hidden = false;
    picker.classList.add("one-hand");

    const boxes = (role) => [...picker.querySelectorAll(`input[name="${role}-cards"]`)];
    const held = (role) => ticked(picker, `${role}-cards`);
    // A combination's name ("5A": quint to the ace), as the announcements' options give it: the page's when it
    // shows them, else the file of ways' (asked for when a hand first holds a sequence or a set; until it
    // comes, or when it cannot be had, the combination is left unnamed).
    let file = null;
    let asking = false;
    const named = (kind, key) => {
      const option = `[name$="-${kind}-0"] option[value="${key}"]`;
      const found = form.querySelector(option) || file?.querySelector(option);
      if (!found && !file && !asking) {
        asking = true;
        waysFile()
          .then((content) => {
            file = content;
            refresh(false);
          })
          .catch(() => {})
          .finally(() => {
            asking = false;
          });
      }
      return found?.textContent;
    };
    const blanche = (role) => {
      const box = form.querySelector(`[data-blanche="${role}"]`);
      return Boolean(box && box.checked);
    };

    function showCombos(role, cards, known) {
      const list = picker.querySelector(`[data-combos="${role}"]`);
      const items = [];
      const verdict = (found) => words[found === role ? "good" : found === "equal" ? "equal" : "not_good"];
      const suffix = (item) => (known ? ` — ${verdict(known.verdicts[item])}` : "");
      if (known && known[role].blanche) items.push(`${words.blanche} — ${words.good}`);
      const point = findPoint(cards);
      if (point) items.push(fill(words.point, point) + suffix("point"));
      const names = [
        ...findSequences(cards).map((run) => [named("seq", run.length + run.top), "sequences"]),
        ...findSets(cards).map((group) => [named("set", group.count + group.rank), "sets"]),
      ];
      for (const [name, kind] of names) if (name) items.push(name + suffix(kind));
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

    async function askReferee(hands) {
      const body = JSON.stringify({
        elder: hands.elder.join(" "),
        younger: hands.younger.join(" "),
        blanche: { elder: blanche("elder"), younger: blanche("younger") },
      });
      if (body === asked) return;
      asked = body;
      answer = null;
      let response;
      let data;
      try {
        response = await fetch(root.dataset.referee, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        data = await response.json();
      } catch (error) {
        asked = "";
        return;
      }
      if (body !== asked) return;
      if (response.ok) {
        answer = data;
        verdictLine.textContent = "";
      } else {
        verdictLine.textContent = (data.errors || []).map((error) => error.message).join(" ");
      }
      refresh(false);
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
        const taken = hands[role === "elder" ? "younger" : "elder"]; // the other hand's
        picker.querySelector(`[data-hand="${role}"]`).hidden = role !== filling;
        toggle.querySelector(`[data-fill="${role}"]`).setAttribute("aria-pressed", String(role === filling));
        const count = `${hands[role].length}/${HAND}`;
        picker.querySelectorAll(`[data-count="${role}"]`).forEach((output) => {
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

  // --- The ways not chosen --------------------------------------------------------

  // The page holds the ways of entering chosen; each other one is brought in when chosen, beside the way of
  // the same choice (one of the two shows at a time: static/form.js), from a file of every way in the page's
  // language (templates/piquet/ways.html), with the players' names. The file is cached for good and kept by
  // the service worker from its install, so it is there offline; it is asked for only when a way not on the
  // page is chosen or a combination found in the cards is to be named (the announcements' options name them),
  // never as the page loads (bench/run.py counts what a page loads; tests/browser/test_piquet_phone.py holds it
  // to that). Asked for once (again after a failure): a way brought in leaves the file for the page, where the
  // names are then found.
  function waysFile(root) {
    let file = null;
    return () => {
      file =
        file ||
        fetch(root.dataset.ways)
          .then((response) => (response.ok ? response.text() : Promise.reject()))
          .then((text) => {
            const names = JSON.parse(root.dataset.names); // as HTML text
            const made = document.createElement("template");
            made.innerHTML = text.replace(/\{(elder|younger)_name\}/g, (all, role) => names[role]);
            return made.content;
          });
      return file.catch((error) => {
        file = null;
        throw error;
      });
    };
  }

  function setupLaterWays(form, later, ready) {
    const onPage = (way) => form.querySelector(`[data-way="${way}"]`);
    form.addEventListener("change", async ({ target }) => {
      const way = `${target.name}:${target.value}`;
      if (!target.matches("[data-way-switch]") || onPage(way)) return;
      let section;
      try {
        section = (await later()).querySelector(`[data-way="${way}"]`);
      } catch (error) {
        // Not to be had: the way shown (the other of the two) stays chosen.
        form.querySelector(`[name="${target.name}"]:not(:checked)`).checked = true;
        showWays(form); // static/form.js
        return;
      }
      if (onPage(way)) return; // brought in meanwhile
      form.querySelector(`[data-way^="${target.name}:"]`).after(section);
      ready(section);
      showWays(form);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const root = document.querySelector("[data-piquet]");
    if (!root) return;
    const form = root.closest("form");
    const words = JSON.parse(root.dataset.words);
    form.addEventListener("change", (event) => {
      if (event.target.matches("[data-row] select")) showRows(form);
    });
    const ready = (section) => {
      if (section.matches("[data-picker]")) setupPicker(form, section, words, root, later);
      if (section.matches("[data-tricks]")) setupTricks(form, section, words);
      showRows(form);
    };
    const later = waysFile(root);
    setupLaterWays(form, later, ready);
    form.querySelectorAll("[data-way]").forEach(ready);
  });
})();
