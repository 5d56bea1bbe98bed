// Every page: the installed app and the offline line. Enhancements only: every page works without this file.
"use strict";
document.documentElement.classList.add("js");

(() => {
  // "Offline, as of 21:14" under the bar while the page shows the game as it was then (null: hide it).
  function showOffline(since) {
    const line = document.querySelector("[data-offline-line]");
    if (!line) return;
    line.hidden = since === null;
    if (since === null) return;
    const time = since.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }); // as the phone tells the time
    line.textContent = line.dataset.text.replace("{time}", time);
  }

  window.refereeApp = { ...window.refereeApp, showOffline };

  // The installed app: the service worker (referee/views/offline.py) keeps the pages seen, and gives
  // one back without a connection marked with the time it was kept.
  const savedAt = document.documentElement.dataset.savedAt;
  if (savedAt) {
    document.addEventListener("DOMContentLoaded", () => showOffline(new Date(savedAt)));
    // Back online: a page with nothing typed in and no game to follow (those catch up by themselves) is fetched anew.
    window.addEventListener("online", () => {
      if (!document.querySelector("form[data-queue], [data-watch]")) window.location.reload();
    });
  }
  if ("serviceWorker" in navigator && document.documentElement.dataset.worker) {
    navigator.serviceWorker.register(document.documentElement.dataset.worker).catch(() => {}); // not installable here: the app works as a web page
  }

  // Rounds kept on this phone until the server has them (localStorage, in order), with what static/form.js
  // and static/offline.js share: reading and writing them, and one send (the server's side:
  // referee/views/background.py). static/offline.js, which shows and resends them, loads only when needed.
  const STORE = "referee.rounds";
  // By game: the next round, as the last page from the server said (static/offline.js reads it).
  const NEXT = "referee.next";
  const words = document.querySelector("[data-queue-words]");
  const queue = {
    game: words && words.dataset.gameId,
    // This phone's token for its queued writes (the round form's page gives it): unlike the form's CSRF
    // token, it does not depend on the session cookie, which a browser restart forgets.
    token: words && words.dataset.queueToken,
    // A round's id, which the server keeps with it: a resend of it is never stored twice. (Random
    // values, not crypto.randomUUID: a phone reaches the laptop at home over plain HTTP.)
    newId: () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(""),
    read() {
      try {
        return JSON.parse(localStorage.getItem(STORE) || "[]");
      } catch (error) {
        return [];
      }
    },
    write(entries) {
      try {
        localStorage.setItem(STORE, JSON.stringify(entries));
        return true;
      } catch (error) {
        return false; // no storage (full, or refused): the caller falls back to a plain post
      }
    },
    here: () => queue.read().filter((entry) => entry.game === queue.game),
    drop: (id) => queue.write(queue.read().filter((entry) => entry.id !== id)),
    change: (id, fields) => queue.write(queue.read().map((entry) => (entry.id === id ? { ...entry, ...fields } : entry))),
    // One send: the server's answer, or null when it could not be reached (the round stays for later).
    async send(entry) {
      let response;
      try {
        response = await fetch(entry.action, {
          method: "POST",
          body: entry.body,
          credentials: "same-origin",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Referee-Queue": "1",
            Accept: "application/json",
            ...(entry.token ? { "X-Referee-Queue-Token": entry.token } : {}),
          },
        });
      } catch (error) {
        return null;
      }
      if (response.status >= 500) return null; // the server restarting or busy: it said nothing was saved
      const answer = await response.json().catch(() => null);
      if (answer && answer.outcome) return answer;
      const messages = (answer && Array.isArray(answer.errors) ? answer.errors : []).map((error) => error.message);
      return { outcome: "refused", messages: messages.length ? messages : [`${response.status} ${response.statusText}`] };
    },
    // Hand a round over to static/offline.js (loaded now if it is not yet): it shows it and sends it again.
    show(entry) {
      queue.shown = entry;
      if (window.refereeOffline) window.refereeOffline.show(entry);
      else if (!document.querySelector("script[data-queue-script]")) {
        const script = document.createElement("script");
        script.src = words.dataset.script;
        script.dataset.queueScript = "";
        document.head.append(script);
      }
    },
  };
  window.refereeQueue = queue;

  if (words) {
    // The next round as the server says it (a table page's "Enter hand 5", a new round's form): a form
    // kept for offline may be older, and is then made the form of that round (static/offline.js).
    const next = document.querySelector("[data-next-round]");
    if (next && !savedAt) {
      try {
        const known = JSON.parse(localStorage.getItem(NEXT) || "{}");
        known[queue.game] = Number(next.dataset.nextRound);
        localStorage.setItem(NEXT, JSON.stringify(known));
      } catch (error) {
        // no storage: no rounds are kept on this phone either
      }
    }
    if (queue.here().length || (savedAt && document.querySelector("form[data-queue]"))) queue.show(null);
  }
})();
