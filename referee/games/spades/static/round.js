// Spades' bids, enhanced: the chip of each bid pressed, and each side's bids added up as they are tapped in,
// then its contract, as referee/games/spades/form.py typed_bid and side_bids say (checked by
// tests/browser/test_spades_scripts.py). Without this file the server shows the same on every press.
"use strict";

// A bid as typed, read as referee/games/fields.py form_number reads it, kept if it is a bid of this hand.
function typedBid(text, most) {
  const cleaned = String(text || "").trim().replace("\u2212", "-");
  if (!/^[-+]?\d{1,9}$/.test(cleaned)) return null;
  const bid = parseInt(cleaned, 10);
  return bid >= 0 && bid <= most ? bid : null;
}

// A side's bids, its players' in seat order (null: not yet): how many have bid, their sum (nil is 0) and,
// once all have bid, the contract (null: all bid nil).
function sideBids(bids) {
  const said = bids.filter((bid) => bid !== null);
  const sum = (numbers) => numbers.reduce((total, bid) => total + bid, 0);
  const complete = said.length === bids.length;
  const counted = said.filter((bid) => bid > 0);
  return { said: said.length, bid: sum(said), contract: complete && counted.length ? sum(counted) : null, complete };
}

window.refereeSpades = { typedBid, sideBids };

function refreshBids(fieldset) {
  const most = parseInt(fieldset.dataset.tricks, 10);
  const bids = new Map();
  fieldset.querySelectorAll("[data-bid-row]").forEach((row) => {
    const input = row.querySelector("[data-count]");
    const bid = typedBid(input.value, most);
    bids.set(input.name.slice("bid-".length), bid);
    row.querySelectorAll("[data-set]").forEach((chip) => {
      chip.setAttribute("aria-pressed", String(bid !== null && parseInt(chip.dataset.set, 10) === bid));
    });
  });
  fieldset.querySelectorAll("[data-side-bids]").forEach((line) => {
    const side = sideBids(line.dataset.seats.split(" ").map((seat) => bids.get(seat)));
    if (!side.complete) line.textContent = side.said ? line.dataset.soFar.replace("§", side.bid) : "";
    else if (side.contract === null) line.textContent = line.dataset.none;
    else line.textContent = line.dataset.contract.replace("§", side.contract);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const fieldset = document.querySelector("[data-spades-bids]");
  if (!fieldset) return;
  const form = fieldset.closest("form");
  form.addEventListener("click", () => window.setTimeout(() => refreshBids(fieldset)));
  form.addEventListener("input", () => refreshBids(fieldset));
  refreshBids(fieldset);
});
