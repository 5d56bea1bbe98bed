// Oh Hell's round form, enhanced: the bids' running total, the dealer's forbidden number greyed out
// (as referee/games/ohhell/rules.py forbidden_bid says), the balance once all have bid, and "made it"
// copying a player's bid into their tricks. Without this file the server does each on every press.
"use strict";

function refreshBids(fieldset) {
  const size = parseInt(fieldset.dataset.size, 10);
  const dealer = fieldset.dataset.dealer;
  const bids = new Map();
  fieldset.querySelectorAll("[data-bid-row]").forEach((row) => {
    const input = row.querySelector("[data-count]");
    const value = window.refereeApp.wholeNumber(input.value);
    if (value !== null && value >= 0 && value <= size) bids.set(input.name.slice(4), value);
    row.querySelectorAll("[data-set]").forEach((chip) => {
      chip.setAttribute("aria-pressed", String(value !== null && parseInt(chip.dataset.set, 10) === value));
    });
  });
  const total = [...bids.values()].reduce((sum, bid) => sum + bid, 0);
  const seats = fieldset.querySelectorAll("[data-bid-row]").length;
  const others = [...bids.keys()].filter((seat) => seat !== dealer);
  const left = size - others.reduce((sum, seat) => sum + bids.get(seat), 0);
  const forbidden = fieldset.dataset.hook === "on" && others.length === seats - 1 && left >= 0 ? left : null;
  fieldset.querySelector("[data-bid-sum]").textContent = String(total);
  const hint = fieldset.querySelector("[data-forbidden]");
  if (hint) hint.textContent = forbidden !== null ? hint.dataset.mayNot.replace("§", forbidden) : others.length === seats - 1 ? hint.dataset.free : "";
  const balance = fieldset.querySelector("[data-bid-balance]");
  const over = total - size;
  const said = bids.size === seats && over !== 0;
  balance.textContent = !said ? "" : over > 0 ? balance.dataset.over.replace("§", over) : balance.dataset.under.replace("§", -over);
  fieldset.querySelectorAll(`#row-bid-${dealer} [data-set]`).forEach((chip) => {
    const off = parseInt(chip.dataset.set, 10) === forbidden;
    chip.disabled = off;
    chip.classList.toggle("forbidden", off);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const fieldset = document.querySelector("[data-bids]");
  if (!fieldset) return;
  const form = fieldset.closest("form");
  form.addEventListener("click", (event) => {
    const made = event.target.closest("[data-made]");
    if (made) {
      event.preventDefault();
      const bid = form.elements.namedItem(`bid-${made.dataset.made}`).value;
      const tricks = form.elements.namedItem(`tricks-${made.dataset.made}`);
      tricks.value = bid;
      tricks.dispatchEvent(new Event("input", { bubbles: true }));
    }
    window.setTimeout(() => refreshBids(fieldset));
  });
  form.addEventListener("input", () => refreshBids(fieldset));
  refreshBids(fieldset);
});
