// Sharing enhancements: a watching phone follows the game by itself; keep the screen awake.
// Without this file the page still works: a watcher's page reloads itself (<noscript> refresh).
"use strict";

(() => {
  const DEFAULT_POLL_MS = 5000;
  const MAX_POLL_MS = 60000;
  let timer = null;
  let failures = 0;
  let wantAwake = false;
  let wakeLock = null;
  // When the page last showed the game as the server has it: a page kept for offline says when it was kept.
  const savedAt = document.documentElement.dataset.savedAt;
  let inStep = savedAt ? new Date(savedAt) : new Date();

  const watchBox = () => document.querySelector("[data-watch]");

  function pollMs(box) {
    const seconds = parseFloat(box.dataset.pollSeconds);
    return seconds > 0 ? seconds * 1000 : DEFAULT_POLL_MS;
  }

  function schedule(delay) {
    clearTimeout(timer);
    timer = setTimeout(check, delay);
  }

  // Ask for the game's version; when it moved, fetch the page and swap the <main> content in place.
  async function check() {
    const box = watchBox();
    if (!box || document.hidden) return; // picked up again when the page is shown
    let delay = pollMs(box);
    try {
      // no-cache: the browser asks with the version it holds (If-None-Match); unchanged, the answer is
      // a 304 without a body and the response below is the one it kept.
      const response = await fetch(box.dataset.versionUrl, { cache: "no-cache", headers: { Accept: "application/json" } });
      if (response.status === 404) return; // the game is gone: stop asking
      if (!response.ok) throw new Error(`version: ${response.status}`);
      const { version } = await response.json();
      if (String(version) !== box.dataset.version) await swap(box.dataset.pageUrl);
      failures = 0;
      inStep = new Date();
      window.refereeApp?.showOffline(null);
    } catch (error) {
      failures += 1; // offline or the server restarting: ask less often for a while
      window.refereeApp?.showOffline(inStep);
      delay = Math.min(delay * 2 ** failures, MAX_POLL_MS);
    }
    schedule(delay);
  }

  async function swap(url) {
    const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) throw new Error(`page: ${response.status}`);
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = fresh.querySelector("main");
    const main = document.querySelector("main");
    if (!next || !main) return;
    const open = [...main.querySelectorAll("details[id][open]")].map((details) => details.id);
    main.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
    open.forEach((id) => {
      const details = document.getElementById(id);
      if (details) details.open = true;
    });
    document.title = fresh.title;
    main.classList.remove("just-updated");
    void main.offsetWidth; // restart the highlight animation
    main.classList.add("just-updated");
    enhance(main);
    document.dispatchEvent(new CustomEvent("referee:updated", { detail: { main } }));
  }

  // Keep the screen on (Wake Lock API, secure contexts only); the button stays hidden elsewhere.
  const canWake = () => "wakeLock" in navigator && window.isSecureContext;

  function paintWake() {
    const on = String(wakeLock !== null);
    document.querySelectorAll("[data-wake]").forEach((button) => button.setAttribute("aria-pressed", on));
  }

  async function lock() {
    try {
      const sentinel = await navigator.wakeLock.request("screen");
      wakeLock = sentinel;
      sentinel.addEventListener("release", () => {
        if (wakeLock === sentinel) wakeLock = null; // the browser let go (page hidden)
        paintWake();
      });
    } catch (error) {
      wantAwake = false; // refused (battery saver, permissions): the button shows it is off, and a line says why
      document.querySelectorAll("[data-wake-refused]").forEach((line) => { line.hidden = false; });
    }
    paintWake();
  }

  async function toggleWake() {
    wantAwake = !wantAwake;
    document.querySelectorAll("[data-wake-refused]").forEach((line) => { line.hidden = true; });
    if (wantAwake) {
      await lock();
    } else if (wakeLock) {
      const held = wakeLock;
      wakeLock = null;
      await held.release();
    }
    paintWake();
  }

  function enhance(root) {
    if (canWake()) {
      root.querySelectorAll("[data-wake]").forEach((button) => {
        button.hidden = false;
        button.addEventListener("click", toggleWake);
      });
      paintWake();
    }
    root.querySelectorAll("a[data-show-href]").forEach((link) => {
      link.textContent = link.href; // the full address, with the host this phone used
    });
    if (navigator.share) {
      root.querySelectorAll("[data-share-url]").forEach((button) => {
        button.hidden = false;
        button.addEventListener("click", () => {
          const url = new URL(button.dataset.shareUrl, window.location.href).href;
          navigator.share({ title: document.title, url }).catch(() => {});
        });
      });
    }
  }

  // The connection is back: catch up now rather than at the next (slowed down) turn.
  window.addEventListener("online", () => {
    failures = 0;
    if (watchBox()) schedule(0);
  });

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    if (wantAwake && wakeLock === null) lock();
    if (watchBox()) schedule(0);
  });

  document.addEventListener("DOMContentLoaded", () => {
    enhance(document);
    const box = watchBox();
    if (box) schedule(pollMs(box));
  });
})();
